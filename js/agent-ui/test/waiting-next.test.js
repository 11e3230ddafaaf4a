import assert from "node:assert/strict";
import test from "node:test";

import { nextWaiting } from "../src/chat/waiting-next.js";

/** The log's box: what the person sees of it. */
const VIEW = { top: 100, bottom: 900 };

/** A card at `place` in the log, its top `top` pixels down the page (0 high: not drawn). */
function card(name, place, top, height = 500) {
  return {
    name,
    compareDocumentPosition: (other) => (other.place > place ? 4 : 2),
    getBoundingClientRect: () => ({ top, bottom: top + height, height }),
    place,
  };
}

test("on a phone the first card fills the log: the next is the one below it", () => {
  const first = card("charge", 0, 110, 900);
  const second = card("email", 1, 1030);
  assert.equal(nextWaiting([second, first], null, VIEW), second);
});

test("the card the focus went into is the one being read, whatever shows", () => {
  const first = card("charge", 0, 110);
  const second = card("email", 1, 620);
  const third = card("refund", 2, 1130);
  assert.equal(nextWaiting([first, second, third], second, VIEW), third);
});

test("from the last card it goes back to the first", () => {
  const first = card("charge", 0, -800);
  const second = card("email", 1, 110);
  assert.equal(nextWaiting([first, second], second, VIEW), first);
});

test("scrolled away from them all, it takes the person to the first", () => {
  const first = card("charge", 0, -1400);
  const second = card("email", 1, -700);
  assert.equal(nextWaiting([second, first], null, VIEW), first);
});

test("a card not drawn yet is not the one being read", () => {
  const first = card("charge", 0, 110, 0);
  const second = card("email", 1, 110);
  assert.equal(nextWaiting([first, second], null, VIEW), first);
});

test("no card, nothing to show", () => {
  assert.equal(nextWaiting([], null, VIEW), null);
});
