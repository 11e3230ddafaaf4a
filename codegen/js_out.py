"""The JS package's generated modules: string tables, theme CSS, element API lists, spec names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from codegen.openapi import OPENAPI_FILE
from codegen.render import header, render
from codegen.spec import ELEMENTS_FILE, STRINGS_FILE, THEME_FILE, Spec

GENERATED = "js/agent-ui/src/generated"
STRINGS = {"en": f"{GENERATED}/strings.en.js", "pt-BR": f"{GENERATED}/strings.pt-BR.js"}
THEME_JS = f"{GENERATED}/theme.js"
THEME_CSS = "js/agent-ui/theme.css"
MANIFEST_JS = f"{GENERATED}/manifest.js"
SPEC_JS = f"{GENERATED}/spec.js"
ENUMS_JS = f"{GENERATED}/enums.js"
ROUTES_JS = f"{GENERATED}/routes.js"


def strings(spec: Spec, language: str) -> str:
    """One language's frozen table of every interface string, in the spec's order."""
    texts = {text.key: text.en if language == "en" else text.pt_br for text in spec.strings}
    return render("strings.js.j2", header=header("//", STRINGS_FILE), texts=texts)


def theme_js(spec: Spec) -> str:
    """CSS for a shadow root: private --_ properties that a value set on any ancestor overrides."""
    return render("theme.js.j2", header=header("//", THEME_FILE), theme=spec.theme)


def theme_css(spec: Spec) -> str:
    """The same defaults for a page's own stylesheet, following the theme attribute as well."""
    return render(
        "theme.css.j2",
        header=header("/*", THEME_FILE, ELEMENTS_FILE, close="*/"),
        theme=spec.theme,
        tags=[element.tag for element in spec.elements],
    )


def manifest_js(spec: Spec) -> str:
    """Each element's API names, so a component never retypes its attributes, events or parts."""
    return render("manifest.js.j2", header=header("//", ELEMENTS_FILE), elements=spec.elements)


@dataclass(frozen=True)
class RouteShape:
    """What the JS needs of one operation to check a call: where it goes and what it may send."""

    operation: str
    method: str
    path: str
    body: str | None
    fields: tuple[str, ...]
    reply: str | None


_REF = "#/components/schemas/"


def _schema_name(content: Mapping[str, Any] | None) -> str | None:
    media = (content or {}).get("application/json") or {}
    reference = media.get("schema", {}).get("$ref", "")
    return reference.removeprefix(_REF) if reference.startswith(_REF) else None


def _fields(name: str | None, schemas: Mapping[str, Any]) -> tuple[str, ...]:
    """Every property a body of schema `name` may carry, over all its variants."""
    if name is None:
        return ()
    schema = schemas[name]
    found = list(schema.get("properties", {}))
    for variant in schema.get("oneOf", []):
        found += _fields(variant.get("$ref", "").removeprefix(_REF) or None, schemas)
    return tuple(dict.fromkeys(found))


def route_shapes(document: Mapping[str, Any]) -> tuple[RouteShape, ...]:
    """Each operation of the spec, in its order, with its body's schema and fields."""
    schemas = document["components"]["schemas"]
    shapes = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            body = _schema_name(operation.get("requestBody", {}).get("content"))
            answer = operation.get("responses", {}).get("200", {})
            shapes.append(
                RouteShape(
                    operation["operationId"],
                    method.upper(),
                    path,
                    body,
                    _fields(body, schemas),
                    _schema_name(answer.get("content")),
                )
            )
    return tuple(shapes)


def spec_js(spec: Spec) -> str:
    """Kinds with their answers, event types and thumbs, so the JS never retypes them."""
    return render("spec.js.j2", header=header("//", OPENAPI_FILE), api=spec.api)


def routes_js(spec: Spec) -> str:
    """The HTTP API's routes, for the test that checks api.js; the page never loads it."""
    return render(
        "routes.js.j2", header=header("//", OPENAPI_FILE), routes=route_shapes(spec.api.document)
    )


def enums_js(spec: Spec) -> str:
    """The spec's enums as frozen objects with their JSDoc types, so the JS names a member."""
    return render("enums.js.j2", header=header("//", OPENAPI_FILE), api=spec.api)
