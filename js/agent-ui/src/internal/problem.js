import { H, SAY } from "./stalwart-element.js";

/**
 * A tool's own error, in the tool's words and language: folded under Details, so the card's
 * question, in the person's words, is what is read first.
 */
export function problem(element, error) {
  const { [H]: h, [SAY]: say } = element;
  if (typeof error !== "string" || !error) return null;
  return h("details", { class: "problem" }, say(h("summary"), "details"), h("p", { class: "muted" }, error));
}
