import { KIND_RULES } from "../generated/spec.js";
import { strings } from "./localize.js";

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

/** Each kind's title key, and the answer that changes nothing outside the run, for the focus. */
const rules = (kind) => (Object.hasOwn(KIND_RULES, kind) ? KIND_RULES[kind] : {});

export function titleKey(kind) {
  return rules(kind).title ?? null;
}

export function safestChoice(kind, choices) {
  const safest = rules(kind).safest;
  return choices.includes(safest) ? safest : (choices[0] ?? null);
}

/** When a pause expires, as the person's language writes a date and a time. */
export function expiryTime(at, language) {
  return new Intl.DateTimeFormat(language || undefined, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(at),
  );
}
