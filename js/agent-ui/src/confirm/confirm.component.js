import { show } from "../internal/dom.js";
import {
  EMIT,
  H,
  LABELS,
  RELABEL,
  RENDER,
  RENDERED,
  SAY,
  STYLES,
  StalwartElement,
  TAG,
} from "../internal/stalwart-element.js";
import { typed } from "../internal/typed.js";
import { answerKey, originKey, safestChoice, titleKey } from "../internal/words.js";
import styles from "./confirm.styles.js";

const ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * @summary One call that waits: its question, each argument with where its value came from, the
 * reasons, the irreversible warning and one button per answer its kind takes.
 *
 * Its attributes, properties, events and parts are spec/elements.yaml's, listed in
 * custom-elements.json. It sends nothing: `<stalwart-chat>` sends the `stalwart-decision` it
 * dispatches, and makes it answerable again by setting the same `interrupt` when that failed.
 */
export class StalwartConfirm extends StalwartElement {
  static [TAG] = "stalwart-confirm";
  static [STYLES] = styles;

  #interrupt = null;
  #labels = {};
  #single = false;
  /** The answer on its way, so a second press sends nothing. */
  #sending = false;

  get interrupt() {
    return this.#interrupt;
  }

  set interrupt(value) {
    if (value != null && (typeof value !== "object" || !Array.isArray(value.choices))) {
      throw new TypeError("interrupt must be a pause as the backend lists it, with its choices, or null.");
    }
    const again = value != null && value.id === this.#interrupt?.id && value.token === this.#interrupt?.token;
    this.#interrupt = value ?? null;
    if (!this[RENDERED]) return;
    if (again) this.#answerable();
    else this[RENDER]();
  }

  get labels() {
    return this.#labels;
  }

  set labels(value) {
    if (value != null && typeof value !== "object") {
      throw new TypeError("labels must be an object of strings by key.");
    }
    this.#labels = value ?? {};
    if (this[RENDERED]) this[RELABEL]();
  }

  get single() {
    return this.#single;
  }

  set single(value) {
    this.#single = Boolean(value);
    if (this[RENDERED] && this.#single) this.#focus();
  }

  [LABELS]() {
    return this.#labels;
  }

  [RENDER]() {
    this.#sending = false;
    const pause = this.#interrupt;
    if (!pause) {
      this.shadowRoot.replaceChildren();
      return;
    }
    const h = this[H].bind(this);
    const arguments_ = pause.arguments ?? [];
    const reasons = pause.reasons ?? [];
    const turn = pause.text ?? pause.turn;
    this.shadowRoot.replaceChildren(
      h(
        "article",
        { part: "confirm", class: `confirm confirm--${pause.kind}`, "aria-labelledby": "wording" },
        this.#wording(pause),
        h(
          "p",
          { part: "turn", class: "turn", hidden: turn == null },
          turn == null ? null : `“${show(turn)}”`,
        ),
        typeof pause.error === "string" ? h("p", { class: "muted" }, pause.error) : null,
        this.#pending(pause.pending),
        h(
          "section",
          {
            part: "arguments",
            class: "arguments",
            hidden: arguments_.length === 0,
            "aria-labelledby": "arguments",
          },
          this[SAY](h("h4", { id: "arguments" }), "argumentsTitle"),
          h(
            "dl",
            null,
            arguments_.map((argument) => this.#argument(argument)),
          ),
        ),
        h(
          "section",
          { part: "reasons", class: "reasons", hidden: reasons.length === 0, "aria-labelledby": "reasons" },
          this[SAY](h("h4", { id: "reasons" }), "reasonsTitle"),
          h(
            "ul",
            null,
            reasons.map((reason) => h("li", null, show(reason))),
          ),
        ),
        this[SAY](
          h("p", { part: "irreversible", class: "irreversible", hidden: !pause.irreversible }),
          "irreversible",
        ),
        this.#choices(pause),
      ),
    );
    if (this.#single) this.#focus();
  }

  #wording(pause) {
    const wording = this[H]("p", { part: "wording", class: "wording", id: "wording" });
    const key = titleKey(pause.kind);
    if (pause.kind === "ask") wording.textContent = show(pause.question ?? pause.wording ?? "");
    else if (pause.wording && (pause.kind === "confirm" || !key)) wording.textContent = show(pause.wording);
    else if (key) this[SAY](wording, key, { tool: pause.tool ?? "" });
    return wording;
  }

  #pending(pending) {
    if (!Array.isArray(pending) || pending.length === 0) return null;
    const h = this[H].bind(this);
    return h(
      "ul",
      { class: "pending" },
      pending.map((entry) =>
        h(
          "li",
          null,
          h("strong", null, show(entry.undo_tool ?? entry.tool)),
          " ",
          Object.entries(entry.arguments ?? {}).map(([name, value]) => `${name}: ${show(value)} `),
          entry.error ? h("span", { class: "muted" }, show(entry.error)) : null,
        ),
      ),
    );
  }

  #argument({ name, value, origin }) {
    const h = this[H].bind(this);
    const key = originKey(origin);
    const words = h("span", { class: "origin" });
    if (key) this[SAY](words, key);
    else words.textContent = show(origin);
    return [
      h("dt", null, show(name)),
      h("dd", null, h("span", { class: "value" }, show(value)), " (", words, ")"),
    ];
  }

