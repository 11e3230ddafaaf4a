/** Filling `{name}` in a string, kept apart from the string store so Node can test it alone. */

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces each `{name}` in a template with `params[name]`, in one pass, so a value that itself
 * holds braces is shown as it is. A name with no value stays as written, which keeps a missing
 * parameter visible instead of silently dropping words.
 * @param {string} template
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function fill(template, params = {}) {
  return template.replace(PLACEHOLDER, (whole, name) =>
    Object.hasOwn(params, name) && params[name] != null ? String(params[name]) : whole,
  );
}
