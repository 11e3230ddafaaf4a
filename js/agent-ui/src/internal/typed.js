/** An ask's typed answer as the JSON value its argument's type takes. */

const NUMBER = /^-?\d+(\.\d+)?$/;
const NUMERIC_TYPES = new Set(["integer", "int", "number", "float", "decimal"]);
const BOOLEAN_TYPES = new Set(["boolean", "bool"]);

/**
 * `40` for an integer argument reaches the backend as a number, `true` for a boolean one as a
 * boolean; anything else goes as typed, and the backend says (422) when it does not fit.
 * @param {string} text
 * @param {unknown} type
 * @returns {string | number | boolean}
 */
export function typed(text, type) {
  const kind = String(type ?? "").toLowerCase();
  const trimmed = text.trim();
  if (NUMERIC_TYPES.has(kind) && NUMBER.test(trimmed)) return Number(trimmed);
  if (BOOLEAN_TYPES.has(kind) && (trimmed === "true" || trimmed === "false")) return trimmed === "true";
  return text;
}
