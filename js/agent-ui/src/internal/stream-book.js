/** Where the step stream is: none or stopped, the first on its way, open, or an open one dropped and reopening. */
export const StreamState = Object.freeze({
  CLOSED: "closed",
  CONNECTING: "connecting",
  OPEN: "open",
  RECONNECTING: "reconnecting",
});

export class StreamBook {
  lastId = null;
  state = StreamState.CLOSED;
  attempts = 0;

  /** Ids grow by one per event: one at or under the last is a repeat. */
  take(id) {
    const number = typeof id === "number" ? id : /^\d{1,18}$/.test(id ?? "") ? Number(id) : NaN;
    if (!Number.isSafeInteger(number)) return true;
    if (this.lastId !== null && number <= this.lastId) return false;
    this.lastId = number;
    return true;
  }

  /** A new EventSource does not carry the old one's Last-Event-ID. */
  url(url) {
    const next = new URL(url);
    if (this.lastId === null) next.searchParams.delete("last_event_id");
    else next.searchParams.set("last_event_id", String(this.lastId));
    return next.href;
  }

  connecting() {
    if (this.state === StreamState.CLOSED) this.state = StreamState.CONNECTING;
  }

  opened() {
    this.state = StreamState.OPEN;
    this.attempts = 0;
  }

  /** The wait before a new stream; null while the browser retries. */
  dropped(closed) {
    if (this.state === StreamState.OPEN) this.state = StreamState.RECONNECTING;
    if (!closed) return null;
    this.attempts += 1;
    return Math.min(30000, 1000 * 2 ** (this.attempts - 1));
  }

  stopped() {
    this.state = StreamState.CLOSED;
    this.attempts = 0;
  }
}
