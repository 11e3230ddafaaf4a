import { show } from "../internal/dom.js";
import { H, RENDER, RENDERED, SAY, STYLES, StalwartElement, TAG } from "../internal/stalwart-element.js";
import styles from "./rollback.styles.js";

/**
 * @summary What a run undid, what it could not undo, and what is stuck, with the stuck pause's
 * answers.
 *
 * Its attributes, properties and parts are spec/elements.yaml's, listed in
 * custom-elements.json. The stuck pause is a `<stalwart-confirm>`, whose `stalwart-decision`
 * bubbles out of this element for `<stalwart-chat>` to send.
 */
export class StalwartRollback extends StalwartElement {
  static [TAG] = "stalwart-rollback";
  static [STYLES] = styles;

  #report = null;

  get report() {
    return this.#report;
  }

  set report(value) {
    if (value != null && (typeof value !== "object" || !Array.isArray(value.undone))) {
      throw new TypeError("report must be a rollback report, with its undone list, or null.");
    }
    this.#report = value ?? null;
    if (this[RENDERED]) this[RENDER]();
  }

  [RENDER]() {
    const report = this.#report;
    if (!report) {
      this.shadowRoot.replaceChildren();
      return;
    }
    const h = this[H].bind(this);
    const entry = (undo, className, key) =>
      h(
        "li",
        { class: className },
        h("strong", null, show(undo.tool)),
        undo.undo_tool ? [" ", h("span", { class: "muted" }, `(${show(undo.undo_tool)})`)] : null,
        key ? [" — ", this[SAY](h("span"), key)] : null,
        undo.error ? [" — ", h("span", null, show(undo.error))] : null,
      );
    const waiting = report.waiting ? h("stalwart-confirm") : null;
    if (waiting) waiting.interrupt = report.waiting;
    this.shadowRoot.replaceChildren(
      h(
        "section",
        { part: "rollback", class: "rollback", "aria-labelledby": "title" },
        this[SAY](h("p", { id: "title", class: "title" }), "rollbackTitle"),
        h(
          "ul",
          null,
          (report.undone ?? []).map((undo) => entry(undo, "undone", "undone")),
          (report.not_undoable ?? []).map((undo) => entry(undo, "not-undoable", "notUndoable")),
          (report.stuck ?? []).map((undo) => entry(undo, "stuck", null)),
        ),
        waiting,
      ),
    );
  }
}
