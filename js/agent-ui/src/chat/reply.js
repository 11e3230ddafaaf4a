import { THUMBS } from "../generated/spec.js";
import { adopt } from "../internal/adopt.js";
import { AWAY, safeUrl, show, text } from "../internal/dom.js";
import { ownWords, unbroken } from "../internal/said.js";
import { H, SAY } from "../internal/stalwart-element.js";
import { term } from "../internal/localize.js";
import { camel } from "../internal/words.js";

const SVG = "http://www.w3.org/2000/svg";
// Material Design's thumb_up (Apache 2.0): a page may have no emoji font.
const THUMB =
  "M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z";

/** A drawn reply's look, adopted with its module, so the chat's first load carries none of it. */
const CSS = `
.reply ol, .reply ul { white-space: normal; }
h4 { color: var(--_stalwart-muted); font-size: 0.875rem; }
.by-model { color: var(--_stalwart-muted); font-size: 0.875rem; font-style: italic; }
[part=citations] a { margin-left: 0.2em; font-size: 0.875rem; }
[part=image] { max-width: 100%; height: auto; border-radius: var(--_stalwart-radius); }
[part=thumbs] { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
[part=thumbs] button { display: grid; place-items: center; min-width: 2.75rem; padding: 0; }
svg { width: 1.1em; height: 1.1em; fill: currentColor; }
[part=suggestions] { display: grid; gap: calc(var(--_stalwart-gap) / 2); justify-items: start; }
[part=suggestions] button { min-height: 2.75rem; max-width: 100%; padding: 0.4em 0.9em; border-radius: 999px;
  text-align: start; white-space: normal; }
.thumb--down svg { transform: rotate(180deg); }
[part~=results] { display: grid; gap: calc(var(--_stalwart-gap) / 2); margin: 0; white-space: normal; }
[part~=results] table { border-collapse: collapse; font-size: 0.875rem; width: 100%; }
[part~=results] tbody + tbody { border-top: 1px solid var(--_stalwart-line); }
[part~=results] tbody + tbody tr:first-child > * { padding-top: 0.4em; }
[part~=results] th { padding: 0.15em 0.75em 0.15em 0; color: var(--_stalwart-muted); font-weight: 600; text-align: left;
  vertical-align: top; white-space: nowrap; }
[part~=results] td { padding: 0.15em 0; overflow-wrap: anywhere; }
[part~=outside] { padding: calc(var(--_stalwart-gap) / 2) var(--_stalwart-gap); border-left: 4px solid var(--_stalwart-warn);
  border-radius: calc(var(--_stalwart-radius) / 2); background: color-mix(in srgb, var(--_stalwart-warn) 8%, var(--_stalwart-bg)); }
.whole { white-space: nowrap; }
.outside-note { color: var(--_stalwart-warn); font-size: 0.8125rem; font-weight: 600; }
`;

