import { elements } from "../generated/manifest.js";
import { text } from "../internal/dom.js";
import {
  CHANGED,
  H,
  RENDER,
  RENDERED,
  SAY,
  STYLES,
  StalwartElement,
  TAG,
} from "../internal/stalwart-element.js";
import { StreamState } from "../internal/stream-book.js";
import { ChatController } from "./chat.controller.js";
import styles from "./chat.styles.js";
import { capabilities, intro, privacy } from "./intro.js";

const [DECISION] = elements["stalwart-confirm"].events;
/** The elements inside the chat, each loaded the first time it shows: a first load fetches the chat only. */
const NESTED = {
  "stalwart-confirm": () => import("../confirm/confirm.js"),
  "stalwart-decision": () => import("../decision/decision.js"),
  "stalwart-rollback": () => import("../rollback/rollback.js"),
  "stalwart-trace": () => import("../trace/trace.js"),
};

function load(tag) {
  if (!customElements.get(tag)) NESTED[tag]();
}

let replies = null;
/** How a reply is drawn, loaded with the first one, or before it: a first load fetches none. */
function loadReplies() {
  replies ??= import("./reply.js");
  return replies;
}

/** A thread with turns may show any of them: they load before it is read, not once it is. */
function loadAll() {
  for (const tag in NESTED) load(tag);
  loadReplies();
}

/** @summary The conversation, and whatever waits for a decision: the view its ChatController talks through. */
export class StalwartChat extends StalwartElement {
  static [TAG] = "stalwart-chat";
  static [STYLES] = styles;

