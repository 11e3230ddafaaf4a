/**
 * Where the status line's "show the next" takes the person, of the cards that wait: the one after
 * the card they are on (the last one they put the focus in, else the first whose top is in `view`,
 * the log's box), or the first again once they are on the last.
 */
export function nextWaiting(cards, reading, view) {
  const ordered = [...cards].sort((a, b) => (a.compareDocumentPosition(b) & FOLLOWING ? -1 : 1));
  const on = ordered.includes(reading) ? reading : ordered.find((card) => topIn(card, view));
  return ordered[ordered.indexOf(on) + 1] ?? ordered[0] ?? null;
}

/** Node.DOCUMENT_POSITION_FOLLOWING: the other node comes after this one. */
const FOLLOWING = 4;

function topIn(card, { top, bottom }) {
  const box = card.getBoundingClientRect();
  return box.height > 0 && box.top >= top - 1 && box.top < bottom;
}
