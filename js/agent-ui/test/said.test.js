import assert from "node:assert/strict";
import test from "node:test";

import { wholePieces } from "../src/internal/said.js";

test("ids and amounts are the pieces kept whole", () => {
  assert.deepEqual(wholePieces("Refund $40.00 of charge ch-4412"), ["Refund ", "$40.00", " of charge ", "ch-4412", ""]);
});

test("words without a digit are one piece", () => {
  assert.deepEqual(wholePieces("Charge an order"), ["Charge an order"]);
});

test("a long word with a digit, as a link, may still break", () => {
  const link = "https://shop.example/admin/orders/4411";
  assert.deepEqual(wholePieces(`See ${link} now`), [`See ${link} now`]);
});

test("nothing to show is one empty piece", () => {
  assert.deepEqual(wholePieces(undefined), [""]);
});
