import assert from "node:assert/strict";
import { test } from "node:test";

import { KINDS } from "../src/generated/spec.js";
import en from "../src/generated/strings.en.js";
import { decidedKey, decidedTime, decisionKey } from "../src/internal/decided.js";
import { namedContact, ownWords } from "../src/internal/said.js";
import { answerKey, camel, expiryTime, originKey, safestChoice, titleKey } from "../src/internal/words.js";

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

test("each of the spec's kinds but ask has a title that is a string key", () => {
  for (const kind of Object.keys(KINDS).filter((kind) => kind !== "ask")) {
    assert.ok(Object.hasOwn(en, titleKey(kind)), kind);
  }
});

test("each answer of the spec's kinds has a button label; ask's is Send", () => {
  for (const [kind, answers] of Object.entries(KINDS).filter(([kind]) => kind !== "ask")) {
    for (const answer of answers) assert.ok(Object.hasOwn(en, answerKey(kind, answer)), `${kind} ${answer}`);
  }
});

test("the focus starts on the answer that does least", () => {
  assert.equal(safestChoice("confirm", KINDS.confirm), "skip");
  assert.equal(safestChoice("outcome_unknown", KINDS.outcome_unknown), "happened");
  assert.equal(safestChoice("saga_stuck", KINDS.saga_stuck), "abandon");
  assert.equal(safestChoice("delegate", KINDS.delegate), "decline");
});

test("with no safe answer the focus starts on the first", () => {
  assert.equal(safestChoice("ask", KINDS.ask), "answer");
  assert.equal(safestChoice("confirm", ["approve", "cancel_all"]), "approve");
  assert.equal(safestChoice("confirm", []), null);
});

test("an expiry time reads in the language asked for", () => {
  const at = "2026-12-04T09:30:00Z";
  assert.match(expiryTime(at, "pt-BR"), /dez/);
  assert.match(expiryTime(at, "en"), /Dec/);
});

test("a closed card's line names who answered: you, staff, a name, or the channel", () => {
  const base = { decision: "skip", yours: false, staff: false, by: null };
  assert.equal(decidedKey({ ...base, yours: true, channel: "chat" }), "decidedYou");
  assert.equal(decidedKey({ ...base, staff: true, by: "3f9c0a1b2c3d", channel: "chat" }), "decidedStaff");
  assert.equal(decidedKey({ ...base, by: "ops-bot", channel: "desk" }), "decidedBy");
  for (const channel of ["chat", "api", "webhook", "desk", "expiry", "door"]) {
    assert.ok(Object.hasOwn(en, decidedKey({ ...base, channel })), channel);
  }
  for (const decision of ["approve", "skip", "cancel_all", "happened", "did_not_happen", "retry", "done_by_hand", "abandon", "answer", "decline"]) {
    assert.ok(Object.hasOwn(en, decisionKey(decision)), decision);
  }
});

test("a decision's time is the time alone today, with the date on another day", () => {
  const now = new Date("2026-12-04T18:00:00");
  assert.equal(decidedTime("2026-12-04T15:32:00", "en-GB", now), "15:32");
  assert.match(decidedTime("2026-12-01T15:32:00", "pt-BR", now), /dez.*15:32/);
});

test("a reply keeps only its own words: what its cards, status and refusal show is left out", () => {
  const said = "Waiting for your decision. Charge $40.00 to order 7021?";
  assert.equal(ownWords(said, ["Charge $40.00 to order 7021?", "Waiting for your decision."]), "");
});

test("what a reply did before it waits stays", () => {
  const said = "Charged $40.00 to order 4411 (charge ch-4411). Waiting for your decision. Refund $10.00 of charge ch-4412?";
  assert.equal(
    ownWords(said, ["Refund $10.00 of charge ch-4412?", "Waiting for your decision."]),
    "Charged $40.00 to order 4411 (charge ch-4411).",
  );
});

test("a reply with nothing shown elsewhere is said whole", () => {
  assert.equal(ownWords("Done: Look up an order.", []), "Done: Look up an order.");
});

test("a contact written as Name <address> is named as the agent file names it", () => {
  assert.deepEqual(namedContact("the billing team <billing@shop.example>"), {
    name: "the billing team",
    address: "billing@shop.example",
  });
});

test("a bare contact has no name of its own", () => {
  assert.deepEqual(namedContact("billing@shop.example"), { name: null, address: "billing@shop.example" });
});
