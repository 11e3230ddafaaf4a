/**
 * What every element shares: an open shadow root styled by the theme, the API names of the
 * manifest, words that re-label themselves when `setStrings` runs, and prefixed events.
 */

import { elements } from "../generated/manifest.js";
import { themeCss } from "../generated/theme.js";
import { h } from "./dom.js";
import { emit } from "./emit.js";
import { term, unwatch, watch } from "./localize.js";

/** The hooks a component implements; symbols, so none of them is public API. */
export const TAG = Symbol("tag");
export const STYLES = Symbol("styles");
export const RENDER = Symbol("render");
export const CHANGED = Symbol("changed");
export const ENTERED = Symbol("entered");
export const LEFT = Symbol("left");
export const LABELS = Symbol("labels");
/** The helpers a component calls; symbols too, for the same reason. */
export const H = Symbol("h");
export const SAY = Symbol("say");
export const TERM = Symbol("term");
export const EMIT = Symbol("emit");
export const RENDERED = Symbol("rendered");
export const RELABEL = Symbol("relabel");

const TAGS = Object.keys(elements);
const SHEETS = new Map();

/** One constructed sheet per CSS text: adopted sheets need no inline style, so a strict CSP holds. */
function sheet(css) {
  let made = SHEETS.get(css);
  if (!made) {
    made = new CSSStyleSheet();
    made.replaceSync(css);
    SHEETS.set(css, made);
  }
  return made;
}

export class StalwartElement extends HTMLElement {
  static get observedAttributes() {
    return [...elements[this[TAG]].attributes];
  }

  /** Nodes whose text or attribute is a string of the table, with the key to read it from. */
  #said = new Map();
  #rendered = false;

  constructor() {
    super();
    const { [STYLES]: styles } = /** @type {any} */ (this.constructor);
    this.attachShadow({ mode: "open" }).adoptedStyleSheets = [sheet(themeCss), sheet(styles)];
  }

  get #api() {
    return elements[/** @type {any} */ (this.constructor)[TAG]];
  }

  connectedCallback() {
    watch(this, () => this[RELABEL]());
    if (!this.#rendered) {
      // A property set before the class was defined is an own property hiding the setter.
      for (const name of this.#api.properties) {
        if (Object.hasOwn(this, name)) {
          const value = this[name];
          delete this[name];
          this[name] = value;
        }
      }
      this.#rendered = true;
      this[RENDER]();
    }
    this[ENTERED]?.();
  }

  disconnectedCallback() {
    unwatch(this);
    this[LEFT]?.();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === "theme") for (const nested of this.shadowRoot.querySelectorAll(TAGS)) this.#theme(nested);
    if (this.#rendered) this[CHANGED]?.(name);
  }

  /** Whether the first render ran; before it, setters only keep their value. */
  get [RENDERED]() {
    return this.#rendered;
  }

  /**
   * Makes an element of this shadow root. A `part` must be one the manifest lists, and a nested
   * element of the package takes this element's theme.
   * @param {string} tag
   * @param {Record<string, unknown> | null} [props]
   * @param {...any} children
   */
  [H](tag, props, ...children) {
    for (const part of String(props?.part ?? "")
      .split(" ")
      .filter(Boolean)) {
      if (!this.#api.parts.includes(part)) {
        throw new Error(`<${this.localName}> has no part "${part}" in its manifest.`);
      }
    }
    const made = h(tag, props, ...children);
    if (TAGS.includes(tag)) this.#theme(made);
    return made;
  }

  /**
   * Sets a node's text, or one of its attributes, to a string of the table, and keeps it so
   * when `setStrings` changes the table. A null key empties it.
   * @param {Element} node
   * @param {string | null} key
   * @param {Record<string, unknown>} [params]
   * @param {string} [attribute] an attribute to set instead of the text
   */
  [SAY](node, key, params = {}, attribute = "") {
    const rest = (this.#said.get(node) ?? []).filter((entry) => entry.attribute !== attribute);
    if (key === null) {
      if (attribute) node.removeAttribute(attribute);
      else node.textContent = "";
    } else {
      rest.push({ key, params, attribute });
      this.#apply(node, { key, params, attribute });
    }
    this.#said.set(node, rest);
    return node;
  }

  /** The text of a key as this element shows it. */
  [TERM](key, params) {
    return term(key, params, this[LABELS]?.());
  }

  /**
   * Dispatches `stalwart-<name>`; the event must be one the manifest lists.
   * @param {string} name
   * @param {unknown} detail
   */
  [EMIT](name, detail) {
    if (!this.#api.events.includes(`stalwart-${name}`)) {
      throw new Error(`<${this.localName}> has no event "stalwart-${name}" in its manifest.`);
    }
    return emit(this, name, detail);
  }

  /** Reads every string this element shows from the table again. */
  [RELABEL]() {
    for (const [node, said] of this.#said) {
      if (!this.shadowRoot.contains(node)) this.#said.delete(node);
      else for (const entry of said) this.#apply(node, entry);
    }
  }

  #apply(node, { key, params, attribute }) {
    const text = this[TERM](key, params);
    if (attribute) node.setAttribute(attribute, text);
    else node.textContent = text;
  }

  #theme(nested) {
    const theme = this.getAttribute("theme");
    if (theme === null) nested.removeAttribute("theme");
    else nested.setAttribute("theme", theme);
  }
}
