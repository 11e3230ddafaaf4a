"""TypeScript declarations for the JS package: its elements, its strings and the API's bodies."""

from __future__ import annotations

from codegen.errors import SpecError
from codegen.openapi import OPENAPI_FILE
from codegen.render import header, render
from codegen.spec import ELEMENTS_FILE, STRINGS_FILE, Member, Spec
from codegen.typescript import declaration

INDEX_DTS = "js/agent-ui/index.d.ts"
PT_BR_DTS = "js/agent-ui/locales/pt-BR.d.ts"


def index_dts(spec: Spec) -> str:
    """The package's public types, so an embedder's editor knows every element and string key."""
    schemas = spec.api.document.get("components", {}).get("schemas", {})
    return render(
        "index.d.ts.j2",
        header=header("//", OPENAPI_FILE, ELEMENTS_FILE, STRINGS_FILE),
        schemas=[declaration(name, schema) for name, schema in schemas.items()],
        elements=spec.elements,
        events=_events(spec),
        keys=[text.key for text in spec.strings],
    )


def pt_br_dts(spec: Spec) -> str:
    """The pt-BR locale module's type: a full table of strings."""
    return render("pt-BR.d.ts.j2", header=header("//", STRINGS_FILE))


def _events(spec: Spec) -> list[Member]:
    """Every event once; two elements may share one only with the same detail."""
    events: dict[str, Member] = {}
    for element in spec.elements:
        for event in element.events:
            known = events.setdefault(event.name, event)
            if known.type != event.type:
                raise SpecError(
                    ELEMENTS_FILE,
                    f"elements.{element.tag}.events",
                    f"{event.name} has detail {event.type}, elsewhere {known.type}",
                )
    return list(events.values())
