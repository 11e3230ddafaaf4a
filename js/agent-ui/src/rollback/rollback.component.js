import { text } from "../internal/dom.js";
import { toolTitle } from "../internal/hosts.js";
import { problem } from "../internal/problem.js";
import { H, RENDER, RENDERED, SAY, STYLES, StalwartElement, TAG } from "../internal/stalwart-element.js";
import styles from "./rollback.styles.js";

/**
 * @summary What a run undid, and what it could not.
 */
export class StalwartRollback extends StalwartElement {
  static [TAG] = "stalwart-rollback";
  static [STYLES] = styles;

  #report = null;

  get report() {
    return this.#report;
  }

  set report(value) {
    if (value != null && !Array.isArray(value.undone)) {
      throw new TypeError("report must be a rollback report, with its undone list, or null.");
    }
    this.#report = value ?? null;
    if (this[RENDERED]) this[RENDER]();
  }

  [RENDER]() {
    const { [H]: h, [SAY]: say } = this;
    const report = this.#report;
    if (!report) return this.shadowRoot.replaceChildren();
    const entries = (list, mark, key) =>
      (list ?? []).map((undo) =>
        h(
          "li",
          { class: mark },
          h("strong", null, text(undo.title) || toolTitle(this, undo.tool)),
          key && [" — ", say(h("span"), key)],
          problem(this, undo.error),
        ),
      );
    const waiting = report.waiting && h("stalwart-confirm");
    if (waiting) waiting.interrupt = report.waiting;
    this.shadowRoot.replaceChildren(
      h(
        "section",
        { part: "rollback", class: "box", "aria-labelledby": "title" },
        say(h("p", { id: "title", class: "title" }), "rollbackTitle"),
        h(
          "ul",
          null,
          entries(report.undone, "undone", "undone"),
          entries(report.not_undoable, "not-undoable", "notUndoable"),
          entries(report.stuck, "stuck"),
        ),
        waiting,
      ),
    );
  }
}
