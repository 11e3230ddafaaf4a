import { EVENT_TYPES } from "../generated/spec.js";
import { Api, parse } from "../internal/api.js";
import { text } from "../internal/dom.js";
import { StreamBook, StreamState } from "../internal/stream-book.js";

/** Pauses are read again this long after the last thing that may have moved them. */
const REFRESH_MS = 50;
/** How long a request's reply waits for the open stream to bring it, so replies show in the stream's order. */
const CATCH_UP_MS = 1000;

/** The show*, closePause and changed callbacks chat.component.js gives its controller. @typedef {object} ChatView */

/** The chat without its page (backend, stream, reconnects, held replies, echoes, pauses): it never touches the DOM. */
export class ChatController {
  /** @type {string | null} Where `stalwart serve` answers; null talks to nothing. */
  base = null;
  /** @type {string | null} */
  thread = null;
  /** The thread has no turn yet: there is nothing to read until the first turn creates it. */
  fresh = false;
  fetcher;

  #view;
  #eventSource;
  #bot = null;
  #botGiven = false;
  #api = null;
  #book = new StreamBook();
  #source = null;
  #timer = 0;
  #refreshing = 0;
  /** Counts refreshes, each after something that may have moved the pauses; a read older than the last is stale. */
  #moved = 0;
  /** Stream replies wait in #held while a request is out, to keep their order. */
  #inFlight = 0;
  #held = [];
  /** Resolves each request's reply once the stream has brought it, by message. */
  #awaited = new Map();
  #sending = false;
  /** The ids of the pauses that wait. */
  #pauses = new Set();
  /** The ids of the pauses the stream told of, shown until the backend says whether they wait. */
  #unsure = new Set();
  /** The last report shown of each run with no stuck undo in it: a stuck undo that waits joins it. */
  #reports = new Map();
  /** A stuck undo shown on its own, by run, until its report arrives and takes it in. */
  #alone = new Map();
  #shown = new Set();
  /** Closed pauses whose card does not say yet how they were answered. */
  #undecided = new Set();
  /** Turns sent here that the stream has not echoed yet. */
  #echoes = [];

  /** @param {ChatView} view */
  constructor(view, { fetcher = (...request) => globalThis.fetch(...request), eventSource } = {}) {
    this.#view = view;
    this.fetcher = fetcher;
    this.#eventSource = eventSource ?? globalThis.EventSource;
  }

  get bot() {
    return this.#bot;
  }

  /** A bot given here is kept: the backend's /config.json never replaces it. */
  set bot(value) {
    this.#bot = value ?? null;
    this.#botGiven = value != null;
  }

  get eventSource() {
    return this.#eventSource;
  }

