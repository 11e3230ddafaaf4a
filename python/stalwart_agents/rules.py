"""Rule expressions in agent.yaml, compiled once at load and evaluated before every call.

The language is simpleeval (pinned): Python's expression syntax, which the teams writing
agent.yaml already read; small and fast (it walks Python's own AST, no code generation); and
safe for configuration, because it allows no assignment, no import, no access to attributes
that start with an underscore (so no `__class__` escape), and only the functions listed here.
CEL would have cost a compiled extension for the same guarantees.
"""

from __future__ import annotations

import ast
import datetime as dt
import threading
from collections.abc import Iterable, Mapping
from typing import Any, Final

from simpleeval import EvalWithCompoundTypes, InvalidExpression

from stalwart_agents.errors import StalwartError

__all__ = ["CHECK_NAMES", "COMPUTE_NAMES", "FACTS_NAMES", "Expression", "ExpressionError"]

# What a check rule can read: the tool's name, the plain argument values, their origins, and
# the application's context.
CHECK_NAMES: Final = ("tool", "args", "origins", "context")
# What a computed argument can read: the arguments known so far and the context.
COMPUTE_NAMES: Final = ("args", "context")
# A tool's preconditions read its call and the facts its fact read found (None: nothing).
FACTS_NAMES: Final = ("args", "facts", "context")

FUNCTIONS: Final[dict[str, Any]] = {
    "abs": abs,
    "all": all,
    "any": any,
    "bool": bool,
    "float": float,
    "int": int,
    "len": len,
    "lower": lambda s: str(s).lower(),
    "max": max,
    "min": min,
    "round": round,
    "str": str,
    "today": lambda: dt.date.today().isoformat(),
}

_ALLOWED_NODES: Final = frozenset(EvalWithCompoundTypes().nodes) | {
    ast.comprehension,
    ast.Load,
    ast.Store,
    ast.operator,
    ast.boolop,
    ast.cmpop,
    ast.unaryop,
}
_STATEMENTS: Final = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Import, ast.ImportFrom)


class ExpressionError(StalwartError, ValueError):
    """An expression that cannot be compiled, with a sentence saying why."""


class Expression:
    """One compiled expression; evaluating it never parses again."""

    def __init__(self, source: str, names: Iterable[str] = CHECK_NAMES) -> None:
        if not isinstance(source, str) or not source.strip():
            raise ExpressionError("An expression must be a non-empty string.")
        self.source = source
        self.names = tuple(names)
        try:
            module = ast.parse(source.strip())
        except SyntaxError as error:
            raise ExpressionError(f"{source!r} is not a valid expression: {error.msg}.") from None
        if len(module.body) != 1 or not isinstance(module.body[0], ast.Expr):
            raise ExpressionError(f"{source!r} must be a single expression, not a statement.")
        self._tree: ast.Expr = module.body[0]
        self._validate(self._tree)
        self._local = threading.local()

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> dict[str, Any]:
        """A string in agent.yaml, so the agent file's JSON schema can say so."""
        return {
            "type": "string",
            "minLength": 1,
            "description": "An expression (docs/agent-yaml.md#expressions).",
        }

    def _validate(self, tree: ast.AST) -> None:
        bound = {
            name.id
            for comp in ast.walk(tree)
            if isinstance(comp, ast.comprehension)
            for name in ast.walk(comp.target)
            if isinstance(name, ast.Name)
        }
        known = set(self.names) | set(FUNCTIONS) | bound | {"True", "False", "None"}
        for node in ast.walk(tree):
            if isinstance(node, _STATEMENTS):
                raise ExpressionError(f"{self.source!r} must not assign or import.")
            if not any(isinstance(node, allowed) for allowed in _ALLOWED_NODES):
                raise ExpressionError(
                    f"{self.source!r} uses {type(node).__name__}, which rules do not allow."
                )
            if isinstance(node, ast.Name) and node.id not in known:
                raise ExpressionError(
                    f"{self.source!r} names {node.id!r}; rules can read "
                    f"{', '.join(self.names)} and the functions {', '.join(sorted(FUNCTIONS))}."
                )
            if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
                raise ExpressionError(f"{self.source!r} reads {node.attr!r}, which is private.")

    def argument_reads(self) -> list[tuple[str, frozenset[str] | None]]:
        """Each argument the expression reads by name (`args["x"]`, `args.get("x")`), with the
        tools a `tool == …` or `tool in (…)` beside it keeps it to (None: any tool)."""
        found: list[tuple[str, frozenset[str] | None]] = []
        _reads(self._tree, None, found)
        return found

    def _evaluator(self) -> EvalWithCompoundTypes:
        """One evaluator per thread, made once: making one costs more than evaluating."""
        evaluator: EvalWithCompoundTypes | None = getattr(self._local, "evaluator", None)
        if evaluator is None:
            evaluator = EvalWithCompoundTypes(functions=dict(FUNCTIONS), names={})
            self._local.evaluator = evaluator
        return evaluator

    def evaluate(self, names: Mapping[str, Any]) -> Any:
        """The expression's value over `names`; ExpressionError when it cannot be computed."""
        evaluator = self._evaluator()
        evaluator.names = {name: names.get(name) for name in self.names}
        try:
            return evaluator.eval(self.source, previously_parsed=self._tree)
        except (InvalidExpression, LookupError, TypeError, ValueError, ArithmeticError) as error:
            raise ExpressionError(f"{self.source!r} could not be evaluated: {error}") from None

    def holds(self, names: Mapping[str, Any]) -> bool:
        """Whether a rule applies; a rule that cannot be evaluated for these values does not."""
        try:
            return bool(self.evaluate(names))
        except ExpressionError:
            return False

    def __repr__(self) -> str:
        return f"Expression({self.source!r})"


def _reads(
    node: ast.AST, scope: frozenset[str] | None, found: list[tuple[str, frozenset[str] | None]]
) -> None:
    """The argument names under `node`; an `and` keeps each side to the tools it names."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        for value in node.values:
            named = _tools_named(value)
            if named is not None:
                scope = named if scope is None else scope & named
    name = _argument_read(node)
    if name is not None:
        found.append((name, scope))
    for child in ast.iter_child_nodes(node):
        _reads(child, scope, found)


def _tools_named(node: ast.AST) -> frozenset[str] | None:
    """The tools `tool == "a"`, `"a" == tool` or `tool in ("a", "b")` allows; None otherwise."""
    if not isinstance(node, ast.Compare) or len(node.ops) != 1:
        return None
    left, op, right = node.left, node.ops[0], node.comparators[0]
    if isinstance(op, ast.Eq) and _is_tool(right):
        left, right = right, left
    if not _is_tool(left):
        return None
    named = [right] if isinstance(op, ast.Eq) else []
    if isinstance(op, ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
        named = right.elts
    texts = [text for item in named if (text := _text(item)) is not None]
    return frozenset(texts) if named and len(texts) == len(named) else None


def _argument_read(node: ast.AST) -> str | None:
    """The name `args["x"]` or `args.get("x", …)` reads, where it is a literal."""
    if isinstance(node, ast.Subscript) and _is_args(node.value):
        return _text(node.slice)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and _is_args(node.func.value)
        and node.args
    ):
        return _text(node.args[0])
    return None


def _is_tool(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "tool"


def _is_args(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "args"


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
