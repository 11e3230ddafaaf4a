"""What `stalwart serve` prints as it starts: where to go, what it stores in, and a turn to try."""

from __future__ import annotations

import datetime as dt
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from urllib.parse import urlsplit

from stalwart_agents.config import AgentFile
from stalwart_agents.language import DEFAULT_LANGUAGE
from stalwart_agents.selector import Vocabulary
from stalwart_agents.selector._examples import examples_for

__all__ = ["banner", "package_version", "store_in_use", "turn_to_try"]


def package_version() -> str:
    """The installed package's version, as `stalwart --version` prints it."""
    try:
        return version("stalwart-agents")
    except PackageNotFoundError:
        return "unknown (not installed)"


def store_in_use(storage_url: str) -> str:
    """The store as a person reads it: SQLite's file, or PostgreSQL's host and database only."""
    if storage_url.startswith("sqlite:///"):
        return f"SQLite at {storage_url.removeprefix('sqlite:///').partition('?')[0]}"
    parts = urlsplit(storage_url)
    # Never the user or the password: only where the data lives.
    port = f":{parts.port}" if parts.port else ""
    database = parts.path.lstrip("/") or "(default database)"
    return f"PostgreSQL at {parts.hostname or 'localhost'}{port}, database {database}"


def turn_to_try(spec: AgentFile, vocabulary: Vocabulary | None, language: str) -> str | None:
    """A vocabulary example, a write's first where there is one, so the turn shows a pause."""
    grammar = vocabulary.grammars.get(language) if vocabulary else None
    if vocabulary is None or grammar is None:
        return None
    examples = examples_for(grammar, vocabulary.written_examples, dt.date.today())
    writes = [e for e in examples if spec.tools[e.tool].write]
    chosen = writes or examples
    return chosen[0].text if chosen else None


def banner(spec: AgentFile, agent: str | None, url: str, vocabulary: Vocabulary | None) -> str:
    """The lines printed before the server starts; `vocabulary` is the agent's, as checked."""
    language = (vocabulary.language if vocabulary else None) or DEFAULT_LANGUAGE
    example = turn_to_try(spec, vocabulary, language)
    rows = [
        ("chat", f"{url.rstrip('/')}/"),
        ("agent", f"{spec.agent(agent).name} ({_shown(spec.path)})"),
        ("store", store_in_use(spec.storage_url())),
        ("language", language),
    ]
    if example is not None:
        rows.append(("try", f"type “{example}” in the chat"))
    rows.append(("stop", "Ctrl-C"))
    lines = [f"Stalwart Agents {package_version()}"]
    lines += [f"  {label + ':':<10}{value}" for label, value in rows]
    return "\n".join(lines)


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