  set eventSource(value) {
    this.#eventSource = value;
    if (this.#source) this.#connect();
  }

  /** One of StreamState. */
  get streamState() {
    return this.#book.state;
  }

  /** A request is out, so a reply is being written. */
  get replying() {
    return this.#inFlight > 0;
  }

  /** The ids of the pauses that wait for a decision. */
  get waitingIds() {
    return [...this.#pauses];
  }

  /** A turn is on its way; the next waits for it. */
  get sending() {
    return this.#sending;
  }

  /** How many pauses wait for a decision. */
  get waiting() {
    return this.#pauses.size;
  }

  /** A staff-only bot and a person who is neither its owner nor staff: no thread is asked for or shown. */
  get shut() {
    return Boolean(this.#bot?.staff_only && this.#bot.viewer === "guest");
  }

  /** The owner's chat, and the bot's model has no AI key yet: a delegate card asks for one. */
  get keyMissing() {
    return Boolean(this.#bot?.model_key?.missing && this.#bot.viewer === "owner");
  }

  /** Not through the bot setter, which would keep this bot over the next /config.json. */
  keyInUse() {
    this.#bot = { ...this.#bot, model_key: { ...this.#bot.model_key, missing: false } };
  }

  /** The backend's client, for what the chat asks outside a thread (the owner's panels). */
  get api() {
    return this.#client;
  }

  /** Loads the bot unless it was given, reads what waits, and follows the stream. */
  start() {
    if (!this.#botGiven && !this.#bot) {
      this.#client?.config().then(
        (bot) => {
          if (this.#botGiven) return;
          this.#bot = bot;
          if (this.shut) this.stop();
          this.#view.showBot();
        },
        (error) => this.#view.showError(error),
      );
    }
    if (this.shut) return;
    this.#refresh();
    this.#connect();
  }

  stop() {
    this.#drop();
    this.#book.stopped();
    this.#view.changed();
  }

  /** Stops and forgets the conversation, for another thread or another backend. */
  reset(newBackend) {
    this.stop();
    this.#book = new StreamBook();
    this.#shown.clear();
    this.#pauses.clear();
    this.#unsure.clear();
    this.#undecided.clear();
    this.#reports.clear();
    this.#alone.clear();
    this.#echoes = [];
    this.#held = [];
    if (newBackend && !this.#botGiven) this.#bot = null;
  }

  /** Sends a turn: returns the request, or null for no words, no thread, or a turn still on its way. */
  send(words) {
    const target = this.#target;
    if (this.#sending || !words || !target || this.shut) return null;
    this.#sending = true;
    this.#view.showTurn(words);
    this.#echoes.push(words);
    return this.#message(target, words);
  }

  /**
   * `closed(stale)` runs once the pause stops waiting (stale: a 409, answered elsewhere); true once closed.
   * `refused(error)` runs when a question refuses the value (a 422: out of range, not its type): the
   * backend's sentence says why, in the run's language, and the question waits for another.
   */
  async answer(interrupt, decision, value, closed, refused = () => {}) {
    const target = this.#target;
    if (!target) return false;
    const close = (stale) => this.#close(interrupt.id, () => closed(stale));
    // The contract's answer names the pause's kind (and an ask's type), so the schema knows its decisions.
    const { kind, type } = interrupt;
    const answer = { interrupt_id: interrupt.id, kind, decision, token: interrupt.token, value, type };
    const error = await this.#request(() => target.api.resume(target.thread, answer), () => close());
    if (error?.status === 409) close(error);
    else if (error?.status === 422 && kind === "ask") refused(error);
    else if (error) this.#view.showError(error);
    return !error || error.status === 409;
  }

  /** Resolves true once the backend kept the thumb. */
  async rate(message, thumb) {
    const target = this.#target;
    if (!target) return false;
    try {
      await target.api.feedback(target.thread, message, thumb);
      this.#view.showError(null);
      return true;
    } catch (error) {
      this.#view.showError(error);
      return false;
    }
  }

  /** The API under base, made again when base or the fetcher changes; the session carries over. */
  get #client() {
    const base = this.base;
    if (base !== null && (this.#api?.base !== base || this.#api.fetcher !== this.fetcher)) {
      const session = this.#api?.session;
      this.#api = new Api(base, this.fetcher);
      this.#api.session = session;
    }
    return base === null ? null : this.#api;
  }

  get #target() {
    const api = this.#client;
    return api && this.thread ? { api, thread: this.thread } : null;
  }

  async #message(target, words) {
    const error = await this.#request(() => target.api.message(target.thread, words));
    if (error) this.#view.showError(error);
    else this.fresh = false;
    this.#sending = false;
    this.#view.changed();
    // A first turn creates the thread, so its stream is there now.
    if (this.streamState !== StreamState.OPEN && !this.#source) this.#connect();
  }

  /** Returns the error, if any; what waits is read again, as the run may have moved on anywhere. */
  async #request(send, sent) {
    this.#inFlight += 1;
    this.#view.changed();
    let failed = null;
    try {
      const reply = await send();
      this.#view.showError(null);
      sent?.();
      await this.#inOrder(reply);
    } catch (error) {
      failed = error;
    }
    this.#inFlight -= 1;
    this.#view.changed();
    if (!this.#inFlight) for (const event of this.#held.splice(0)) this.#take(event);
    this.#refresh();
    return failed;
  }

  /** What the stream brought before the request's reply shows first (a correction's "Cancelled" above its new answer). */
  async #inOrder(reply) {
    const message = reply?.message;
    if (message && text(reply.reply)) await this.#streamed(message);
    const at = this.#held.findIndex((event) => event.data?.message === message);
    for (const event of this.#held.splice(0, at < 0 ? this.#held.length : at)) this.#take(event);
    this.#reply(reply, true);
  }

  #streamed(message) {
    const heard = this.#held.some((event) => event.data?.message === message);
    if (heard || this.streamState !== StreamState.OPEN) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#awaited.delete(message) && resolve(), CATCH_UP_MS);
      this.#awaited.set(message, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  #first(key) {
    const first = !this.#shown.has(key);
    this.#shown.add(key);
    return first;
  }

  /** Announced only as a request's answer; refusal, rollback, pauses first, as the stream tells, so a reload matches. */
  #reply(reply, announce) {
    if (!reply || typeof reply !== "object") return;
    if (reply.refusal) this.#refusal(reply.refusal, reply.run);
    if (reply.rollback) this.#rollback(reply.rollback, reply.run);
    for (const pause of reply.waiting ?? []) this.#pause(pause);
    if (text(reply.reply) && this.#first(`reply:${reply.message}`)) this.#view.showReply(reply, announce);
    this.#view.changed();
  }

  #refusal(refusal, run) {
    if (this.#first(`refusal:${run}:${refusal.tool}:${refusal.sentence}`)) this.#view.showRefusal(refusal);
  }

  /** Its stuck pause is answered inside it; a stream's report takes it in once the backend says it still waits. */
  #rollback(report, run, stuckId = report.waiting?.id) {
    const count = (list) => (Array.isArray(list) ? list.length : 0);
    // A correction of a run that had done nothing: its "Cancelled" says all there is.
    const told = count(report.undone) + count(report.not_undoable) + count(report.stuck) + count(report.unknown);
    if (!told && !stuckId) return;
    // A correction's report comes with the new run's reply, and on the stream with its own run.
    run = report.run ?? run;
    const key = [run, count(report.undone), count(report.not_undoable), count(report.stuck), stuckId ?? ""];
    if (!this.#first(`rollback:${key.join(":")}`)) return;
    // A stuck undo already shown on its own moves into its report.
    const alone = this.#alone.get(run);
    if (alone && this.#pauses.has(alone.id) && (!report.waiting || report.waiting.id === alone.id)) {
      this.#alone.delete(run);
      return this.#view.showRollback({ ...report, waiting: alone }, alone.id);
    }
    const id = report.waiting?.id;
    const stuck = id && this.#first(`pause:${id}`) ? id : null;
    this.#view.showRollback(report, stuck);
    if (stuck) this.#pauses.add(stuck);
    else this.#reports.set(run, report);
  }

  /** Quiet: the stream told of it, and whether it still waits is not known yet. */
  #pause(pause, quiet = false) {
    const id = pause?.id;
    if (!id || this.#pauses.has(id)) return;
    if (quiet) {
      if (this.#first(`pause:${id}`)) this.#unsure.add(id);
      if (this.#unsure.has(id)) this.#view.showPause(pause, false, true);
      return;
    }
    if (!this.#unsure.delete(id) && !this.#first(`pause:${id}`)) return;
    const report = pause.kind === "saga_stuck" && this.#reports.get(pause.run);
    if (report) {
      this.#reports.delete(pause.run);
      this.#view.showRollback({ ...report, waiting: pause }, id, true);
    } else {
      if (pause.kind === "saga_stuck") this.#alone.set(pause.run, pause);
      this.#view.showPause(pause, !this.#pauses.size);
    }
    this.#pauses.add(id);
  }

  #close(id, closed = () => this.#view.closePause(id)) {
    this.#pauses.delete(id);
    this.#undecided.add(id);
    closed();
    this.#view.changed();
  }

  #closed(id) {
    this.#undecided.add(id);
    this.#view.closePause(id);
  }

  /** One read finds every answer: its record is written with its claim. A correction's close has none. */
  async #readDecisions(target) {
    const { decisions } = await target.api.decisions(target.thread);
    for (const record of decisions) if (this.#undecided.has(record.interrupt)) this.#view.showDecided(record);
    this.#undecided.clear();
  }

  #refresh() {
    this.#moved += 1;
    clearTimeout(this.#refreshing);
    this.#refreshing = setTimeout(() => this.#readPauses(), REFRESH_MS);
  }

  async #readPauses() {
    const target = this.#target;
    if (!target || this.#inFlight || this.fresh) return;
    const moved = this.#moved;
    try {
      const { interrupts } = await target.api.interrupts(target.thread);
      // A request is out, or one ended or an event came while it was: the read that follows tells.
      if (moved !== this.#moved || this.#inFlight) return;
      const open = new Set(interrupts.map((pause) => pause.id));
      for (const id of this.#pauses) if (!open.has(id)) this.#close(id);
      for (const id of this.#unsure) {
        if (!open.has(id) && this.#unsure.delete(id)) this.#closed(id);
      }
      for (const pause of interrupts) this.#pause(pause);
      this.#view.changed();
      if (this.#undecided.size) await this.#readDecisions(target);
    } catch (error) {
      // 404: a thread with no turn yet.
      if (error.status !== 404 && !this.shut) this.#view.showError(error);
    }
  }

  #drop() {
    clearTimeout(this.#timer);
    this.#source?.close();
    this.#source = null;
  }

  #connect() {
    const target = this.#target;
    const EventSource = this.#eventSource;
    this.#drop();
    if (!target || this.fresh || typeof EventSource !== "function") return;
    this.#book.connecting();
    const source = (this.#source = new EventSource(this.#book.url(target.api.stream(target.thread))));
    const on = (type, listener) =>
      source.addEventListener(type, (event) => source === this.#source && listener(event));
    on("open", () => {
      this.#book.opened();
      this.#view.changed();
    });
    on("error", () => {
      const delay = this.#book.dropped(source.readyState === EventSource.CLOSED);
      this.#view.changed();
      if (delay !== null) {
        this.#drop();
        this.#timer = setTimeout(() => this.#connect(), delay);
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
    this.#view.showEvent(event);
    if (this.#inFlight && event.type === "reply") {
      this.#held.push(event);
      this.#awaited.get(event.data?.message)?.();
      this.#awaited.delete(event.data?.message);
    } else this.#take(event);
  }

  /** A turn sent here is echoed once and not shown again; a stuck undo's pause shows inside its rollback. */
  #take({ type, data, run }) {
    if (type === "turn") {
      const echo = this.#echoes.indexOf(data?.text);
      if (echo >= 0) this.#echoes.splice(echo, 1);
      else if (typeof data?.text === "string") this.#view.showTurn(data.text);
      return;
    }
    if (type === "reply") this.#reply({ ...data, run, reply: data?.text }, false);
    else if (type === "refusal" && data) this.#refusal(data, run);
    else if (type === "rollback" && Array.isArray(data?.report?.undone)) this.#rollback({ ...data.report, waiting: null }, run, data.report.waiting?.id);
    else if (type === "pause" && data?.interrupt?.kind !== "saga_stuck") this.#pause(data?.interrupt, true);
    // Answered, here or elsewhere: closed now, not when the answer's response (which runs on) returns.
    else if (type === "answer" && this.#pauses.has(data?.interrupt)) this.#close(data.interrupt);
    this.#refresh();
  }
}
