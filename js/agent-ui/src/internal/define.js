/** Defining an element once: importing the package twice, or two copies of it, never throws. */

import { TAG } from "./stalwart-element.js";

/** @param {CustomElementConstructor} element */
export function define(element) {
  const tag = element[TAG];
  if (!customElements.get(tag)) customElements.define(tag, element);
}
