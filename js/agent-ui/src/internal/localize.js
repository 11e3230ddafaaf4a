import en from "../generated/strings.en.js";

const live = new Map();

export let strings = en;

/** One pass, so braces in a value stay; a name with no value stays, so the gap shows. */
export function fill(template, params = {}) {
  return template.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name) =>
    Object.hasOwn(params, name) && params[name] != null ? String(params[name]) : whole,
  );
}

export function setStrings(partial) {
  if (partial === null || typeof partial !== "object" || Array.isArray(partial)) {
    throw new TypeError(`setStrings takes an object of strings by key, not ${describe(partial)}.`);
  }
  for (const [key, text] of Object.entries(partial)) {
    if (!Object.hasOwn(en, key)) {
      throw new TypeError(`setStrings: "${key}" is not a string key of the interface.`);
    }
    if (typeof text !== "string") {
      throw new TypeError(`setStrings: the text for "${key}" must be a string, not ${describe(text)}.`);
    }
  }
  strings = Object.freeze({ ...strings, ...partial });
  for (const relabel of live.values()) relabel();
}

export function term(key, params, labels) {
  const own = labels && Object.hasOwn(labels, key) ? labels[key] : undefined;
  return fill(typeof own === "string" ? own : (strings[key] ?? key), params);
}

export function watch(element, relabel) {
  live.set(element, relabel);
}

export function unwatch(element) {
  live.delete(element);
}

function describe(value) {
  return value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
}
