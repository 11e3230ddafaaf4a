const SHEETS = new Map();

/** Adds a lazily loaded panel's look to `root` once, so the chat's first load carries none of it. */
export function adopt(root, css) {
  if (!SHEETS.has(css)) {
    SHEETS.set(css, new CSSStyleSheet());
    SHEETS.get(css).replaceSync(css);
  }
  const sheet = SHEETS.get(css);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
