import { elements } from "../generated/manifest.js";
import { themeCss } from "../generated/theme.js";
import { h } from "./dom.js";
import { term, unwatch, watch } from "./localize.js";
import shared from "./stalwart-element.styles.js";

// Symbols, so no hook or helper is public API.
export const TAG = Symbol("tag");
export const STYLES = Symbol("styles");
export const RENDER = Symbol("render");
export const RENDERED = Symbol("rendered");
export const CHANGED = Symbol("changed");
export const RELABEL = Symbol("relabel");
export const H = Symbol("h");
export const SAY = Symbol("say");
export const EMIT = Symbol("emit");

const TAGS = Object.keys(elements);
// Adopted sheets need no inline style, so a strict CSP holds.
const SHEETS = new Map();

function sheet(css) {
  if (!SHEETS.has(css)) {
    SHEETS.set(css, new CSSStyleSheet());
    SHEETS.get(css).replaceSync(css);
  }
  return SHEETS.get(css);
}

/** Two imports, or two copies of the package, never throw. */
export function define(element) {
  if (!customElements.get(element[TAG])) customElements.define(element[TAG], element);
}

export class StalwartElement extends HTMLElement {
  static get observedAttributes() {
    return elements[this[TAG]].attributes;
  }

  #said = new Map();
  #rendered = false;

  constructor() {
    super();
    const styles = [themeCss, shared, this.constructor[STYLES]];
    this.attachShadow({ mode: "open" }).adoptedStyleSheets = styles.map(sheet);
  }

  connectedCallback() {
    watch(this, () => this[RELABEL]());
    if (this.#rendered) return;
    // A property set before the definition is an own property hiding the setter.
    for (const name of elements[this.constructor[TAG]].properties) {
      if (Object.hasOwn(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
      }
    }
    this.#rendered = true;
    this[RENDER]();
  }

  disconnectedCallback() {
    unwatch(this);
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === "theme") for (const nested of this.shadowRoot.querySelectorAll(TAGS)) this.#theme(nested);
    if (this.#rendered) this[CHANGED]?.(name);
  }

  get [RENDERED]() {
    return this.#rendered;
  }

  [H] = (tag, props, ...children) => {
    const made = h(tag, props, ...children);
    if (TAGS.includes(tag)) this.#theme(made);
    return made;
  };

  /** Shows a string of the table, again after each setStrings. */
  [SAY] = (node, key, params = {}, attribute = "") => {
    const said = (this.#said.get(node) ?? []).filter((entry) => entry.attribute !== attribute);
    this.#said.set(node, said);
    if (key !== null) {
      said.push({ key, params, attribute });
      this.#show(node, said.at(-1));
    } else if (attribute) node.removeAttribute(attribute);
    else node.textContent = "";
    return node;
  };

  [EMIT](name, detail) {
    this.dispatchEvent(new CustomEvent(`stalwart-${name}`, { bubbles: true, composed: true, detail }));
  }

  [RELABEL]() {
    for (const [node, said] of this.#said) {
      if (!this.shadowRoot.contains(node)) this.#said.delete(node);
      else for (const entry of said) this.#show(node, entry);
    }
  }

  #show(node, { key, params, attribute }) {
    const text = term(key, params, this.labels);
    if (attribute) node.setAttribute(attribute, text);
    else node.textContent = text;
  }

  #theme(nested) {
    const theme = this.getAttribute("theme");
    if (theme === null) nested.removeAttribute("theme");
    else nested.setAttribute("theme", theme);
  }
}
