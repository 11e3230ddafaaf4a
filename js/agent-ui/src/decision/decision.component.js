import { text } from "../internal/dom.js";
import { fromHosts } from "../internal/hosts.js";
import { CHANGED, H, RENDER, SAY, STYLES, StalwartElement, TAG } from "../internal/stalwart-element.js";
import { namedContact } from "../internal/said.js";
import styles from "./decision.styles.js";

/**
 * @summary A refusal in one sentence, its rule on disclosure.
 */
export class StalwartDecision extends StalwartElement {
  static [TAG] = "stalwart-decision";
  static [STYLES] = styles;

  #name() {
    return fromHosts(this, (host) => text(host.bot?.name)) ?? location.hostname;
  }

  [CHANGED]() {
    this[RENDER]();
  }

  [RENDER]() {
    const { [H]: h, [SAY]: say } = this;
    const rule = this.getAttribute("rule");
    const contact = this.getAttribute("contact");
    const named = namedContact(contact);
    this.shadowRoot.replaceChildren(
      h(
        "section",
        { part: "decision", class: "box", "aria-labelledby": "refused" },
        say(h("p", { class: "refused", id: "refused" }), "refused"),
        h("p", { class: "sentence" }, this.getAttribute("sentence")),
        h(
          "details",
          { part: "rule", hidden: !rule, open: rule !== null && this.hasAttribute("staff") },
          say(h("summary"), "showRule"),
          h("p", null, say(h("span"), "rule"), ": ", h("code", null, rule)),
        ),
        // Who the contact is, as the agent file names it; the bot's name only for a contact without one.
        say(h("p", { part: "contact", class: "muted", hidden: !contact }), "contact", {
          name: named.name ?? this.#name(),
          contact: named.address,
        }),
      ),
    );
  }
}
