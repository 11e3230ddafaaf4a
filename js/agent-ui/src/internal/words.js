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

/** A decision as a closed card says it: Approved, Skipped… */
export function decisionKey(decision) {
  return camel(`decided_${decision}`);
}

/** The string key of a closed card's line, by who answered: you, staff, or a channel. */
export function decidedKey(record) {
  if (record.yours) return "decidedYou";
  if (record.staff && record.by) return "decidedStaff";
  if (record.channel === "desk" && record.by) return "decidedBy";
  const key = camel(`decided_${record.channel}`);
  return Object.hasOwn(strings, key) ? key : "decidedDoor";
}

/** When a pause was answered: the time alone today, with the date on any other day. */
export function decidedTime(at, language, now = new Date()) {
  const when = new Date(at);
  const today = when.toDateString() === now.toDateString();
  const style = today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(language || undefined, style).format(when);
}
