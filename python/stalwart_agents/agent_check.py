"""`stalwart check`: everything wrong with an agent file, found before serving, told as a person
reads it. Not the policy check of each call (check.py), nor the check of an answer
(answer_check.py)."""

from __future__ import annotations

import asyncio
import inspect
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from stalwart_agents.config import AgentFile
from stalwart_agents.errors import ConfigError, StoreError
from stalwart_agents.loading import currencies, read_agent_file
from stalwart_agents.selector import Vocabulary, VocabularyError
from stalwart_agents.store import open_store
from stalwart_agents.tools import import_callable, import_previews, import_tools

__all__ = ["Checked", "describe", "find_problems", "store_problems"]

_VOCABULARY_FIX: Final = (
    "correct the vocabulary file there; docs/selector.md describes its phrases, slots and examples."
)


@dataclass
class Checked:
    """An agent file as the check found it: the file, its problems, each agent's vocabulary."""

    spec: AgentFile | None
    problems: list[ConfigError]
    # By the agent's index; the banner takes its turn to try from it without reading it again.
    vocabularies: dict[int, Vocabulary] = field(default_factory=dict)
    # What serves but may surprise: a tool no phrase of a language reads.
    warnings: list[str] = field(default_factory=list)


def find_problems(path: str | Path) -> Checked:
    """The agent file, and every problem that would stop it from serving, in file order."""
    spec, problems = read_agent_file(path)
    checked = Checked(spec, problems)
    if spec is None:
        return checked
    problems.extend(import_tools(spec)[1])
    problems.extend(import_previews(spec)[1])
    for index in range(len(spec.agents)):
        problems.extend(_agent_problems(checked, spec, index))
    # The agent file's own problems in line order, then those of the files it names.
    own = {str(path), str(spec.path)}
    problems.sort(key=lambda problem: (problem.file not in own, problem.line or 0))
    return checked


def store_problems(spec: AgentFile) -> list[ConfigError]:
    """The run store opened (and migrated) as `stalwart serve` opens it; why not, at `storage:`.

    A store the file names well may still not open: a SQLite path that cannot be written, a
    PostgreSQL server that does not answer. Only opening it tells, so check does, before serve.
    """

    async def open_and_close() -> None:
        store = open_store(spec.storage_url())
        await store.open()
        await store.close()

    try:
        asyncio.run(open_and_close())
    except StoreError as error:
        message = str(error)
        sqlite = spec.storage.startswith("sqlite:")
        fix = (
            "make that folder and file writable by this user (a read-only disk or mount cannot "
            "hold runs), or name another place, as storage: sqlite:///runs.db beside agent.yaml."
            if sqlite
            else "check that the server runs and that the URL's user may connect and create tables."
        )
        problem = message[:1].lower() + message[1:]
        return [ConfigError(str(spec.path), spec.line("storage"), "storage", problem, fix)]
    return []


def _agent_problems(checked: Checked, spec: AgentFile, index: int) -> list[ConfigError]:
    agent = spec.agents[index]
    file = str(spec.path)
    found: list[ConfigError] = []
    for attribute, what in (("steps", "a step"), ("context", "a context provider")):
        reference = getattr(agent, attribute)
        if reference is None:
            continue
        key = f"agents[{index}].{attribute}"
        module, _, name = reference.partition(":")
        try:
            function = import_callable(reference, spec.base_dir)
        except LookupError as error:
            fix = f"define {name} in {module.replace('.', '/')}.py beside agent.yaml."
            problem = ConfigError(file, spec.line(key), key, str(error), fix)
            problem.__cause__ = error.__cause__
            found.append(problem)
            continue
        if attribute == "steps" and not inspect.iscoroutinefunction(function):
            found.append(
                ConfigError(
                    file,
                    spec.line(key),
                    key,
                    f"{what} must be an async function.",
                    f"write `async def {name}(run, turn)`.",
                )
            )
    if agent.vocabulary is not None and (spec.base_dir / agent.vocabulary).is_file():
        names = agent.tools or tuple(spec.tools)
        arguments = {name: list(spec.tools[name].arguments) for name in names if name in spec.tools}
        try:
            checked.vocabularies[index] = Vocabulary.load(
                spec.base_dir / agent.vocabulary,
                arguments,
                spec.undos(arguments),
                currencies(spec, arguments),
                warn=False,
            )
            checked.warnings.extend(checked.vocabularies[index].unreached_warnings())
        except VocabularyError as error:
            found.append(ConfigError(error.path, error.line, error.key, error.problem, _fix(error)))
    return found


def _fix(error: VocabularyError) -> str:
    if "slot" in error.problem and "argument" in error.problem:
        return (
            "name the slot as one of the tool's arguments in agent.yaml, or declare the argument "
            "there."
        )
    return _VOCABULARY_FIX


def _shown(file: str) -> str:
    """A path under the working folder as relative, so the message stays short."""
    try:
        return os.path.relpath(file) if Path(file).resolve().is_relative_to(Path.cwd()) else file
    except ValueError:
        return file


def describe(error: ConfigError) -> str:
    """One problem in two lines: the file, line and key, what is wrong; then the fix."""
    where = _shown(error.file) if error.line is None else f"{_shown(error.file)}, line {error.line}"
    where = f"{where}, at {error.key}" if error.key else where
    lines = [f"{where}: {error.problem}"]
    if error.fix:
        lines.append(f"  fix: {error.fix}")
    return "\n".join(lines)
