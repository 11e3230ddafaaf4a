import assert from "node:assert/strict";
import { test } from "node:test";

import { THUMBS } from "../src/generated/spec.js";
import en from "../src/generated/strings.en.js";
import { camel } from "../src/internal/words.js";

test("each thumb has its button's label", () => {
  for (const thumb of THUMBS) assert.ok(Object.hasOwn(en, camel(`thumb_${thumb}`)), thumb);
});
