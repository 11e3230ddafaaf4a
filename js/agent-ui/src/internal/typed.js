import { ArgumentType } from "../generated/enums.js";

const NUMBER = /^-?\d+(\.\d+)?$/;
const NUMERIC = [ArgumentType.INTEGER, ArgumentType.NUMBER];

export function typed(text, type) {
  const trimmed = text.trim();
  if (NUMERIC.includes(type) && NUMBER.test(trimmed)) return Number(trimmed);
  if (type === ArgumentType.BOOLEAN && /^(true|false)$/.test(trimmed)) return trimmed === "true";
  return text;
}
