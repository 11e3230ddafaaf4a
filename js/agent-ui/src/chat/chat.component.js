import { elements } from "../generated/manifest.js";
import { Api } from "../internal/api.js";
import { EVENT_TYPES } from "../internal/event-types.js";
import {
  CHANGED,
  ENTERED,
  H,
  LEFT,
  RENDER,
  RENDERED,
  SAY,
  STYLES,
  StalwartElement,
  TAG,
} from "../internal/stalwart-element.js";
import { StreamBook, StreamStatus } from "../internal/stream-book.js";
import styles from "./chat.styles.js";
import { configLink, intro } from "./intro.js";
import { replyEntry } from "./reply.js";

/** The event a card dispatches with a person's answer, which the chat sends. */
const [DECISION] = elements["stalwart-confirm"].events;
/** EventSource.CLOSED: the browser gave up on the stream and will not reconnect by itself. */
const CLOSED = 2;
/** A burst of stream events (a pause, its answer) reads the open pauses once. */
const REFRESH_DELAY_MS = 50;

/**
 * @summary The conversation, and whatever waits for a decision.
 *
 * Its attributes, properties, parts and slots are spec/elements.yaml's, listed in
 * custom-elements.json. It talks to `base` only: a turn, what waits, a decision, the step
 * stream, a thumb. Replies come from the answers to its own requests; the stream feeds the steps,
 * tells of pauses opened or answered elsewhere, and of replies this page did not ask for.
 */
export class StalwartChat extends StalwartElement {
  static [TAG] = "stalwart-chat";
  static [STYLES] = styles;

  #bot = null;
  /** The page gave the bot itself, so /config.json is not read. */
  #botGiven = false;
  #fetcher = (...request) => globalThis.fetch(...request);
  #eventSource = globalThis.EventSource;
  #api = null;
  #book = new StreamBook();
  #source = null;
  #timer = 0;
  #refreshing = 0;
  /** Requests on their way, for the typing line. */
  #inFlight = 0;
  #sending = false;
  /** Open pauses by id, each with what goes inert when it closes: its card, or its report. */
  #cards = new Map();
  /** Every pause, reply and local turn shown, so neither a request nor the stream repeats one. */
  #shown = new Set();
  #announced = new Set();
  /** Turns this page sent that the stream has not echoed yet. */
  #echoes = [];
  /** Stream replies that came while this page waited for its own, kept to keep their order. */
  #held = [];
  #events = [];
  #nodes = {};

  get bot() {
    return this.#bot;
  }

  set bot(value) {
    if (value != null && typeof value !== "object") {
      throw new TypeError("bot must be the /config.json object, or null.");
    }
    this.#bot = value ?? null;
    this.#botGiven = value != null;
    if (this[RENDERED]) this.#showBot();
  }

  get eventSource() {
    return this.#eventSource;
  }

