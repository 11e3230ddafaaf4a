import assert from "node:assert/strict";
import { test } from "node:test";

import { ChatController } from "../src/chat/chat.controller.js";
import { saveModelKey } from "../src/chat/owner-requests.js";
import { StreamState } from "../src/internal/stream-book.js";

const BASE = "http://127.0.0.1:8700/agent/";
const CHOICES = ["approve", "skip"];
const CONFIRM = { id: "p-1", token: "k-1", kind: "confirm", tool: "charge_card", choices: CHOICES };
const OTHER = { id: "p-2", token: "k-2", kind: "confirm", tool: "cancel_order", choices: CHOICES };

/** An EventSource the test opens, feeds and drops by hand. */
class FakeEventSource extends EventTarget {
  static CLOSED = 2;

  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }

  send(id, type, data) {
    const event = JSON.stringify({ id, thread: "u-17", run: "r-1", type, data });
    this.dispatchEvent(new MessageEvent(type, { data: event, lastEventId: String(id) }));
  }

  /** A drop: the browser retries by itself unless `closed`. */
  drop(closed) {
    this.readyState = closed ? FakeEventSource.CLOSED : 0;
    this.dispatchEvent(new Event("error"));
  }
}

/** The routes of `stalwart serve` the chat uses, answered from a state the test sets; it keeps requests. */
class Backend {
  requests = [];
  open = [];
  /** A turn's reply by its text; others get a plain one. */
  turns = {};
  /** The next resume answers this status instead of going through. */
  resumeStatus = 200;
  /** The pauses a resume makes, as a step that goes on to the next would. */
  resumeMakes = [];
  feedbackStatus = 204;
  /** What GET /threads/u-17/decisions lists. */
  decisions = [];
  /** What POST /model-key answers: the key it takes, and whether the host uses it at once. */
  modelKey = { key: "sk-right", in_use: true };
  config = { name: "Shop" };
  #gate = null;
  #readGate = null;
  #replies = 0;

  fetcher = async (url, init = {}) => {
    const body = init.body ? JSON.parse(init.body) : null;
    const route = new URL(url).pathname.slice(new URL(BASE).pathname.length);
    this.requests.push({ route, method: init.method, body });
    if (route === "threads/u-17/interrupts") {
      // What waits is read when the request arrives; a held read answers it later.
      const interrupts = this.open;
      await this.#readGate;
      return json(200, { thread: "u-17", interrupts });
    }
    await this.#gate;
    if (route === "config.json") return json(200, this.config);
    if (route === "threads/u-17/decisions") return json(200, { thread: "u-17", decisions: this.decisions });
    if (route === "threads/u-17/messages") {
      const reply = this.reply(this.turns[body.text] ?? { reply: `You said: ${body.text}` });
      this.open = [...reply.waiting];
      return json(200, reply);
    }
    if (route === "threads/u-17/resume") {
      const status = this.resumeStatus;
      this.resumeStatus = 200;
      this.open = [...this.open.filter((pause) => pause.id !== body.interrupt_id), ...this.resumeMakes];
      const problem =
        status === 422
          ? { code: "invalid_request", detail: "1e+30 is out of range. How much?" }
          : { code: "interrupt_stale", detail: "Answered in another tab." };
      if (status !== 200) return json(status, problem);
      return json(200, this.reply({ reply: `Done: ${body.decision}.`, waiting: this.open }));
    }
    if (route === "threads/u-17/feedback") {
      if (this.feedbackStatus === 204) return new Response(null, { status: 204 });
      return json(403, { detail: "Not yours." });
    }
    if (route === "model-key") {
      if (body.key !== this.modelKey.key) return json(422, { code: "invalid_request", detail: "Refused." });
      return json(200, { in_use: this.modelKey.in_use, kept_in: "file" });
    }
    return json(404, { detail: `No route ${route}.` });
  };

  reply(fields) {
    this.#replies += 1;
    return { thread: "u-17", run: "r-1", message: `m-${this.#replies}`, reply: "", waiting: [], ...fields };
  }

