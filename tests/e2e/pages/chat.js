/** A chat over the scripted backend; the test drives it through `window.backend` and the streams. */

import { setStrings } from "/ui/index.js";
import { ptBR } from "/ui/locales/pt-BR.js";
import { FakeEventSource, backend, fetcher, hold, pauses, turnReply } from "./fake-backend.js";
import { irreversible, refusal, rollback } from "./samples.js";

const full = {
  reply: "Order 4411 is unpaid, 40.00 [1].",
  sources: [
    { title: "Order 4411", url: "/ui/orders/4411" },
    {
      title: "Card network status",
      url: "https://status.cards.example/today",
      server: "status.cards.example",
    },
  ],
  images: [{ url: "/pages/receipt.svg", alt: "The receipt of order 4411" }],
  files: [{ name: "receipt-4411.pdf", url: "/pages/receipt.svg" }],
  waiting: [pauses.confirm],
};

backend.turns = {
  "show order 4411": full,
  "cancel order 4411": { reply: "I did not cancel it.", refusal },
  "undo it all": { reply: "I undid what I could.", rollback },
  "send the receipt": { reply: "", waiting: [irreversible] },
  "charge 40 to order 4411": { reply: "", waiting: [pauses.confirm] },
  "two at once": { reply: "", waiting: [pauses.confirm, pauses.outcome_unknown] },
  "read my orders and mail": {
    reply: "Here is what I read.",
    results: [
      { tool: "list_orders", items: [[{ label: "Order", shown: "4411" }, { label: "Status", shown: "unpaid" }]] },
      { tool: "read_mail", outside: true, server: "mail.example", items: [[{ label: "Subject", shown: "Receipt" }]] },
    ],
    suggestions: ["where is order 4411"],
  },
};

const chat = document.getElementById("chat");
chat.fetcher = fetcher;
chat.eventSource = FakeEventSource;

window.chat = chat;
window.backend = backend;
window.streams = FakeEventSource.made;
window.turnReply = turnReply;
window.hold = () => {
  window.release = hold();
};
window.pauses = pauses;
window.ptBR = ptBR;
window.setStrings = setStrings;
window.decisions = [];
document.addEventListener("stalwart-decision", (event) => window.decisions.push(event.detail.decision));

const params = new URLSearchParams(location.search);
if (params.has("theme")) chat.setAttribute("theme", params.get("theme"));
if (params.has("staff")) chat.setAttribute("staff", "");
backend.base = params.get("base") ?? "/";
chat.setAttribute("base", backend.base);
chat.setAttribute("thread", "u-17");
window.ready = true;