  set eventSource(value) {
    if (typeof value !== "function") throw new TypeError("eventSource must be an EventSource class.");
    this.#eventSource = value;
    if (this.#source) this.#restart();
  }

  get fetcher() {
    return this.#fetcher;
  }

  set fetcher(value) {
    if (typeof value !== "function") throw new TypeError("fetcher must be a function like fetch.");
    this.#fetcher = value;
    this.#api = null;
  }

  /** True while the step stream is open: the page is following the thread live. */
  get isConnected() {
    return this.#book.status === StreamStatus.OPEN;
  }

  [RENDER]() {
    const h = this[H].bind(this);
    const n = this.#nodes;
    n.log = h("div", { part: "log", class: "log", role: "log", "aria-live": "off", tabindex: "0" });
    this[SAY](n.log, "conversation", {}, "aria-label");
    n.trace = h("stalwart-trace", { part: "steps", hidden: true });
    n.typing = this[SAY](h("p", { part: "typing", class: "typing", hidden: true }), "writing");
    n.status = h("p", { part: "status", class: "status", role: "status" });
    n.errorText = this[SAY](h("p"), "error");
    n.errorDetail = h("p");
    n.error = h(
      "div",
      { class: "error", role: "alert", hidden: true },
      n.errorText,
      h(
        "details",
        { part: "error-detail", class: "error-detail" },
        this[SAY](h("summary"), "details"),
        n.errorDetail,
      ),
    );
    n.correcting = this[SAY](h("p", { part: "correcting", class: "correcting", hidden: true }), "correcting");
    n.field = h("textarea", { rows: 2, on: { keydown: (event) => this.#enter(event) } });
    this[SAY](n.field, "placeholder", {}, "placeholder");
    this[SAY](n.field, "placeholder", {}, "aria-label");
    n.send = this[SAY](h("button", { type: "submit", class: "primary" }), "send");
    n.thumbsNotice = this[SAY](
      h("p", {
        part: "thumbs-notice",
        class: "thumbs-notice",
        id: "thumbs-notice",
        hidden: !this.hasAttribute("thumbs"),
      }),
      "thumbsNotice",
    );
    n.announcer = h("div", { class: "hidden-text", "aria-live": "polite", "aria-atomic": "true" });
    this.shadowRoot.replaceChildren(
      h(
        "div",
        { class: "chat" },
        h(
          "header",
          { part: "header", class: "header" },
          (n.logo = h("span", { part: "logo", class: "logo", "aria-hidden": "true" })),
          (n.name = h("span", { part: "name", class: "name" })),
          h("slot", { name: "header" }),
        ),
        (n.intro = h("section", { class: "intro" })),
        n.log,
        n.trace,
        n.typing,
        n.status,
        n.error,
        n.correcting,
        h(
          "form",
          { part: "composer", class: "composer", on: { submit: (event) => this.#submit(event) } },
          n.field,
          n.send,
        ),
        n.thumbsNotice,
        (n.privacy = h("p", { part: "privacy", class: "privacy", hidden: true })),
        h("slot", { name: "footer" }),
        n.announcer,
      ),
    );
    this.shadowRoot.addEventListener(DECISION, (event) => this.#decide(event));
    this.#showBot();
  }

  [ENTERED]() {
    this.#start();
  }

  [LEFT]() {
    this.#stop();
  }

  [CHANGED](name) {
    if (name === "base" || name === "thread") this.#restart(name === "base");
    else if (name === "staff") {
      for (const refusal of this.#nodes.log.querySelectorAll("[data-refusal]")) {
        refusal.toggleAttribute("staff", this.hasAttribute("staff"));
      }
    } else if (name === "thumbs") {
      const on = this.hasAttribute("thumbs");
      this.#nodes.thumbsNotice.hidden = !on;
      for (const thumbs of this.#nodes.log.querySelectorAll(".thumbs")) thumbs.hidden = !on;
    }
  }

  /** The backend client for the current base and fetcher; null without a base. */
  get #client() {
    const base = this.getAttribute("base");
    if (base === null) return null;
    if (!this.#api || this.#api.base !== base || this.#api.fetcher !== this.#fetcher) {
      const api = new Api(base, this.#fetcher);
      api.session = this.#api?.session ?? null;
      this.#api = api;
    }
    return this.#api;
  }

  get #thread() {
    return this.getAttribute("thread") || null;
  }

  #start() {
    const api = this.#client;
    if (!api) return;
    if (!this.#botGiven && !this.#bot) {
      api.config().then(
        (bot) => {
          if (!this.#botGiven) {
            this.#bot = bot;
            this.#showBot();
          }
        },
        (error) => this.#fail(error),
      );
    }
    if (this.#thread) {
      this.#refresh();
      this.#open();
    }
  }

  #stop() {
    clearTimeout(this.#timer);
    this.#source?.close();
    this.#source = null;
    this.#book.stopped();
    this.#showStatus();
  }

  /** A new base or thread is another conversation: forget this one and follow the new one. */
  #restart(newBackend) {
    this.#stop();
    if (!this[RENDERED]) return;
    this.#book = new StreamBook();
    for (const set of [this.#shown, this.#announced, this.#cards]) set.clear();
    this.#echoes = [];
    this.#held = [];
    this.#events = [];
    this.#nodes.log.replaceChildren();
    this.#nodes.trace.events = [];
    this.#nodes.trace.hidden = true;
    if (newBackend && !this.#botGiven) this.#bot = null;
    this.#showBot();
    this.#showWaiting();
    if (this.getRootNode({ composed: true }) === this.ownerDocument) this.#start();
  }

  #showBot() {
    const n = this.#nodes;
    if (!n.log) return;
    const bot = this.#bot;
    const name = typeof bot?.name === "string" ? bot.name : "";
    n.name.textContent = name;
    n.logo.textContent = name.trim().charAt(0).toUpperCase();
    n.logo.hidden = !name;
    n.intro.replaceChildren(...(bot ? intro(this, bot, (example) => this.#try(example)) : []));
    n.privacy.hidden = !bot;
    if (bot) {
      n.privacy.replaceChildren(this[SAY](this[H]("span"), "privacyLine", { name }));
      const link = bot.privacy_url ? configLink(this, bot.privacy_url, "privacyLink") : null;
      if (link) n.privacy.append(" ", link);
    }
  }

  #try(example) {
    this.#nodes.field.value = example;
    this.#nodes.field.focus();
  }

  #enter(event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.#nodes.field.form.requestSubmit();
    }
  }

  async #submit(event) {
    event.preventDefault();
    const text = this.#nodes.field.value.trim();
    const api = this.#client;
    const thread = this.#thread;
    if (this.#sending || !text || !api || !thread) return;
    this.#sending = true;
    this.#showSending();
    this.#append(this[H]("div", { class: "turn" }, text));
    this.#echoes.push(text);
    this.#nodes.field.value = "";
    await this.#request(() => api.message(thread, text));
    this.#sending = false;
    this.#showSending();
    this.#follow();
  }

  /** A first turn creates the thread, so a stream that found none follows it now, not after its wait. */
  #follow() {
    if (this.#book.status === StreamStatus.OPEN || this.#source) return;
    clearTimeout(this.#timer);
    this.#open();
  }

  /** Sends a decision a card dispatched; a 409 means another tab or channel answered first. */
  async #decide(event) {
    // The path is empty once the event is over, so it is read before any await.
    const path = event.composedPath();
    const card = path[0];
    const entry = path.find((node) => node.parentNode === this.#nodes.log);
    const { interrupt, decision, value } = event.detail;
    const api = this.#client;
    const thread = this.#thread;
    if (!api || !thread) {
      card.interrupt = interrupt;
      return;
    }
    const answer = { interrupt_id: interrupt.id, decision, token: interrupt.token };
    if (value !== undefined) answer.value = value;
    await this.#request(
      () => api.resume(thread, answer),
      () => this.#close(interrupt.id, card),
      (error) => {
        if (error.code !== "interrupt_stale" && error.status !== 409) return false;
        this.#close(interrupt.id, card);
        entry?.after(this[H]("p", { class: "note" }, error.message));
        return true;
      },
      () => {
        card.interrupt = interrupt;
      },
    );
  }

  /**
   * Runs one request that answers with a TurnReply, with the typing line while it is on its way;
   * then reads the open pauses again, since the run may have moved on in any direction.
   */
  async #request(send, done = () => {}, handled = () => false, failed = () => {}) {
    this.#inFlight += 1;
    this.#showSending();
    try {
      const reply = await send();
      this.#nodes.error.hidden = true;
      done();
      this.#reply(reply, true);
    } catch (error) {
      if (!handled(error)) {
        this.#fail(error);
        failed();
      }
    } finally {
      this.#inFlight -= 1;
      this.#showSending();
      if (this.#inFlight === 0) for (const event of this.#held.splice(0)) this.#take(event);
      this.#refresh();
    }
  }

  #reply(reply, announce) {
    if (!reply || typeof reply !== "object") return;
    const text = typeof reply.reply === "string" ? reply.reply : "";
    const id = `reply:${reply.message ?? ""}`;
    if (text && !this.#shown.has(id)) {
      this.#shown.add(id);
      this.#append(replyEntry(this, reply, (message, thumb, button) => this.#thumb(message, thumb, button)));
    }
    if (announce && text && !this.#announced.has(id)) {
      this.#announced.add(id);
      this.#nodes.announcer.replaceChildren(document.createTextNode(text));
    }
    if (reply.refusal) this.#refusal(reply.refusal);
    if (reply.rollback) this.#rollback(reply.rollback);
    for (const pause of reply.waiting ?? []) this.#card(pause);
    this.#showWaiting();
  }

  #refusal(refusal) {
    const decision = this[H]("stalwart-decision", {
      "data-refusal": true,
      sentence: refusal.sentence ?? "",
      rule: refusal.rule ?? null,
      contact: refusal.contact ?? null,
      staff: this.hasAttribute("staff"),
    });
    this.#append(decision);
  }

  #rollback(report) {
    const rollback = this[H]("stalwart-rollback");
    rollback.report = report;
    const stuck = report.waiting?.id;
    if (stuck && !this.#shown.has(`pause:${stuck}`)) {
      // The stuck pause is answered inside the report; once it closes, the report goes inert.
      this.#shown.add(`pause:${stuck}`);
      this.#cards.set(stuck, rollback);
    }
    this.#append(rollback);
  }

  #card(pause) {
    if (!pause?.id || this.#shown.has(`pause:${pause.id}`)) return;
    this.#shown.add(`pause:${pause.id}`);
    const card = this[H]("stalwart-confirm");
    card.interrupt = pause;
    card.single = this.#cards.size === 0;
    if (this.#cards.size === 1) for (const other of this.#cards.values()) other.single = false;
    this.#cards.set(pause.id, card);
    this.#append(card);
  }

  /** A pause no longer open stays in the log as it was, but nothing in it can be pressed. */
  #close(id, card) {
    card.inert = true;
    this.#cards.delete(id);
    this.#showWaiting();
  }

  async #thumb(message, thumb, button) {
    const api = this.#client;
    const thread = this.#thread;
    if (!api || !thread) return;
    try {
      await api.feedback(thread, message, thumb);
      for (const other of button.parentElement.querySelectorAll("button")) {
        other.setAttribute("aria-pressed", String(other === button));
      }
      this.#nodes.error.hidden = true;
    } catch (error) {
      this.#fail(error);
    }
  }

  /** Reads what waits once a burst of events has passed, and matches the cards to it. */
  #refresh() {
    clearTimeout(this.#refreshing);
    this.#refreshing = setTimeout(async () => {
      const api = this.#client;
      const thread = this.#thread;
      if (!api || !thread || this.#inFlight > 0) return;
      try {
        const { interrupts } = await api.interrupts(thread);
        const open = new Set(interrupts.map((pause) => pause.id));
        for (const [id, card] of this.#cards) if (!open.has(id)) this.#close(id, card);
        for (const pause of interrupts) this.#card(pause);
        this.#showWaiting();
      } catch (error) {
        if (error.status !== 404) this.#fail(error);
      }
    }, REFRESH_DELAY_MS);
  }

  #open() {
    const api = this.#client;
    const thread = this.#thread;
    const EventSource = this.#eventSource;
    if (!api || !thread || typeof EventSource !== "function") return;
    this.#book.connecting();
    const source = new EventSource(this.#book.url(api.stream(thread)));
    this.#source = source;
    source.addEventListener("open", () => {
      if (source !== this.#source) return;
      this.#book.opened();
      this.#showStatus();
    });
    source.addEventListener("error", () => {
      if (source !== this.#source) return;
      const delay = this.#book.dropped(source.readyState === CLOSED);
      this.#showStatus();
      if (delay === null) return;
      source.close();
      this.#source = null;
      this.#timer = setTimeout(() => this.#open(), delay);
    });
    for (const type of [...EVENT_TYPES, "message"]) {
      source.addEventListener(type, (message) => {
        if (source === this.#source && this.#book.take(message.lastEventId)) this.#event(message.data);
      });
    }
    this.#showStatus();
  }

  #event(data) {
    let event;
    try {
      event = JSON.parse(data);
    } catch {
      return;
    }
    if (!event || typeof event !== "object") return;
    this.#events.push(event);
    this.#nodes.trace.events = [...this.#events];
    this.#nodes.trace.hidden = false;
    if (this.#inFlight > 0 && event.type === "reply") this.#held.push(event);
    else this.#take(event);
  }

  /** What a stream event changes besides the steps: a turn or reply from elsewhere, a pause. */
  #take(event) {
    const data = event.data ?? {};
    if (event.type === "turn" && typeof data.text === "string") {
      const echo = this.#echoes.indexOf(data.text);
      if (echo >= 0) this.#echoes.splice(echo, 1);
      else this.#append(this[H]("div", { class: "turn" }, data.text));
    } else if (event.type === "reply" && typeof data.text === "string") {
      this.#reply({ message: data.message, reply: data.text }, false);
    }
    if (event.type !== "turn") this.#refresh();
  }

  #append(entry) {
    this.#nodes.log.append(entry);
    entry.scrollIntoView?.({ block: "nearest" });
  }

  #fail(error) {
    const n = this.#nodes;
    if (!n.error) return;
    n.errorDetail.textContent = error?.status
      ? `${error.status}: ${error.message}`
      : String(error?.message ?? error);
    n.error.hidden = false;
  }

  #showSending() {
    const n = this.#nodes;
    n.typing.hidden = this.#inFlight === 0;
    n.send.disabled = this.#sending;
    this[SAY](n.send, this.#sending ? "sending" : "send");
  }

  #showWaiting() {
    this.#nodes.correcting.hidden = this.#cards.size === 0;
    this.#showStatus();
  }

  #showStatus() {
    const status = this.#nodes.status;
    if (!status) return;
    if (this.#book.status === StreamStatus.RECONNECTING) this[SAY](status, "reconnecting");
    else if (this.#cards.size > 0) this[SAY](status, "waiting");
    else this[SAY](status, null);
  }
}
