import assert from "node:assert/strict";
import { test } from "node:test";

import en from "../src/generated/strings.en.js";
import { answerKey, camel, originKey, safestChoice, titleKey } from "../src/internal/words.js";

test("each plain origin has its own words", () => {
  for (const origin of ["typed", "reply", "context", "computed", "model", "agent"]) {
    assert.equal(originKey(origin), `origin_${origin}`);
    assert.ok(Object.hasOwn(en, originKey(origin)));
  }
});

test("result:<step> reads as from an earlier step", () => {
  assert.equal(originKey("result:3"), "origin_result");
  assert.equal(en[originKey("result:12")], en.origin_result);
});

test("an origin with no words gives null, to be shown as written", () => {
  assert.equal(originKey("telepathy"), null);
});

test("answers in snake case read from camel-case keys", () => {
  assert.equal(camel("cancel_all"), "cancelAll");
  assert.equal(answerKey("confirm", "cancel_all"), "cancelAll");
  assert.equal(answerKey("outcome_unknown", "did_not_happen"), "didNotHappen");
  assert.equal(answerKey("saga_stuck", "done_by_hand"), "doneByHand");
});

test("an answer with a key of its own for the kind uses it", () => {
  assert.equal(answerKey("delegate", "approve"), "delegateApprove");
  assert.equal(answerKey("confirm", "approve"), "approve");
});

test("every kind but ask has a title", () => {
  assert.equal(en[titleKey("confirm")], en.confirmTitle);
  assert.equal(en[titleKey("outcome_unknown")], en.unknownTitle);
  assert.equal(en[titleKey("saga_stuck")], en.stuck);
  assert.equal(en[titleKey("delegate")], en.delegateTitle);
  assert.equal(titleKey("ask"), null);
});

test("the focus starts on the answer that does least", () => {
  assert.equal(safestChoice(["approve", "skip", "cancel_all"]), "skip");
  assert.equal(safestChoice(["happened", "did_not_happen"]), "happened");
  assert.equal(safestChoice(["retry", "done_by_hand", "abandon"]), "abandon");
  assert.equal(safestChoice(["approve", "decline"]), "decline");
});

test("with no safe answer the focus starts on the first", () => {
  assert.equal(safestChoice(["answer"]), "answer");
  assert.equal(safestChoice([]), null);
});
