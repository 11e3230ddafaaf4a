import { define } from "../internal/define.js";
import { StalwartConfirm } from "./confirm.component.js";

define(StalwartConfirm);

export { StalwartConfirm };
