const SESSION = "Stalwart-Session";

export class ApiError extends Error {
  constructor(status, detail, code = null) {
    super(detail);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export class Api {
  session = null;

  constructor(base, fetcher, page = globalThis.document?.baseURI) {
    this.base = base;
    this.fetcher = fetcher;
    this.root = new URL(base, page);
    if (!this.root.pathname.endsWith("/")) this.root.pathname += "/";
    this.root.search = this.root.hash = "";
  }

  /** Encoded, so a thread id cannot climb out of base. */
  url(...segments) {
    return new URL(segments.map(encodeURIComponent).join("/"), this.root);
  }

  config() {
    return this.request("GET", ["config.json"]);
  }

  message(thread, text) {
    return this.request("POST", ["threads", thread, "messages"], { text });
  }

  interrupts(thread) {
    return this.request("GET", ["threads", thread, "interrupts"]);
  }

  decisions(thread) {
    return this.request("GET", ["threads", thread, "decisions"]);
  }

  resume(thread, answer) {
    return this.request("POST", ["threads", thread, "resume"], answer);
  }

  feedback(thread, message, thumb) {
    return this.request("POST", ["threads", thread, "feedback"], { message, thumb });
  }

  stream(thread) {
    return this.url("threads", thread, "stream");
  }

  /** Public: the owner's panels bring their own routes (owner-requests.js). */
  async request(method, path, body) {
    const headers = { Accept: "application/json" };
    if (body) headers["Content-Type"] = "application/json";
    if (this.session) headers[SESSION] = this.session;
    let response;
    try {
      const init = { method, headers, body: body && JSON.stringify(body), credentials: "same-origin" };
      response = await this.fetcher.call(globalThis, this.url(...path).href, init);
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

export function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
