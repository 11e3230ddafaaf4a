import "../confirm/confirm.js";
import "../decision/decision.js";
import "../rollback/rollback.js";
import "../trace/trace.js";
import { define } from "../internal/stalwart-element.js";
import { StalwartChat } from "./chat.component.js";

define(StalwartChat);

export { StalwartChat };
