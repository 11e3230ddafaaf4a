"""The docs' generated tables, filled in between codegen markers in any docs/**/*.md page."""

from __future__ import annotations

import re
from pathlib import Path

from codegen.errors import SpecError
from codegen.render import render
from codegen.spec import Spec

DOCS = "docs"
TABLES = (
    "routes",
    "answers",
    "options",
    "elements",
    "properties",
    "strings",
    "strings-pt-BR",
    "replies",
    "errors",
    "events",
    "origins",
    "pause-fields",
)
_MARKER = re.compile(r"<!-- codegen:(begin|end) (\S+) -->")


def tables(spec: Spec) -> dict[str, str]:
    """Every table by its marker name, rendered from the spec."""
    context = {
        "api": spec.api,
        "cli": spec.cli,
        "elements": spec.elements,
        "theme": spec.theme,
        "strings": spec.strings,
        "replies": spec.replies,
    }
    return {name: render(f"docs/{name}.md.j2", **context) for name in TABLES}


def pages(root: Path, spec: Spec) -> dict[str, str]:
    """Each docs page that holds a marker, with its tables filled in; every table placed once."""
    rendered = tables(spec)
    filled: dict[str, str] = {}
    placed: set[str] = set()
    for path in sorted((root / DOCS).rglob("*.md")):
        relative = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        if _MARKER.search(text):
            filled[relative] = _fill(relative, text, rendered, placed)
    missing = [name for name in TABLES if name not in placed]
    if missing:
        raise SpecError(
            f"{DOCS}/",
            ", ".join(missing),
            "no page holds this table; add <!-- codegen:begin NAME --> and"
            " <!-- codegen:end NAME --> where it belongs",
        )
    return filled


def _fill(file: str, text: str, rendered: dict[str, str], placed: set[str]) -> str:
    """The page with each marker pair's content replaced; a stray or unknown marker is an error."""
    out: list[str] = []
    position = 0
    open_name: str | None = None
    for match in _MARKER.finditer(text):
        side, name = match.groups()
        line = text.count("\n", 0, match.start()) + 1
        where = f"line {line}"
        if name not in rendered:
            raise SpecError(file, where, f"unknown table {name!r}; known: {', '.join(TABLES)}")
        if side == "begin":
            if open_name is not None:
                raise SpecError(file, where, f"{name} begins inside {open_name}")
            out.append(text[position : match.end()])
            open_name = name
        else:
            if open_name != name:
                raise SpecError(file, where, f"{name} ends where it did not begin")
            out.append(f"\n\n{rendered[name]}\n{match.group(0)}")
            placed.add(name)
            open_name = None
        position = match.end()
    if open_name is not None:
        raise SpecError(file, open_name, "begins and never ends")
    out.append(text[position:])
    return "".join(out)