  #choices(pause) {
    const h = this[H].bind(this);
    if (pause.kind === "ask") {
      const field = h("input", {
        name: "value",
        "aria-labelledby": "wording",
        autocomplete: "off",
        required: true,
      });
      return h(
        "form",
        {
          part: "choices",
          class: "choices",
          on: {
            submit: (event) => {
              event.preventDefault();
              this.#decide(pause.choices[0] ?? "answer", event.submitter, typed(field.value, pause.type));
            },
          },
        },
        field,
        this[SAY](h("button", { type: "submit", class: "primary" }), "send"),
      );
    }
    return h(
      "div",
      {
        part: "choices",
        class: "choices",
        role: "group",
        "aria-labelledby": "wording",
        on: { keydown: (event) => this.#arrow(event) },
      },
      pause.choices.map((choice, index) =>
        this[SAY](
          h("button", {
            type: "button",
            class: index === 0 ? "primary" : null,
            "data-decision": choice,
            on: { click: (event) => this.#decide(choice, event.currentTarget) },
          }),
          answerKey(pause.kind, choice),
        ),
      ),
    );
  }

  /** Arrow keys move between the answers, as in any group of buttons. */
  #arrow(event) {
    const buttons = [...this.shadowRoot.querySelectorAll("[data-decision]:not(:disabled)")];
    const at = buttons.indexOf(this.shadowRoot.activeElement);
    if (at < 0) return;
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : at + (ARROWS[event.key] ?? NaN);
    if (!Number.isInteger(next)) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length].focus();
  }

  #decide(decision, button, value) {
    if (this.#sending) return;
    this.#sending = true;
    for (const control of this.shadowRoot.querySelectorAll("button, input")) control.disabled = true;
    button?.classList.add("chosen");
    this.shadowRoot.querySelector("article")?.setAttribute("aria-busy", "true");
    const detail = { interrupt: this.#interrupt, decision };
    if (value !== undefined) detail.value = value;
    this[EMIT]("decision", detail);
  }

  #answerable() {
    this.#sending = false;
    for (const control of this.shadowRoot.querySelectorAll("button, input")) control.disabled = false;
    for (const chosen of this.shadowRoot.querySelectorAll(".chosen")) chosen.classList.remove("chosen");
    this.shadowRoot.querySelector("article")?.removeAttribute("aria-busy");
  }

  /** The focus starts on the answer least likely to do harm, or on the field of a question. */
  #focus() {
    const pause = this.#interrupt;
    if (!pause) return;
    const safest = safestChoice(pause.choices);
    const target =
      this.shadowRoot.querySelector("input") ??
      [...this.shadowRoot.querySelectorAll("[data-decision]")].find(
        (button) => button.dataset.decision === safest,
      );
    target?.focus();
  }
}
