import { show } from "../internal/dom.js";
import { H, RENDER, RENDERED, SAY, STYLES, StalwartElement, TAG } from "../internal/stalwart-element.js";
import styles from "./trace.styles.js";

/** What an event's data may name, shown after its type: the tool, and how its step went. */
const SHOWN = ["tool", "kind", "outcome", "status", "decision"];

/**
 * @summary A thread's steps, in the order its event stream reported them.
 *
 * Its attributes, properties and parts are spec/elements.yaml's, listed in
 * custom-elements.json. The list folds under its title so that it stays out of the way of the
 * conversation; the person opens it to see what happened.
 */
export class StalwartTrace extends StalwartElement {
  static [TAG] = "stalwart-trace";
  static [STYLES] = styles;

  #events = [];
  #list = null;

  get events() {
    return this.#events;
  }

  set events(value) {
    if (!Array.isArray(value)) throw new TypeError("events must be an array of stream events.");
    this.#events = value;
    if (this[RENDERED]) this.#fill();
  }

  [RENDER]() {
    const h = this[H].bind(this);
    this.#list = h("ol");
    this.shadowRoot.replaceChildren(
      h("details", { part: "trace", class: "trace" }, this[SAY](h("summary"), "traceTitle"), this.#list),
    );
    this.#fill();
  }

  #fill() {
    const h = this[H].bind(this);
    this.#list.replaceChildren(
      ...this.#events.map((event) => {
        // A pause event carries its interrupt whole; its step, tool and kind say what waits.
        const data = { ...event?.data?.interrupt, ...event?.data };
        const step = Number.isInteger(data.step)
          ? this[SAY](h("span", { class: "step" }), "step", { step: data.step })
          : null;
        const said = SHOWN.filter((name) => data[name] != null).map((name) => show(data[name]));
        return h(
          "li",
          { class: show(event?.type) },
          step,
          step ? " " : null,
          show(event?.type),
          said.length ? ` · ${said.join(" · ")}` : null,
        );
      }),
    );
  }
}
