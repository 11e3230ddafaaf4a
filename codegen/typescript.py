"""OpenAPI 3.1 schemas as TypeScript types, bare: the spec describes them, and npm stays small."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_SCHEMAS = "#/components/schemas/"
_PRIMITIVES = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean"}


def _unconditional(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """The schema without its if/then parts, which TypeScript's types cannot say."""
    parts = [part for part in schema.get("allOf", ()) if not ("if" in part and "then" in part)]
    if "allOf" not in schema or len(parts) == len(schema["allOf"]):
        return schema
    rest = {key: value for key, value in schema.items() if key != "allOf"}
    return {**rest, "allOf": parts} if parts else rest


def declaration(name: str, schema: Mapping[str, Any]) -> str:
    """One exported declaration: an interface for an object with properties, a type otherwise."""
    schema = _unconditional(schema)
    if schema.get("type") == "object" and "properties" in schema and not _combines(schema):
        return f"export interface {name} {_object(schema, '')}\n"
    return f"export type {name} = {type_of(schema, '')};\n"


def type_of(schema: object, indent: str) -> str:
    """The TypeScript type a JSON Schema describes; unknown where it says nothing narrower."""
    if not isinstance(schema, Mapping):
        return "unknown"
    schema = _unconditional(schema)
    if "$ref" in schema and str(schema["$ref"]).startswith(_SCHEMAS):
        return str(schema["$ref"]).removeprefix(_SCHEMAS)
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return " | ".join(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
    for keyword, joiner in (("oneOf", " | "), ("anyOf", " | "), ("allOf", " & ")):
        if keyword in schema:
            return joiner.join(_grouped(type_of(part, indent)) for part in schema[keyword])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(_grouped(type_of({**schema, "type": one}, indent)) for one in kind)
    if kind == "null":
        return "null"
    if kind in _PRIMITIVES:
        return _PRIMITIVES[kind]
    if kind == "array":
        return f"Array<{type_of(schema.get('items'), indent)}>"
    if kind == "object" or "properties" in schema:
        return _object(schema, indent)
    return "unknown"


def _combines(schema: Mapping[str, Any]) -> bool:
    return any(keyword in schema for keyword in ("oneOf", "anyOf", "allOf", "$ref"))


def _grouped(text: str) -> str:
    return f"({text})" if (" | " in text or " & " in text) and not text.startswith("{") else text


def _object(schema: Mapping[str, Any], indent: str) -> str:
    properties = schema.get("properties")
    extra = schema.get("additionalProperties", True)
    if not isinstance(properties, Mapping) or not properties:
        value = "unknown" if extra is True else type_of(extra, indent)
        return "Record<string, never>" if extra is False else f"Record<string, {value}>"
    required = set(schema.get("required", ()))
    inner = indent + "  "
    lines = ["{"]
    for name, prop in properties.items():
        key = name if _IDENTIFIER.match(name) else json.dumps(name)
        optional = "" if name in required else "?"
        lines.append(f"{inner}{key}{optional}: {type_of(prop, inner)};")
    lines.append(f"{indent}}}")
    return "\n".join(lines)
