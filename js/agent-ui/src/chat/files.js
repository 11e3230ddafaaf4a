import { adopt } from "../internal/adopt.js";
import { AWAY, show, text } from "../internal/dom.js";
import { H, SAY } from "../internal/stalwart-element.js";
import { savedFiles } from "./saved-files.js";

/**
 * The files panel under the chat's header: what the bot saved on this computer, newest first, each
 * with Open (where a browser shows its type safely) and Download. Only its owner and their staff
 * see the header's button, and the routes answer no one else. Loaded on the first press, so a
 * first load of the page fetches none of it.
 */

const CSS = `
.files-panel { display: grid; gap: calc(var(--_stalwart-gap) / 2); margin: 0 var(--_stalwart-gap);
  max-height: min(55vh, 28rem); overflow-y: auto; overscroll-behavior: contain; }
.files-panel h2 { font-size: 1.125rem; font-weight: 700; }
.files-panel ul { display: grid; padding: 0; list-style: none; }
li.file { display: flex; flex-wrap: wrap; align-items: center; gap: calc(var(--_stalwart-gap) / 2) var(--_stalwart-gap);
  padding: calc(var(--_stalwart-gap) / 2) 0; border-top: 1px solid var(--_stalwart-line); }
li.file > div { flex: 1 1 14rem; min-width: 0; overflow-wrap: anywhere; }
li.file strong { display: block; }
li.file small { color: var(--_stalwart-muted); font-size: 0.8125rem; }
.file-actions { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
.file-action { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line); border-radius: var(--_stalwart-radius); font-weight: 600; text-decoration: none; }
.file-action:hover { border-color: var(--_stalwart-accent); }
.where { overflow-wrap: anywhere; }
`;

/** Open the panel and read the files afresh, or close it; `button` is the header's. */
export default async function toggleFiles(chat, button) {
  const root = chat.shadowRoot;
  let panel = root.querySelector(".files-panel");
  if (panel && !panel.hidden) return close(panel, button, true);
  adopt(root, CSS);
  if (!panel) {
    panel = chat[H]("section", {
      part: "files",
      id: "files-panel",
      class: "box files-panel",
      "aria-labelledby": "files-title",
      on: { keydown: (event) => event.key === "Escape" && close(panel, button, true) },
    });
    root.querySelector("[part=header]").after(panel);
    button.setAttribute("aria-controls", "files-panel");
  }
  panel.hidden = false;
  button.setAttribute("aria-expanded", "true");
  draw(chat, panel, await read(chat));
  panel.querySelector("h2").focus({ preventScroll: true });
}

/** Read the files again into the panel while it is open: a reply may follow a file saved. */
export async function refreshFiles(chat) {
  const panel = chat.shadowRoot.querySelector(".files-panel");
  if (!panel || panel.hidden) return;
  const shown = await read(chat);
  if (panel.hidden) return;
  // A link redrawn under the person's focus would drop it to the page; the heading keeps it.
  const within = panel.contains(chat.shadowRoot.activeElement);
  draw(chat, panel, shown);
  if (within) panel.querySelector("h2").focus({ preventScroll: true });
}

async function read(chat) {
  try {
    return await savedFiles(chat.getAttribute("base"), chat.fetcher);
  } catch (error) {
    return { error };
  }
}

function close(panel, button, refocus) {
  panel.hidden = true;
  button.setAttribute("aria-expanded", "false");
  if (refocus) button.focus();
}

function draw(chat, panel, { folder, files, error }) {
  const { [H]: h, [SAY]: say } = chat;
  const language = text(chat.bot?.language) || undefined;
  const items = Array.isArray(files) ? files : [];
  const shown = [
    say(h("h2", { id: "files-title", tabindex: -1 }), "filesTitle"),
    error
      ? h("p", { class: "note" }, show(error.message ?? error))
      : say(h("p", { class: "muted where" }), "filesWhere", { folder: text(folder) }),
    !error && items.length === 0 && say(h("p", { class: "muted" }), "filesNone"),
    items.length > 0 && h("ul", null, items.map((file, index) => row(chat, file, index, language))),
  ];
  panel.replaceChildren(...shown.filter(Boolean));
}

function row(chat, file, index, language) {
  const { [H]: h, [SAY]: say } = chat;
  const name = text(file.name);
  const id = `file-${index + 1}`;
  const action = (href, key, props) =>
    href && say(h("a", { class: "file-action", href, "aria-describedby": id, ...props }), key);
  return h(
    "li",
    { class: "file", "data-file": text(file.id) },
    h("div", null, h("strong", { id }, name), h("small", null, about(file, language))),
    h(
      "span",
      { class: "file-actions" },
      // Only a type a browser shows without running anything opens in place; the server agrees.
      file.inline === true && action(text(file.open), "filesOpen", AWAY),
      action(text(file.download), "filesDownload", { download: name }),
    ),
  );
}

/** Its size and when it was saved, as the bot's language writes them. */
function about(file, language) {
  const size = Number(file.size) || 0;
  const [amount, unit] = size < 1024 ? [size, "byte"] : [size / 1024, size < 1024 ** 2 ? "kilobyte" : "megabyte"];
  const scaled = unit === "megabyte" ? amount / 1024 : amount;
  // "167 bytes", "1.2 kB": a byte's short form is no plural.
  const display = unit === "byte" ? "long" : "short";
  const sized = new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: display, maximumFractionDigits: 1 });
  const saved = new Date(text(file.saved_at));
  const when = Number.isNaN(saved.getTime())
    ? ""
    : new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(saved);
  return [sized.format(scaled), when].filter(Boolean).join(" · ");
}
