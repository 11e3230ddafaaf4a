import { text } from "../internal/dom.js";
import { H, SAY } from "../internal/stalwart-element.js";

const SVG = "http://www.w3.org/2000/svg";
/** What of the server's QR drawing is copied: its shapes and their geometry, never markup or links. */
const SHAPES = new Set(["path", "rect"]);
const GEOMETRY = ["d", "x", "y", "width", "height", "fill", "stroke", "transform"];

/**
 * The body of the owner's "Use it on your phone" panel: Show the code asks the backend for a one-time code, and shows
 * its QR code, what to do with it, and the start of the certificate's fingerprint to check on the phone.
 * `api()` gives the chat's backend client.
 */
export function phonePanel(chat, api) {
  const { [H]: h, [SAY]: say } = chat;
  const shown = h("div", { class: "phone__shown", role: "status" });
  const start = say(h("button", { type: "button", class: "primary", on: { click: show } }), "phoneStart");

  async function show() {
    start.disabled = true;
    try {
      const code = await api().phone();
      shown.replaceChildren(...(code.network ? codeShown(chat, code) : [say(h("p"), "phoneNoNetwork")]));
    } catch (error) {
      shown.replaceChildren(h("p", { class: "error" }, text(error?.message) || String(error)));
    } finally {
      start.disabled = false;
    }
  }

  return h("div", { class: "phone" }, start, shown);
}

function codeShown(chat, code) {
  const { [H]: h, [SAY]: say } = chat;
  const qr = drawing(code.qr);
  qr.setAttribute("role", "img");
  say(qr, "phoneTitle", {}, "aria-label");
  return [
    h("figure", { class: "phone__qr" }, qr),
    h(
      "div",
      { class: "phone__steps" },
      say(h("p"), "phoneScan"),
      say(h("p", { class: "phone__warning" }), "phoneWarning", { start: text(code.fingerprint_start) }),
    ),
  ];
}

/** The server's SVG, redrawn from its shapes only, so nothing in it can run or link anywhere. */
function drawing(source) {
  const parsed = new DOMParser().parseFromString(text(source), "image/svg+xml").documentElement;
  const svg = document.createElementNS(SVG, "svg");
  const width = Number(parsed.getAttribute("width")) || 0;
  const height = Number(parsed.getAttribute("height")) || 0;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  for (const shape of parsed.querySelectorAll("*")) {
    if (!SHAPES.has(shape.localName)) continue;
    const copy = document.createElementNS(SVG, shape.localName);
    for (const name of GEOMETRY) if (shape.hasAttribute(name)) copy.setAttribute(name, shape.getAttribute(name));
    svg.append(copy);
  }
  return svg;
}
