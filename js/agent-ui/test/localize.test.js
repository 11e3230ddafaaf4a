import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import en from "../src/generated/strings.en.js";
import ptBR from "../src/generated/strings.pt-BR.js";
import * as localize from "../src/internal/localize.js";

const { setStrings, term, unwatch, watch } = localize;

afterEach(() => setStrings(en));

test("ships the English table", () => {
  assert.deepEqual(localize.strings, en);
});

test("setStrings replaces only the keys it is given", () => {
  setStrings({ approve: "Aprovar" });
  assert.equal(localize.strings.approve, "Aprovar");
  assert.equal(localize.strings.skip, en.skip);
});

test("setStrings merges over what an earlier call set", () => {
  setStrings({ approve: "Aprovar" });
  setStrings({ skip: "Pular" });
  assert.equal(localize.strings.approve, "Aprovar");
  assert.equal(localize.strings.skip, "Pular");
});

test("setStrings with the pt-BR table changes every string", () => {
  setStrings(ptBR);
  assert.deepEqual({ ...localize.strings }, { ...ptBR });
});

test("the table stays frozen after a merge", () => {
  setStrings({ approve: "Aprovar" });
  assert.ok(Object.isFrozen(localize.strings));
});

test("setStrings refuses a key the interface does not have, naming it", () => {
  assert.throws(() => setStrings({ aprove: "Aprovar" }), { name: "TypeError", message: /"aprove"/ });
  assert.equal(localize.strings.approve, en.approve);
});

test("setStrings refuses a text that is not a string, naming its key", () => {
  assert.throws(() => setStrings({ approve: 1 }), { name: "TypeError", message: /"approve"/ });
});

test("setStrings refuses anything but an object", () => {
  for (const bad of [null, "Aprovar", ["a"]]) assert.throws(() => setStrings(bad), TypeError);
});

test("setStrings re-labels each watched element once", () => {
  const element = {};
  let relabelled = 0;
  watch(element, () => {
    relabelled += 1;
  });
  setStrings({ approve: "Aprovar" });
  unwatch(element);
  setStrings({ approve: "Sim" });
  assert.equal(relabelled, 1);
});

test("term fills the string's names", () => {
  assert.equal(term("step", { step: 2 }), en.step.replace("{step}", "2"));
});

test("term takes an element's own label over the table", () => {
  assert.equal(term("approve", {}, { approve: "Charge it" }), "Charge it");
  assert.equal(term("skip", {}, { approve: "Charge it" }), en.skip);
});
