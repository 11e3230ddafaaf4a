import { ErrorCode } from "../generated/enums.js";
import { adopt } from "../internal/adopt.js";
import { problem } from "../internal/problem.js";
import { H, SAY } from "../internal/stalwart-element.js";
import styles from "./model-key.styles.js";
import { saveModelKey } from "./owner-requests.js";

/** What the form says of a key that was not saved, by the problem's code; any other is the key's fault. */
const FAILED = {
  [ErrorCode.MODEL_UNREACHABLE]: "modelKeyUnreachable",
  [ErrorCode.MODEL_REJECTED]: "modelKeyRejected",
};

/**
 * The AI key form, in the owner's chat while the bot's model has no key: the key is checked and kept by
 * the backend (POST /model-key), and `saved`, where given, gives a delegate card back its answers once it says so.
 */
export function modelKeyForm(chat, controller, saved) {
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
      const kept = await saveModelKey(controller, field.value);
      field.value = "";
      form.hidden = true;
      status.dataset.result = "saved";
      say(status, kept.in_use ? "modelKeySaved" : "modelKeySavedLater");
      if (kept.in_use) saved?.();
      // The form it had the focus in is gone: the focus goes to what took its place, then on to the answers.
      status.focus({ preventScroll: true });
    } catch (error) {
      status.dataset.result = "failed";
      // A provider out of reach is the network's doing, and a check it refused agent.yaml's: not the key's.
      say(status, FAILED[error?.code] ?? "modelKeyFailed");
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

/**
 * A reply the model could not write for want of a key (`on_unread: model`): in the owner's chat the form follows
 * its sentence, so the key is added where the turn stopped; anyone else has the sentence, which says the owner must.
 */
export function keyInReply(chat, controller, drawn) {
  adopt(chat.shadowRoot, styles);
  drawn.firstElementChild.after(modelKeyForm(chat, controller));
}
