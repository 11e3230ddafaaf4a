import assert from "node:assert/strict";
import { test } from "node:test";

import { StreamBook, StreamState } from "../src/internal/stream-book.js";

const STREAM = "http://127.0.0.1:8700/threads/u-17/stream";

test("takes each new id once", () => {
  const book = new StreamBook();
  assert.equal(book.take("1"), true);
  assert.equal(book.take("2"), true);
  assert.equal(book.take("2"), false);
  assert.equal(book.lastId, 2);
});

test("refuses ids at or under the last, as a resumed stream may send them again", () => {
  const book = new StreamBook();
  book.take("5");
  assert.equal(book.take("3"), false);
  assert.equal(book.take("5"), false);
  assert.equal(book.take("6"), true);
});

test("compares ids as numbers, not text", () => {
  const book = new StreamBook();
  book.take("9");
  assert.equal(book.take("10"), true);
});

test("takes an event without an id, and keeps the last id", () => {
  const book = new StreamBook();
  book.take("4");
  assert.equal(book.take(""), true);
  assert.equal(book.take(undefined), true);
  assert.equal(book.lastId, 4);
});

test("asks for the stream from the start before any event", () => {
  assert.equal(new StreamBook().url(STREAM), STREAM);
});

test("asks a new stream to resume after the last id", () => {
  const book = new StreamBook();
  book.take("41");
  book.take("42");
  assert.equal(new URL(book.url(STREAM)).searchParams.get("last_event_id"), "42");
});

test("replaces an older last_event_id in the URL", () => {
  const book = new StreamBook();
  book.take("7");
  const url = book.url(`${STREAM}?last_event_id=3`);
  assert.deepEqual(new URL(url).searchParams.getAll("last_event_id"), ["7"]);
});

test("a drop the browser retries needs no timer", () => {
  const book = new StreamBook();
  book.opened();
  assert.equal(book.dropped(false), null);
  assert.equal(book.state, StreamState.RECONNECTING);
});

test("a stream the browser closed is opened again later each time, up to thirty seconds", () => {
  const book = new StreamBook();
  const delays = Array.from({ length: 7 }, () => book.dropped(true));
  assert.deepEqual(delays, [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});

test("opening again resets the wait", () => {
  const book = new StreamBook();
  book.dropped(true);
  book.dropped(true);
  book.opened();
  assert.equal(book.state, StreamState.OPEN);
  assert.equal(book.dropped(true), 1000);
});

test("a stream that never opened is still connecting after it fails", () => {
  const book = new StreamBook();
  book.connecting();
  assert.equal(book.dropped(true), 1000);
  book.connecting();
  assert.equal(book.state, StreamState.CONNECTING);
});

test("a stream that was open is reconnecting until it opens again", () => {
  const book = new StreamBook();
  book.connecting();
  book.opened();
  book.dropped(true);
  book.connecting();
  assert.equal(book.state, StreamState.RECONNECTING);
  book.opened();
  assert.equal(book.state, StreamState.OPEN);
});

test("stopping leaves the last id, so the same thread resumes where it was", () => {
  const book = new StreamBook();
  book.take("8");
  book.stopped();
  assert.equal(book.state, StreamState.CLOSED);
  assert.equal(book.lastId, 8);
});
