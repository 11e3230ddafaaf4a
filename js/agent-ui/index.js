export { StalwartChat } from "./src/chat/chat.js";
export { StalwartConfirm } from "./src/confirm/confirm.js";
export { StalwartDecision } from "./src/decision/decision.js";
export { StalwartRollback } from "./src/rollback/rollback.js";
export { StalwartTrace } from "./src/trace/trace.js";
export { setStrings, strings } from "./src/internal/localize.js";
