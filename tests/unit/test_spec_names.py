"""The package names kinds, decisions and origins through the generated enums, never as strings."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from stalwart_agents._generated import spec
from stalwart_agents._generated.enums import Decision, Kind, Origin

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "stalwart_agents"
SPEC_VALUES = {str(member) for enum in (Kind, Decision, Origin) for member in enum}
# An origin that names its step is written `result:<step>`; its prefix is a copy as well.
SPEC_VALUES.add(f"{Origin.RESULT}:")
# Values that are also plain words with another meaning in the package, each for the reason given.
AMBIGUOUS = {
    "ask": "an on_unread value as well",
    "answer": "an event type as well",
    "reply": "an event type, and the run record's and TurnReply's field",
    "result": "a journal entry's key, and a reply phrase",
    "context": "a key of agent.yaml, a turn's field, and a name rule expressions read",
    "computed": "a key of agent.yaml",
    "model": "an on_unread value, a key of agent.yaml, and a provider's request field",
    "agent": "a key of agent.yaml, and the run record's field",
}
# Where a word can only be a value: a keyword argument or a dict entry with one of these names.
VALUE_NAMES = {"kind", "decision", "origin"}


def _docstrings(tree: ast.AST) -> set[int]:
    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, documented)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _definitions(tree: ast.AST) -> set[int]:
    """Constants that are a whole assignment in a class body: another enumeration's members."""
    return {
        id(statement.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for statement in node.body
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Constant)
    }


def _strings(node: ast.AST | None) -> Iterator[ast.Constant]:
    """The str constants an operand is, or holds as a tuple, list or set display."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _strings(element)


def _value_places(tree: ast.AST) -> set[int]:
    """Constants where a word can only be a value: compared, matched, or passed as a kind."""
    places: set[int] = set()
    for node in ast.walk(tree):
        operands: list[ast.AST | None] = []
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.MatchValue) or (
            isinstance(node, ast.keyword) and node.arg in VALUE_NAMES
        ):
            operands = [node.value]
        elif isinstance(node, ast.Dict):
            operands = [
                value
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and key.value in VALUE_NAMES
            ]
        places.update(id(constant) for operand in operands for constant in _strings(operand))
    return places


def _literals(path: Path) -> list[tuple[int, int, str]]:
    """Each flagged constant of a module as (line, column, value), in reading order."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    allowed = _docstrings(tree) | _definitions(tree)
    values = _value_places(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if node.value not in SPEC_VALUES or id(node) in allowed:
            continue
        if node.value in AMBIGUOUS and id(node) not in values:
            continue
        found.append((node.lineno, node.col_offset, node.value))
    return sorted(found)


def test_no_string_literal_names_a_kind_a_decision_or_an_origin() -> None:
    """Every str constant equal to a Kind, Decision or Origin value, or to `result:` (as in
    f"result:{step}"), is a copy that mypy cannot check, and fails here, with these exceptions:

    - a docstring;
    - a constant that is a whole assignment in a class body: a member of another enumeration
      that shares the word (the check's `Action.CONFIRM`, an undo's `UndoStatus.DONE_BY_HAND`);
    - a word of AMBIGUOUS (ask, answer, reply, result, context, computed, model, agent), which is
      also a key, a field or another enum's value, except where it can only be a value: an
      operand of a comparison (==, !=, in, not in, or an element of a tuple, list or set
      compared against), a `case` pattern, or a keyword argument or dict entry named `kind`,
      `decision` or `origin`. There it fails too, whichever enum it means (compare against
      `OnUnread.ASK` or `EventType.REPLY` as well).
    """
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {value!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "_generated" not in path.relative_to(PACKAGE).parts
        for line, _, value in _literals(path)
    ]
    assert found == []


def test_the_rule_catches_a_kind_compared_and_passed_and_lets_a_key_be(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        '"""confirm"""\n'
        'if pause["kind"] == "saga_stuck": pass\n'
        'if agent.on_unread in ("ask", "refuse"): pass\n'
        'make(kind="delegate", origin="model")\n'
        'event = {"decision": "answer", "by": "model"}\n'
        'entry["result"] = load("context")\n'
        'origin = f"result:{step}"\n',
        encoding="utf-8",
    )
    assert [value for _, _, value in _literals(module)] == [
        "saga_stuck",
        "ask",
        "delegate",
        "model",
        "answer",
        "result:",
    ]


def test_every_generated_enum_lists_the_spec_values_in_order() -> None:
    assert tuple(Kind) == spec.KINDS
    assert tuple(Decision) == spec.DECISIONS
    assert tuple(Origin) == spec.ORIGINS
    assert all(member == member.value for member in Origin)
