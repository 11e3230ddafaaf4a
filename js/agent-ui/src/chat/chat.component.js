import { elements } from "../generated/manifest.js";
import { EVENT_TYPES } from "../generated/spec.js";
import { Api, parse } from "../internal/api.js";
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
import { StreamBook, StreamStatus } from "../internal/stream-book.js";
import { intro, privacy } from "./intro.js";
import { replyEntry } from "./reply.js";

const [DECISION] = elements["stalwart-confirm"].events;

export class StalwartChat extends StalwartElement {
  static [TAG] = "stalwart-chat";
  static [STYLES] = `
.chat { display: flex; flex-direction: column; gap: var(--_stalwart-gap); height: 100%; padding: var(--_stalwart-gap); }
[part=header] { display: flex; align-items: center; gap: var(--_stalwart-gap); padding-bottom: var(--_stalwart-gap);
  border-bottom: 1px solid var(--_stalwart-line); }
[part=logo] { display: grid; place-items: center; width: 2.25em; height: 2.25em; border-radius: 50%;
  background: var(--_stalwart-accent); color: var(--_stalwart-accent-fg); font-weight: 700; }
[part=name] { flex: 1; font-weight: 700; font-size: 1.1em; }
.intro, .reply, [part=can-group] ul { display: grid; gap: calc(var(--_stalwart-gap) / 2); }
.intro summary { font-weight: 600; }
[part=can-group] { margin-top: calc(var(--_stalwart-gap) / 2); }
[part=can-group] ul { padding: 0; list-style: none; }
[part=can] { display: flex; flex-wrap: wrap; align-items: baseline; gap: calc(var(--_stalwart-gap) / 2); }
[part=asks-first] { padding: 0 0.4em; border: 1px solid; border-radius: var(--_stalwart-radius); color: var(--_stalwart-warn);
  font-size: 0.85em; }
.example { color: var(--_stalwart-muted); }
[part=log] { flex: 1; display: flex; flex-direction: column; gap: var(--_stalwart-gap); min-height: 4em; overflow-y: auto; }
.turn, .reply { max-width: 85%; padding: calc(var(--_stalwart-gap) / 2) var(--_stalwart-gap); border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius); overflow-wrap: anywhere; white-space: pre-wrap; }
.turn { align-self: flex-end; }
.reply { align-self: flex-start; }
.reply ol, .reply ul { white-space: normal; }
[part=citations] a { margin-left: 0.2em; font-size: 0.85em; }
[part=image] { max-width: 100%; height: auto; border-radius: var(--_stalwart-radius); }
[part=thumbs], [part=composer] { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
[part=thumbs] button { display: grid; place-items: center; min-height: 2em; padding: 0 0.5em; }
svg { width: 1.1em; height: 1.1em; fill: currentColor; }
.thumb--down svg { transform: rotate(180deg); }
h4, .note, [part=status], [part=typing], [part=correcting], [part=thumbs-notice], [part=privacy] {
  color: var(--_stalwart-muted); font-size: 0.9em; }
.error { color: var(--_stalwart-bad); }
[part=error-detail] p { color: var(--_stalwart-fg); white-space: pre-wrap; }
textarea { flex: 1; padding: calc(var(--_stalwart-gap) / 2); resize: vertical; }
.hidden-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

  #bot = null;
  #botGiven = false;
  #fetcher = (...request) => globalThis.fetch(...request);
  #eventSource = globalThis.EventSource;
  #api = null;
  #book = new StreamBook();
  #source = null;
  #timer = 0;
  #refreshing = 0;
  /** Stream replies wait in #held while a request is out, to keep their order. */
  #inFlight = 0;
  #held = [];
  #sending = false;
  /** Open pauses by id, with what goes inert when each closes. */
  #cards = new Map();
  #shown = new Set();
  /** Turns sent here that the stream has not echoed yet. */
  #echoes = [];
  #n = {};

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
    if (this.#source) this.#open();
  }

  get fetcher() {
    return this.#fetcher;
  }

  set fetcher(value) {
    if (typeof value !== "function") throw new TypeError("fetcher must be a function like fetch.");
    this.#fetcher = value;
  }

  get isConnected() {
    return this.#book.status === StreamStatus.OPEN;
  }

  connectedCallback() {
    super.connectedCallback();
    this.#start();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#stop();
  }

  [RENDER]() {
    const { [H]: h, [SAY]: say } = this;
    const n = this.#n;
    const line = (part, key) => say(h("p", { part, id: part, hidden: true }), key);
    n.log = say(
      h("div", { part: "log", role: "log", "aria-live": "off", tabindex: 0 }),
      "conversation",
      {},
      "aria-label",
    );
    n.trace = h("stalwart-trace", { part: "steps", hidden: true });
    n.status = h("p", { part: "status", role: "status" });
    n.detail = h("p");
    n.error = h(
      "div",
      { class: "error", role: "alert", hidden: true },
      say(h("p"), "error"),
      h("details", { part: "error-detail" }, say(h("summary"), "details"), n.detail),
    );
    n.field = h("textarea", { rows: 2, on: { keydown: (event) => this.#enter(event) } });
    say(n.field, "placeholder", {}, "placeholder");
    say(n.field, "placeholder", {}, "aria-label");
    n.send = say(h("button", { type: "submit", class: "primary" }), "send");
    this.shadowRoot.replaceChildren(
      h(
        "div",
        { class: "chat" },
        h(
          "header",
          { part: "header" },
          (n.logo = h("span", { part: "logo", "aria-hidden": "true" })),
          (n.name = h("span", { part: "name" })),
          h("slot", { name: "header" }),
        ),
        (n.intro = h("section", { class: "intro" })),
        n.log,
        n.trace,
        (n.typing = line("typing", "writing")),
        n.status,
        n.error,
        (n.correcting = line("correcting", "correcting")),
        h("form", { part: "composer", on: { submit: (event) => this.#submit(event) } }, n.field, n.send),
        (n.thumbsNotice = line("thumbs-notice", "thumbsNotice")),
        (n.privacy = h("p", { part: "privacy" })),
        h("slot", { name: "footer" }),
        (n.announcer = h("div", { class: "hidden-text", "aria-live": "polite", "aria-atomic": "true" })),
      ),
    );
    this.shadowRoot.addEventListener(DECISION, (event) => this.#decide(event));
    this[CHANGED]("thumbs");
    this.#showBot();
  }

  [CHANGED](name) {
    const on = this.hasAttribute(name);
    const all = (selector) => this.shadowRoot.querySelectorAll(selector);
    if (name === "base" || name === "thread") this.#restart(name === "base");
    else if (name === "staff") for (const node of all("stalwart-decision")) node.toggleAttribute(name, on);
    else if (name === "thumbs") for (const node of all("#thumbs-notice, [part=thumbs]")) node.hidden = !on;
  }

  get #client() {
    const base = this.getAttribute("base");
    if (base !== null && (this.#api?.base !== base || this.#api.fetcher !== this.#fetcher)) {
      const session = this.#api?.session;
      this.#api = new Api(base, this.#fetcher);
      this.#api.session = session;
    }
    return base === null ? null : this.#api;
  }

  get #target() {
    const api = this.#client;
    const thread = this.getAttribute("thread");
    return api && thread ? { api, thread } : null;
  }

  #start() {
    if (!this.#botGiven && !this.#bot) {
      this.#client?.config().then(
        (bot) => {
          if (this.#botGiven) return;
          this.#bot = bot;
          this.#showBot();
        },
        (error) => this.#fail(error),
      );
    }
    this.#refresh();
    this.#open();
  }

  #stop() {
    this.#drop();
    this.#book.stopped();
    this.#showStatus();
  }

  #drop() {
    clearTimeout(this.#timer);
    this.#source?.close();
    this.#source = null;
  }

  #restart(newBackend) {
    this.#stop();
    this.#book = new StreamBook();
    this.#shown.clear();
    this.#cards.clear();
    this.#echoes = [];
    this.#held = [];
    this.#n.log.replaceChildren();
    this.#n.trace.events = [];
    this.#n.trace.hidden = true;
    if (newBackend && !this.#botGiven) this.#bot = null;
    this.#showBot();
    this.#showStatus();
    // isConnected means the stream here.
    if (this.getRootNode({ composed: true }) === this.ownerDocument) this.#start();
  }

  #showBot() {
    const n = this.#n;
    const bot = this.#bot;
    const name = text(bot?.name);
    n.name.textContent = name;
    n.logo.textContent = name.trim().charAt(0).toUpperCase();
    n.logo.hidden = !name;
    n.intro.replaceChildren(...(bot ? intro(this, bot, (example) => this.#try(example)) : []));
    n.privacy.replaceChildren(...(bot ? privacy(this, bot) : []));
    n.privacy.hidden = !bot;
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

  async #submit(event) {
    event.preventDefault();
    const words = this.#n.field.value.trim();
    const target = this.#target;
    if (this.#sending || !words || !target) return;
    this.#sending = true;
    this.#turn(words);
    this.#echoes.push(words);
    this.#n.field.value = "";
    this.#fail(await this.#request(() => target.api.message(target.thread, words)));
    this.#sending = false;
    this.#showSending();
    // A first turn creates the thread, so its stream is there now.
    if (!this.isConnected && !this.#source) this.#open();
  }

  async #decide(event) {
    // The path is gone once the event is over.
    const [card, ...path] = event.composedPath();
    const entry = [card, ...path].find((node) => node.parentNode === this.#n.log);
    const { interrupt, decision, value } = event.detail;
    const target = this.#target;
    if (!target) {
      card.interrupt = interrupt;
      return;
    }
    const close = () => this.#close(interrupt.id, card);
    const answer = { interrupt_id: interrupt.id, decision, token: interrupt.token, value };
    const error = await this.#request(() => target.api.resume(target.thread, answer), close);
    if (error?.status === 409) {
      close();
      entry?.after(this[H]("p", { class: "note" }, error.message));
    } else if (error) {
      this.#fail(error);
      card.interrupt = interrupt;
    }
  }

  /** Returns the error, if any; what waits is read again, as the run may have moved on anywhere. */
  async #request(send, sent) {
    this.#inFlight += 1;
    this.#showSending();
    let failed = null;
    try {
      const reply = await send();
      this.#n.error.hidden = true;
      sent?.();
      this.#reply(reply, true);
    } catch (error) {
      failed = error;
    }
    this.#inFlight -= 1;
    this.#showSending();
    if (!this.#inFlight) for (const event of this.#held.splice(0)) this.#take(event);
    this.#refresh();
    return failed;
  }

  #first(key) {
    const first = !this.#shown.has(key);
    this.#shown.add(key);
    return first;
  }

  #reply(reply, announce) {
    if (!reply || typeof reply !== "object") return;
    const said = text(reply.reply);
    const { refusal, rollback } = reply;
    if (said && this.#first(`reply:${reply.message}`)) {
      this.#append(replyEntry(this, reply, (...thumb) => this.#thumb(...thumb)));
      // Never the history the stream replays.
      if (announce) this.#n.announcer.textContent = said;
    }
    if (refusal) {
      const staff = this.hasAttribute("staff");
      this.#append(
        this[H]("stalwart-decision", {
          sentence: refusal.sentence ?? "",
          rule: refusal.rule,
          contact: refusal.contact,
          staff,
        }),
      );
    }
    if (rollback) {
      const report = this[H]("stalwart-rollback");
      report.report = rollback;
      // Its stuck pause is answered inside it.
      if (rollback.waiting?.id && this.#first(`pause:${rollback.waiting.id}`))
        this.#cards.set(rollback.waiting.id, report);
      this.#append(report);
    }
    for (const pause of reply.waiting ?? []) this.#card(pause);
    this.#showStatus();
  }

  #card(pause) {
    if (!pause?.id || !this.#first(`pause:${pause.id}`)) return;
    const card = this[H]("stalwart-confirm");
    card.interrupt = pause;
    card.single = !this.#cards.size;
    for (const other of this.#cards.values()) other.single = false;
    this.#cards.set(pause.id, card);
    this.#append(card);
  }

  #close(id, node) {
    node.inert = true;
    this.#cards.delete(id);
    this.#showStatus();
  }

  async #thumb(message, thumb, button) {
    const target = this.#target;
    if (!target) return;
    try {
      await target.api.feedback(target.thread, message, thumb);
      for (const other of button.parentElement.children) other.setAttribute("aria-pressed", other === button);
      this.#n.error.hidden = true;
    } catch (error) {
      this.#fail(error);
    }
  }

  #refresh() {
    clearTimeout(this.#refreshing);
    this.#refreshing = setTimeout(async () => {
      const target = this.#target;
      if (!target || this.#inFlight) return;
      try {
        const { interrupts } = await target.api.interrupts(target.thread);
        const open = new Set(interrupts.map((pause) => pause.id));
        for (const [id, node] of this.#cards) if (!open.has(id)) this.#close(id, node);
        for (const pause of interrupts) this.#card(pause);
        this.#showStatus();
      } catch (error) {
        // 404: a thread with no turn yet.
        if (error.status !== 404) this.#fail(error);
      }
    }, 50);
  }

  #open() {
    const target = this.#target;
    const EventSource = this.#eventSource;
    this.#drop();
    if (!target || typeof EventSource !== "function") return;
    this.#book.connecting();
    const source = (this.#source = new EventSource(this.#book.url(target.api.stream(target.thread))));
    const on = (type, listener) =>
      source.addEventListener(type, (event) => source === this.#source && listener(event));
    on("open", () => {
      this.#book.opened();
      this.#showStatus();
    });
    on("error", () => {
      const delay = this.#book.dropped(source.readyState === EventSource.CLOSED);
      this.#showStatus();
      if (delay !== null) {
        this.#drop();
        this.#timer = setTimeout(() => this.#open(), delay);
      }
    });
    // EventSource hears a named event only through its own listener.
    for (const type of [...EVENT_TYPES, "message"]) {
      on(type, (message) => {
        if (this.#book.take(message.lastEventId)) this.#event(message.data);
      });
    }
  }

  #event(data) {
    const event = parse(data);
    if (!event || typeof event !== "object") return;
    this.#n.trace.events = [...this.#n.trace.events, event];
    this.#n.trace.hidden = false;
    if (this.#inFlight && event.type === "reply") this.#held.push(event);
    else this.#take(event);
  }

  #take({ type, data }) {
    if (type === "turn") {
      const echo = this.#echoes.indexOf(data?.text);
      if (echo >= 0) this.#echoes.splice(echo, 1);
      else this.#turn(data?.text);
    } else {
      if (type === "reply") this.#reply({ ...data, reply: data?.text }, false);
      this.#refresh();
    }
  }

  #turn(words) {
    if (typeof words === "string") this.#append(this[H]("div", { class: "turn" }, words));
  }

  #append(entry) {
    this.#n.log.append(entry);
    entry.scrollIntoView?.({ block: "nearest" });
  }

  #fail(error) {
    if (!error) return;
    this.#n.detail.textContent = error.status
      ? `${error.status}: ${error.message}`
      : String(error.message ?? error);
    this.#n.error.hidden = false;
  }

  #showSending() {
    const n = this.#n;
    n.typing.hidden = !this.#inFlight;
    n.send.disabled = this.#sending;
    this[SAY](n.send, this.#sending ? "sending" : "send");
  }

  #showStatus() {
    const n = this.#n;
    if (!n.status) return;
    n.correcting.hidden = !this.#cards.size;
    const reconnecting = this.#book.status === StreamStatus.RECONNECTING;
    this[SAY](n.status, reconnecting ? "reconnecting" : this.#cards.size ? "waiting" : null);
  }
}
