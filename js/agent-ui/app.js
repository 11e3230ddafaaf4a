/** The page `stalwart serve` shows at `/`; a module file, so a strict CSP holds. */

import { setStrings } from "./index.js";
import { ptBR } from "./locales/pt-BR.js";

const THREAD_KEY = "stalwart-agents:thread";
const PORTUGUESE = "pt-BR";

function thread() {
  let id = null;
  try {
    id = localStorage.getItem(THREAD_KEY);
  } catch {
    // Storage may be off; then every visit starts afresh.
  }
  if (!id || !/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/.test(id)) {
    // Unlike randomUUID, this works on a plain-http address of the local network too.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = `t-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
    try {
      localStorage.setItem(THREAD_KEY, id);
    } catch {
      // As above.
    }
  }
  return id;
}

async function start() {
  const response = await fetch("./config.json", { headers: { Accept: "application/json" } });
  const config = response.ok ? await response.json() : null;
  if (config?.language === PORTUGUESE) {
    setStrings(ptBR);
    document.documentElement.lang = PORTUGUESE;
  }
  if (typeof config?.name === "string") document.title = config.name;
  const chat = document.createElement("stalwart-chat");
  if (config) chat.bot = config;
  chat.setAttribute("base", ".");
  chat.setAttribute("thread", thread());
  if (config?.thumbs) chat.setAttribute("thumbs", "");
  document.getElementById("main").append(chat);
}

start();
