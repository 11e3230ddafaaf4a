import { text } from "../internal/dom.js";
import { unbroken } from "../internal/said.js";

/** What a call will change, under its own heading: each row's before, an arrow, its after, or the note of a preview that failed. */
export function previewSection(h, say, pause) {
  const rows = Array.isArray(pause.preview) ? pause.preview : [];
  const note = text(pause.preview_note);
  return h(
    "section",
    { part: "preview", hidden: !rows.length && !note, "aria-labelledby": "preview" },
    say(h("h4", { id: "preview" }), "previewTitle"),
    h("dl", null, rows.map((row) => change(h, row))),
    h("p", { class: "preview-note", hidden: !note }, note),
  );
}

/** One row: a change with no before (+$40.00) shows its after alone. */
function change(h, { label, before, after }) {
  const was = text(before);
  return [
    h("dt", null, unbroken(h, text(label))),
    h(
      "dd",
      { class: "change" },
      was && [h("span", { class: "before" }, unbroken(h, was)), " ", h("span", { class: "arrow" }, "→"), " "],
      h("span", { class: "value after" }, unbroken(h, text(after))),
    ),
  ];
}
