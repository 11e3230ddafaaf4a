/**
 * The bookkeeping of one thread's event stream, apart from EventSource so Node can test it: the
 * last id seen, which events are repeats, and how long to wait before opening the stream again.
 */

/** Where the stream stands. */
export const StreamStatus = Object.freeze({
  /** Not asked for yet, or closed on purpose. */
  IDLE: "idle",
  /** Opening for the first time. */
  CONNECTING: "connecting",
  /** Open and delivering. */
  OPEN: "open",
  /** Dropped; the browser or a timer is opening it again. */
  RECONNECTING: "reconnecting",
});

const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30000;

export class StreamBook {
  /** The highest event id taken, a per-thread sequence number; null before the first. */
  lastId = null;
  status = StreamStatus.IDLE;
  /** Reopenings in a row since the stream was last open, for the backoff. */
  attempts = 0;

  /**
   * Whether an event with this SSE id is new. Ids grow by one per event in a thread, so one at
   * or under the last taken is a repeat a resumed stream sent again. An event without a numeric
   * id cannot be a repeat by id and is taken.
   * @param {string | number | null | undefined} id
   */
  take(id) {
    const number = typeof id === "number" ? id : /^[0-9]{1,18}$/.test(id ?? "") ? Number(id) : NaN;
    if (!Number.isSafeInteger(number)) return true;
    if (this.lastId !== null && number <= this.lastId) return false;
    this.lastId = number;
    return true;
  }

  /**
   * The stream's URL for a new EventSource: with `last_event_id` once an event was taken, since
   * a new EventSource does not carry the Last-Event-ID header of the one it replaces.
   * @param {string | URL} url
   */
  url(url) {
    const next = new URL(url);
    if (this.lastId === null) next.searchParams.delete("last_event_id");
    else next.searchParams.set("last_event_id", String(this.lastId));
    return next.href;
  }

  /** The stream asked for. */
  connecting() {
    this.status = this.status === StreamStatus.IDLE ? StreamStatus.CONNECTING : this.status;
  }

  /** The stream is open. */
  opened() {
    this.status = StreamStatus.OPEN;
    this.attempts = 0;
  }

  /**
   * The stream dropped. When the browser gave up on it (`closed`), returns how long to wait
   * before opening a new one, doubling each time up to thirty seconds; otherwise null, because
   * EventSource reconnects by itself and resends Last-Event-ID.
   * @param {boolean} closed
   * @returns {number | null}
   */
  dropped(closed) {
    this.status = StreamStatus.RECONNECTING;
    if (!closed) return null;
    this.attempts += 1;
    return Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** (this.attempts - 1));
  }

  /** Closed on purpose: the element left the page or changed thread. */
  stopped() {
    this.status = StreamStatus.IDLE;
    this.attempts = 0;
  }
}
