import assert from "node:assert/strict";
import { test } from "node:test";

import { Api, ApiError } from "../src/internal/api.js";

const PAGE = "http://127.0.0.1:8700/shop/";

/** A fetch that answers from a handler and keeps every request it saw. */
function recorder(handler = () => new Response("{}", { status: 200 })) {
  const seen = [];
  const fetcher = async (url, init) => {
    seen.push({ url, ...init });
    return handler(url, init);
  };
  return { seen, fetcher };
}

test("builds every URL under base, read against the page", async () => {
  const { seen, fetcher } = recorder();
  const api = new Api("agent", fetcher, PAGE);
  await api.config();
  await api.interrupts("u-17");
  assert.deepEqual(
    seen.map((request) => request.url),
    [
      "http://127.0.0.1:8700/shop/agent/config.json",
      "http://127.0.0.1:8700/shop/agent/threads/u-17/interrupts",
    ],
  );
});

test("base . is the page's own folder", () => {
  const api = new Api(".", recorder().fetcher, PAGE);
  assert.equal(api.stream("u-17").href, "http://127.0.0.1:8700/shop/threads/u-17/stream");
});

test("a thread id cannot climb out of base", () => {
  const api = new Api("/agent", recorder().fetcher, PAGE);
  assert.equal(
    api.url("threads", "../../evil", "messages").href,
    "http://127.0.0.1:8700/agent/threads/..%2F..%2Fevil/messages",
  );
});

test("posts a turn as JSON", async () => {
  const { seen, fetcher } = recorder();
  await new Api("/", fetcher, PAGE).message("u-17", "charge 40 to order 4411");
  assert.equal(seen[0].method, "POST");
  assert.equal(seen[0].headers["Content-Type"], "application/json");
  assert.deepEqual(JSON.parse(seen[0].body), { text: "charge 40 to order 4411" });
});

test("echoes the session the server handed out on every later request", async () => {
  const { seen, fetcher } = recorder(
    () => new Response("{}", { status: 200, headers: { "Stalwart-Session": "s-1" } }),
  );
  const api = new Api("/", fetcher, PAGE);
  await api.config();
  await api.feedback("u-17", "m-1", "up");
  assert.equal(seen[0].headers["Stalwart-Session"], undefined);
  assert.equal(seen[1].headers["Stalwart-Session"], "s-1");
});

test("keeps the session when an answer names none", async () => {
  let first = true;
  const { seen, fetcher } = recorder(() => {
    const headers = first ? { "Stalwart-Session": "s-1" } : {};
    first = false;
    return new Response("{}", { status: 200, headers });
  });
  const api = new Api("/", fetcher, PAGE);
  await api.config();
  await api.config();
  await api.config();
  assert.equal(seen[2].headers["Stalwart-Session"], "s-1");
});

test("a refusal carries the problem's code and detail", async () => {
  const problem = {
    type: "about:blank",
    title: "Conflict",
    status: 409,
    code: "interrupt_stale",
    detail: "Someone answered it first.",
  };
  const { fetcher } = recorder(() => new Response(JSON.stringify(problem), { status: 409 }));
  const answer = { interrupt_id: "i-1", decision: "approve", token: "t" };
  await assert.rejects(new Api("/", fetcher, PAGE).resume("u-17", answer), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.code, "interrupt_stale");
    assert.equal(error.message, "Someone answered it first.");
    return true;
  });
});

test("a network failure is an ApiError with status 0", async () => {
  const fetcher = async () => {
    throw new TypeError("Failed to fetch");
  };
  await assert.rejects(new Api("/", fetcher, PAGE).config(), {
    name: "ApiError",
    status: 0,
    message: "Failed to fetch",
  });
});

test("an answer with no body reads as null", async () => {
  const { fetcher } = recorder(() => new Response(null, { status: 204 }));
  assert.equal(await new Api("/", fetcher, PAGE).feedback("u-17", "m-1", "down"), null);
});
