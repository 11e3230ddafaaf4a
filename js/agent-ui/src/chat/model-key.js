import { ErrorCode } from "../generated/enums.js";
import { problem } from "../internal/problem.js";
import { H, SAY } from "../internal/stalwart-element.js";
import { saveModelKey } from "./owner-requests.js";

/**
 * The AI key form, in a delegate card of the owner's chat while the bot's model has no key: the key is
 * checked and kept by the backend (POST /model-key), and `saved` gives the card back its answers once it says so.
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
      if (kept.in_use) saved();
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
