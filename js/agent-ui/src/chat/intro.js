/** The top of the chat, from the bot's /config.json: greeting, help, what it can do, about. */

import { safeUrl } from "../internal/dom.js";
import { H, SAY } from "../internal/stalwart-element.js";

/**
 * A link the config names, for http(s) only, opening apart from the chat.
 * @param {HTMLElement} chat
 * @param {unknown} url
 * @param {string} key the string that labels it
 * @param {string} [part]
 */
export function configLink(chat, url, key, part) {
  const href = safeUrl(url, document.baseURI);
  if (!href) return null;
  return chat[SAY](
    chat[H]("a", { part, href: href.href, target: "_blank", rel: "noopener noreferrer" }),
    key,
  );
}

/**
 * @param {HTMLElement} chat
 * @param {Record<string, any>} bot the config
 * @param {(example: string) => void} tryIt puts an example in the message box
 * @returns {Node[]}
 */
export function intro(chat, bot, tryIt) {
  const h = chat[H].bind(chat);
  const say = chat[SAY].bind(chat);
  const name = text(bot.name);
  const help = bot.help_url ? configLink(chat, bot.help_url, "helpLink", "help") : null;
  const about = text(bot.about);
  const contact = text(bot.contact);
  return [
    say(h("p", { part: "greeting", class: "greeting" }), "greeting", { name, purpose: text(bot.purpose) }),
    bot.staff_only ? say(h("p", { class: "muted" }), "staffOnly") : null,
    text(bot.release_notice) ? h("p", { class: "muted" }, text(bot.release_notice)) : null,
    help ? h("p", null, help) : null,
    capabilities(chat, bot.capabilities, tryIt),
    about || contact
      ? h(
          "section",
          { part: "about", class: "about" },
          about ? h("p", null, about) : null,
          contact ? say(h("p", { class: "muted" }), "contact", { name, contact }) : null,
        )
      : null,
  ].filter(Boolean);
}

/** What the bot can do, by group in the order the config lists them. */
function capabilities(chat, list, tryIt) {
  if (!Array.isArray(list) || list.length === 0) return null;
  const h = chat[H].bind(chat);
  const say = chat[SAY].bind(chat);
  const groups = new Map();
  for (const capability of list) {
    const group = text(capability?.group);
    groups.set(group, [...(groups.get(group) ?? []), capability]);
  }
  let count = 0;
  const item = (capability) => {
    const example = Array.isArray(capability.examples) ? text(capability.examples[0]) : "";
    const id = `example-${(count += 1)}`;
    return h(
      "li",
      { part: "can", class: "can" },
      h("span", null, text(capability.description) || text(capability.tool)),
      capability.asks_first ? say(h("span", { part: "asks-first", class: "asks-first" }), "asksFirst") : null,
      example ? h("q", { class: "example", id }, example) : null,
      example
        ? say(
            h("button", { type: "button", "aria-describedby": id, on: { click: () => tryIt(example) } }),
            "tryIt",
          )
        : null,
    );
  };
  return h(
    "details",
    { part: "what-i-can-do", class: "what-i-can-do", open: true },
    say(h("summary"), "canTitle"),
    [...groups].map(([group, members]) =>
      h(
        "section",
        { part: "can-group", class: "can-group" },
        group ? h("h3", null, group) : null,
        h("ul", null, members.map(item)),
      ),
    ),
  );
}

function text(value) {
  return typeof value === "string" ? value : "";
}
