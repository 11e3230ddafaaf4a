/**
 * The SSE event names of a thread's stream (spec/openapi.yaml, EventType). EventSource hears a
 * named event only through a listener for that name, so the chat listens for each.
 */
export const EVENT_TYPES = Object.freeze([
  "turn",
  "plan",
  "check",
  "pause",
  "answer",
  "call",
  "refusal",
  "undo",
  "rollback",
  "reply",
]);
