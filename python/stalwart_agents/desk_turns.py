"""What a Desk writes and answers around a run: a turn's new run, and the reply it gets."""

from __future__ import annotations

import json
from typing import Any

from stalwart_agents._generated.models import NotNotified, TurnReply
from stalwart_agents.engine import Advance, plan_event
from stalwart_agents.errors import InvalidRequest
from stalwart_agents.language import UnsupportedLanguage, choose_language
from stalwart_agents.plan import Plan
from stalwart_agents.store import RunRecord, RunState

__all__ = ["Events", "new_turn", "plain_context", "turn_language", "turn_reply"]

# A new run's first events, as (type, data): the turn, then its plan.
Events = list[tuple[str, dict[str, Any]]]


def turn_language(*candidates: str | None) -> str:
    """The first language set, as choose_language picks it; InvalidRequest for one unsupported."""
    try:
        return choose_language(*candidates)
    except UnsupportedLanguage as error:
        raise InvalidRequest(str(error)) from None


def plain_context(context: dict[str, Any] | None) -> dict[str, Any]:
    """A turn's context, a copy; InvalidRequest where it is not plain JSON, as it is stored."""
    context = dict(context or {})
    try:
        json.dumps(context)
    except (TypeError, ValueError):
        raise InvalidRequest("The context must be plain JSON values.") from None
    return context


def new_turn(
    thread: str,
    agent: str,
    plan: Plan,
    by: str,
    context: dict[str, Any],
    session: str | None,
    ids: tuple[str, str],
) -> tuple[RunRecord, Events]:
    """A turn's run, running under its lease, and its first events; `ids` are (run, lease)."""
    run = RunRecord(
        id=ids[0],
        thread=thread,
        agent=agent,
        state=RunState.RUNNING,
        saga=None,
        version=1,
        lease=ids[1],
        lease_until=None,
        turn={
            "text": plan.text,
            "plan": plan.model_dump(mode="json"),
            "context": context,
            "language": plan.language,
            "session": session,
        },
        reply=None,
    )
    events: Events = [
        ("turn", {"text": plan.text, "language": plan.language}),
        ("plan", {"by": by, "calls": plan_event(plan.calls)}),
    ]
    return run, events


def turn_reply(
    work: Advance, correction: dict[str, Any] | None, not_notified: list[NotNotified]
) -> TurnReply:
    """What a turn or an answer gets: the run's reply, what waits, and who was not told."""
    reply = work.ledger.run["reply"] or {}
    waiting = [p["interrupt"] for p in work.ledger.open_pauses()]
    return TurnReply.model_validate(
        {
            "thread": work.ledger.thread,
            "run": work.ledger.id,
            "message": reply.get("message", work.message),
            "reply": reply.get("text", ""),
            "waiting": waiting,
            "refusal": reply.get("refusal"),
            "rollback": reply.get("rollback") or correction,
            "skipped": reply.get("skipped", []),
            "not_notified": not_notified,
            # A reply stored before replies showed sources, images and files has none.
            "sources": reply.get("sources", []),
            "images": reply.get("images", []),
            "files": reply.get("files", []),
            "unread": reply.get("unread", False),
            "model": reply.get("model"),
            "suggestions": reply.get("suggestions", []),
            "results": reply.get("results", []),
        }
    )
