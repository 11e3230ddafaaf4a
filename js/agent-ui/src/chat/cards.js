import { nested } from "./nested.js";

/**
 * The cards in the chat's log that wait for a decision, by pause id, and the one kept in view as
 * the log changes size until the person scrolls: the chat draws turns and replies, this its pauses.
 */
export class PauseCards {
  /** What goes inert when each open pause closes, by its id. */
  #open = new Map();
  /** The closed cards, by pause id, until they say how they were answered. */
  #closed = new Map();
  /** The card that arrived last while it waits. */
  #pinned = null;
  /** The entry of the log the person last put the focus in. */
  #reading = null;
  #resized = new ResizeObserver(() => this.keepPinned());
  #host;
  #controller;
  #append;

  /** `append(entry, block)` puts an entry at the end of the host's log. */
  constructor(host, controller, append) {
    this.#host = host;
    this.#controller = controller;
    this.#append = append;
  }

  get pinned() {
    return this.#pinned;
  }

  /** The person scrolled: nothing is kept in view for them any more. */
  unpin() {
    this.#pinned = null;
  }

  /** The log: its size moves the pinned card, and the entry the focus goes into is the one being read. */
  observe(log) {
    this.#resized.observe(log);
    log.addEventListener("focusin", (event) => {
      this.#reading = event.composedPath().find((node) => node.parentNode === log) ?? null;
    });
  }

  /** Of the pauses `ids`, the card after the one being read comes into `view` (the log's box), its first answer focused.
   * Only several pauses at once need it, so its module stays out of the first load. */
  async showNext(ids, view) {
    const { nextWaiting } = await import("./waiting-next.js");
    const entry = nextWaiting(ids.map((id) => this.#open.get(id)).filter(Boolean), this.#reading, view);
    // A stuck undo waits inside its rollback.
    const card = entry?.localName === "stalwart-confirm" ? entry : entry?.shadowRoot?.querySelector("stalwart-confirm");
    if (!card) return;
    this.#pinned = card;
    card.scrollIntoView({ block: "start" });
    card.shadowRoot?.querySelector("button[data-decision]")?.focus({ preventScroll: true });
  }

  clear() {
    this.#open.clear();
    this.#closed.clear();
  }

  /** A quiet card is history until the backend says it waits; then it takes the focus and the view. */
  show(pause, single, quiet) {
    let card = this.#open.get(pause.id);
    if (!card) {
      card = nested(this.#host, "stalwart-confirm");
      card.interrupt = pause;
      this.dress(card);
      // It grows when its module is in: the pinned card is scrolled to again.
      this.#resized.observe(card);
      // Calls made at once may pause in any order: each card goes where its call was asked for.
      const later = this.#laterOf(pause);
      this.#open.set(pause.id, card);
      if (later) later.before(card);
      else this.#append(card, quiet ? null : "start");
    }
    if (quiet) return;
    for (const other of this.#open.values()) other.single = false;
    card.single = single;
    const earlier = this.#pinned?.isConnected && !this.#pinned.inert && this.#pinned !== card;
    if (earlier && !single) return;
    // Its heading, not its buttons: what is being approved is read first.
    this.#pinned = card;
    card.scrollIntoView?.({ block: "start" });
  }

  /** The first open card of the same run whose call comes after this pause's. */
  #laterOf(pause) {
    return [...this.#open.values()].find(({ interrupt }) => interrupt?.run === pause.run && interrupt.step > pause.step);
  }

  showRollback(report, stuck, again, log) {
    const shown = again && [...log.querySelectorAll(":scope > stalwart-rollback")].at(-1);
    const node = shown || nested(this.#host, "stalwart-rollback");
    // A stuck undo that showed on its own before its report moves into it.
    const alone = this.#open.get(stuck);
    if (alone?.localName === "stalwart-confirm") alone.remove();
    node.report = report;
    if (stuck) this.#open.set(stuck, node);
    if (!shown) this.#append(node, stuck ? null : undefined);
    if (!stuck) return;
    // Its stuck undo waits inside it, and is read from its heading like any other pause.
    customElements.whenDefined("stalwart-rollback").then(() => {
      this.#pinned = node.shadowRoot.querySelector("stalwart-confirm");
      this.#resized.observe(node);
      this.keepPinned();
      if (this.#pinned && this.#open.size === 1) this.#pinned.single = true;
    });
  }

  /** A hand-off to the model says who would read it, and asks for a missing key: its module loaded only then. */
  dress(card) {
    if (card.interrupt?.kind !== "delegate" || !this.#controller.bot) return;
    import("./delegate.js").then(({ dressDelegate }) => dressDelegate(this.#host, this.#controller, card));
  }

  /** The bot may arrive after the cards that wait when the page opens. */
  dressAll() {
    for (const card of this.#open.values()) this.dress(card);
  }

  keepPinned() {
    this.#pinned?.scrollIntoView({ block: "start" });
  }

  /** The pause `id` no longer waits: its card (the open one, unless given) goes inert; true when it was kept in view. */
  close(id, node = this.#open.get(id)) {
    if (node) node.inert = true;
    if (node?.localName === "stalwart-confirm") this.#closed.set(id, node);
    const pinned = Boolean(node) && (node === this.#pinned || node.shadowRoot?.contains(this.#pinned));
    if (pinned) this.#pinned = null;
    this.#open.delete(id);
    return pinned;
  }

  decided(record) {
    const card = this.#closed.get(record.interrupt);
    this.#closed.delete(record.interrupt);
    if (card) card.decided = record;
  }
}
