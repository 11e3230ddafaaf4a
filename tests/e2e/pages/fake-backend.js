/**
 * A stand-in for `stalwart serve` at the two edges the chat takes as properties: a `fetcher`
 * answering the routes of spec/openapi.yaml from a scripted state, and an EventSource class the
 * test drives. Every request is kept, so a test reads what the chat sent.
 */

import { pauses } from "./samples.js";

const SESSION = "s-fake-1";

export const config = {
  name: "Shop",
  purpose: "I look up and charge orders.",
  base: "/",
  language: "en",
  contact: "help@shop.example",
  staff_only: false,
  thumbs: true,
  about: "Shop is run by the shop's own team.",
  help_url: "https://help.shop.example/how",
  privacy_url: "https://shop.example/privacy",
  capabilities: [
    {
      tool: "find_order",
      group: "Orders",
      description: "Find an order",
      asks_first: false,
      examples: ["where is order 4411"],
    },
    {
      tool: "charge_card",
      group: "Payments",
      description: "Charge a card",
      asks_first: true,
      examples: ["charge 40 to order 4411"],
    },
    {
      tool: "cancel_order",
      group: "Orders",
      description: "Cancel an order",
      asks_first: true,
      examples: ["cancel order 4411"],
    },
  ],
};

export const backend = {
  config,
  /** The path the chat's base points at; every route is under it. */
  base: "/",
  requests: [],
  /** While set, every answer waits for it: a request on its way, for the test to look at. */
  gate: null,
  /** What waits, as GET …/interrupts lists it. */
  open: [],
  /** Each turn's answer by its text; a turn not listed gets a plain reply. */
  turns: {},
  /** The next resume answers this status and problem instead of going through. */
  resumeFails: null,
  feedbackStatus: 204,
  replies: 0,
};

/** A TurnReply with every field, as the backend sends it. */
export function turnReply(fields) {
  backend.replies += 1;
  return {
    thread: "u-17",
    run: "r-1",
    message: `m-${backend.replies}`,
    reply: "",
    waiting: [],
    refusal: null,
    rollback: null,
    skipped: [],
    not_notified: [],
    ...fields,
  };
}

function json(status, body) {
  const headers = { "Content-Type": "application/json", "Stalwart-Session": SESSION };
  return new Response(body === null ? null : JSON.stringify(body), { status, headers });
}

function problem(status, code, detail) {
  return json(status, { type: "about:blank", title: code, status, code, detail });
}

export async function fetcher(url, init = {}) {
  const body = init.body ? JSON.parse(init.body) : null;
  const path = new URL(url).pathname;
  backend.requests.push({ url, path, method: init.method ?? "GET", headers: { ...init.headers }, body });
  await backend.gate;
  if (!path.startsWith(backend.base))
    return problem(404, "not_found", `${path} is not under ${backend.base}.`);
  const route = path.slice(backend.base.length);
  if (route === "config.json") return json(200, backend.config);
  const match = /^threads\/([^/]+)\/(messages|interrupts|resume|feedback)$/.exec(route);
  if (!match) return problem(404, "not_found", `No route ${path}.`);
  const [, thread, action] = match;
  if (action === "interrupts") return json(200, { thread, interrupts: backend.open });
  if (action === "messages") {
    const reply = turnReply(backend.turns[body.text] ?? { reply: `You said: ${body.text}` });
    backend.open = [...reply.waiting, ...(reply.rollback?.waiting ? [reply.rollback.waiting] : [])];
    return json(200, reply);
  }
  if (action === "resume") {
    if (backend.resumeFails) {
      const { status, code, detail } = backend.resumeFails;
      backend.resumeFails = null;
      backend.open = backend.open.filter((pause) => pause.id !== body.interrupt_id);
      return problem(status, code, detail);
    }
    backend.open = backend.open.filter((pause) => pause.id !== body.interrupt_id);
    return json(200, turnReply({ reply: `Done: ${body.decision}.`, waiting: backend.open }));
  }
  return backend.feedbackStatus === 204
    ? json(204, null)
    : problem(backend.feedbackStatus, "forbidden", "Not your reply.");
}

/** An EventSource the test opens, feeds and drops by hand. */
export class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made = [];

  constructor(url) {
    super();
    this.url = url;
    this.readyState = FakeEventSource.CONNECTING;
    FakeEventSource.made.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  send(event) {
    const data = JSON.stringify(event);
    this.dispatchEvent(new MessageEvent(event.type, { data, lastEventId: String(event.id) }));
  }

  /** A drop: the browser retries by itself unless `closed`. */
  drop(closed) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }
}

/** Holds every answer until the returned function is called. */
export function hold() {
  let release;
  backend.gate = new Promise((resolve) => {
    release = () => {
      backend.gate = null;
      resolve();
    };
  });
  return release;
}

export { pauses };
