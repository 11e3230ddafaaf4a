"""The tools of an agent file: imported once, typed arguments coerced, called with a timeout."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import functools
import importlib
import inspect
import json
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel

from stalwart_agents._generated.enums import ArgumentType
from stalwart_agents.config import AgentFile, ToolSpec
from stalwart_agents.errors import ConfigError, StalwartError
from stalwart_agents.files import Files
from stalwart_agents.ids import SAFE_INTEGER
from stalwart_agents.language import DEFAULT_LANGUAGE

__all__ = [
    "OutOfRange",
    "Tool",
    "ToolBox",
    "coerce",
    "failure_sentence",
    "import_callable",
    "import_fix",
    "import_previews",
    "import_tools",
]

_INTEGER: Final = re.compile(r"^[+-]?\d+$")
_TRUE: Final = frozenset({"true", "yes", "y", "sim", "s", "1"})
_FALSE: Final = frozenset({"false", "no", "n", "nao", "não", "0"})


def import_callable(reference: str, base_dir: Path) -> Callable[..., Any]:
    """`module:function`, importable from the agent file's folder or the Python path."""
    module_name, _, attribute = reference.partition(":")
    folder = str(base_dir)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise LookupError(f"the module {module_name!r} cannot be imported: {error}.") from error
    except Exception as error:
        # A module that fails as it runs (a syntax error, a name it lacks) is the file's problem.
        problem = f"{error.msg} (line {error.lineno})" if isinstance(error, SyntaxError) else error
        raise LookupError(
            f"the module {module_name!r} fails as it is imported: {problem}."
        ) from error
    function = getattr(module, attribute, None)
    if not callable(function):
        raise LookupError(f"the module {module_name!r} has no function {attribute!r}.")
    return function  # type: ignore[no-any-return]


def failure_sentence(error: BaseException) -> str:
    """What the person reads of a tool's failure: the sentence it raised, never a class name.

    A sentence is the one text an exception was raised with, as `ShopError("Order 4411 is
    paid.")`; a KeyError's quoted key and the like are no sentence, so they give "".
    """
    text = str(error).strip()
    given = error.args[0] if len(error.args) == 1 else None
    return text if isinstance(given, str) and given.strip() == text else ""


class OutOfRange(StalwartError, ValueError):
    """A number past ±SAFE_INTEGER: JSON no longer holds it exactly, nor a run its pause ids."""

    def __init__(self, value: Any) -> None:
        self.value = value
        super().__init__(
            f"{value!r} is out of range: give a number from {-SAFE_INTEGER} to {SAFE_INTEGER}."
        )


def _number(value: Any) -> int | float | None:
    """A JSON number, or text that reads as one, whole ones as int; None where it is none.

    Raises OutOfRange past ±SAFE_INTEGER, infinity included: such an answer is a number, but
    not one a run can hold.
    """
    number = value
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        whole = _INTEGER.match(text) is not None
        if whole and len(text.lstrip("+-")) > len(str(SAFE_INTEGER)):
            # Refused before int(), which will not read past 4300 digits.
            raise OutOfRange(value)
        try:
            number = int(text) if whole else float(text)
        except ValueError:
            return None
    if not isinstance(number, int | float) or number != number:
        return None
    if abs(number) > SAFE_INTEGER:
        raise OutOfRange(value)
    return int(number) if isinstance(number, float) and number.is_integer() else number


