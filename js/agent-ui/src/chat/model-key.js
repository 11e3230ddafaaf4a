import { ErrorCode, Kind } from "../generated/enums.js";
import { adopt } from "../internal/adopt.js";
import { problem } from "../internal/problem.js";
import { H, SAY } from "../internal/stalwart-element.js";
import styles from "./model-key.styles.js";
import { saveModelKey } from "./owner-requests.js";

/** Puts the form in `card` where it is a hand-off to the model, the bot has no key, and the card no form. */
export function askKey(chat, controller, card) {
  if (card.interrupt?.kind !== Kind.DELEGATE || !controller.keyMissing || card.querySelector(".model-key")) return;
  adopt(chat.shadowRoot, styles);
  card.append(modelKeyForm(chat, controller));
}

/**
 * The AI key form, in a delegate card of the owner's chat while the bot's model has no key: the key is
 * checked and kept by the backend (POST /model-key), and the card's answers work with it once it says so.
 */
function modelKeyForm(chat, controller) {
  const { [H]: h, [SAY]: say } = chat;
  const field = h("input", { name: "key", type: "password", autocomplete: "off", spellcheck: "false", required: true });
  const save = say(h("button", { type: "submit", class: "primary" }), "modelKeySave");
  const status = h("p", { class: "model-key-status", role: "status", tabindex: -1 });
  const detail = h("div");
  const submit = async (event) => {
    event.preventDefault();
    field.disabled = save.disabled = true;
    detail.replaceChildren();
    try {
      const saved = await saveModelKey(controller, field.value);
      field.value = "";
      form.hidden = true;
      status.dataset.result = "saved";
      say(status, saved.in_use ? "modelKeySaved" : "modelKeySavedLater");
      // The form it had the focus in is gone: the focus goes to what took its place, then on to the answers.
      status.focus({ preventScroll: true });
    } catch (error) {
      status.dataset.result = "failed";
      // A provider out of reach is the network's doing, not the key's: the card says which.
      say(status, error?.code === ErrorCode.MODEL_UNREACHABLE ? "modelKeyUnreachable" : "modelKeyFailed");
      detail.replaceChildren(problem(chat, error?.message) ?? "");
      field.disabled = save.disabled = false;
      field.select();
      field.focus();
    }
  };
  const form = h(
    "form",
    { on: { submit } },
    h("label", null, say(h("span"), "modelKeyLabel"), field),
    save,
  );
  return h(
    "section",
    { slot: "model-key", class: "model-key" },
    say(h("h3"), "modelKeyTitle"),
    say(h("p", { class: "muted" }), "modelKeyHelp", { variable: controller.bot.model_key.variable }),
    form,
    status,
    detail,
  );
}
