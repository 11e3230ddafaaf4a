import { elements } from "../generated/manifest.js";
import { text } from "../internal/dom.js";
import {
  CHANGED,
  EMIT,
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
import { load, loadAll, loadReplies, nested } from "./nested.js";
import { PauseCards } from "./cards.js";
import { renderChat } from "./chat.render.js";

const [DECISION] = elements["stalwart-confirm"].events;
// The ModelProblem of a model with no key: the owner's reply then asks for one.
const NO_KEY = "no_key";

/**
 * @summary The conversation, and whatever waits for a decision: the view its ChatController talks through.
 *
 * @event stalwart-stream
 */
export class StalwartChat extends StalwartElement {
  static [TAG] = "stalwart-chat";
  static [STYLES] = styles;

  #chat = new ChatController({
    showBot: () => this.#showBot(),
    showEvent: (event) => this.#showEvent(event),
    showTurn: (words) => this.#showTurn(words),
    showReply: (reply, announce) => this.#showReply(reply, announce),
    showRefusal: (refusal) => this.#showRefusal(refusal),
    showRollback: (report, stuck, again) => this.#cards.showRollback(report, stuck, again, this.#n.log),
    showPause: (pause, single, quiet) => this.#cards.show(pause, single, quiet),
    closePause: (id) => this.#closePause(id),
    showDecided: (record) => this.#cards.decided(record),
    showError: (error) => this.#showError(error),
    changed: () => this.#showState(),
  });
  #cards = new PauseCards(this, this.#chat, (entry, block) => this.#append(entry, block));
  #n = {};
  /** What stalwart-stream last said, so it fires only when the stream opens or closes. */
  #streamWasOpen = false;

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

  /** In the element's table, and the DOM's own answer: whether the element is in a document. */
  get isConnected() {
    return super.isConnected;
  }

  /** The step stream is open: its own property, so isConnected stays the DOM's. */
  get streamOpen() {
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
    this.#n.log.replaceChildren(this.#n.intro);
    this.#n.trace.events = [];
    this.#n.trace.hidden = true;
    this.#showBot();
    this.#showState();
    if (this.isConnected) this.#chat.start();
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
    this.#cards.dressAll();
    // Only the owner, at the computer that runs the bot, pairs a phone.
    n.phone.hidden = bot?.viewer !== "owner";
    // Staff only, and this person is not: the intro and its staffOnly note stay, and no thread is read.
    const shut = this.#chat.shut;
    n.files.hidden = !bot || bot.viewer == "guest";
    n.composer.hidden = shut;
    if (shut) n.trace.hidden = n.error.hidden = true;
  }

  #try(example) {
    this.#n.field.value = example;
    this.#n.field.focus();
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
      this.#cards.close(interrupt.id, card);
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
    const next = this.#cards.pinned;
    if (next?.single && next !== card) next.single = true;
    else this.#n.field.focus({ preventScroll: true });
  }

  async #thumb(message, thumb, button) {
    if (!(await this.#chat.rate(message, thumb))) return;
    for (const other of button.parentElement.children) other.setAttribute("aria-pressed", other === button);
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
      if (reply.model?.problem === NO_KEY && this.#chat.keyMissing) {
        import("./model-key.js").then(({ keyInReply }) => keyInReply(this, this.#chat, drawn));
      }
      entry.replaceWith(drawn);
      if (this.#cards.pinned) this.#cards.keepPinned();
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
    this.#append(nested(this, "stalwart-decision", { sentence: sentence ?? "", rule, contact, staff }));
  }

  /** The card kept in view closed elsewhere (a correction, another tab): the view goes on to what came since. */
  #closePause(id) {
    if (!this.#cards.close(id) || this.#chat.waiting) return;
    const entries = [...this.#n.log.children];
    entries.findLast((entry) => !entry.hidden)?.scrollIntoView?.({ block: "nearest" });
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
    if (this.streamOpen !== this.#streamWasOpen) {
      this.#streamWasOpen = this.streamOpen;
      this[EMIT]("stream", { open: this.streamOpen });
    }
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
    // More than one waits: a card may fill the view, so the line tells how many and leads to the next.
    n.next.hidden = chat.waiting < 2;
    this[SAY](n.next, n.next.hidden ? null : "waitingNext", { count: chat.waiting });
    // The lines above the composer may have grown: the waiting card stays in view.
    this.#cards.keepPinned();
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
    const n = this.#n;
    renderChat(this, n, {
      unpin: () => this.#cards.unpin(),
      next: () => this.#cards.showNext(this.#chat.waitingIds, n.log.getBoundingClientRect()),
      submit: (event) => this.#submit(event),
      files: () => import("./files.js").then((m) => m.default(this, n.files)),
      api: () => this.#chat.api,
    });
    this.#cards.observe(n.log);
    this.shadowRoot.addEventListener(DECISION, (event) => this.#decide(event));
    this[CHANGED]("thumbs");
    this.#showBot();
  }
}
