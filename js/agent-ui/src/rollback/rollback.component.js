import { text } from "../internal/dom.js";
import { unbroken } from "../internal/said.js";
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
    // Each write in words with its values, and for an undone one the undo that did it: "Refund $40.00 of charge ch-4411".
    const entries = (list, mark, key) =>
      (list ?? []).map((undo) =>
        h(
          "li",
          { class: mark },
          h("strong", null, unbroken(h, text(undo.call) || text(undo.title) || toolTitle(this, undo.tool))),
          key && [" — ", say(h("span"), key)],
          mark === "undone" && text(undo.undo_call) && [": ", h("span", { class: "undo" }, unbroken(h, undo.undo_call))],
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
