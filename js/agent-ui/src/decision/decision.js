import { define } from "../internal/stalwart-element.js";
import { StalwartDecision } from "./decision.component.js";

define(StalwartDecision);

export { StalwartDecision };
