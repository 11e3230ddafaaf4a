const NUMBER = /^-?\d+(\.\d+)?$/;
const NUMERIC = ["integer", "int", "number", "float", "decimal"];

export function typed(text, type) {
  const kind = String(type ?? "").toLowerCase();
  const trimmed = text.trim();
  if (NUMERIC.includes(kind) && NUMBER.test(trimmed)) return Number(trimmed);
  if ((kind === "boolean" || kind === "bool") && /^(true|false)$/.test(trimmed)) return trimmed === "true";
  return text;
}
