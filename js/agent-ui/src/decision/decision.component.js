import { CHANGED, H, RENDER, SAY, STYLES, StalwartElement, TAG } from "../internal/stalwart-element.js";
import styles from "./decision.styles.js";

/**
 * @summary A refusal in one sentence, who to contact, and its rule where the rule may be shown.
 *
 * Its attributes and parts are spec/elements.yaml's, listed in custom-elements.json. It shows
 * what the backend sent as data, never a reading of the reply's words.
 */
export class StalwartDecision extends StalwartElement {
  static [TAG] = "stalwart-decision";
  static [STYLES] = styles;

  [RENDER]() {
    const h = this[H].bind(this);
    const rule = this.getAttribute("rule");
    const contact = this.getAttribute("contact");
    const details = h(
      "details",
      { part: "rule", class: "rule", hidden: !rule, open: rule !== null && this.hasAttribute("staff") },
      this[SAY](h("summary"), "showRule"),
      h("p", null, this[SAY](h("span"), "rule"), ": ", h("code", null, rule ?? "")),
    );
    this.shadowRoot.replaceChildren(
      h(
        "section",
        { part: "decision", class: "decision", "aria-labelledby": "refused" },
        this[SAY](h("p", { class: "refused", id: "refused" }), "refused"),
        h("p", { class: "sentence" }, this.getAttribute("sentence") ?? ""),
        details,
        this[SAY](h("p", { part: "contact", class: "contact", hidden: !contact }), "contact", {
          name: this.#name(),
          contact: contact ?? "",
        }),
      ),
    );
  }

  /** Every attribute is shown, so any change draws the refusal again. */
  [CHANGED]() {
    this[RENDER]();
  }

  /** Who the contact line names: the bot of the chat this refusal is in, else this site. */
  #name() {
    for (let node = this.getRootNode().host; node; node = node.getRootNode().host) {
      if (typeof node.bot?.name === "string") return node.bot.name;
    }
    return globalThis.location?.hostname ?? "";
  }
}
