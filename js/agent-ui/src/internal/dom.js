/** Text is only ever a Text node, so words from a tool, the model or the server are never markup. */

export const AWAY = { target: "_blank", rel: "noopener noreferrer" };

/** Null, false and "" children are left out, so `condition && node` works. */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (name === "on") for (const type in value) element.addEventListener(type, value[type]);
    else if (name === "hidden") element.hidden = Boolean(value);
    else if (value === true) element.setAttribute(name, "");
    else if (value !== false && value != null) element.setAttribute(name, value);
  }
  element.append(
    ...children.flat(Infinity).filter((child) => child != null && child !== false && child !== ""),
  );
  return element;
}

export function show(value) {
  return typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
}

export function text(value) {
  return typeof value === "string" ? value : "";
}

/** http(s) only, so a `javascript:` URL never runs. */
export function safeUrl(url, base) {
  if (!text(url)) return null;
  try {
    const parsed = new URL(url, base);
    return /^https?:$/.test(parsed.protocol) ? parsed : null;
  } catch {
    return null;
  }
}
