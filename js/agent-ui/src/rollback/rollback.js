import "../confirm/confirm.js";
import { define } from "../internal/stalwart-element.js";
import { StalwartRollback } from "./rollback.component.js";

define(StalwartRollback);

export { StalwartRollback };
