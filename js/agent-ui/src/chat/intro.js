import { AWAY, safeUrl, text } from "../internal/dom.js";
import { H, SAY } from "../internal/stalwart-element.js";

export function intro(chat, bot, tryIt, open) {
  const { [H]: h, [SAY]: say } = chat;
  const name = text(bot.name);
  const help = link(chat, bot.help_url, "helpLink", "help");
  const about = text(bot.about);
  const contact = text(bot.contact);
  return [
    say(h("p", { part: "greeting" }), "greeting", { name, purpose: text(bot.purpose) }),
    bot.staff_only && say(h("p", { class: "muted" }), "staffOnly"),
    text(bot.release_notice) && h("p", { class: "muted" }, bot.release_notice),
    help && h("p", null, help),
    capabilities(chat, bot.capabilities, tryIt, open),
    (about || contact) &&
      h(
        "section",
        { part: "about" },
        about && h("p", null, about),
        contact && say(h("p", { class: "muted" }), "contact", { name, contact }),
      ),
  ].filter(Boolean);
}

export function privacy(chat, bot) {
  const notice = link(chat, bot.privacy_url, "privacyLink");
  return [chat[SAY](chat[H]("span"), "privacyLine", { name: text(bot.name) }), notice && " ", notice].filter(
    Boolean,
  );
}

function link(chat, url, key, part) {
  const href = safeUrl(url, document.baseURI);
  return href && chat[SAY](chat[H]("a", { part, href: href.href, ...AWAY }), key);
}

/** "What I can do", each with its Try-it example; `prefix` keeps its ids apart from another list's. */
export function capabilities(chat, list, tryIt, open, prefix = "example") {
  if (!Array.isArray(list) || !list.length) return null;
  const { [H]: h, [SAY]: say } = chat;
  const groups = new Map();
  for (const capability of list) {
    // The group's label is in the bot's language; its key is the fallback.
    const group = text(capability?.group_label) || text(capability?.group);
    groups.set(group, [...(groups.get(group) ?? []), capability]);
  }
  let count = 0;
  const item = (capability) => {
    const example = Array.isArray(capability.examples) ? text(capability.examples[0]) : "";
    const id = `${prefix}-${(count += 1)}`;
    const click = () => tryIt(example);
    return h(
      "li",
      { part: "can" },
      h("span", null, text(capability.description) || text(capability.tool)),
      capability.asks_first && say(h("span", { part: "asks-first" }), "asksFirst"),
      example && [
        h("q", { class: "example", id }, example),
        say(h("button", { type: "button", "aria-describedby": id, on: { click } }), "tryIt"),
      ],
    );
  };
  return h(
    "details",
    { part: "what-i-can-do", open },
    say(h("summary"), "canTitle"),
    [...groups].map(([group, members]) =>
      h("section", { part: "can-group" }, group && h("h3", null, group), h("ul", null, members.map(item))),
    ),
  );
}
