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

/** A reply's words less what shows elsewhere: each pause's question (its card), that it waits (the status), a refusal's sentence. */
export function ownWords(said, shownElsewhere) {
  let own = said;
  for (const phrase of shownElsewhere) {
    if (typeof phrase === "string" && phrase) own = own.replace(phrase, "");
  }
  return own.replace(/ {2,}/g, " ").trim();
}

/** A contact as the agent file gives it: "the billing team <billing@shop.example>" names who it is. */
export function namedContact(value) {
  const named = /^(.+?)\s*<([^<>]+)>$/.exec(String(value ?? "").trim());
  return named ? { name: named[1], address: named[2] } : { name: null, address: String(value ?? "") };
}
