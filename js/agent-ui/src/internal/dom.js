/** Text is only ever a Text node, so words from a tool, the model or the server are never markup. */

export const AWAY = { target: "_blank", rel: "noopener noreferrer" };

/** Null, false and "" children are left out, so `condition && node` works. */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (name === "on") for (const type in value) element.addEventListener(type, value[type]);
    else if (name === "hidden") element.hidden = Boolean(value);
    else if (value === true) element.setAttribute(name, "");
    else if (value !== false && value != null) element.setAttribute(name, value);
  }
  element.append(
    ...children.flat(Infinity).filter((child) => child != null && child !== false && child !== ""),
  );
  return element;
}

export function show(value) {
  return typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
}

export function text(value) {
  return typeof value === "string" ? value : "";
}

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

/** http(s) only, so a `javascript:` URL never runs. */
export function safeUrl(url, base) {
  if (!text(url)) return null;
  try {
    const parsed = new URL(url, base);
    return /^https?:$/.test(parsed.protocol) ? parsed : null;
  } catch {
    return null;
  }
}
