import { define } from "../internal/stalwart-element.js";
import { StalwartChat } from "./chat.component.js";

define(StalwartChat);

export { StalwartChat };
