"""The desk: an agent file's runs behind one object, its turns and the answers to its pauses.

What only HTTP needs (sessions, thumbs, the interface's config) lives in serve/.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from stalwart_agents._generated.enums import Channel
from stalwart_agents._generated.models import DecisionList, Interrupt, RollbackReport, TurnReply
from stalwart_agents.answer_check import Shown
from stalwart_agents.carrying import RunCarrier
from stalwart_agents.config import AgentFile
from stalwart_agents.desk_answers import AnswerClaim, claim_answer, no_thread, require_thread
from stalwart_agents.desk_roles import DeskRoles
from stalwart_agents.desk_runtime import desk_runtime
from stalwart_agents.desk_turns import new_turn, plain_context, turn_language, turn_reply
from stalwart_agents.door import OnInterrupt, check_thread_id, decision_list, read_interrupt
from stalwart_agents.engine import Advance, Start, advance, pick_pause, report
from stalwart_agents.errors import NotFound, RunConflict, StoreError
from stalwart_agents.expiry import expire_due
from stalwart_agents.ids import new_id, session_handle
from stalwart_agents.loading import agent_selector, load_agent_file
from stalwart_agents.mcp import Servers
from stalwart_agents.model import ModelProvider, make_provider
from stalwart_agents.outbox import Notices, Retries
from stalwart_agents.plan import Plan
from stalwart_agents.store import (
    SESSION_AGE,
    EventRecord,
    RunRecord,
    RunSnapshot,
    RunStore,
    Stop,
    open_store,
)
from stalwart_agents.sweeper import Swept

__all__ = ["Desk"]


class Desk(RunCarrier):
    """An agent file's agent, its tools and its run store, ready to take turns and answers.

    Use it as `async with Desk("agent.yaml") as desk:`; nothing is kept in process memory
    between a question and its answer, so any desk on the same store can take the answer.
    It is a Door (door.py): the routes that list and answer pauses serve it as they serve
    the LangGraph door.
    """

    def __init__(
        self,
        agent_file: str | Path | AgentFile,
        *,
        agent: str | None = None,
        store: RunStore | None = None,
        on_interrupt: OnInterrupt | None = None,
        model: ModelProvider | None = None,
        notify_seconds: float = 10.0,
        notify_retries: Retries | None = None,
    ) -> None:
        loaded = agent_file if isinstance(agent_file, AgentFile) else load_agent_file(agent_file)
        self.agent_file = loaded
        self.agent = loaded.agent(agent)
        index = loaded.agents.index(self.agent)
        names = self.agent.tools or tuple(loaded.tools)
        self.selector = agent_selector(loaded, index, names)
        self.store = store if store is not None else open_store(loaded.storage_url())
        if model is None and self.agent.model is not None:
            model = make_provider(self.agent.model)
        self.servers = Servers(loaded)
        self.runtime = desk_runtime(loaded, index, names, self.store, model, self.servers)
        self.notices = Notices(self.runtime, on_interrupt, notify_seconds, notify_retries)
        # What serves the desk (serve/, the CLI) takes its roles from here, never the store.
        self.roles = DeskRoles.of(self.store)
        self.tool_names: tuple[str, ...] = tuple(names)
        self._opened = False

    @property
    def model(self) -> ModelProvider | None:
        """What reads a delegated turn; the host sets it when a saved AI key arrives."""
        return self.runtime.model

    @model.setter
    def model(self, provider: ModelProvider | None) -> None:
        self.runtime.model = provider

    @property
    def on_interrupt(self) -> OnInterrupt | None:
        """Told of each new pause; with one, each new pause's delivery goes in the outbox."""
        return self.notices.hook

    @on_interrupt.setter
    def on_interrupt(self, hook: OnInterrupt | None) -> None:
        self.notices.hook = hook

    # Lifecycle.

    async def open(self) -> None:
        """Open the store (and migrate it) unless it is open already, and start the MCP servers.

        Raises ServerUnavailable, naming the server, when one cannot be started.
        """
        if not self.store.is_open:
            await self.store.open()
            self._opened = True
        try:
            await self.servers.open()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Stop the MCP servers, and close the store if this desk opened it."""
        await self.servers.close()
        if self._opened:
            await self.store.close()
            self._opened = False

    async def __aenter__(self) -> Desk:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # Turns.

    async def plan(self, text: str, language: str | None = None) -> Plan:
        """What the selector reads from a turn, without running it; each argument has its span."""
        tag = await self.language(language)
        if self.selector is None:
            return Plan(text=text, language=tag)
        return self.selector.plan(text, tag)

    async def language(self, requested: str | None = None) -> str:
        """A turn's language: the request's, the host's, the vocabulary's, or else English."""
        if requested is not None:
            return turn_language(requested)
        host = await self.store.get_setting("language")
        vocabulary = self.selector.vocabulary.language if self.selector else None
        return turn_language(host, vocabulary)

    async def set_host_language(self, language: str | None) -> None:
        """The host's setting (the console's Settings page), seen by every worker."""
        checked = None if language is None else turn_language(language)
        await self.store.set_setting("language", checked)

    async def turn(
        self,
        thread: str,
        text_or_plan: str | Plan,
        *,
        context: dict[str, Any] | None = None,
        language: str | None = None,
        session: str | None = None,
    ) -> TurnReply:
        """Take one turn: plan it, check and run its calls, and say what ran and what waits.

        A turn while the thread's run waits is a correction: that run is cancelled as
        cancel_all would (its pauses close and its saga undoes what it did) and a new one starts.
        """
        thread = check_thread_id(thread)
        context = plain_context(context)
        if isinstance(text_or_plan, Plan):
            plan, by = text_or_plan, "python"
            if language is not None:
                plan = plan.model_copy(update={"language": await self.language(language)})
        else:
            plan, by = await self.plan(text_or_plan, language), "selector"
        lease = new_id()
        run, events = new_turn(
            thread, self.agent.name, plan, by, context, session, (new_id(), lease)
        )
        correction: dict[str, Any] | None = None
        correcting = Stop(why="correction", text=plan.text)
        for _ in range(5):
            try:
                snapshot = RunSnapshot(RunRecord(**run), {}, [])
                start = Start(new_id(), session, events=events, create=True)
                work = await advance(self.runtime, snapshot, lease, start)
            except RunConflict as conflict:
                stopped = await self._carry(conflict.active, session=session, stop=correcting)
                correction = stopped.summary.rollback if stopped is not None else correction
                continue
            return await self._reply(work, correction)
        raise StoreError(f"The thread {thread!r} kept getting new runs; try the turn again.")

    # Answers.

    async def waiting(self, thread: str) -> list[Interrupt]:
        """Every open pause of the thread, oldest first, each with its own id and token.

        Raises:
            NotFound: the thread has had no turn.
        """
        pauses = await self.store.open_pauses(thread)
        if not pauses:
            await require_thread(self.store, thread)
        return [read_interrupt(p["interrupt"]) for p in pauses]

    async def resume(  # noqa: PLR0913 - a door's documented resume, the same in Door and SyncDesk
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
        """A person's answer to one pause, with the token they were shown; the run carries on.

        The claim records `channel`, `staff` and `by`, else the session's handle (never itself).

        Raises:
            NotFound: the thread has had no turn.
            InterruptStale: the pause is not open, another answer won it, or token or kind differ.
            InvalidAnswer: the pause does not take this decision, or the value is not its type.
        """
        who = by or (session_handle(session) if session else None)
        answer = AnswerClaim(
            thread, interrupt_id, decision, token, value, who, channel, staff, shown
        )
        lease = new_id()
        claim = await claim_answer(self.store, answer, lease, self.runtime.lease_seconds)
        message = new_id()
        if claim.snapshot is not None:
            start = Start(message, session, sent_step=claim.sent_step)
            work = await self._advance(claim.snapshot, lease, start)
        else:
            pause = await self.store.pause(interrupt_id)
            work = await self._carry(
                pause["run"] if pause else "", session=session, message=message
            )
        if work is None:
            raise StoreError("The run could not be carried on; try again.")
        return await self._reply(work, None)

    async def decisions(self, thread: str, *, session: str | None = None) -> DecisionList:
        """The thread's answers, oldest first, `yours` where `session` gave it; else NotFound."""
        await require_thread(self.store, thread)
        return decision_list(thread, await self.store.decisions(thread), session)

    async def answer(
        self,
        thread: str,
        decision: str,
        value: Any = None,
        *,
        pause: str | None = None,
        session: str | None = None,
        by: str | None = None,
    ) -> TurnReply:
        """The Python path: answer the pause whose id is `pause`, else the first that takes it."""
        picked = pick_pause(thread, await self.store.open_pauses(thread), decision, pause)
        return await self.resume(
            thread, picked["id"], decision, picked["token"], value, session=session, by=by
        )

    # The name docs/people-in-the-loop.md gives an answer: resume itself, so one way to answer.
    confirm = resume

    async def rollback(self, thread: str, run: str | None = None) -> RollbackReport:
        """An operator undoes one run of the thread, newest write first: `run`, or the latest.

        The latest is the run the thread's last turn started, even one that only read, so an
        operator who means an earlier run names it.

        Raises:
            NotFound: no such thread, or `run` is not one of its runs.
        """
        if run is None:
            run = await self.store.latest_run(thread)
            if run is None:
                raise no_thread(thread)
        else:
            named = await self.store.load(run)
            if named is None or named.run["thread"] != thread:
                raise NotFound(f"The thread {thread!r} has no run {run!r}.")
        work = await self._carry(run, session=None, stop=Stop(why="rollback", text=None))
        if work is None:
            raise StoreError("The run could not be rolled back; try again.")
        shown = work.summary.rollback or report(work, self.agent_file.tools)
        return RollbackReport.model_validate(shown)

    async def recover(self) -> list[str]:
        """Take over runs whose worker died, once each (store.take_over); their ids.

        A write sent but never recorded becomes outcome_unknown, or is re-sent with its key.
        """
        recovered = []
        for run in await self.store.expired():
            lease = new_id()
            snapshot = await self.store.take_over(run, lease, self.runtime.lease_seconds)
            if snapshot is None:
                continue
            session = snapshot.run["turn"].get("session")
            work = await self._advance(snapshot, lease, Start(new_id(), session, quiet=True))
            if work is not None:
                await self.notices.first(work)
                recovered.append(run)
        return recovered

    async def expire_due(self, now: float | None = None) -> list[str]:
        """Answer the pauses that expired by `now`, as `expiry` (expiry.py); their ids."""
        return await expire_due(self.store.due_pauses, self.resume, now)

    async def sweep(self, now: float | None = None) -> Swept:
        """A sweeper round (sweeper.py): dead workers' runs, expired pauses, due deliveries,
        and the sessions nobody used for SESSION_AGE."""
        swept = Swept(await self.recover(), await self.deliver(), await self.expire_due(now))
        unused_since = (time.time() if now is None else now) - SESSION_AGE
        swept.sessions_forgotten = await self.store.forget_sessions(unused_since)
        return swept

    async def deliver(self) -> int:
        """Send the outbox's due deliveries (retries, and dead workers' pauses); how many went."""
        return await self.notices.due()

    # The stream.

    async def events(self, thread: str, after: int | None = None) -> list[EventRecord]:
        """The thread's events after `after` (its sequence number), oldest first."""
        return await self.store.events(thread, after or 0)

    def listen(self, thread: str, after: int | None = None) -> AsyncIterator[EventRecord]:
        """The thread's events after `after`, as any worker appends them; it never ends."""
        return self.store.listen(thread, after or 0)

    async def _reply(self, work: Advance, correction: dict[str, Any] | None) -> TurnReply:
        return turn_reply(work, correction, await self.notices.first(work))
