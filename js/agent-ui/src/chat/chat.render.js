import { H, SAY } from "../internal/stalwart-element.js";

/**
 * The chat's shadow tree, drawn once: each node the chat changes later is kept in `n` by name, and
 * `on` holds what the person's scrolls and presses call, and `on.api` the chat's backend.
 */
export function renderChat(chat, n, on) {
  const { [H]: h, [SAY]: say } = chat;
  const line = (part, key) => say(h("p", { part, id: part, hidden: true }), key);
  n.log = say(
    h("div", { part: "log", role: "log", "aria-live": "off", tabindex: 0, on: { wheel: on.unpin, touchmove: on.unpin, keydown: on.unpin } }),
    "conversation",
    {},
    "aria-label",
  );
  n.trace = h("stalwart-trace", { part: "steps", hidden: true });
  n.trace.events = [];
  n.status = h("p", { part: "status", role: "status" });
  n.next = h("button", { type: "button", part: "waiting-next", hidden: true, on: { click: on.next } });
  n.detail = h("p");
  n.error = h(
    "div",
    { class: "error", role: "alert", hidden: true },
    say(h("p"), "error"),
    h("details", { part: "error-detail" }, say(h("summary"), "details"), n.detail),
  );
  n.field = h("textarea", { rows: 1, on: { keydown: (event) => enter(event, n.field) } });
  say(n.field, "placeholder", {}, "placeholder");
  say(n.field, "placeholder", {}, "aria-label");
  n.send = say(h("button", { type: "submit", class: "primary" }), "send");
  // The greeting, what the bot can do and who runs it are the log's first entry.
  n.intro = h(
    "section",
    { class: "intro" },
    (n.about = h("div", { class: "about" })),
    (n.privacy = h("p", { part: "privacy" })),
    (n.thumbsNotice = line("thumbs-notice", "thumbsNotice")),
  );
  n.log.append(n.intro);
  chat.shadowRoot.replaceChildren(
    h(
      "div",
      { class: "chat" },
      h(
        "header",
        { part: "header" },
        (n.logo = h("span", { part: "logo", "aria-hidden": "true" })),
        (n.name = h("h1", { part: "name" })),
        h("slot", { name: "header" }),
        (n.files = say(h("button", { part: "files-button", on: { click: on.files } }), "filesTitle")),
        n.trace,
        (n.phone = h("details", { part: "phone", hidden: true, on: { toggle: () => openPhone(chat, n.phone, on.api) } }, say(h("summary"), "phoneTitle"))),
      ),
      n.log,
      h(
        "div",
        { class: "dock" },
        h("div", { class: "lines" }, (n.typing = line("typing", "writing")), n.status, n.next, (n.correcting = line("correcting", "correcting"))),
        n.error,
        (n.composer = h("form", { part: "composer", on: { submit: on.submit } }, n.field, n.send)),
        h("slot", { name: "footer" }),
      ),
      (n.announcer = h("div", { class: "hidden-text", "aria-live": "polite", "aria-atomic": "true" })),
    ),
  );
}

/** Enter sends; Shift+Enter, and Enter while an input method composes, write a new line. */
function enter(event, field) {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    field.form.requestSubmit();
  }
}

/** The phone panel's body is loaded the first time the owner opens it: a first load fetches none. */
function openPhone(chat, panel, api) {
  if (!panel.open || panel.dataset.loaded) return;
  panel.dataset.loaded = "true";
  import("./phone.js").then(({ phonePanel }) => panel.append(phonePanel(chat, api)));
}
