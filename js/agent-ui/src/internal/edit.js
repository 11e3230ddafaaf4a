import { ArgumentType } from "../generated/enums.js";
import { typed } from "./typed.js";

/** The field an argument is corrected in, typed by its value: numbers and true/false keep their type. */
export function editField(value) {
  if (typeof value === "boolean") return { input: "checkbox", type: ArgumentType.BOOLEAN, text: String(value) };
  if (typeof value === "number") {
    return { input: "number", type: Number.isInteger(value) ? ArgumentType.INTEGER : ArgumentType.NUMBER, text: String(value) };
  }
  if (typeof value === "string") return { input: "text", type: ArgumentType.STRING, text: value };
  // Lists, objects and null are corrected as the JSON they are.
  return { input: "text", type: null, text: JSON.stringify(value) };
}

/** The corrected value of one field; JSON that does not parse goes as typed, for the backend to refuse. */
export function editedValue(text, type) {
  if (type) return typed(text, type);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
