/** The string store: the shipped English table, replaced key by key with `setStrings`. */

import en from "../generated/strings.en.js";

import { fill } from "./fill.js";

/** Each element in a document, with what re-labels it when the table changes. */
const live = new Map();

/** @type {Readonly<Record<string, string>>} */
export let strings = en;

/**
 * Merges `partial` into the table and re-labels every live element. Unknown keys and values that
 * are not strings are refused, because they are a typo that would otherwise pass unseen.
 * @param {Record<string, string>} partial
 */
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

/**
 * The text for `key` with its `{name}`s filled, taken from `labels` first when an element has
 * its own overrides.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @param {Record<string, string> | null} [labels]
 */
export function term(key, params, labels) {
  const own = labels && Object.hasOwn(labels, key) ? labels[key] : undefined;
  return fill(typeof own === "string" ? own : (strings[key] ?? key), params);
}

/**
 * Re-labels `element` with `relabel` whenever `setStrings` changes the table.
 * @param {object} element
 * @param {() => void} relabel
 */
export function watch(element, relabel) {
  live.set(element, relabel);
}

/** @param {object} element */
export function unwatch(element) {
  live.delete(element);
}

function describe(value) {
  return value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
}
