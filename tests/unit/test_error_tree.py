"""Every error the package raises is a StalwartError, and errors.py lists each one in its tree."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import stalwart_agents
from stalwart_agents import errors
from stalwart_agents._generated.spec import KIND_RULES
from stalwart_agents.errors import StalwartError, ToolSignal


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class the package defines, by name, from every one of its modules."""
    found: dict[str, type[BaseException]] = {}
    for module in pkgutil.walk_packages(stalwart_agents.__path__, "stalwart_agents."):
        for value in vars(importlib.import_module(module.name)).values():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__.startswith("stalwart_agents")
            ):
                found[value.__qualname__] = value
    return found


def test_every_exception_the_package_defines_is_a_stalwart_error() -> None:
    outside = sorted(
        f"{error.__module__}.{name}"
        for name, error in _exception_classes().items()
        if issubclass(error, Exception) and not issubclass(error, StalwartError)
    )
    assert outside == []


def test_the_tree_in_errors_py_names_every_exception_class() -> None:
    tree = errors.__doc__ or ""
    assert [name for name in sorted(_exception_classes()) if name not in tree] == []


def test_an_error_that_was_a_value_error_still_is_one() -> None:
    classes = _exception_classes()
    for name in ("ExpressionError", "VocabularyError", "SignatureError", "UnsupportedLanguage"):
        assert issubclass(classes[name], ValueError), name


def test_a_team_written_step_can_import_non_deterministic_step() -> None:
    assert stalwart_agents.NonDeterministicStep.__mro__[1] is StalwartError


def test_a_tool_can_raise_exactly_the_kinds_the_spec_lets_an_agent_raise() -> None:
    raised = {signal.kind for signal in ToolSignal.__subclasses__()}
    assert raised == {kind for kind, rule in KIND_RULES.items() if rule.agent_raises}
