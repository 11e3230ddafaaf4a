import { define } from "../internal/define.js";
import { StalwartTrace } from "./trace.component.js";

define(StalwartTrace);

export { StalwartTrace };