  /** Holds every answer until the returned function is called. */
  hold() {
    return gate((held) => (this.#gate = held));
  }

  /** Holds the answers to reads of what waits, each read as it arrived, until the returned function is called. */
  holdReads() {
    return gate((held) => (this.#readGate = held));
  }

  sent(route) {
    return this.requests.filter((request) => request.route === route);
  }
}

/** Sets a promise through `keep` and returns what resolves it; resolved, `keep` is given null. */
function gate(keep) {
  let release;
  keep(
    new Promise((resolve) => {
      release = () => {
        keep(null);
        resolve();
      };
    }),
  );
  return release;
}

function json(status, body) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Lets every answer already on its way arrive. */
async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A controller over a Backend and FakeEventSource, aimed at thread u-17; its view keeps each call. */
function setUp(t) {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const backend = new Backend();
  const streams = [];
  const calls = [];
  const view = new Proxy({}, { get: (_, name) => (...args) => calls.push([name, ...args]) });
  class EventSource extends FakeEventSource {
    constructor(url) {
      super(url);
      streams.push(this);
    }
  }
  const chat = new ChatController(view, { fetcher: backend.fetcher, eventSource: EventSource });
  chat.base = BASE;
  chat.thread = "u-17";
  const shown = (name) => calls.filter(([called]) => called === name).map(([, ...args]) => args);
  /** Runs the timer that reads the pauses again, and lets its answer arrive. */
  const reread = async () => {
    t.mock.timers.tick(50);
    await settle();
  };
  return { chat, backend, streams, shown, reread };
}

test("follows the thread's stream under base", (t) => {
  const { chat, streams } = setUp(t);
  chat.start();
  assert.deepEqual(
    streams.map((stream) => stream.url),
    [`${BASE}threads/u-17/stream`],
  );
  assert.equal(chat.streamState, StreamState.CONNECTING);
});

test("the stream is open until it drops, then reconnecting until it opens again", (t) => {
  const { chat, streams } = setUp(t);
  chat.start();
  streams[0].open();
  assert.equal(chat.streamState, StreamState.OPEN);
  streams[0].drop(false);
  assert.equal(chat.streamState, StreamState.RECONNECTING);
  streams[0].open();
  assert.equal(chat.streamState, StreamState.OPEN);
});

test("a drop the browser retries keeps the same stream", (t) => {
  const { chat, streams } = setUp(t);
  chat.start();
  streams[0].open();
  streams[0].drop(false);
  t.mock.timers.tick(30000);
  assert.equal(streams.length, 1);
});

test("a closed stream is opened again a second later, after the last event", (t) => {
  const { chat, streams } = setUp(t);
  chat.start();
  streams[0].open();
  streams[0].send(41, "plan", {});
  streams[0].send(42, "plan", {});
  streams[0].drop(true);
  t.mock.timers.tick(999);
  assert.equal(streams.length, 1);
  t.mock.timers.tick(1);
  assert.equal(new URL(streams[1].url).searchParams.get("last_event_id"), "42");
});

test("events of a stream that was replaced are not heard", (t) => {
  const { chat, streams, shown } = setUp(t);
  chat.start();
  streams[0].drop(true);
  t.mock.timers.tick(1000);
  streams[0].send(1, "plan", {});
  assert.deepEqual(shown("showEvent"), []);
  streams[1].send(1, "plan", {});
  assert.equal(shown("showEvent").length, 1);
});

test("an event sent again is shown once", (t) => {
  const { chat, streams, shown } = setUp(t);
  chat.start();
  for (const id of [1, 2, 2, 1, 3]) streams[0].send(id, "plan", { step: id });
  assert.deepEqual(
    shown("showEvent").map(([event]) => event.id),
    [1, 2, 3],
  );
});

test("a turn this page sent is shown once, though the stream echoes it", async (t) => {
  const { chat, streams, shown } = setUp(t);
  chat.start();
  await chat.send("hello there");
  streams[0].send(1, "turn", { text: "hello there" });
  streams[0].send(2, "turn", { text: "from the other tab" });
  assert.deepEqual(shown("showTurn"), [["hello there"], ["from the other tab"]]);
});

/** Sends a turn and, while its request is out, a reply on the stream; then lets the request through. */
async function replyWhileSending(t, message) {
  const { chat, backend, streams, shown } = setUp(t);
  chat.start();
  const release = backend.hold();
  const sent = chat.send("hello there");
  streams[0].send(1, "reply", { message, text: "Said on the stream." });
  const before = shown("showReply");
  release();
  await sent;
  return { chat, before, after: shown("showReply") };
}

const order = (calls) => calls.map(([reply, announced]) => [reply.message, announced]);

test("a reply the stream sends while the request is out waits for it, and shows before it, as the stream told", async (t) => {
  const { before, after } = await replyWhileSending(t, "m-9");
  assert.deepEqual(before, []);
  assert.deepEqual(order(after), [
    ["m-9", false],
    ["m-1", true],
  ]);
});

test("a reply both the request and the stream bring shows once", async (t) => {
  const { chat, after } = await replyWhileSending(t, "m-1");
  assert.equal(after.length, 1);
  assert.equal(chat.replying, false);
});

test("a request's reply waits for the open stream, so what the stream told before it shows first", async (t) => {
  const { chat, backend, streams, shown } = setUp(t);
  backend.turns["find 7001"] = { reply: "Order 7001 is open." };
  chat.start();
  streams[0].open();
  const sent = chat.send("find 7001");
  await settle();
  assert.deepEqual(shown("showReply"), []);
  // A correction's old run says "Cancelled" before the new run answers; the stream brings both late.
  streams[0].send(1, "reply", { message: "m-old", text: "Cancelled; nothing more runs." });
  streams[0].send(2, "reply", { message: "m-1", text: "Order 7001 is open." });
  await sent;
  assert.deepEqual(order(shown("showReply")), [
    ["m-old", false],
    ["m-1", true],
  ]);
});

test("a request's reply the open stream never brings shows after a second", async (t) => {
  const { chat, streams, shown } = setUp(t);
  chat.start();
  streams[0].open();
  const sent = chat.send("hello there");
  await settle();
  assert.deepEqual(shown("showReply"), []);
  t.mock.timers.tick(1000);
  await sent;
  assert.deepEqual(order(shown("showReply")), [["m-1", true]]);
});

test("a turn on its way holds the next, and nothing is sent without words", async (t) => {
  const { chat, backend } = setUp(t);
  const release = backend.hold();
  const sent = chat.send("first");
  assert.equal(chat.sending, true);
  assert.equal(chat.send("second"), null);
  assert.equal(chat.send(""), null);
  release();
  await sent;
  assert.equal(chat.sending, false);
  assert.deepEqual(
    backend.sent("threads/u-17/messages").map((request) => request.body),
    [{ text: "first" }],
  );
});

test("without a thread nothing is sent", async (t) => {
  const { chat, backend, streams } = setUp(t);
  chat.thread = null;
  chat.start();
  assert.equal(chat.send("hello"), null);
  assert.equal(await chat.answer(CONFIRM, "approve", undefined, () => {}), false);
  assert.equal(await chat.rate("m-1", "up"), false);
  await settle();
  assert.deepEqual(
    backend.requests.map((request) => request.route),
    ["config.json"],
  );
  assert.equal(streams.length, 0);
});

test("a turn sent while a closed stream waits to reopen opens it at once", async (t) => {
  const { chat, streams } = setUp(t);
  chat.start();
  streams[0].drop(true);
  await chat.send("hello");
  assert.equal(streams.length, 2);
});

test("each pause shows once, and only the first alone is single", async (t) => {
  const { chat, backend, shown, reread } = setUp(t);
  backend.turns["two at once"] = { waiting: [CONFIRM, OTHER] };
  await chat.send("two at once");
  await reread();
  assert.deepEqual(shown("showPause"), [
    [CONFIRM, true],
    [OTHER, false],
  ]);
  assert.equal(chat.waiting, 2);
  assert.deepEqual(chat.waitingIds, ["p-1", "p-2"]);
});

test("a pause answered elsewhere closes once the pauses are read again", async (t) => {
  const { chat, backend, streams, shown, reread } = setUp(t);
  chat.start();
  backend.open = [CONFIRM];
  streams[0].send(3, "pause", { step: 0, kind: "confirm" });
  await reread();
  assert.equal(chat.waiting, 1);
  backend.open = [];
  streams[0].send(4, "answer", { step: 0, decision: "approve" });
  await reread();
  assert.deepEqual(shown("closePause"), [["p-1"]]);
  assert.equal(chat.waiting, 0);
});

test("a pause the stream says is answered closes while the answer's request is still out", async (t) => {
  const { chat, backend, streams, shown } = setUp(t);
  backend.turns.charge = { waiting: [CONFIRM] };
  chat.start();
  await chat.send("charge");
  const release = backend.hold();
  const answered = chat.answer(CONFIRM, "approve", undefined, () => {});
  streams[0].send(4, "answer", { interrupt: "p-1", step: 0, decision: "approve" });
  await settle();
  assert.deepEqual(shown("closePause"), [["p-1"]]);
  assert.equal(chat.waiting, 0);
  release();
  assert.equal(await answered, true);
});

test("a pause an answer brings stays waiting when an older read of the pauses returns after it", async (t) => {
  const { chat, backend, shown, reread } = setUp(t);
  backend.turns.charge = { waiting: [CONFIRM] };
  await chat.send("charge");
  const release = backend.holdReads();
  // The read after the turn goes out while CONFIRM waits, and is slow to return.
  t.mock.timers.tick(50);
  backend.resumeMakes = [OTHER];
  await chat.answer(CONFIRM, "approve", undefined, () => {});
  assert.equal(chat.waiting, 1);
  release();
  await settle();
  await reread();
  assert.deepEqual(shown("closePause"), []);
  assert.deepEqual(
    shown("showPause").map(([pause]) => pause.id),
    ["p-1", "p-2"],
  );
  assert.equal(chat.waiting, 1);
});

test("a pause the stream tells of stays waiting when an older read of the pauses returns after it", async (t) => {
  const { chat, backend, streams, shown, reread } = setUp(t);
  chat.start();
  const release = backend.holdReads();
  // The first read goes out while nothing waits, and is slow to return.
  t.mock.timers.tick(50);
  backend.open = [OTHER];
  streams[0].send(5, "pause", { interrupt: OTHER });
  release();
  await settle();
  await reread();
  assert.deepEqual(shown("closePause"), []);
  assert.equal(chat.waiting, 1);
});

/** Answers CONFIRM, waiting after a turn, with the backend answering the resume with `status`. */
async function answer(t, status) {
  const { chat, backend, shown } = setUp(t);
  backend.turns.charge = { waiting: [CONFIRM] };
  await chat.send("charge");
  backend.resumeStatus = status;
  const closed = [];
  const done = await chat.answer(CONFIRM, "approve", undefined, (stale) => closed.push(stale));
  return { chat, backend, shown, closed, done };
}

test("an answer is sent with the pause's id and token, and closes it", async (t) => {
  const { chat, backend, closed, done } = await answer(t, 200);
  assert.equal(done, true);
  assert.deepEqual(backend.sent("threads/u-17/resume")[0].body, {
    interrupt_id: "p-1",
    kind: "confirm",
    decision: "approve",
    token: "k-1",
  });
  assert.deepEqual(closed, [undefined]);
  assert.equal(chat.waiting, 0);
});

test("a stale answer closes the pause with the backend's words, and is no error", async (t) => {
  const { chat, shown, closed, done } = await answer(t, 409);
  assert.equal(done, true);
  assert.deepEqual(
    closed.map((stale) => [stale.status, stale.message]),
    [[409, "Answered in another tab."]],
  );
  assert.deepEqual(
    shown("showError").filter(([error]) => error),
    [],
  );
  assert.equal(chat.waiting, 0);
});

test("a failed answer leaves the pause waiting and shows the error", async (t) => {
  const { chat, shown, closed, done } = await answer(t, 500);
  assert.equal(done, false);
  assert.deepEqual(closed, []);
  assert.equal(shown("showError").at(-1)[0].status, 500);
  assert.equal(chat.waiting, 1);
});

test("an answer the question refuses says why beside it, and the question waits", async (t) => {
  const { chat, backend, shown } = setUp(t);
  const ask = { ...CONFIRM, kind: "ask", type: "number", choices: ["answer"] };
  backend.turns.charge = { waiting: [ask] };
  await chat.send("charge");
  backend.resumeStatus = 422;
  const refused = [];
  const done = await chat.answer(ask, "answer", "1e30", () => {}, (error) => refused.push(error.message));
  assert.equal(done, false);
  assert.deepEqual(refused, ["1e+30 is out of range. How much?"]);
  assert.deepEqual(
    shown("showError").filter(([error]) => error),
    [],
  );
  assert.equal(chat.waiting, 1);
});

test("a correction's report shows once, by its own run, though the new run's reply and the stream both bring it", async (t) => {
  const { chat, backend, streams, shown } = setUp(t);
  const undone = [{ tool: "charge_card", call: "Charge $40.00 to order 7001" }];
  const report = { run: "r-old", undone, not_undoable: [], stuck: [], waiting: null };
  backend.turns["find 7001 instead"] = { run: "r-new", reply: "Order 7001 is open.", rollback: report };
  chat.start();
  await chat.send("find 7001 instead");
  streams[0].send(1, "rollback", { report });
  assert.equal(shown("showRollback").length, 1);
});

test("a correction of a run that had done nothing shows no report: its \"Cancelled\" says it", async (t) => {
  const { chat, backend, streams, shown } = setUp(t);
  const report = { run: "r-old", undone: [], not_undoable: [], stuck: [], unknown: [], waiting: null };
  backend.turns["find 7001 instead"] = { run: "r-new", reply: "Order 7001 is open.", rollback: report };
  chat.start();
  await chat.send("find 7001 instead");
  streams[0].send(1, "rollback", { report });
  assert.deepEqual(shown("showRollback"), []);
});

test("a rollback's stuck pause waits inside it", async (t) => {
  const { chat, backend, shown } = setUp(t);
  const stuck = { ...CONFIRM, id: "p-9", kind: "saga_stuck" };
  backend.turns["undo it all"] = { reply: "I undid what I could.", rollback: { undone: [], waiting: stuck } };
  await chat.send("undo it all");
  assert.deepEqual(
    shown("showRollback").map(([, id]) => id),
    ["p-9"],
  );
  assert.equal(chat.waiting, 1);
});

test("a stuck rollback on the stream takes in its pause once the backend says it waits", async (t) => {
  const { chat, backend, streams, shown, reread } = setUp(t);
  const stuck = { ...CONFIRM, id: "p-9", kind: "saga_stuck", run: "r-1" };
  backend.open = [stuck];
  chat.start();
  await reread();
  // Shown on its own first: its report has not arrived yet.
  assert.deepEqual(shown("showPause").map(([pause]) => pause.id), ["p-9"]);
  streams[0].send(7, "rollback", { report: { undone: [], stuck: [{ tool: "charge_card" }], waiting: stuck } });
  assert.deepEqual(
    shown("showRollback").map(([report, id]) => [report.waiting?.id, id]),
    [["p-9", "p-9"]],
  );
  assert.equal(chat.waiting, 1);
});

test("a stuck rollback the stream replays shows without a pause that no longer waits", async (t) => {
  const { chat, streams, shown, reread } = setUp(t);
  const stuck = { ...CONFIRM, id: "p-9", kind: "saga_stuck", run: "r-1" };
  chat.start();
  streams[0].send(7, "rollback", { report: { undone: [], stuck: [{ tool: "charge_card" }], waiting: stuck } });
  await reread();
  assert.deepEqual(
    shown("showRollback").map(([report, id]) => [report.waiting, id]),
    [[null, null]],
  );
  assert.equal(chat.waiting, 0);
});

test("a thumb the backend refuses says so", async (t) => {
  const { chat, backend, shown } = setUp(t);
  assert.equal(await chat.rate("m-1", "up"), true);
  backend.feedbackStatus = 403;
  assert.equal(await chat.rate("m-1", "down"), false);
  assert.equal(shown("showError").at(-1)[0].status, 403);
  assert.deepEqual(
    backend.sent("threads/u-17/feedback").map((request) => request.body),
    [
      { message: "m-1", thumb: "up" },
      { message: "m-1", thumb: "down" },
    ],
  );
});

test("a thread with no turn yet is no error", async (t) => {
  const { chat, backend, shown, reread } = setUp(t);
  chat.thread = "u-18";
  chat.start();
  await reread();
  assert.deepEqual(
    backend.requests.map((request) => request.route),
    ["config.json", "threads/u-18/interrupts"],
  );
  assert.deepEqual(shown("showError"), []);
});

test("loads the bot from the backend", async (t) => {
  const { chat, shown } = setUp(t);
  chat.start();
  await settle();
  assert.deepEqual(chat.bot, { name: "Shop" });
  assert.equal(shown("showBot").length, 1);
});

test("a bot given is kept, and the backend's is not asked for", async (t) => {
  const { chat, backend } = setUp(t);
  chat.bot = { name: "Given" };
  chat.start();
  await settle();
  assert.deepEqual(chat.bot, { name: "Given" });
  assert.deepEqual(backend.sent("config.json"), []);
});

test("a staff-only bot's guest is shown no thread: the stream closes and nothing is sent", async (t) => {
  const { chat, backend, streams } = setUp(t);
  backend.config = { name: "Shop", staff_only: true, viewer: "guest" };
  chat.start();
  await settle();
  assert.equal(chat.shut, true);
  assert.equal(streams.at(-1).readyState, FakeEventSource.CLOSED);
  assert.equal(chat.send("charge 40 to order 4411"), null);
  assert.deepEqual(backend.sent("threads/u-17/messages"), []);
});

test("a staff-only bot given for a guest asks the backend for nothing", async (t) => {
  const { chat, backend, streams } = setUp(t);
  chat.bot = { name: "Shop", staff_only: true, viewer: "guest" };
  chat.start();
  await settle();
  assert.deepEqual(backend.requests, []);
  assert.deepEqual(streams, []);
});

test("the owner and staff of a staff-only bot use the thread", async (t) => {
  const { chat, backend } = setUp(t);
  for (const viewer of ["owner", "staff"]) {
    chat.bot = { name: "Shop", staff_only: true, viewer };
    assert.equal(chat.shut, false);
  }
  chat.start();
  await chat.send("hello");
  assert.equal(backend.sent("threads/u-17/messages").length, 1);
});

test("a reset closes the stream and forgets the conversation", async (t) => {
  const { chat, backend, streams, shown } = setUp(t);
  backend.turns.charge = { waiting: [CONFIRM] };
  chat.start();
  streams[0].open();
  streams[0].send(5, "plan", {});
  await chat.send("charge");
  chat.reset(false);
  assert.equal(streams[0].readyState, FakeEventSource.CLOSED);
  assert.equal(chat.streamState, StreamState.CLOSED);
  assert.equal(chat.waiting, 0);
  chat.start();
  assert.equal(new URL(streams[1].url).searchParams.has("last_event_id"), false);
  await chat.send("charge");
  assert.equal(shown("showPause").length, 2);
});

const NO_KEY = { name: "Shop", viewer: "owner", model_key: { variable: "OPENAI_API_KEY", missing: true } };

test("only the owner's chat asks for the AI key, and only while the bot has none", async (t) => {
  const { chat } = setUp(t);
  for (const [bot, asks] of [
    [NO_KEY, true],
    [{ ...NO_KEY, viewer: "staff" }, false],
    [{ ...NO_KEY, model_key: { variable: "OPENAI_API_KEY", missing: false } }, false],
    [{ ...NO_KEY, model_key: null }, false],
  ]) {
    chat.bot = bot;
    assert.equal(chat.keyMissing, asks, JSON.stringify(bot));
  }
});

test("a saved key the host uses at once stops the asking; one kept for later, or refused, does not", async (t) => {
  const { chat, backend } = setUp(t);
  chat.bot = NO_KEY;
  await assert.rejects(saveModelKey(chat, "sk-wrong"), { status: 422 });
  assert.equal(chat.keyMissing, true);
  backend.modelKey.in_use = false;
  assert.deepEqual(await saveModelKey(chat, " sk-right\n"), { in_use: false, kept_in: "file" });
  assert.equal(chat.keyMissing, true);
  backend.modelKey.in_use = true;
  await saveModelKey(chat, "sk-right");
  assert.equal(chat.keyMissing, false);
  assert.deepEqual(
    backend.sent("model-key").map((request) => request.body),
    [{ key: "sk-wrong" }, { key: "sk-right" }, { key: "sk-right" }],
  );
});

const DECIDED = { interrupt: "p-1", kind: "confirm", step: 0, decision: "approve", channel: "chat", by: "3f9c0a1b2c3d" };

test("a card answered here is told how it was answered, from one read of the decisions", async (t) => {
  const { chat, backend, shown, reread } = setUp(t);
  backend.turns.charge = { waiting: [CONFIRM] };
  chat.start();
  await chat.send("charge");
  backend.decisions = [{ ...DECIDED, yours: true, staff: false, at: "2026-12-04T15:32:00Z" }];
  await chat.answer(CONFIRM, "approve", undefined, () => {});
  await reread();
  assert.deepEqual(shown("showDecided"), [[backend.decisions[0]]]);
  await reread();
  assert.equal(backend.sent("threads/u-17/decisions").length, 1);
});

test("after a reload, a pause the stream told of that no longer waits shows how it was answered", async (t) => {
  const { chat, backend, streams, shown, reread } = setUp(t);
  backend.decisions = [{ ...DECIDED, yours: false, staff: true, at: "2026-12-04T09:12:00Z" }];
  chat.start();
  streams[0].send(3, "pause", { interrupt: CONFIRM });
  streams[0].send(4, "answer", { interrupt: "p-1", step: 0, decision: "approve", channel: "chat" });
  await reread();
  assert.deepEqual(shown("closePause"), [["p-1"]]);
  assert.deepEqual(shown("showDecided"), [[backend.decisions[0]]]);
});
