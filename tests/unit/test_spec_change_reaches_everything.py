"""A change to the spec reaches every docs table, every generated file and every consumer, or fails.

On a copy of the repository: a new error code, a new origin, a new answer of a kind and a new
string, all at once, then `python -m codegen` on the copy.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from codegen import generate, write
from codegen.client import CLIENT, PACKAGE, stale

REPO = Path(__file__).resolve().parents[2]
JS = "js/agent-ui"
HOLD_ON = {"en": "Hold on", "pt-BR": "Aguarde", "where": "the status line while a pause is held"}
LATER = {"en": "Later", "pt-BR": "Depois", "where": "the button that answers a confirmation later"}
PARTNER = {"en": "from a partner", "pt-BR": "de um parceiro", "where": "confirm"}
# Each family of spec values: a member every output listing the family has, and the new member.
FAMILIES = {
    "error codes": (r"\bunsupported_media_type\b", r"\bgone\b"),
    "origins": (
        r"\borigin_computed\b|\bCOMPUTED\b|`computed`",
        r"\bpartner\b|\bPARTNER\b|origin_partner",
    ),
    # Quoted, as a list gives it: a sentence that mentions cancel_all lists nothing.
    "confirm's answers": (r"[`\"']cancel_all[`\"']|\bCANCEL_ALL\b", r"\bpostpone\b|\bPOSTPONE\b"),
    "strings": (r"\bargumentsTitle\b", r"\bholdOn\b"),
}


def _change(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    errors = schemas["ErrorCode"]
    errors["enum"].append("gone")
    errors["x-status"]["gone"] = 410
    errors["x-when"]["gone"] = "The thread was deleted."
    schemas["Origin"]["enum"].append("partner")
    schemas["Origin"]["x-from"]["partner"] = "a partner's system"
    argument = schemas["ArgumentOrigin"]
    argument["pattern"] = argument["pattern"].replace("^(", "^(partner|", 1)
    schemas["Decision"]["enum"].append("postpone")
    choices = schemas["ConfirmInterrupt"]["allOf"][1]["properties"]["choices"]["items"]
    choices["enum"].append("postpone")
    schemas["ConfirmResume"]["properties"]["decision"]["enum"].append("postpone")


def _edit(root: Path, name: str, change: Any) -> None:
    path = root / "spec" / name
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    change(data)
    dumped = yaml.dump(data, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False)
    path.write_text(dumped, encoding="utf-8")


@pytest.fixture(scope="module")
def before() -> dict[str, str]:
    """Every output as the repository's spec generates it."""
    return generate(REPO)


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository, less docs' images, with the four changes made and codegen run."""
    root = tmp_path_factory.mktemp("changed")
    for part in ("spec", "docs", "python", "clients"):
        ignored = shutil.ignore_patterns("__pycache__", "*.png")
        shutil.copytree(REPO / part, root / part, ignore=ignored)
    shutil.copytree(REPO / JS, root / JS, ignore=shutil.ignore_patterns("node_modules"))
    (root / JS / "node_modules").symlink_to((REPO / JS / "node_modules").resolve())
    _edit(root, "openapi.yaml", _change)
    _edit(
        root,
        "strings.yaml",
        lambda d: d["strings"].update(holdOn=HOLD_ON, postpone=LATER, origin_partner=PARTNER),
    )
    write(root, generate(root))
    return root


def _rows(root: Path, name: str) -> list[str]:
    pattern = re.compile(rf"<!-- codegen:begin {name} -->\n(.*?)<!-- codegen:end {name} -->", re.S)
    for page in sorted((root / "docs").rglob("*.md")):
        found = pattern.search(page.read_text(encoding="utf-8"))
        if found:
            return [line for line in found.group(1).splitlines() if line.startswith("|")]
    raise AssertionError(f"no docs page holds the {name} table")


def _generated(path: str, text: str) -> str:
    """What codegen wrote of a file: a docs page's tables, every other output whole."""
    if not path.endswith(".md"):
        return text
    return "".join(re.findall(r"<!-- codegen:begin (.*?)<!-- codegen:end ", text, re.S))


def test_every_docs_table_follows(changed: Path) -> None:
    assert "| `gone` | 410 | The thread was deleted. |" in _rows(changed, "errors")
    assert "| `partner` | a partner's system |" in _rows(changed, "origins")
    [confirm] = [row for row in _rows(changed, "answers") if row.startswith("| `confirm`")]
    assert "`cancel_all`, `postpone`" in confirm
    assert any("`holdOn`" in row and "Hold on" in row for row in _rows(changed, "strings"))
    assert any("`holdOn`" in row and "Aguarde" in row for row in _rows(changed, "strings-pt-BR"))


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_generated_file_that_lists_a_family_lists_its_new_member(
    family: str, before: dict[str, str], changed: Path
) -> None:
    member, new = FAMILIES[family]
    listing = [path for path, text in before.items() if re.search(member, _generated(path, text))]
    assert listing, f"no generated file lists the {family}"
    behind = [
        path
        for path in listing
        if not re.search(new, _generated(path, (changed / path).read_text("utf-8")))
    ]
    assert behind == [], f"these list the {family} but not the new one"


def test_the_python_package_takes_each_new_value(changed: Path) -> None:
    script = """
import json
from stalwart_agents import Decision, ErrorCode, Origin
from stalwart_agents._generated.models import Argument, ConfirmResume
from stalwart_agents._generated.spec import ANSWERS
from stalwart_agents.serve._problems import ProblemError
print(json.dumps({
    "gone": ProblemError(ErrorCode("gone"), "deleted").status,
    "partner": Argument(name="order", value=1, origin="partner").origin == Origin("partner"),
    "postpone": ANSWERS["confirm"][-1] == Decision("postpone"),
    "resume": ConfirmResume(
        kind="confirm", interrupt_id="i", decision="postpone", token="t"
    ).decision,
}))
"""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(changed / "python"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "gone": 410,
        "partner": True,
        "postpone": True,
        "resume": "postpone",
    }


def test_the_interface_has_words_for_each_new_value(changed: Path) -> None:
    script = """
const { strings } = await import(process.argv[1] + "/src/internal/localize.js");
const words = await import(process.argv[1] + "/src/internal/words.js");
process.stdout.write(JSON.stringify({
  holdOn: strings.holdOn,
  postpone: strings[words.answerKey("confirm", "postpone")],
  partner: strings[words.originKey("partner")],
}));
"""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, (changed / JS).as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "holdOn": "Hold on",
        "postpone": "Later",
        "partner": "from a partner",
    }


def test_the_committed_python_client_is_found_stale_naming_each_changed_model(
    changed: Path,
) -> None:
    differ = stale(CLIENT / PACKAGE, changed / "spec" / "openapi.yaml")
    for model in ("error_code.py", "origin.py", "decision.py", "confirm_resume_decision.py"):
        assert f"models/{model}" in differ
