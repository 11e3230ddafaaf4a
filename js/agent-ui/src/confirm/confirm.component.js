import { Decision, Kind } from "../generated/enums.js";
import { show, text } from "../internal/dom.js";
import { unbroken } from "../internal/said.js";
import { editField, editedValue } from "../internal/edit.js";
import { toolTitle } from "../internal/hosts.js";
import { problem } from "../internal/problem.js";
import {
  EMIT,
  H,
  RELABEL,
  RENDER,
  RENDERED,
  SAY,
  STYLES,
  StalwartElement,
  TAG,
} from "../internal/stalwart-element.js";
import { term } from "../internal/localize.js";
import { typed } from "../internal/typed.js";
import { answerKey, expiryTime, originKey, safestChoice, titleKey } from "../internal/words.js";
import styles from "./confirm.styles.js";
import { previewSection } from "./preview.js";
import { decidedKey, decidedTime, decisionKey, languageOf } from "../internal/decided.js";

const ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * @summary One call that waits, its arguments with their origins, the reasons, the irreversible warning
 *   and its answers.
 *
 * It sends nothing itself: <stalwart-chat> sends the decision it dispatches.
 *
 * @event stalwart-decision
 */
export class StalwartConfirm extends StalwartElement {
  static [TAG] = "stalwart-confirm";
  static [STYLES] = styles;

  #interrupt = null;
  #labels = {};
  #single = false;
  #sending = false;
  #decided = null;

  get interrupt() {
    return this.#interrupt;
  }

  set interrupt(value) {
    if (value != null && !Array.isArray(value.choices)) {
      throw new TypeError("interrupt must be a pause, with its choices, or null.");
    }
    const again = value != null && value.id === this.#interrupt?.id && value.token === this.#interrupt?.token;
    this.#interrupt = value ?? null;
    if (!this[RENDERED]) return;
    if (again) this.#busy(false);
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

  get decided() {
    return this.#decided;
  }

  set decided(value) {
    if (value != null && (typeof value !== "object" || typeof value.decision !== "string")) {
      throw new TypeError("decided must be a decision, as GET /threads/{id}/decisions lists it, or null.");
    }
    this.#decided = value ?? null;
    if (this[RENDERED]) this[RENDER]();
  }

  get single() {
    return this.#single;
  }

  set single(value) {
    this.#single = Boolean(value);
    if (this[RENDERED] && this.#single) this.#focus();
  }

  /** Its label and its value as the run's language writes them, where the server gave them. */
  #argument({ name, value, origin, label, shown }) {
    const { [H]: h, [SAY]: say } = this;
    const key = originKey(origin);
    const words = h("span", { class: "origin" }, !key && show(origin));
    if (key) say(words, key);
    // What the assistant wrote, nobody typed: it is set apart so the eye goes to it first.
    const own = String(origin).split(":")[0] === "model" ? "from-model" : "";
    return this.#labelled(name, value, label, shown, [" (", words, ")"], own);
  }

  /** A fact the tool read before asking; where a value of the call does not equal it, it says so. */
  #fact({ name, value, label, shown, differs }, args) {
    const { [H]: h, [SAY]: say } = this;
    const other = differs ? args.find((arg) => arg.name === differs) : null;
    const mark = other
      ? say(h("span", { class: "differs" }), "factDiffers", {
          label: text(other.label) || show(other.name),
          value: text(other.shown) || show(other.value),
        })
      : null;
    // Money read as text ("40.00", shown "$40.00") looks like the amounts it is checked against.
    const money = typeof value === "string" && text(shown) !== value && Number.isFinite(Number(value));
    return this.#labelled(name, money ? Number(value) : value, label, shown, mark ? [" ", mark] : [], mark ? "fact--differs" : "");
  }

