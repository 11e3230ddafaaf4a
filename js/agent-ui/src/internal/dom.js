/**
 * Building DOM without HTML: every text becomes a Text node, so words from a tool, the model or
 * the server are never parsed as markup.
 */

/**
 * Makes an element. Props are set as attributes, except `on` (listeners) and `hidden`;
 * `false`, `null` and `undefined` leave an attribute out, and `true` sets it empty.
 * @param {string} tag
 * @param {Record<string, unknown> | null} [props]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (name === "on") {
      for (const [type, listener] of Object.entries(value)) element.addEventListener(type, listener);
    } else if (name === "hidden") {
      element.hidden = Boolean(value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else if (value !== false && value != null) {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/**
 * Appends children, strings as Text nodes.
 * @param {Node} parent
 * @param {Array<Node | string | number | null | undefined | false>} children
 */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    parent.append(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/**
 * A JSON value as one line of text, for an argument's value.
 * @param {unknown} value
 */
export function show(value) {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value);
}

/**
 * A link target only when it is http or https, so `javascript:` from a reply never runs.
 * @param {unknown} url
 * @param {string | URL} base
 * @returns {URL | null}
 */
export function safeUrl(url, base) {
  if (typeof url !== "string" || url === "") return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed : null;
  } catch {
    return null;
  }
}
