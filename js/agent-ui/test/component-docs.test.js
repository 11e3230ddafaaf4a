import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { elements } from "../src/generated/manifest.js";

/** The names a class's JSDoc block gives after one tag. */
function tagged(source, tag) {
  const block = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export class/.exec(source)?.[1] ?? "";
  return [...block.matchAll(new RegExp(`@${tag} (\\S+)`, "g"))].map((match) => match[1]).sort();
}

for (const [tag, element] of Object.entries(elements)) {
  const short = tag.replace("stalwart-", "");
  const source = readFileSync(new URL(`../src/${short}/${short}.component.js`, import.meta.url), "utf8");

  // Its parts and slots are spec/elements.yaml's alone (custom-elements.json is made from it): no copy to drift.
  test(`${tag}'s JSDoc names the events of spec/elements.yaml, and leaves its parts and slots to it`, () => {
    assert.deepEqual(tagged(source, "csspart"), []);
    assert.deepEqual(tagged(source, "slot"), []);
    assert.deepEqual(tagged(source, "event"), [...element.events].sort());
    assert.equal(tagged(source, "summary").length, 1);
  });

  test(`${tag} takes its styles from its own styles module`, () => {
    assert.match(source, new RegExp(`^import styles from "\\./${short}\\.styles\\.js";$`, "m"));
    assert.match(source, /static \[STYLES\] = styles;/);
  });
}
