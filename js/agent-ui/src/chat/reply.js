/** One reply in the log: its text, its citations and sources, images, files and thumbs. */

import { safeUrl, show } from "../internal/dom.js";
import { H, SAY } from "../internal/stalwart-element.js";

const SVG = "http://www.w3.org/2000/svg";
// Material Design's thumb_up (Apache 2.0).
const THUMB =
  "M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z";

/**
 * @param {HTMLElement & { hasAttribute(name: string): boolean }} chat
 * @param {Record<string, any>} reply a TurnReply, or a stream reply event's data
 * @param {(message: string, thumb: string, button: HTMLButtonElement) => void} thumb sends a thumb
 */
export function replyEntry(chat, reply, thumb) {
  const h = chat[H].bind(chat);
  const say = chat[SAY].bind(chat);
  const here = chat.getAttribute("base") ?? ".";
  const base = new URL(here, document.baseURI);
  const sources = list(reply.sources).filter((source) => safeUrl(source?.url, base));
  const images = list(reply.images).filter((image) => safeUrl(image?.url, base));
  const files = list(reply.files).filter((file) => safeUrl(file?.url, base));
  const message = typeof reply.message === "string" && reply.message ? reply.message : null;
  return h(
    "article",
    { class: "reply", "data-message": message },
    h(
      "p",
      null,
      show(reply.reply),
      sources.length
        ? h(
            "span",
            { part: "citations", class: "citations" },
            sources.map((source, index) =>
              h(
                "a",
                { href: safeUrl(source.url, base).href, target: "_blank", rel: "noopener noreferrer" },
                `[${index + 1}]`,
              ),
            ),
          )
        : null,
    ),
    images.map((image) => {
      const url = safeUrl(image.url, base);
      const alt = show(image.alt ?? "");
      // An image from any other host would be a request the page did not mean to make.
      return url.origin === base.origin
        ? h("img", { part: "image", class: "image", src: url.href, alt })
        : h("a", { href: url.href, target: "_blank", rel: "noopener noreferrer" }, alt || url.href);
    }),
    files.length
      ? h(
          "section",
          { part: "files", class: "files" },
          say(h("h4"), "filesTitle"),
          h(
            "ul",
            null,
            files.map((file) => {
              const url = safeUrl(file.url, base).href;
              const name = show(file.name ?? url);
              return h(
                "li",
                null,
                name,
                " ",
                say(h("a", { href: url, target: "_blank", rel: "noopener noreferrer" }), "filesOpen"),
                " ",
                say(h("a", { href: url, download: name }), "filesDownload"),
              );
            }),
          ),
        )
      : null,
    sources.length
      ? h(
          "section",
          { part: "sources", class: "sources" },
          say(h("h4"), "sources"),
          h(
            "ol",
            null,
            sources.map((source) =>
              h(
                "li",
                null,
                h(
                  "a",
                  { href: safeUrl(source.url, base).href, target: "_blank", rel: "noopener noreferrer" },
                  show(source.title ?? source.url),
                ),
                source.server
                  ? [" ", say(h("span", { class: "muted" }), "fromOutside", { server: show(source.server) })]
                  : null,
              ),
            ),
          ),
        )
      : null,
    message
      ? h(
          "div",
          { part: "thumbs", class: "thumbs", hidden: !chat.hasAttribute("thumbs") },
          ["up", "down"].map((value) => {
            const button = h(
              "button",
              {
                type: "button",
                class: `thumb thumb--${value}`,
                "aria-pressed": "false",
                "aria-describedby": "thumbs-notice",
                on: { click: () => thumb(message, value, button) },
              },
              thumbIcon(),
            );
            return say(button, value === "up" ? "thumbUp" : "thumbDown", {}, "aria-label");
          }),
        )
      : null,
  );
}

/** A thumb drawn in SVG, since a page may have no emoji font; the down one is turned by CSS. */
function thumbIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", THUMB);
  svg.append(path);
  return svg;
}

function list(value) {
  return Array.isArray(value) ? value : [];
}
