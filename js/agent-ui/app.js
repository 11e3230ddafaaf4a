/** The page `stalwart serve` shows at `/`; a module file, so a strict CSP holds. */

import "./src/chat/chat.js";
import { setStrings } from "./src/internal/localize.js";

const THREAD_KEY = "stalwart-agents:thread";
const PORTUGUESE = "pt-BR";

const FRESH = { attributes: true, attributeFilter: ["fresh"] };
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

function stored() {
  try {
    return localStorage.getItem(THREAD_KEY);
  } catch {
    // Storage may be off; then every visit starts afresh.
    return null;
  }
}

function keep(id) {
  try {
    localStorage.setItem(THREAD_KEY, id);
  } catch {
    // As above.
  }
}

/** ?thread=ID (a webhook's resume link), else this browser's last thread, else a new one. */
function thread() {
  const linked = new URLSearchParams(location.search).get("thread");
  if (linked && ID.test(linked)) return { id: linked, fresh: false };
  const id = stored();
  if (id && ID.test(id)) return { id, fresh: false };
  // Unlike randomUUID, this works on a plain-http address of the local network too.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return { id: `t-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`, fresh: true };
}

async function start() {
  const response = await fetch("./config.json", { headers: { Accept: "application/json" } });
  const config = response.ok ? await response.json() : null;
  if (config?.language === PORTUGUESE) {
    // Only a Portuguese page fetches the Portuguese strings.
    const { ptBR } = await import("./locales/pt-BR.js");
    setStrings(ptBR);
    document.documentElement.lang = PORTUGUESE;
  }
  if (typeof config?.name === "string") document.title = config.name;
  const chat = document.createElement("stalwart-chat");
  if (config) chat.bot = config;
  chat.setAttribute("base", ".");
  const { id, fresh } = thread();
  chat.setAttribute("thread", id);
  // A thread with no turn yet has no stream to read; the chat drops "fresh" once it has one.
  chat.toggleAttribute("fresh", fresh);
  if (fresh) new MutationObserver(() => chat.hasAttribute("fresh") || keep(id)).observe(chat, FRESH);
  else keep(id);
  if (config?.thumbs) chat.setAttribute("thumbs", "");
  document.getElementById("main").append(chat);
}

start();
