/** Which string key says a pause's kind, an answer or an origin in words. */

import { strings } from "./localize.js";

/** The title of each kind; a confirm's own wording and an ask's question come first. */
const TITLES = Object.freeze({
  confirm: "confirmTitle",
  outcome_unknown: "unknownTitle",
  saga_stuck: "stuck",
  delegate: "delegateTitle",
});

/**
 * Answers that change nothing outside the run, in the order the focus prefers them, so a stray
 * Enter never charges, sends again or hands a turn to the model.
 */
const LEAST_DESTRUCTIVE = Object.freeze(["skip", "happened", "abandon", "decline"]);

/** `cancel_all` -> `cancelAll`: the keys are JavaScript identifiers, the answers snake case. */
export function camel(name) {
  return name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
}

/**
 * The key of an answer's button: one made for the kind first (`delegateApprove`), else the
 * answer's own (`approve`).
 * @param {string} kind
 * @param {string} decision
 */
export function answerKey(kind, decision) {
  const own = camel(`${kind}_${decision}`);
  return Object.hasOwn(strings, own) ? own : camel(decision);
}

/**
 * The key that says where a value came from: `result:3` reads as `origin_result`.
 * @param {string} origin
 * @returns {string | null} null when the table has no words for it
 */
export function originKey(origin) {
  const key = `origin_${String(origin).split(":")[0].trim()}`;
  return Object.hasOwn(strings, key) ? key : null;
}

/** @param {string} kind */
export function titleKey(kind) {
  return Object.hasOwn(TITLES, kind) ? TITLES[kind] : null;
}

/**
 * The answer the focus starts on: the least destructive one the pause takes, else the first.
 * @param {readonly string[]} choices
 */
export function safestChoice(choices) {
  return LEAST_DESTRUCTIVE.find((choice) => choices.includes(choice)) ?? choices[0] ?? null;
}
