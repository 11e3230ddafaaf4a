import { define } from "../internal/define.js";
import { StalwartDecision } from "./decision.component.js";

define(StalwartDecision);

export { StalwartDecision };
