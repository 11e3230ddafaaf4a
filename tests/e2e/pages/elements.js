/** Sets every element but the chat with a sample, and keeps each decision dispatched. */

import "/ui/index.js";
import { events, irreversible, pauses, refusal, rollback } from "./samples.js";

window.decisions = [];
document.addEventListener("stalwart-decision", (event) => {
  window.decisions.push(JSON.parse(JSON.stringify(event.detail)));
});

for (const [kind, pause] of Object.entries(pauses)) document.getElementById(kind).interrupt = pause;
document.getElementById("irreversible").interrupt = irreversible;

const decision = document.getElementById("decision");
decision.setAttribute("sentence", refusal.sentence);
decision.setAttribute("rule", refusal.rule);
decision.setAttribute("contact", refusal.contact);

document.getElementById("rollback").report = rollback;
document.getElementById("trace").events = events;
window.samples = { pauses, irreversible, refusal, rollback, events };
window.ready = true;

/** Fixes one theme on every element, and gives the page the same background. */
window.setTheme = (side) => {
  for (const element of document.querySelectorAll("main > *")) element.setAttribute("theme", side);
  document.body.style.background = side === "dark" ? "#121212" : "#ffffff";
};
