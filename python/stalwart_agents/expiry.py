"""Pauses that expire: a worker's sweep gives each the answer its door set for when nobody did.

The answer goes through the same claim as a person's, recorded as by `expiry`, so a person
answering at the same moment either wins (and the sweep leaves that pause) or gets 409.
The Desk reads its rules from agent.yaml; the LangGraph door is given the same rules as
`Expiries`, checked as agent.yaml's are.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import ValidationError

from stalwart_agents._generated.enums import Channel, Kind
from stalwart_agents._generated.spec import KINDS
from stalwart_agents.config import ExpiresSpec, expiry_refusal
from stalwart_agents.errors import InterruptStale

__all__ = ["EXPIRY", "Expiries", "expire_due", "expiry_shown"]

EXPIRY: Final = "expiry"
"""Who answered a pause nobody answered before it expired: its answer's `by`."""


@dataclass(frozen=True)
class Expiries:
    """When pauses expire and how, per kind and per tool, for a door without an agent.yaml.

    A tool's own applies to its confirmations, as `tools.<name>.expires` does in agent.yaml;
    every other pause takes its kind's, as top-level `expires:` gives it.
    """

    kinds: Mapping[str, ExpiresSpec] = field(default_factory=dict)
    tools: Mapping[str, ExpiresSpec] = field(default_factory=dict)

    @classmethod
    def read(cls, kinds: Mapping[str, Any] | None, tools: Mapping[str, Any] | None) -> Expiries:
        """The rules as given ({"after": "24h", "answer": "skip"} each), checked as agent.yaml's.

        Raises:
            ValueError: a kind that is none, an `after` that is no duration, or an answer the
                kind does not take or that an expired pause never takes; the message says which.
        """
        for kind in kinds or {}:
            if kind not in KINDS:
                raise ValueError(
                    f"expires: {kind!r} is not a pause kind; kinds are {', '.join(KINDS)}."
                )
        return cls(
            {
                kind: _spec(f"expires[{kind!r}]", kind, given)
                for kind, given in (kinds or {}).items()
            },
            {
                tool: _spec(f"tool_expires[{tool!r}]", Kind.CONFIRM, given)
                for tool, given in (tools or {}).items()
            },
        )

    def __bool__(self) -> bool:
        return bool(self.kinds or self.tools)

    def of(self, kind: str, tool: str | None) -> ExpiresSpec | None:
        """When a new pause expires: its tool's own, for a confirmation, else its kind's."""
        own = self.tools.get(tool) if tool is not None and kind == Kind.CONFIRM else None
        return own or self.kinds.get(kind)


def _spec(where: str, kind: str, given: Any) -> ExpiresSpec:
    try:
        spec = ExpiresSpec.model_validate(given)
    except ValidationError as error:
        problem = "; ".join(
            f"{'.'.join(str(part) for part in item['loc']) or 'it'}: {item['msg']}"
            for item in error.errors()[:2]
        )
        raise ValueError(f"{where}: {problem}.") from None
    refusal = expiry_refusal(kind, spec.answer)
    if refusal is not None:
        raise ValueError(f"{where}: {refusal[0]} Fix: {refusal[1]}")
    return spec


def expiry_shown(expires: ExpiresSpec, start: float) -> dict[str, str]:
    """What a pause shows of its expiry: when (UTC, to the second) and the answer it takes then."""
    at = dt.datetime.fromtimestamp(start + expires.after, tz=dt.UTC)
    return {
        "expires_at": at.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "expiry_answer": expires.answer,
    }


async def expire_due(
    due_pauses: Callable[[float], Awaitable[Sequence[Mapping[str, Any]]]],
    resume: Callable[..., Awaitable[object]],
    now: float | None = None,
) -> list[str]:
    """Give each pause that expired by `now` (Unix time) its expiry answer; their ids.

    Args:
        due_pauses: the store's pauses due at a time (RunStore.due_pauses), each with its
            thread, token and interrupt.
        resume: a person's way to answer a pause (Desk.resume), so expiry takes the same claim.
        now: when; the present where None.
    """
    answered = []
    for pause in await due_pauses(time.time() if now is None else now):
        answer = pause["interrupt"]["expiry_answer"]
        try:
            await resume(
                pause["thread"],
                pause["id"],
                answer,
                pause["token"],
                by=EXPIRY,
                channel=Channel.EXPIRY,
            )
        except InterruptStale:
            continue
        answered.append(pause["id"])
    return answered