def _string(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


def _integer(value: Any) -> int | None:
    number = _number(value)
    return number if isinstance(number, int) else None


def _boolean(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    return None


def _date(value: Any) -> str | None:
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip()).isoformat()
        except ValueError:
            return None
    return None


# Each argument type's coercer: the value in plain JSON, or None when it is not of the type.
_COERCERS: Final[Mapping[str, Callable[[Any], Any]]] = {
    ArgumentType.STRING: _string,
    ArgumentType.INTEGER: _integer,
    ArgumentType.NUMBER: _number,
    ArgumentType.BOOLEAN: _boolean,
    ArgumentType.DATE: _date,
}


def coerce(kind: str, value: Any) -> Any:
    """A value as the argument's type, in plain JSON; ValueError with a sentence when it is not."""
    coercer = _COERCERS.get(kind)
    if coercer is None:
        raise ValueError(f"{kind!r} is not an argument type.")
    coerced = coercer(value)
    if coerced is None:
        article = "an" if kind[0] in "aeiou" else "a"
        raise ValueError(f"{value!r} is not {article} {kind}.")
    return coerced


def plain(value: Any) -> Any:
    """A tool's result as JSON the store can keep; raises TypeError when it cannot be."""

    def default(item: Any) -> Any:
        if isinstance(item, dt.date | dt.datetime):
            return item.isoformat()
        if isinstance(item, BaseModel):
            return item.model_dump(mode="json")
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            return dataclasses.asdict(item)
        if isinstance(item, set | frozenset | tuple):
            return list(item)
        raise TypeError(f"a {type(item).__name__} cannot be kept as JSON")

    return json.loads(json.dumps(value, default=default))


def import_tools(spec: AgentFile) -> tuple[dict[str, Callable[..., Any]], list[ConfigError]]:
    """Each tool's function, and every tool that cannot be imported or does not fit its spec."""
    functions: dict[str, Callable[..., Any]] = {}
    problems: list[ConfigError] = []
    for name, tool in spec.tools.items():
        if tool.function is None:
            continue  # an MCP tool: its server gives the function (stalwart_agents.mcp)
        key = f"tools.{name}.function"
        try:
            function = import_callable(tool.function, spec.base_dir)
        except LookupError as error:
            fix = import_fix(tool.function)
            failed = ConfigError(str(spec.path), spec.line(key), key, str(error), fix)
            # Kept for `--debug`, which prints the traceback behind the message.
            failed.__cause__ = error.__cause__
            problems.append(failed)
            continue
        functions[name] = function
        for where, problem, fix in _signature_problems(name, tool, function):
            where = f"tools.{name}{where}"
            problems.append(ConfigError(str(spec.path), spec.line(where), where, problem, fix))
    return functions, problems


def import_previews(spec: AgentFile) -> tuple[dict[str, Callable[..., Any]], list[ConfigError]]:
    """Each tool's preview function, and every one that cannot be imported."""
    found: dict[str, Callable[..., Any]] = {}
    problems: list[ConfigError] = []
    for name, tool in spec.tools.items():
        if tool.preview is None:
            continue
        key = f"tools.{name}.preview"
        try:
            found[name] = import_callable(tool.preview, spec.base_dir)
        except LookupError as error:
            fix = import_fix(tool.preview)
            problems.append(ConfigError(str(spec.path), spec.line(key), key, str(error), fix))
    return found, problems


def import_fix(reference: str) -> str:
    """What to do about a `module:function` that cannot be imported."""
    module, _, function = reference.partition(":")
    return (
        f"define {function} in {module.replace('.', '/')}.py beside agent.yaml (or in an installed"
        f" module), or correct {reference!r}."
    )


def _signature_problems(
    name: str, tool: ToolSpec, function: Callable[..., Any]
) -> list[tuple[str, str, str]]:
    """Where a tool's Python parameters and its declared arguments disagree: (key, problem, fix)."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return []
    kinds = inspect.Parameter
    named = {
        p.name: p
        for p in parameters.values()
        if p.kind in (kinds.POSITIONAL_OR_KEYWORD, kinds.KEYWORD_ONLY)
    }
    takes_any = any(p.kind is kinds.VAR_KEYWORD for p in parameters.values())
    found: list[tuple[str, str, str]] = []
    for arg in tool.arguments:
        if arg not in named and not takes_any:
            found.append(
                (
                    f".arguments.{arg}",
                    f"{name} declares the argument {arg!r}, but {tool.function} takes no {arg}.",
                    f"add the parameter {arg} to {tool.function}, or remove {arg} here.",
                )
            )
    for parameter in parameters.values():
        needed = parameter.default is kinds.empty and parameter.kind not in (
            kinds.VAR_POSITIONAL,
            kinds.VAR_KEYWORD,
        )
        given = ("idempotency_key", "language", "files")
        if needed and parameter.name not in tool.arguments and parameter.name not in given:
            found.append(
                (
                    ".function",
                    f"{tool.function} needs the parameter {parameter.name!r}, "
                    f"which {name} does not declare.",
                    f"declare {parameter.name} under tools.{name}.arguments, "
                    f"or give the parameter a default.",
                )
            )
    return found


class Tool:
    """One tool: its spec and its resolved function."""

    def __init__(
        self,
        name: str,
        spec: ToolSpec,
        function: Callable[..., Any],
        preview: Callable[..., Any] | None = None,
    ) -> None:
        self.name = name
        self.spec = spec
        self.function = function
        # Its `preview:`, a dry run of what a call will change, shown on its card.
        self.preview = preview
        parameters = inspect.signature(function).parameters
        self.takes_key = "idempotency_key" in parameters or any(
            p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()
        )
        # A tool that names a `language` parameter (and no argument of that name) is told the
        # run's language, so the sentence it raises reads in it.
        self.takes_language = "language" in parameters and "language" not in spec.arguments
        # A tool that names a `files` parameter is given a Files, to save files for the person.
        self.takes_files = "files" in parameters and "files" not in spec.arguments
        self.is_async = inspect.iscoroutinefunction(function)

    async def invoke(
        self,
        args: Mapping[str, Any],
        idempotency_key: str,
        language: str = DEFAULT_LANGUAGE,
        files: Files | None = None,
    ) -> Any:
        """Call the tool once; TimeoutError when it does not answer within its timeout."""
        kwargs = {
            name: dt.date.fromisoformat(value)
            if name in self.spec.arguments and self.spec.arguments[name].type == ArgumentType.DATE
            else value
            for name, value in args.items()
        }
        if self.takes_key:
            kwargs["idempotency_key"] = idempotency_key
        if self.takes_language:
            kwargs["language"] = language
        if self.takes_files:
            if files is None:
                raise TypeError(f"{self.name} saves files: invoke it with files=Files(...).")
            kwargs["files"] = files
        async with asyncio.timeout(self.spec.timeout):
            if self.is_async:
                result = await self.function(**kwargs)
            else:
                # A sync tool may block; it runs on a thread so the loop never waits on it.
                loop = asyncio.get_running_loop()
                result = await loop.run_in_executor(
                    None, functools.partial(self.function, **kwargs)
                )
        return plain(result)


class ToolBox:
    """Every tool of an agent file, imported at load so a bad reference stops the start."""

    def __init__(
        self, spec: AgentFile, served: Mapping[str, Callable[..., Any]] | None = None
    ) -> None:
        """`served`: each MCP tool's function, which its server's session calls."""
        functions, problems = import_tools(spec)
        previews, unimported = import_previews(spec)
        if problems or unimported:
            raise (problems + unimported)[0]
        functions.update(served or {})
        self.tools: dict[str, Tool] = {
            name: Tool(name, spec.tools[name], function, previews.get(name))
            for name, function in functions.items()
        }

    def __getitem__(self, name: str) -> Tool:
        return self.tools[name]

    def __contains__(self, name: object) -> bool:
        return name in self.tools
