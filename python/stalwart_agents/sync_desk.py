"""The desk for scripts: the same behaviour, each call run to its end on the desk's own loop."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from stalwart_agents._generated.enums import Channel
from stalwart_agents._generated.models import DecisionList, Interrupt, RollbackReport, TurnReply
from stalwart_agents.answer_check import Shown
from stalwart_agents.config import AgentFile
from stalwart_agents.desk import Desk
from stalwart_agents.door import OnInterrupt
from stalwart_agents.plan import Plan
from stalwart_agents.store import EventRecord, RunStore
from stalwart_agents.sweeper import Swept

__all__ = ["SyncDesk"]

T = TypeVar("T")


class SyncDesk:
    """A Desk for code without an event loop: `with SyncDesk("agent.yaml") as desk: ...`.

    It keeps one event loop of its own, so a PostgreSQL pool opened on it stays usable.
    """

    def __init__(
        self,
        agent_file: str | Path | AgentFile,
        *,
        agent: str | None = None,
        store: RunStore | None = None,
        on_interrupt: OnInterrupt | None = None,
    ) -> None:
        self.desk = Desk(agent_file, agent=agent, store=store, on_interrupt=on_interrupt)
        self._loop = asyncio.new_event_loop()

    def _run(self, work: Coroutine[Any, Any, T]) -> T:
        return self._loop.run_until_complete(work)

    def __enter__(self) -> SyncDesk:
        self._run(self.desk.open())
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the store (if the desk opened it) and the loop."""
        if not self._loop.is_closed():
            self._run(self.desk.close())
            self._loop.run_until_complete(self._loop.shutdown_default_executor())
            self._loop.close()

    def turn(
        self,
        thread: str,
        text_or_plan: str | Plan,
        *,
        context: dict[str, Any] | None = None,
        language: str | None = None,
        session: str | None = None,
    ) -> TurnReply:
        """Desk.turn."""
        return self._run(
            self.desk.turn(
                thread, text_or_plan, context=context, language=language, session=session
            )
        )

    def plan(self, text: str, language: str | None = None) -> Plan:
        """Desk.plan."""
        return self._run(self.desk.plan(text, language))

    def language(self, requested: str | None = None) -> str:
        """Desk.language."""
        return self._run(self.desk.language(requested))

    def set_host_language(self, language: str | None) -> None:
        """Desk.set_host_language."""
        self._run(self.desk.set_host_language(language))

    def waiting(self, thread: str) -> list[Interrupt]:
        """Desk.waiting."""
        return self._run(self.desk.waiting(thread))

    def resume(  # noqa: PLR0913 - mirrors Desk.resume exactly
        self,
        thread: str,
        interrupt_id: str,
        decision: str,
        token: str,
        value: Any = None,
        *,
        session: str | None = None,
        by: str | None = None,
        channel: Channel = Channel.DESK,
        staff: bool = False,
        shown: Shown | None = None,
    ) -> TurnReply:
        """Desk.resume."""
        answered = self.desk.resume(
            thread,
            interrupt_id,
            decision,
            token,
            value,
            session=session,
            by=by,
            channel=channel,
            staff=staff,
            shown=shown,
        )
        return self._run(answered)

    def decisions(self, thread: str, *, session: str | None = None) -> DecisionList:
        """Desk.decisions."""
        return self._run(self.desk.decisions(thread, session=session))

    def answer(
        self,
        thread: str,
        decision: str,
        value: Any = None,
        *,
        pause: str | None = None,
        session: str | None = None,
        by: str | None = None,
    ) -> TurnReply:
        """Desk.answer."""
        return self._run(
            self.desk.answer(thread, decision, value, pause=pause, session=session, by=by)
        )

    # Desk.confirm: resume by the name docs/people-in-the-loop.md gives it.
    confirm = resume

    def rollback(self, thread: str, run: str | None = None) -> RollbackReport:
        """Desk.rollback."""
        return self._run(self.desk.rollback(thread, run))

    def recover(self) -> list[str]:
        """Desk.recover."""
        return self._run(self.desk.recover())

    def expire_due(self, now: float | None = None) -> list[str]:
        """Desk.expire_due."""
        return self._run(self.desk.expire_due(now))

    def sweep(self, now: float | None = None) -> Swept:
        """Desk.sweep."""
        return self._run(self.desk.sweep(now))

    def deliver(self) -> int:
        """Desk.deliver."""
        return self._run(self.desk.deliver())

    def events(self, thread: str, after: int | None = None) -> list[EventRecord]:
        """Desk.events."""
        return self._run(self.desk.events(thread, after))
