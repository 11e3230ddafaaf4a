import { strings } from "./localize.js";

/** Each kind's title, and the answer that changes nothing outside the run, for the focus. */
const KIND_WORDS = {
  confirm: ["confirmTitle", "skip"],
  outcome_unknown: ["unknownTitle", "happened"],
  saga_stuck: ["stuck", "abandon"],
  delegate: ["delegateTitle", "decline"],
};

export function camel(name) {
  return name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
}

export function answerKey(kind, decision) {
  const own = camel(`${kind}_${decision}`);
  return Object.hasOwn(strings, own) ? own : camel(decision);
}

export function originKey(origin) {
  const key = `origin_${String(origin).split(":")[0].trim()}`;
  return Object.hasOwn(strings, key) ? key : null;
}

const words = (kind) => (Object.hasOwn(KIND_WORDS, kind) ? KIND_WORDS[kind] : []);

export function titleKey(kind) {
  return words(kind)[0] ?? null;
}

export function safestChoice(kind, choices) {
  const safest = words(kind)[1];
  return choices.includes(safest) ? safest : (choices[0] ?? null);
}

/** When a pause expires, as the person's language writes a date and a time. */
export function expiryTime(at, language) {
  return new Intl.DateTimeFormat(language || undefined, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(at),
  );
}
