import { show, text } from "../internal/dom.js";
import { unbroken } from "../internal/said.js";
import { toolTitle } from "../internal/hosts.js";
import { term } from "../internal/localize.js";
import {
  H,
  RELABEL,
  RENDER,
  RENDERED,
  SAY,
  STYLES,
  StalwartElement,
  TAG,
} from "../internal/stalwart-element.js";
import { answerKey } from "../internal/words.js";
import { decidedKey, decidedTime, decisionKey, languageOf } from "../internal/decided.js";
import styles from "./trace.styles.js";

/** What each event says happened to its step, as a string key and its values; null says nothing. */
const HAPPENED = {
  pause: () => ["traceAsked"],
  refusal: (data) => ["traceRefused", { sentence: text(data.sentence) }],
  answer: (data, at, language) => {
    // The person in the chat is "you"; staff, the sweep and other channels are named as the card names them.
    if (data.staff || (data.channel && data.channel !== "chat")) {
      const by = show(data.by ?? "");
      const decision = term(decisionKey(data.decision));
      return [decidedKey({ ...data, yours: false }), { decision, time: decidedTime(at, language), handle: by, by }];
    }
    return data.kind === "ask" ? ["traceReplied"] : ["traceChose", { answer: term(answerKey(data.kind, data.decision)) }];
  },
  call: (data) => [CALLED[data.status] ?? "traceDone"],
  undo: (data) => [data.status === "undone" ? "undone" : "notUndoable"],
};
const CALLED = { done: "traceDone", skipped: "traceSkipped", failed: "traceFailed", resent: "traceResent" };
/** What each event says of its whole run. */
const RAN = {
  plan: (data) => (data.by === "model" ? byModel(data.usage) : null),
  rollback: () => ["rollbackTitle"],
};

/** The model's line, with what it cost where the provider counted it. */
function byModel(usage) {
  const [input, output] = [usage?.input_tokens, usage?.output_tokens];
  if (!Number.isInteger(input) || !Number.isInteger(output)) return ["traceByModel"];
  return ["traceTokens", { input: String(input), output: String(output) }];
}

/**
 * @summary A thread's steps, as a story: each run under the turn that started it, each step numbered
 *   from 1 with its call told in words and what happened to it.
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

  /** The call told in words, a read as much as a write; a pause's question only where the call is not told. */
  #call({ call, question, tool }) {
    return this[H]("span", { class: "call" }, unbroken(this[H], call || question || toolTitle(this, tool)));
  }

  /** Runs in the order they began, each with its turn, its steps by number and its own lines. */
  #story() {
    const runs = new Map();
    const language = languageOf(this);
    for (const event of this.#events) {
      const data = { ...event?.data };
      const key = show(event?.run);
      if (!runs.has(key)) runs.set(key, { turn: null, steps: new Map(), lines: [] });
      const run = runs.get(key);
      if (event?.type === "turn") run.turn = text(data.text);
      const interrupt = data.interrupt && typeof data.interrupt === "object" ? data.interrupt : null;
      const step = Number.isInteger(data.step) ? data.step : interrupt?.step;
      const said = (Number.isInteger(step) ? HAPPENED : RAN)[event?.type]?.(data, event?.at, language);
      if (!Number.isInteger(step)) {
        if (said) run.lines.push(said);
        continue;
      }
      if (!run.steps.has(step)) run.steps.set(step, { tool: "", call: "", question: "", happened: [] });
      const entry = run.steps.get(step);
      entry.tool ||= text(data.tool) || text(interrupt?.tool);
      entry.call ||= text(data.call);
      entry.question ||= text(interrupt?.wording);
      if (said) entry.happened.push(said);
    }
    return runs;
  }

  #fill() {
    const { [H]: h, [SAY]: say } = this;
    const line = (tag, [key, params = {}]) => say(h(tag, { class: "happened" }), key, params);
    this.#list.replaceChildren(
      ...[...this.#story().values()].map((run) =>
        h(
          "li",
          { class: "run" },
          run.turn && say(h("p", { class: "turn" }), "traceTurn", { text: run.turn }),
          h(
            "ol",
            { class: "steps" },
            [...run.steps.entries()]
              .sort(([a], [b]) => a - b)
              .map(([step, entry], index) =>
                h(
                  "li",
                  { class: "step" },
                  say(h("p", { class: "number" }), "step", { step: index + 1 }),
                  h("p", null, this.#call(entry)),
                  entry.happened.map((said) => line("p", said)),
                ),
              ),
          ),
          run.lines.map((said) => line("p", said)),
        ),
      ),
    );
  }

  /** Drawn again, so the answers' words inside its lines follow setStrings too. */
  [RELABEL]() {
    super[RELABEL]();
    if (this.#list) this.#fill();
  }

  [RENDER]() {
    const { [H]: h, [SAY]: say } = this;
    this.#list = h("ol", { class: "runs" });
    this.shadowRoot.replaceChildren(
      h(
        "details",
        // The element around it may give an open story the whole width.
        { part: "trace", on: { toggle: (event) => this.toggleAttribute("data-open", event.target.open) } },
        say(h("summary"), "traceTitle"),
        h("div", { class: "story" }, this.#list),
      ),
    );
    this.#fill();
  }
}
