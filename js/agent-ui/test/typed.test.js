import assert from "node:assert/strict";
import { test } from "node:test";

import { typed } from "../src/internal/typed.js";

test("a number typed for an integer argument goes as a number", () => {
  assert.equal(typed(" 40 ", "integer"), 40);
  assert.equal(typed("4.5", "number"), 4.5);
});

test("words typed for a number go as typed, for the backend to refuse", () => {
  assert.equal(typed("forty", "integer"), "forty");
});

test("true or false typed for a boolean argument goes as a boolean", () => {
  assert.equal(typed("true", "boolean"), true);
  assert.equal(typed("false", "boolean"), false);
});

test("a type the server never sends reads as text", () => {
  assert.equal(typed("4.5", "float"), "4.5");
  assert.equal(typed("false", "bool"), "false");
});

test("text for a string argument goes exactly as typed", () => {
  assert.equal(typed(" 4411 ", "string"), " 4411 ");
});