  #labelled(name, value, label, shown, after = [], row = "") {
    const h = this[H];
    const said = text(shown) || show(value);
    // Amounts and ids are what a person checks: they stand out.
    const look = typeof value === "number" ? "value--number" : /\d/.test(said) && !/\s/.test(said) ? "value--id" : "";
    return [
      h("dt", { class: row }, text(label) || show(name)),
      h("dd", { class: row }, h("span", { class: `value ${look}` }, said), ...after),
    ];
  }

  /** What an undo would use, labelled as a confirm lists it where the server sent its labels. */
  #undoArguments({ shown, arguments: values }) {
    const h = this[H];
    if (Array.isArray(shown)) {
      return h("dl", null, shown.map(({ name, value, label, shown: said }) => this.#labelled(name, value, label, said)));
    }
    return Object.values(values ?? {}).map((value) => h("span", { class: "value value--id" }, show(value), " "));
  }

  #expires({ kind, expires_at: at, expiry_answer: answer }) {
    const { [H]: h, [SAY]: say } = this;
    const line = h("p", { part: "expires", class: "expires", hidden: !at || !answer });
    if (!at || !answer) return line;
    const time = expiryTime(at, languageOf(this));
    return say(line, "expires", { time, answer: term(answerKey(kind, answer), {}, this.labels) });
  }

  /** What was decided, by whom and when, in the person's language: the same live and after a reload. */
  #decidedLine() {
    const { [H]: h, [SAY]: say } = this;
    const record = this.#decided;
    const line = h("p", { part: "decided", class: "decided", role: "status", hidden: !record });
    if (!record) return line;
    const language = languageOf(this);
    const decision = term(decisionKey(record.decision), {}, this.labels);
    const by = show(record.by ?? "");
    return say(line, decidedKey(record), { decision, time: decidedTime(record.at, language), handle: by, by });
  }

  #choices({ kind, choices, type }) {
    const { [H]: h, [SAY]: say } = this;
    if (kind === Kind.ASK) {
      const field = h("input", {
        name: "value",
        "aria-labelledby": "wording",
        autocomplete: "off",
        required: true,
      });
      const submit = (event) => {
        event.preventDefault();
        this.#decide(choices[0] ?? Decision.ANSWER, event.submitter, typed(field.value, type));
      };
      return h(
        "form",
        { part: "choices", on: { submit } },
        field,
        say(h("button", { type: "submit", class: "primary" }), "send"),
      );
    }
    const keydown = (event) => this.#arrow(event);
    const editor = this.#editor();
    const group = h(
      "div",
      { part: "choices", role: "group", "aria-labelledby": "wording", on: { keydown } },
      choices.map((choice, index) => {
        const click = (event) => this.#decide(choice, event.currentTarget);
        // Approving what nothing can undo looks like it.
        const danger = !index && this.#interrupt.irreversible && "danger";
        const button = h("button", {
          type: "button",
          class: [!index && "primary", danger].filter(Boolean).join(" ") || null,
          "data-decision": choice,
          on: { click },
        });
        return say(button, answerKey(kind, choice));
      }),
      this.#interrupt.editable &&
        say(h("button", { type: "button", "data-edit": "", on: { click: () => editor.open(true) } }), "edit"),
    );
    return [group, editor.form];
  }

  /** The arguments as fields in place of the answers: Save approves them as a correction, Cancel goes back. */
  #editor() {
    const { [H]: h, [SAY]: say } = this;
    let fields = [];
    const rows = h("div", { class: "fields" });
    const open = (editing) => {
      const group = this.shadowRoot.querySelector("[part=choices]");
      form.hidden = !editing;
      group.hidden = editing;
      if (!editing) return group.querySelector("[data-edit]")?.focus();
      // Opened afresh each time, so Cancel drops what was typed.
      fields = (this.#interrupt.arguments ?? []).map(({ name, value, label }) => {
        const { input, type, text: given } = editField(value);
        const field = h("input", { name, type: input, step: input === "number" && "any", autocomplete: "off" });
        if (input === "checkbox") field.checked = value;
        else field.value = given;
        const read = () => editedValue(input === "checkbox" ? String(field.checked) : field.value, type);
        return { name, field, read, row: h("label", null, h("span", null, text(label) || show(name)), field) };
      });
      rows.replaceChildren(...fields.map(({ row }) => row));
      (fields[0]?.field ?? form.querySelector("button")).focus({ preventScroll: true });
    };
    const submit = (event) => {
      event.preventDefault();
      const args = Object.fromEntries(fields.map(({ name, read }) => [name, read()]));
      this.#decide(Decision.APPROVE, event.submitter, { args });
    };
    const keydown = (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      open(false);
    };
    // Empty where the pause is not editable: the part is always there, its controls only where they work.
    const form = h(
      "form",
      { part: "edit", hidden: true, "aria-labelledby": "wording", on: { submit, keydown } },
      this.#interrupt.editable && [
        rows,
        h(
          "div",
          { class: "actions" },
          say(h("button", { type: "submit", class: "primary" }), "save"),
          say(h("button", { type: "button", on: { click: () => open(false) } }), "cancel"),
        ),
      ],
    );
    return { form, open };
  }

  #arrow(event) {
    const buttons = [...this.shadowRoot.querySelectorAll("[role=group] > button:not(:disabled)")];
    const at = buttons.indexOf(this.shadowRoot.activeElement);
    const next = { Home: 0, End: buttons.length - 1 }[event.key] ?? at + (ARROWS[event.key] ?? NaN);
    if (at < 0 || Number.isNaN(next)) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length].focus();
  }

  #decide(decision, button, value) {
    if (this.#sending) return;
    this.#busy(true);
    button?.classList.add("chosen");
    const detail = { interrupt: this.#interrupt, decision };
    if (value !== undefined) detail.value = value;
    this[EMIT]("decision", detail);
  }

  #busy(busy) {
    this.#sending = busy;
    for (const control of this.shadowRoot.querySelectorAll("button, input")) control.disabled = busy;
    if (!busy) this.shadowRoot.querySelector(".chosen")?.classList.remove("chosen");
    this.shadowRoot.querySelector("article")?.setAttribute("aria-busy", busy);
  }

  #focus() {
    const pause = this.#interrupt;
    if (!pause) return;
    const safest = safestChoice(pause.kind, pause.choices);
    const buttons = [...this.shadowRoot.querySelectorAll("[data-decision]")];
    // The chat scrolls the card's heading into view; the focus must not scroll to its buttons.
    (
      this.shadowRoot.querySelector("input") ?? buttons.find((button) => button.dataset.decision === safest)
    )?.focus({ preventScroll: true });
  }

  [RENDER]() {
    const { [H]: h, [SAY]: say } = this;
    const pause = this.#interrupt;
    this.#sending = false;
    if (!pause) return this.shadowRoot.replaceChildren();
    const { kind, tool } = pause;
    this.dataset.kind = kind;
    const pending = Array.isArray(pause.pending) ? pause.pending : [];
    const turn = pause.text ?? pause.turn;
    const titled = (part, key, list, items) =>
      h(
        "section",
        { part, hidden: !items.length, "aria-labelledby": part },
        say(h("h4", { id: part }), key),
        h(list, null, items),
      );
    const wording = h("h2", { part: "wording", class: "wording", id: "wording" });
    // The server's question in the run's language; the kind's own title where it gave none.
    const own = text(pause.wording) || text(pause.question);
    if (own || !titleKey(kind)) wording.append(...unbroken(h, own));
    else say(wording, titleKey(kind), { tool: tool ? toolTitle(this, tool) : "" });
    const reasons = pause.reasons ?? [];
    // A fact that only repeats a value above under the same label (the card on file) is said once.
    const facts = (Array.isArray(pause.facts) ? pause.facts : []).filter(
      (fact) => !repeats(fact, pause.arguments ?? []),
    );
    const note = text(pause.facts_note);
    const why = Array.isArray(pause.why) && pause.why.length === reasons.length ? pause.why : reasons;
    this.shadowRoot.replaceChildren(
      h(
        "article",
        {
          part: "confirm",
          class: `box card confirm--${kind}${pause.irreversible ? " card--irreversible" : ""}`,
          "aria-labelledby": "wording",
        },
        wording,
        // The AI model's own question back is marked as its values are on a confirmation.
        pause.model_question === true && say(h("p", { class: "by-model from-model" }), "origin_model"),
        h("p", { part: "turn", class: "turn", hidden: turn == null }, turn != null && `“${show(turn)}”`),
        problem(this, pause.error),
        h(
          "ul",
          { class: "pending", hidden: !pending.length },
          pending.map((entry) =>
            h(
              "li",
              null,
              h("strong", null, text(entry.undo_title) || toolTitle(this, entry.undo_tool ?? entry.tool)),
              " ",
              this.#undoArguments(entry),
              problem(this, entry.error),
            ),
          ),
        ),
        // What a stuck undo would use is in its own line above.
        titled(
          "arguments",
          // A write already sent speaks of what it used.
          kind === Kind.OUTCOME_UNKNOWN ? "argumentsUsedTitle" : "argumentsTitle",
          "dl",
          kind === "saga_stuck" && pending.length ? [] : (pause.arguments ?? []).map((arg) => this.#argument(arg)),
        ),
        h(
          "section",
          { part: "facts", hidden: !facts.length && !note, "aria-labelledby": "facts" },
          say(h("h4", { id: "facts" }), "factsTitle"),
          h("dl", null, facts.map((fact) => this.#fact(fact, pause.arguments ?? []))),
          h("p", { class: "facts-note", hidden: !note }, note),
        ),
        previewSection(h, say, pause),
        titled(
          "reasons",
          "reasonsTitle",
          "ul",
          why.map((reason) => h("li", null, show(reason))),
        ),
        say(
          h("p", { part: "irreversible", class: "irreversible", hidden: !pause.irreversible }),
          "irreversible",
        ),
        h("slot", { name: "model-key" }),
        this.#decided ? [] : [this.#expires(pause), this.#choices(pause)],
        this.#decidedLine(),
      ),
    );
    if (this.#single) this.#focus();
  }
}

/** Whether a fact says what an argument already says, under the same label, with nothing differing. */
function repeats(fact, args) {
  const said = (entry) => text(entry.shown) || show(entry.value);
  return !fact.differs && args.some((arg) => text(arg.label) === text(fact.label) && said(arg) === said(fact));
}
