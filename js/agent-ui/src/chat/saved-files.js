import { Api } from "../internal/api.js";
import { text } from "../internal/dom.js";

/**
 * The bot's saved files and their folder, each with where it opens and downloads under the chat's
 * base. The page's session cookie goes with them (a link cannot carry a header); an embedder on
 * another origin gives the chat a fetcher that adds what it needs.
 */
export async function savedFiles(base, fetcher) {
  const api = new Api(base ?? "", fetcher);
  const response = await fetcher.call(globalThis, api.url("files").href, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(text(body?.detail) || `${response.status}`);
  const at = (file, ...rest) => api.url("files", file.id, ...rest).href;
  const files = Array.isArray(body?.files) ? body.files : [];
  return { folder: body?.folder, files: files.map((file) => ({ ...file, open: at(file), download: at(file, "download") })) };
}
