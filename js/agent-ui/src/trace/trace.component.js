import { show } from "../internal/dom.js";
import { H, RENDER, RENDERED, SAY, STYLES, StalwartElement, TAG } from "../internal/stalwart-element.js";
import styles from "./trace.styles.js";

const SHOWN = ["tool", "kind", "outcome", "status", "decision"];

/**
 * @summary A thread's steps.
 *
 * @csspart trace
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

  #fill() {
    const { [H]: h, [SAY]: say } = this;
    this.#list.replaceChildren(
      ...this.#events.map((event) => {
        const data = { ...event?.data?.interrupt, ...event?.data };
        const said = SHOWN.filter((name) => data[name] != null).map((name) => show(data[name]));
        return h(
          "li",
          { class: show(event?.type) },
          Number.isInteger(data.step) && [
            say(h("span", { class: "step" }), "step", { step: data.step }),
            " ",
          ],
          show(event?.type),
          said.length > 0 && ` · ${said.join(" · ")}`,
        );
      }),
    );
  }

  [RENDER]() {
    const { [H]: h, [SAY]: say } = this;
    this.#list = h("ol");
    this.shadowRoot.replaceChildren(
      h("details", { part: "trace" }, say(h("summary"), "traceTitle"), this.#list),
    );
    this.#fill();
  }
}
