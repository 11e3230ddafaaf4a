import { define } from "../internal/stalwart-element.js";
import { StalwartConfirm } from "./confirm.component.js";

define(StalwartConfirm);

export { StalwartConfirm };
