import assert from "node:assert/strict";
import { test } from "node:test";

import * as owner from "../src/chat/owner-requests.js";
import { ROUTES } from "../src/generated/routes.js";
import { Api } from "../src/internal/api.js";

const PAGE = "http://127.0.0.1:8700/shop/";
const BASE = "/shop/agent";

/**
 * How the test calls each method of Api and each request of owner-requests.js that reaches the server;
 * a new one must be added here.
 */
const CALLS = {
  config: (api) => api.config(),
  message: (api) => api.message("u-1", "hello"),
  interrupts: (api) => api.interrupts("u-1"),
  decisions: (api) => api.decisions("u-1"),
  resume: (api) => api.resume("u-1", { kind: "confirm", interrupt_id: "i-1", decision: "approve", token: "t" }),
  feedback: (api) => api.feedback("u-1", "m-1", "up"),
  stream: (api) => api.stream("u-1"),
  modelKey: (api) => owner.modelKey(api, "sk-1"),
  saveModelKey: (api) => owner.saveModelKey({ api }, " sk-1 "),
  phone: (api) => owner.phone(api),
  staff: (api) => owner.staff(api),
  revoke: (api) => owner.revoke(api, "3f9c0a1b2d4e"),
};
// Api's own helpers: url sends nothing, and request is what every call above sends through.
const HELPERS = new Set(["constructor", "url", "request"]);

/** The spec's route whose method and path template match a request, or undefined. */
function routeOf(method, path) {
  return Object.entries(ROUTES).find(([, route]) => {
    const pattern = new RegExp(`^${route.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    return route.method === method && pattern.test(path);
  });
}

async function requests() {
  const seen = [];
  const fetcher = async (url, init) => {
    seen.push({ method: init.method, url: new URL(url), body: init.body && JSON.parse(init.body) });
    return new Response("{}", { status: 200 });
  };
  const api = new Api("agent", fetcher, PAGE);
  const made = {};
  for (const [name, call] of Object.entries(CALLS)) {
    seen.length = 0;
    const result = await call(api);
    // stream() gives the URL an EventSource opens with GET.
    made[name] = result instanceof URL ? [{ method: "GET", url: result, body: undefined }] : [...seen];
  }
  return made;
}

test("every method of Api and every owner request that reaches the server is called here", () => {
  const methods = Object.getOwnPropertyNames(Api.prototype).filter((name) => !HELPERS.has(name));
  assert.deepEqual([...methods, ...Object.keys(owner)].sort(), Object.keys(CALLS).sort());
});

test("every request Api makes is a route of the spec with that method", async () => {
  for (const [name, made] of Object.entries(await requests())) {
    assert.equal(made.length, 1, name);
    const [{ method, url }] = made;
    assert.ok(url.pathname.startsWith(`${BASE}/`), `${name}: ${url.pathname}`);
    const path = url.pathname.slice(BASE.length);
    assert.ok(routeOf(method, path), `${name}: ${method} ${path} is not in spec/openapi.yaml`);
  }
});

test("every body Api sends carries only fields its route's schema has", async () => {
  for (const [name, [{ method, url, body }]] of Object.entries(await requests())) {
    const [operation, route] = routeOf(method, url.pathname.slice(BASE.length));
    if (body === undefined) {
      assert.equal(route.body, null, `${name} (${operation}) sends no body but the spec wants ${route.body}`);
      continue;
    }
    const extra = Object.keys(body).filter((field) => !route.fields.includes(field));
    assert.deepEqual(extra, [], `${name} (${operation}) sends fields ${route.body} does not have`);
  }
});

test("a path the spec does not have is not taken for one of its routes", () => {
  assert.equal(routeOf("GET", "/threads/u-1/messages"), undefined);
  assert.equal(routeOf("POST", "/threads/u-1/archive"), undefined);
  assert.equal(routeOf("POST", "/threads/u-1/resume")[0], "resume");
});
