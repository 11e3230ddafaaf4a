import assert from "node:assert/strict";
import { test } from "node:test";

import { fill } from "../src/internal/localize.js";

test("fills each {name} with its value", () => {
  assert.equal(
    fill("Hello! I'm {name}. {purpose}", { name: "Shop", purpose: "I take orders." }),
    "Hello! I'm Shop. I take orders.",
  );
});

test("fills numbers as text", () => {
  assert.equal(fill("Step {step}", { step: 3 }), "Step 3");
});

test("keeps a name it has no value for, so the gap shows", () => {
  assert.equal(fill("from outside: {server}", {}), "from outside: {server}");
  assert.equal(fill("from outside: {server}", { server: null }), "from outside: {server}");
});

test("does not fill braces inside a value again", () => {
  assert.equal(fill("{tool}?", { tool: "{name}", name: "x" }), "{name}?");
});

test("fills the same name each time it appears", () => {
  assert.equal(fill("{a} and {a}", { a: "b" }), "b and b");
});

test("ignores names from the object's prototype", () => {
  assert.equal(fill("{toString}", {}), "{toString}");
});
