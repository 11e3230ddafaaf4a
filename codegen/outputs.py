"""Every generated file, computed in memory, then written or compared with what is on disk."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from codegen import agent_schema, cem, declarations, docs, js_out, python_out
from codegen.spec import Spec, load_spec

_FILES: dict[str, Callable[[Spec], str]] = {
    python_out.CONSTANTS: python_out.constants,
    python_out.MODELS: python_out.models,
    python_out.ENUMS_PY: python_out.enums,
    js_out.STRINGS["en"]: partial(js_out.strings, language="en"),
    js_out.STRINGS["pt-BR"]: partial(js_out.strings, language="pt-BR"),
    js_out.THEME_JS: js_out.theme_js,
    js_out.THEME_CSS: js_out.theme_css,
    js_out.MANIFEST_JS: js_out.manifest_js,
    js_out.SPEC_JS: js_out.spec_js,
    js_out.ENUMS_JS: js_out.enums_js,
    js_out.ROUTES_JS: js_out.routes_js,
    cem.CUSTOM_ELEMENTS: cem.custom_elements,
    declarations.INDEX_DTS: declarations.index_dts,
    declarations.PT_BR_DTS: declarations.pt_br_dts,
    agent_schema.AGENT_SCHEMA: agent_schema.agent_schema,
}


def generate(root: Path) -> dict[str, str]:
    """Every output's text by its path under root; raises SpecError for a broken spec."""
    spec = load_spec(root)
    outputs = {path: build(spec) for path, build in _FILES.items()}
    outputs.update(docs.pages(root, spec))
    return dict(sorted(outputs.items()))


def write(root: Path, outputs: dict[str, str]) -> list[str]:
    """Write the outputs that differ from disk, and say which; an unchanged file keeps its mtime."""
    written = []
    for relative, text in outputs.items():
        path = root / relative
        if _current(path) != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
            written.append(relative)
    return written


def stale(root: Path, outputs: dict[str, str]) -> list[str]:
    """A readable report for each output that is missing or differs from what codegen makes."""
    reports = []
    for relative, text in outputs.items():
        current = _current(root / relative)
        if current is None:
            reports.append(f"missing: {relative}\n")
        elif current != text:
            diff = difflib.unified_diff(
                current.splitlines(keepends=True),
                text.splitlines(keepends=True),
                fromfile=f"a/{relative} (on disk)",
                tofile=f"b/{relative} (from spec/)",
            )
            reports.append(f"stale: {relative}\n" + "".join(_terminated(diff)))
    return reports


def _current(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        return ""


def _terminated(lines: Iterable[str]) -> list[str]:
    """Diff lines each ending in a newline, even where a file's last line had none."""
    marker = "\n\\ No newline at end of file\n"
    return [line if line.endswith("\n") else line + marker for line in lines]