/** `suggest(words)` sends one of the reply's suggestions as the person's own turn. */
export function replyEntry(chat, reply, thumb, suggest) {
  const { [H]: h, [SAY]: say } = chat;
  adopt(chat.shadowRoot, CSS);
  const base = new URL(chat.getAttribute("base") ?? ".", document.baseURI);
  const linked = (list) =>
    (Array.isArray(list) ? list : [])
      .map((item) => [item, safeUrl(item?.url, base)])
      .filter(([, url]) => url);
  const away = (url, ...children) => h("a", { href: url.href, ...AWAY }, ...children);
  const titled = (part, key, list, items) =>
    items.length > 0 && h("section", { part }, say(h("h4"), key), h(list, null, items));
  const sources = linked(reply.sources);
  const message = text(reply.message);
  const suggestions = (Array.isArray(reply.suggestions) ? reply.suggestions : []).map(text).filter(Boolean);
  const results = Array.isArray(reply.results) ? reply.results : [];
  // Its cards ask their questions, the status line says it waits, a refusal says itself and tables show the values: the bubble says the rest.
  const waiting = waitedOn(reply);
  const elsewhere = [
    ...waiting.map((pause) => pause?.wording),
    waiting.length > 0 && `${term("waiting")}.`,
    reply.refusal?.sentence,
  ];
  const said = ownWords(shortened(show(reply.reply), results), elsewhere);
  // Suggestions to press, or offers under an unread turn, are the reply's own: it shows for them.
  const own = suggestions.length > 0 || reply.unread === true;
  return h(
    "article",
    { class: "reply", "data-message": message || null, hidden: !said && !own && (onlyWaits(reply) || onlyRefuses(reply)) },
    h(
      "p",
      { hidden: !said && !sources.length },
      unbroken(h, said),
      sources.length > 0 &&
        h(
          "span",
          { part: "citations" },
          sources.map(([, url], index) => away(url, `[${index + 1}]`)),
        ),
    ),
    // The model's own words, not the bot's: said so, as a value the model wrote is on a card.
    reply.model?.wrote_reply === true && say(h("p", { class: "by-model" }), "origin_model"),
    results.map((table) => resultTables(chat, table)),
    linked(reply.images).map(([image, url]) =>
      // Another host's image would be a request the page did not mean to make.
      url.origin === base.origin
        ? h("img", { part: "image", src: url.href, alt: show(image.alt ?? "") })
        : away(url, show(image.alt ?? "") || url.href),
    ),
    titled(
      "files",
      "filesTitle",
      "ul",
      linked(reply.files).map(([file, url]) => {
        const name = show(file.name ?? url.href);
        const download = h("a", { href: url.href, download: name });
        return h("li", null, name, " ", say(away(url), "filesOpen"), " ", say(download, "filesDownload"));
      }),
    ),
    titled(
      "sources",
      "sources",
      "ol",
      sources.map(([source, url]) =>
        h(
          "li",
          null,
          away(url, show(source.title ?? source.url)),
          source.server && [
            " ",
            say(h("span", { class: "muted" }), "fromOutside", { server: show(source.server) }),
          ],
        ),
      ),
    ),
    suggestions.length > 0 &&
      h(
        "section",
        { part: "suggestions" },
        say(h("h4"), "didYouMean"),
        suggestions.map((words) => h("button", { type: "button", on: { click: () => suggest(words) } }, words)),
      ),
    message &&
      !onlyWaits(reply) &&
      h(
        "div",
        { part: "thumbs", hidden: !chat.hasAttribute("thumbs") },
        THUMBS.map((value) => {
          const button = h(
            "button",
            {
              type: "button",
              class: `thumb thumb--${value}`,
              "aria-pressed": "false",
              "aria-describedby": "thumbs-notice",
              on: { click: () => thumb(message, value, button) },
            },
            icon(),
          );
          return say(button, camel(`thumb_${value}`), {}, "aria-label");
        }),
      ),
  );
}

/** What a screen reader is told of a reply: its text, each table's values left to the table. */
export function spoken(reply) {
  return shortened(show(reply.reply), Array.isArray(reply.results) ? reply.results : []);
}

/** The reply's text with each table's labelled list replaced by its short sentence: the values show once. */
function shortened(said, results) {
  return results.reduce((words, table) => (text(table?.said) ? words.replace(table.said, text(table.done)) : words), said);
}

/** One table, a row group per item, so every item's values line up; text from outside is quoted, apart from the bot's own words. */
function resultTables(chat, table) {
  const { [H]: h, [SAY]: say } = chat;
  const items = (Array.isArray(table?.items) ? table.items : []).map((rows) =>
    h(
      "tbody",
      null,
      (Array.isArray(rows) ? rows : []).map((row) =>
        h("tr", null, h("th", { scope: "row" }, show(row?.label ?? "")), h("td", null, unbroken(h, show(row?.shown ?? "")))),
      ),
    ),
  );
  const tables = items.length > 0 ? h("table", null, items) : [];
  // Only an image the reply carries as data: any other URL would be a request the page did not mean to make.
  const images = (Array.isArray(table?.images) ? table.images : [])
    .filter((image) => typeof image?.url === "string" && /^data:image\/[\w.+-]+;base64,[\w+/=]+$/.test(image.url))
    .map((image) => h("img", { part: "image", src: image.url, alt: show(image.alt ?? "") }));
  if (!table?.outside) return h("div", { part: "results" }, tables, images);
  return h(
    "blockquote",
    { part: "results outside" },
    // Where it came from, as the fromOutside string says it: the MCP server, else the tool that read it.
    say(h("p", { class: "outside-note" }), "fromOutside", { server: show(table.server ?? table.title ?? table.tool) }),
    tables,
    images,
  );
}

/** A refusal and nothing else: its <stalwart-decision> says it all. */
function onlyRefuses(reply) {
  const has = (list) => Array.isArray(list) && list.length > 0;
  return Boolean(reply.refusal) && ![reply.waiting, reply.results, reply.sources, reply.images, reply.files].some(has);
}

/** The pauses a reply waits on: the turn's answer lists them, the stream's reply names them. */
function waitedOn(reply) {
  return [reply.waiting, reply.waited_on].find((list) => Array.isArray(list) && list.length > 0) ?? [];
}

function onlyWaits(reply) {
  const has = (list) => Array.isArray(list) && list.length > 0;
  const own = [reply.skipped, reply.sources, reply.images, reply.files].some(has);
  return waitedOn(reply).length > 0 && !own && !reply.refusal && !reply.rollback;
}

function icon() {
  const svg = document.createElementNS(SVG, "svg");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", THUMB);
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.append(path);
  return svg;
}
