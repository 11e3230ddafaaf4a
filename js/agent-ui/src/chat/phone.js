import { adopt } from "../internal/adopt.js";
import { text } from "../internal/dom.js";
import { H, SAY } from "../internal/stalwart-element.js";
import * as owner from "./owner-requests.js";

const SVG = "http://www.w3.org/2000/svg";
/** What of the server's QR drawing is copied: its shapes and their geometry, never markup or links. */
const SHAPES = new Set(["path", "rect"]);
const GEOMETRY = ["d", "x", "y", "width", "height", "fill", "stroke", "transform"];
/** While the panel is open, the list of paired phones is read this often, so a new one shows. */
const LIST_EVERY_MS = 3000;

/** The open panel's look, adopted on its first open: the closed <details> needs only the chat's. */
const CSS = `
.phone h2 { font-size: 0.8125rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase;
  color: var(--_stalwart-muted); }
.phone { display: grid; gap: calc(var(--_stalwart-gap) / 2); justify-items: start; padding-block: calc(var(--_stalwart-gap) / 2);
  font-size: 0.875rem; }
.phone__shown { display: grid; grid-template-columns: auto minmax(0, 1fr); align-items: start; gap: var(--_stalwart-gap);
  max-width: 44rem; }
.phone__shown > :only-child { grid-column: 1 / -1; }
.phone__steps { display: grid; gap: calc(var(--_stalwart-gap) / 2); }
.phone__qr { width: min(12rem, 60vw); margin: 0; border-radius: var(--_stalwart-radius); overflow: hidden; }
.phone__qr svg { display: block; width: 100%; height: auto; fill: none; }
.phone__devices { display: grid; gap: calc(var(--_stalwart-gap) / 2); padding: 0; list-style: none; }
.phone__devices li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25em var(--_stalwart-gap); }
.phone__devices code { padding: 0 0.5em; border: 1px solid var(--_stalwart-line); border-radius: 999px; }
.phone__warning { padding: calc(var(--_stalwart-gap) / 2); border-left: 3px solid var(--_stalwart-warn); }
@media (max-width: 40rem) {
  .phone__shown { grid-template-columns: minmax(0, 1fr); }
}
`;

/**
 * The body of the owner's "Use it on your phone" panel: Show the code asks the backend for a one-time code,
 * and shows its QR code, what to do with it, and the start of the certificate's fingerprint to check on the
 * phone; under it, the phones and browsers paired so far, each with Revoke. `api()` gives the chat's backend
 * client.
 */
export function phonePanel(chat, api) {
  const { [H]: h, [SAY]: say } = chat;
  adopt(chat.shadowRoot, CSS);
  const shown = h("div", { class: "phone__shown", role: "status" });
  const start = say(h("button", { type: "button", class: "primary", on: { click: show } }), "phoneStart");
  const list = h("ul", { class: "phone__devices" });
  const devices = h("section", { hidden: true }, say(h("h2"), "phoneDevices"), list);
  const body = h("div", { class: "phone" }, start, shown, devices);

  const failed = (error) => shown.replaceChildren(h("p", { class: "error" }, text(error?.message) || String(error)));

  async function show() {
    start.disabled = true;
    try {
      const code = await owner.phone(api());
      shown.replaceChildren(...(code.network ? codeShown(chat, code) : [say(h("p"), "phoneNoNetwork")]));
    } catch (error) {
      failed(error);
    } finally {
      start.disabled = false;
    }
  }

  async function listDevices() {
    const { staff } = await owner.staff(api());
    const when = new Intl.DateTimeFormat(chat.bot?.language || undefined, { dateStyle: "medium", timeStyle: "short" });
    list.replaceChildren(
      ...staff.map(({ handle, since }) => {
        const id = `device-${handle}`;
        const revoke = () => owner.revoke(api(), handle).then(listDevices, failed);
        return h(
          "li",
          null,
          h("code", { id }, handle),
          say(h("span"), "phonePaired", { when: when.format(new Date(since)) }),
          say(h("button", { type: "button", "aria-describedby": id, on: { click: revoke } }), "phoneRevoke"),
        );
      }),
    );
    devices.hidden = !staff.length;
  }

  // Read at once, then while the panel is open and in the page.
  listDevices().catch(failed);
  const timer = setInterval(() => {
    if (!body.isConnected) clearInterval(timer);
    else if (body.parentElement?.open) listDevices().catch(() => {});
  }, LIST_EVERY_MS);
  return body;
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
