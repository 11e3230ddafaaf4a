/**
 * The client of `stalwart serve`: every URL is built under `base` and nowhere else, and every
 * request carries the session the server handed out.
 */

const SESSION = "Stalwart-Session";

/** A request the backend refused or that never reached it. */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status, or 0 when no answer came
   * @param {string} detail what went wrong, as the server or the network said it
   * @param {string | null} code the problem's machine code, such as `interrupt_stale`
   */
  constructor(status, detail, code = null) {
    super(detail);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export class Api {
  /** The session from the last answer that named one; echoed on every later request. */
  session = null;

  /**
   * @param {string} base where the backend answers, relative to the page or absolute
   * @param {typeof fetch} fetcher
   * @param {string} [page] the URL that a relative base is read against
   */
  constructor(base, fetcher, page = globalThis.document?.baseURI) {
    this.base = base;
    const root = new URL(base, page);
    if (!root.pathname.endsWith("/")) root.pathname += "/";
    root.search = "";
    root.hash = "";
    this.root = root;
    this.fetcher = fetcher;
  }

  /**
   * A URL under base; each segment is encoded, so a thread id cannot climb out of it.
   * @param {...string} segments
   */
  url(...segments) {
    return new URL(segments.map(encodeURIComponent).join("/"), this.root);
  }

  config() {
    return this.#send("GET", this.url("config.json"));
  }

  /** @param {string} thread @param {string} text */
  message(thread, text) {
    return this.#send("POST", this.url("threads", thread, "messages"), { text });
  }

  /** @param {string} thread */
  interrupts(thread) {
    return this.#send("GET", this.url("threads", thread, "interrupts"));
  }

  /**
   * @param {string} thread
   * @param {{ interrupt_id: string, decision: string, token: string, value?: unknown }} answer
   */
  resume(thread, answer) {
    return this.#send("POST", this.url("threads", thread, "resume"), answer);
  }

  /** @param {string} thread @param {string} message @param {string} thumb */
  feedback(thread, message, thumb) {
    return this.#send("POST", this.url("threads", thread, "feedback"), { message, thumb });
  }

  /** @param {string} thread */
  stream(thread) {
    return this.url("threads", thread, "stream");
  }

  async #send(method, url, body) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (this.session) headers[SESSION] = this.session;
    let response;
    try {
      response = await this.fetcher.call(globalThis, url.href, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
      });
    } catch (error) {
      throw new ApiError(0, String(error?.message ?? error));
    }
    this.session = response.headers.get(SESSION) ?? this.session;
    const text = await response.text();
    const data = parse(text);
    if (!response.ok) {
      const detail = typeof data?.detail === "string" ? data.detail : `${response.status} ${text}`;
      throw new ApiError(response.status, detail.trim(), typeof data?.code === "string" ? data.code : null);
    }
    return data;
  }
}

function parse(text) {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
