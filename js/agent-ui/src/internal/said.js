import { text } from "./dom.js";

/** How the elements that load after the chat tell what a run said: ids kept whole, words said once, contacts named. */

/** Words that hold an id or an amount ("ch-4412", "$40.00"): they never break across lines. */
const WHOLE = /(\S*\d\S*)/;
/** Longer than this (a link), a word may still break, or it would overflow a phone. */
const LONGEST = 24;

/** A text's pieces, the ones that must stay whole at odd indexes. */
export function wholePieces(value) {
  const pieces = [""];
  for (const [index, piece] of text(value).split(WHOLE).entries()) {
    // A piece kept whole starts a pair (it, the text after it); any other joins the text before.
    if (index % 2 && piece.length <= LONGEST) pieces.push(piece, "");
    else pieces[pieces.length - 1] += piece;
  }
  return pieces;
}

/** A text as nodes, each id or amount in a span that keeps it on one line. */
export function unbroken(make, value) {
  return wholePieces(value).map((piece, index) =>
    index % 2 ? make("span", { class: "whole" }, piece) : piece,
  );
}

/** A reply's words less what shows elsewhere: each pause's question (its card), that it waits (the status), a refusal's sentence. */
export function ownWords(said, shownElsewhere) {
  let own = said;
  for (const phrase of shownElsewhere) {
    if (typeof phrase === "string" && phrase) own = own.replace(phrase, "");
  }
  return own.replace(/ {2,}/g, " ").trim();
}

/** A contact as the agent file gives it: "the billing team <billing@shop.example>" names who it is. */
export function namedContact(value) {
  const named = /^(.+?)\s*<([^<>]+)>$/.exec(String(value ?? "").trim());
  return named ? { name: named[1], address: named[2] } : { name: null, address: String(value ?? "") };
}
