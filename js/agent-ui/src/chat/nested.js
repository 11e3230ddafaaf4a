import { H } from "../internal/stalwart-element.js";

/** The elements inside the chat, each loaded the first time it shows: a first load fetches the chat only. */
const NESTED = {
  "stalwart-confirm": () => import("../confirm/confirm.js"),
  "stalwart-decision": () => import("../decision/decision.js"),
  "stalwart-rollback": () => import("../rollback/rollback.js"),
  "stalwart-trace": () => import("../trace/trace.js"),
};

export function load(tag) {
  if (!customElements.get(tag)) NESTED[tag]();
}

let replies = null;
/** How a reply is drawn, loaded with the first one, or before it: a first load fetches none. */
export function loadReplies() {
  replies ??= import("./reply.js");
  return replies;
}

/** A thread with turns may show any of them: they load before it is read, not once it is. */
export function loadAll() {
  for (const tag in NESTED) load(tag);
  loadReplies();
}

/** One of NESTED, made by `host`; until its module is in, it is a plain element that upgrades when it is. */
export function nested(host, tag, props) {
  load(tag);
  return host[H](tag, props);
}
