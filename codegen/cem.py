"""custom-elements.json in the Custom Elements Manifest schema 2.x, for editors and doc tools."""

from __future__ import annotations

import json
import re

from codegen.spec import Element, Member, Spec, ThemeProperty

CUSTOM_ELEMENTS = "js/agent-ui/custom-elements.json"
SCHEMA_VERSION = "2.1.0"


def module_path(element: Element) -> str:
    """Where the element's class lives in the JS package, one folder per component."""
    return f"src/{element.short}/{element.short}.component.js"


def custom_elements(spec: Spec) -> str:
    """Deterministic JSON, unindented since tools read it; the schema has no field for a header."""
    manifest = {
        "schemaVersion": SCHEMA_VERSION,
        "modules": [_module(element, spec.theme) for element in spec.elements],
    }
    return json.dumps(manifest, ensure_ascii=False) + "\n"


def _module(element: Element, theme: tuple[ThemeProperty, ...]) -> dict[str, object]:
    path = module_path(element)
    reference = {"name": element.class_name, "module": path}
    return {
        "kind": "javascript-module",
        "path": path,
        "declarations": [_declaration(element, theme)],
        "exports": [
            {"kind": "js", "name": element.class_name, "declaration": reference},
            {"kind": "custom-element-definition", "name": element.tag, "declaration": reference},
        ],
    }


def _declaration(element: Element, theme: tuple[ThemeProperty, ...]) -> dict[str, object]:
    return {
        "kind": "class",
        "name": element.class_name,
        "tagName": element.tag,
        "customElement": True,
        "summary": element.summary,
        "description": element.description,
        "superclass": {"name": "HTMLElement", "package": "global:"},
        "attributes": [_attribute(member, element) for member in element.attributes],
        "members": [_field(member) for member in element.properties],
        "events": [_event(member) for member in element.events],
        "cssParts": [_named(member) for member in element.parts],
        "slots": [_named(member) for member in element.slots],
        "cssProperties": [
            {"name": prop.name, "default": prop.light, "description": prop.styles} for prop in theme
        ],
    }


def _attribute(member: Member, element: Element) -> dict[str, object]:
    """An attribute, with fieldName only where a property of the element reflects it."""
    attribute: dict[str, object] = {
        "name": member.name,
        "type": {"text": member.type},
        "description": member.description,
    }
    field = _camel(member.name)
    if any(prop.name == field for prop in element.properties):
        attribute["fieldName"] = field
    return attribute


def _field(member: Member) -> dict[str, object]:
    return {
        "kind": "field",
        "name": member.name,
        "type": {"text": member.type},
        "description": member.description,
    }


def _event(member: Member) -> dict[str, object]:
    return {
        "name": member.name,
        "type": {"text": "CustomEvent"},
        "description": member.description,
    }


def _named(member: Member) -> dict[str, str]:
    return {"name": member.name, "description": member.description}


def _camel(name: str) -> str:
    return re.sub(r"-([a-z])", lambda match: match.group(1).upper(), name)
