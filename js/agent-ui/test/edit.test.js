import assert from "node:assert/strict";
import { test } from "node:test";

import { editField, editedValue } from "../src/internal/edit.js";

test("an argument is corrected in a field of its value's type", () => {
  assert.deepEqual(editField(40), { input: "number", type: "integer", text: "40" });
  assert.deepEqual(editField(4.5), { input: "number", type: "number", text: "4.5" });
  assert.deepEqual(editField(true), { input: "checkbox", type: "boolean", text: "true" });
  assert.deepEqual(editField("Your order shipped."), { input: "text", type: "string", text: "Your order shipped." });
});

test("a list or an object is corrected as its JSON", () => {
  assert.deepEqual(editField(["a", 1]), { input: "text", type: null, text: '["a",1]' });
  assert.deepEqual(editedValue('{"to": ["b"]}', null), { to: ["b"] });
});

test("a corrected field goes back with its argument's type", () => {
  for (const value of [40, 4.5, true, false, "ana@example.com", ["a", 1], { n: null }, null]) {
    const { text, type } = editField(value);
    assert.deepEqual(editedValue(text, type), value);
  }
  assert.equal(editedValue(" 41 ", "integer"), 41);
  assert.equal(editedValue(" 41 ", "string"), " 41 ");
});

test("JSON that does not parse goes as typed, for the backend to refuse", () => {
  assert.equal(editedValue("[1,", null), "[1,");
});
