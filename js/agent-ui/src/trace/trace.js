import { define } from "../internal/stalwart-element.js";
import { StalwartTrace } from "./trace.component.js";

define(StalwartTrace);

export { StalwartTrace };
