import "../confirm/confirm.js";
import { define } from "../internal/define.js";
import { StalwartRollback } from "./rollback.component.js";

define(StalwartRollback);

export { StalwartRollback };
