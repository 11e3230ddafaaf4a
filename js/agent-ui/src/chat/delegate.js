import { Decision, Kind } from "../generated/enums.js";
import { adopt } from "../internal/adopt.js";
import { text } from "../internal/dom.js";
import { H, SAY } from "../internal/stalwart-element.js";
import { modelKeyForm } from "./model-key.js";
import styles from "./model-key.styles.js";

/**
 * A delegate card, dressed by the chat: who would read the turn and whether it leaves this computer,
 * and, while the bot's model has no key, no answer that hands the turn to nobody: the owner gets the
 * key form in its place, anyone else a sentence saying the owner must add it.
 */
export function dressDelegate(chat, controller, card) {
  const pause = card.interrupt;
  if (pause?.kind !== Kind.DELEGATE || card.querySelector(".delegate-reader, .model-key, .model-key-owner")) return;
  const { [H]: h, [SAY]: say } = chat;
  adopt(chat.shadowRoot, styles);
  const reader = pause.reader;
  if (reader && typeof reader === "object") {
    const words = { model: text(reader.model), provider: text(reader.provider) };
    const key = reader.local ? "delegateReaderLocal" : "delegateReader";
    card.append(say(h("p", { slot: "model-key", class: "delegate-reader" }), key, words));
  }
  if (!controller.bot?.model_key?.missing) return;
  // The approve answer would lead nowhere until the key is saved: the card offers only what works.
  withChoices(card, pause.choices.filter((choice) => choice !== Decision.APPROVE));
  if (controller.keyMissing) {
    card.append(modelKeyForm(chat, controller, () => withChoices(card, pause.choices)));
  } else {
    card.append(say(h("p", { slot: "model-key", class: "model-key-owner", role: "note" }), "modelKeyOwner"));
  }
}

/** The card drawn again with these answers: the same pause, id and token, through its public property. */
function withChoices(card, choices) {
  const pause = card.interrupt;
  card.interrupt = null;
  card.interrupt = { ...pause, choices };
}