  #chat = new ChatController({
    showBot: () => this.#showBot(),
    showEvent: (event) => this.#showEvent(event),
    showTurn: (words) => this.#showTurn(words),
    showReply: (reply, announce) => this.#showReply(reply, announce),
    showRefusal: (refusal) => this.#showRefusal(refusal),
    showRollback: (report, stuck, again) => this.#showRollback(report, stuck, again),
    showPause: (pause, single, quiet) => this.#showPause(pause, single, quiet),
    closePause: (id) => this.#inert(id, this.#cards.get(id)),
    showDecided: (record) => this.#showDecided(record),
    showError: (error) => this.#showError(error),
    changed: () => this.#showState(),
  });
  /** What goes inert when each open pause closes, by its id. */
  #cards = new Map();
  /** The closed cards, by pause id, until they say how they were answered. */
  #closed = new Map();
  /** The card that arrived last while it waits: kept in view as the log changes size, until the person scrolls. */
  #pinned = null;
  #resized = new ResizeObserver(() => this.#keepPinned());
  #n = {};

  get bot() {
    return this.#chat.bot;
  }

  set bot(value) {
    if (value != null && typeof value !== "object") {
      throw new TypeError("bot must be the /config.json object, or null.");
    }
    this.#chat.bot = value;
    if (this[RENDERED]) this.#showBot();
  }

  get eventSource() {
    return this.#chat.eventSource;
  }

  set eventSource(value) {
    if (typeof value !== "function") throw new TypeError("eventSource must be an EventSource class.");
    this.#chat.eventSource = value;
  }

  get fetcher() {
    return this.#chat.fetcher;
  }

  set fetcher(value) {
    if (typeof value !== "function") throw new TypeError("fetcher must be a function like fetch.");
    this.#chat.fetcher = value;
  }

  /** The chapter's contract: the step stream is open. It shadows Node.isConnected, so getRootNode says if in the document. */
  get isConnected() {
    return this.#chat.streamState === StreamState.OPEN;
  }

  connectedCallback() {
    super.connectedCallback();
    this.#aim();
    if (!this.#chat.fresh) loadAll();
    this.#chat.start();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#chat.stop();
  }

  #aim() {
    this.#chat.base = this.getAttribute("base");
    this.#chat.thread = this.getAttribute("thread");
    this.#chat.fresh = this.hasAttribute("fresh");
  }

  #restart(newBackend) {
    this.#aim();
    this.#chat.reset(newBackend);
    this.#cards.clear();
    this.#closed.clear();
    this.#n.log.replaceChildren(this.#n.intro);
    this.#n.trace.events = [];
    this.#n.trace.hidden = true;
    this.#showBot();
    this.#showState();
    // In the document: isConnected is the stream's.
    if (this.getRootNode({ composed: true }) === this.ownerDocument) this.#chat.start();
  }

  #showBot() {
    const n = this.#n;
    const bot = this.#chat.bot;
    const name = text(bot?.name);
    n.name.textContent = name;
    n.logo.textContent = name.trim().charAt(0).toUpperCase();
    n.logo.hidden = !name;
    // "What I can do" is open only while the conversation is empty.
    const empty = n.log.childElementCount < 2;
    n.about.replaceChildren(...(bot ? intro(this, bot, (example) => this.#try(example), empty) : []));
    n.privacy.replaceChildren(...(bot ? privacy(this, bot) : []));
    n.privacy.hidden = !bot;
    // The bot may arrive after the cards that wait when the page opens.
    for (const card of this.#cards.values()) this.#dress(card);
    // Only the owner, at the computer that runs the bot, pairs a phone.
    n.phone.hidden = bot?.viewer !== "owner";
    // Staff only, and this person is not: the intro and its staffOnly note stay, and no thread is read.
    const shut = this.#chat.shut;
    n.files.hidden = !bot || bot.viewer == "guest";
    n.composer.hidden = shut;
    if (shut) n.trace.hidden = n.error.hidden = true;
  }

  /** The phone panel's body is loaded the first time the owner opens it: a first load fetches none. */
  #openPhone() {
    const panel = this.#n.phone;
    if (!panel.open || panel.dataset.loaded) return;
    panel.dataset.loaded = "true";
    import("./phone.js").then(({ phonePanel }) => panel.append(phonePanel(this, () => this.#chat.api)));
  }

  #try(example) {
    this.#n.field.value = example;
    this.#n.field.focus();
  }

  #enter(event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.#n.field.form.requestSubmit();
    }
  }

  #submit(event) {
    event.preventDefault();
    loadAll();
    const field = this.#n.field;
    if (this.#chat.send(field.value.trim())) field.value = "";
  }

  /** A suggestion pressed is the person's turn, as if typed; what they were writing stays. */
  #suggest(words) {
    loadAll();
    if (this.#chat.send(words)) this.#n.field.focus({ preventScroll: true });
  }

  #showTurn(words) {
    const can = this.#n.about.querySelector("[part=what-i-can-do]");
    if (can) can.open = false;
    this.#append(this[H]("div", { class: "turn" }, words), "end");
  }

  async #decide(event) {
    // The path is gone once the event is over.
    const [card, ...path] = event.composedPath();
    const entry = [card, ...path].find((node) => node.parentNode === this.#n.log);
    const { interrupt, decision, value } = event.detail;
    const closed = (stale) => {
      this.#inert(interrupt.id, card);
      if (stale) entry?.after(this[H]("p", { class: "note" }, stale.message));
    };
    // Why the question refused the value, under its card, in place of the last one it gave.
    const refused = (error) => {
      if (entry?.nextElementSibling?.matches(".refused")) entry.nextElementSibling.remove();
      entry?.after(this[H]("p", { class: "note refused", role: "alert" }, error.message));
    };
    if (!(await this.#chat.answer(interrupt, decision, value, closed, refused))) {
      card.interrupt = interrupt;
      return;
    }
    const next = this.#pinned;
    if (next?.single && next !== card) next.single = true;
    else this.#n.field.focus({ preventScroll: true });
  }

  async #thumb(message, thumb, button) {
    if (!(await this.#chat.rate(message, thumb))) return;
    for (const other of button.parentElement.children) other.setAttribute("aria-pressed", other === button);
  }

  /** One of NESTED; until its module is in, it is a plain element that upgrades when it is. */
  #nested(tag, props) {
    load(tag);
    return this[H](tag, props);
  }

  #showEvent(event) {
    load("stalwart-trace");
    this.#n.trace.events = [...this.#n.trace.events, event];
    this.#n.trace.hidden = false;
  }

  /** In its place at once, drawn as soon as the module that draws replies is in. */
  #showReply(reply, announce) {
    const entry = this[H]("article", { class: "reply-pending", "aria-busy": "true" });
    this.#append(entry);
    loadReplies().then(({ replyEntry, spoken }) => {
      const drawn = replyEntry(
        this,
        reply,
        (...thumb) => this.#thumb(...thumb),
        (words) => this.#suggest(words),
      );
      // Nothing read the turn and nothing will: what the bot can do, so the reply is no dead end.
      if (reply.unread) drawn.firstElementChild.after(this.#offers(reply.message));
      entry.replaceWith(drawn);
      if (this.#pinned) this.#keepPinned();
      else drawn.scrollIntoView?.({ block: "nearest" });
      if (announce) this.#n.announcer.textContent = spoken(reply);
    });
    if (this.shadowRoot.querySelector(".files-panel:not([hidden])")) {
      import("./files.js").then(({ refreshFiles }) => refreshFiles(this));
    }
  }

  #offers(message) {
    const prefix = `offer-${text(message) || this.#n.log.childElementCount}`;
    return capabilities(this, this.#chat.bot?.capabilities, (example) => this.#try(example), true, prefix) ?? "";
  }

  #showRefusal(refusal) {
    const staff = this.hasAttribute("staff");
    const { sentence, rule, contact } = refusal;
    this.#append(this.#nested("stalwart-decision", { sentence: sentence ?? "", rule, contact, staff }));
  }

  #showRollback(report, stuck, again) {
    const shown = again && [...this.#n.log.querySelectorAll(":scope > stalwart-rollback")].at(-1);
    const node = shown || this.#nested("stalwart-rollback");
    // A stuck undo that showed on its own before its report moves into it.
    const alone = this.#cards.get(stuck);
    if (alone?.localName === "stalwart-confirm") alone.remove();
    node.report = report;
    if (stuck) this.#cards.set(stuck, node);
    if (!shown) this.#append(node, stuck ? null : undefined);
    if (!stuck) return;
    // Its stuck undo waits inside it, and is read from its heading like any other pause.
    customElements.whenDefined("stalwart-rollback").then(() => {
      this.#pinned = node.shadowRoot.querySelector("stalwart-confirm");
      this.#resized.observe(node);
      this.#keepPinned();
      if (this.#pinned && this.#cards.size === 1) this.#pinned.single = true;
    });
  }

  /** A quiet card is history until the backend says it waits; then it takes the focus and the view. */
  #showPause(pause, single, quiet) {
    let card = this.#cards.get(pause.id);
    if (!card) {
      card = this.#nested("stalwart-confirm");
      card.interrupt = pause;
      this.#dress(card);
      // It grows when its module is in: the pinned card is scrolled to again.
      this.#resized.observe(card);
      this.#cards.set(pause.id, card);
      this.#append(card, quiet ? null : "start");
    }
    if (quiet) return;
    for (const other of this.#cards.values()) other.single = false;
    card.single = single;
    const earlier = this.#pinned?.isConnected && !this.#pinned.inert && this.#pinned !== card;
    if (earlier && !single) return;
    // Its heading, not its buttons: what is being approved is read first.
    this.#pinned = card;
    card.scrollIntoView?.({ block: "start" });
  }

  /** A hand-off to the model says who would read it, and asks for a missing key: its module loaded only then. */
  #dress(card) {
    if (card.interrupt?.kind !== "delegate" || !this.#chat.bot) return;
    import("./delegate.js").then(({ dressDelegate }) => dressDelegate(this, this.#chat, card));
  }

  #keepPinned() {
    this.#pinned?.scrollIntoView({ block: "start" });
  }

  #inert(id, node) {
    if (node) node.inert = true;
    if (node?.localName === "stalwart-confirm") this.#closed.set(id, node);
    if (node === this.#pinned || node?.shadowRoot?.contains(this.#pinned)) this.#pinned = null;
    this.#cards.delete(id);
  }

  #showDecided(record) {
    const card = this.#closed.get(record.interrupt);
    this.#closed.delete(record.interrupt);
    if (card) card.decided = record;
  }

  /** While a pause waits, nothing else takes the view from its card. */
  #append(entry, block = this.#chat.waiting ? null : "nearest") {
    this.#n.log.append(entry);
    if (block) entry.scrollIntoView?.({ block });
  }

  #showError(error) {
    const { detail, error: box } = this.#n;
    if (error?.status) detail.textContent = `${error.status}: ${error.message}`;
    else if (error) detail.textContent = String(error.message ?? error);
    box.hidden = !error;
  }

  #showState() {
    const n = this.#n;
    if (!n.status) return;
    const chat = this.#chat;
    if (!chat.fresh && this.hasAttribute("fresh")) this.removeAttribute("fresh");
    n.typing.hidden = !chat.replying;
    n.send.disabled = chat.sending;
    this[SAY](n.send, chat.sending ? "sending" : "send");
    n.correcting.hidden = !chat.waiting;
    const reconnecting = chat.streamState === StreamState.RECONNECTING;
    this[SAY](n.status, reconnecting ? "reconnecting" : chat.waiting ? "waiting" : null);
    // The lines above the composer may have grown: the waiting card stays in view.
    this.#keepPinned();
  }

  [CHANGED](name) {
    const on = this.hasAttribute(name);
    const all = (selector) => this.shadowRoot.querySelectorAll(selector);
    if (name === "base" || name === "thread") this.#restart(name === "base");
    else if (name === "fresh") this.#chat.fresh = this.hasAttribute(name);
    else if (name === "staff") for (const node of all("stalwart-decision")) node.toggleAttribute(name, on);
    else if (name === "thumbs") for (const node of all("#thumbs-notice, [part=thumbs]")) node.hidden = !on;
  }

  [RENDER]() {
    const { [H]: h, [SAY]: say } = this;
    const n = this.#n;
    const line = (part, key) => say(h("p", { part, id: part, hidden: true }), key);
    const unpin = () => (this.#pinned = null);
    n.log = say(
      h("div", { part: "log", role: "log", "aria-live": "off", tabindex: 0, on: { wheel: unpin, touchmove: unpin, keydown: unpin } }),
      "conversation",
      {},
      "aria-label",
    );
    n.trace = h("stalwart-trace", { part: "steps", hidden: true });
    n.trace.events = [];
    n.status = h("p", { part: "status", role: "status" });
    n.detail = h("p");
    n.error = h(
      "div",
      { class: "error", role: "alert", hidden: true },
      say(h("p"), "error"),
      h("details", { part: "error-detail" }, say(h("summary"), "details"), n.detail),
    );
    n.field = h("textarea", { rows: 1, on: { keydown: (event) => this.#enter(event) } });
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
    this.shadowRoot.replaceChildren(
      h(
        "div",
        { class: "chat" },
        h(
          "header",
          { part: "header" },
          (n.logo = h("span", { part: "logo", "aria-hidden": "true" })),
          (n.name = h("h1", { part: "name" })),
          h("slot", { name: "header" }),
          (n.files = say(h("button", { part: "files-button", on: { click: () => import("./files.js").then((m) => m.default(this, n.files)) } }), "filesTitle")),
          n.trace,
          (n.phone = h(
            "details",
            { part: "phone", hidden: true, on: { toggle: () => this.#openPhone() } },
            say(h("summary"), "phoneTitle"),
          )),
        ),
        n.log,
        h(
          "div",
          { class: "dock" },
          h("div", { class: "lines" }, (n.typing = line("typing", "writing")), n.status, (n.correcting = line("correcting", "correcting"))),
          n.error,
          (n.composer = h("form", { part: "composer", on: { submit: (event) => this.#submit(event) } }, n.field, n.send)),
          h("slot", { name: "footer" }),
        ),
        (n.announcer = h("div", { class: "hidden-text", "aria-live": "polite", "aria-atomic": "true" })),
      ),
    );
    this.#resized.observe(n.log);
    this.shadowRoot.addEventListener(DECISION, (event) => this.#decide(event));
    this[CHANGED]("thumbs");
    this.#showBot();
  }
}
