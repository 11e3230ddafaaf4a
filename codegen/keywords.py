"""A guard against schema keys no JSON Schema reader knows, such as the tail of an unquoted comma.

YAML reads `{description: The value, as JSON.}` as two keys, and JSON Schema ignores the second,
so the description silently loses its end. Codegen refuses any key that is not a keyword.
"""

from __future__ import annotations

from codegen.node import Node

KEYWORDS = frozenset(
    [
        "$schema",
        "$id",
        "$ref",
        "$anchor",
        "$dynamicRef",
        "$dynamicAnchor",
        "$defs",
        "$comment",
        "$vocabulary",
        "allOf",
        "anyOf",
        "oneOf",
        "not",
        "if",
        "then",
        "else",
        "dependentSchemas",
        "prefixItems",
        "items",
        "contains",
        "properties",
        "patternProperties",
        "additionalProperties",
        "propertyNames",
        "unevaluatedItems",
        "unevaluatedProperties",
        "type",
        "const",
        "enum",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "uniqueItems",
        "maxContains",
        "minContains",
        "maxProperties",
        "minProperties",
        "required",
        "dependentRequired",
        "title",
        "description",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "examples",
        "format",
        "contentEncoding",
        "contentMediaType",
        "contentSchema",
        "discriminator",
        "xml",
        "externalDocs",
        "example",
    ]
)
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_ONES = (
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
)


def check_document(document: Node) -> None:
    """Check every schema in an OpenAPI document: its components and each inline `schema`."""
    if document.has("components") and document.get("components").has("schemas"):
        for _, schema in document.get("components").get("schemas").entries():
            check_schema(schema)
    _find_inline(document)


def _find_inline(node: Node) -> None:
    if isinstance(node.value, dict):
        for key, child in node.entries():
            if key == "schema":
                check_schema(child)
            elif key != "components" or node.key:
                _find_inline(child)
            else:
                for part, section in child.entries():
                    if part != "schemas":
                        _find_inline(section)
    elif isinstance(node.value, list):
        for child in node.items():
            _find_inline(child)


def check_schema(schema: Node) -> None:
    """Refuse a key that is neither a JSON Schema keyword nor an x- extension, here and below."""
    if isinstance(schema.value, bool):
        return
    for key, child in schema.entries():
        if key not in KEYWORDS and not key.startswith("x-"):
            raise child.error(
                "is not a JSON Schema keyword; if it is the end of a text after a comma,"
                " quote the whole text"
            )
        if key in _SCHEMA_MAPS:
            for _, sub in child.entries():
                check_schema(sub)
        elif key in _SCHEMA_LISTS:
            for sub in child.items():
                check_schema(sub)
        elif key in _SCHEMA_ONES:
            check_schema(child)
