"""A call's facts: the read its tool declares, run before the pause, and its preconditions.

A fact read that returns None, or raises `stalwart_agents.NotFound` (the shop's "There is no
order abc."), found nothing: the preconditions see `facts` as None. One that times out or fails
any other way (a locked database, a network error) is unread: the card gets a plain note and no
precondition is tried, so a failed read never refuses a real order as unknown.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from stalwart_agents.config import FactsSpec, Precondition, ToolSpec
from stalwart_agents.engine._runtime import Runtime
from stalwart_agents.errors import NotFound
from stalwart_agents.tools import failure_sentence
from stalwart_agents.wording import phrase, result_shown, title

__all__ = ["Facts", "read_facts", "unmet"]


@dataclass(frozen=True)
class Facts:
    """What the fact read came to, and what the pause shows of it."""

    found: Mapping[str, Any] | None
    """The read's result; None when it found nothing (or was not read)."""
    read: bool
    """False when the read failed or timed out: no precondition is tried."""
    note: str | None = None
    """The read's own sentence (found nothing), or the plain note of an unread card."""

    def shown(
        self, spec: ToolSpec, reader: ToolSpec, args: Mapping[str, Any], language: str
    ) -> dict[str, Any]:
        """The pause's `facts` and `facts_note`: labelled values, each marked where it differs."""
        matches = spec.facts.matches if spec.facts is not None else {}
        against = {key: argument for argument, key in matches.items()}
        rows = result_shown(reader, self.found or {}, language)
        for row in rows:
            argument = against.get(row["name"])
            if (
                argument is not None
                and argument in args
                and not _same(args[argument], row["value"])
            ):
                row["differs"] = argument
        return {"facts": rows, "facts_note": self.note}


def _same(given: Any, fact: Any) -> bool:
    """Whether an argument says what the fact says: numbers (money as text too) by value."""
    try:
        return Decimal(str(given)) == Decimal(str(fact))
    except InvalidOperation:
        return str(given) == str(fact)


def _in_sentence(words: str) -> str:
    """A title as it reads mid-sentence ("look up an order"); an acronym (CRM) keeps its case."""
    first = words.split(" ", 1)[0]
    return words[:1].lower() + words[1:] if first[1:] == first[1:].lower() else words


async def read_facts(
    runtime: Runtime,
    spec: FactsSpec,
    timeout: float,
    args: Mapping[str, Any],
    context: Mapping[str, Any],
    key: str,
    language: str,
) -> Facts:
    """Run a tool's fact read with its mapped arguments, under that tool's timeout."""
    reader = runtime.tools[spec.tool]
    given = {arg: args.get(ref.split(".", 1)[1]) for arg, ref in spec.args.items()}
    for arg, argument in reader.spec.arguments.items():
        if arg not in given and argument.from_ and argument.from_.startswith("context."):
            given[arg] = context.get(argument.from_.split(".", 1)[1])
    unread = phrase(
        language, "facts_unread", tool=_in_sentence(title(reader.spec, reader.name, language))
    )
    try:
        async with asyncio.timeout(timeout):
            found = await reader.invoke(given, key, language)
    except NotFound as error:
        return Facts(None, read=True, note=failure_sentence(error) or None)
    except Exception:
        return Facts(None, read=False, note=unread)
    return Facts(found if isinstance(found, Mapping) else None, read=True)


def unmet(
    spec: ToolSpec, facts: Facts, args: Mapping[str, Any], context: Mapping[str, Any]
) -> Precondition | None:
    """The first precondition that does not hold; none are tried on facts that were not read."""
    if not facts.read:
        return None
    names = {"args": dict(args), "facts": facts.found, "context": dict(context)}
    for condition in spec.preconditions:
        if not condition.holds.holds(names):
            return condition
    return None
