import { strings } from "./localize.js";
import { camel } from "./words.js";

/** A decision as a closed card says it: Approved, Skipped… */
export function decisionKey(decision) {
  return camel(`decided_${decision}`);
}

/** The string key of a closed card's line, by who answered: you, staff, or a channel. */
export function decidedKey(record) {
  if (record.yours) return "decidedYou";
  if (record.staff && record.by) return "decidedStaff";
  if (record.channel === "desk" && record.by) return "decidedBy";
  const key = camel(`decided_${record.channel}`);
  return Object.hasOwn(strings, key) ? key : "decidedDoor";
}

/** When a pause was answered: the time alone today, with the date on any other day. */
export function decidedTime(at, language, now = new Date()) {
  const when = new Date(at);
  const today = when.toDateString() === now.toDateString();
  const style = today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(language || undefined, style).format(when);
}

/** The language a node's page reads: its own or an ancestor's lang, else the document's; a shadow root hides neither. */
export function languageOf(node) {
  return node.closest("[lang]")?.lang || node.ownerDocument?.documentElement.lang || undefined;
}
