"""The desk: an agent file's runs behind one object, its turns and the answers to its pauses.

What only HTTP needs (sessions, thumbs, the interface's config) lives in serve/.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from stalwart_agents._generated.enums import Channel, Decision, Kind
from stalwart_agents._generated.models import DecisionList, Interrupt, RollbackReport, TurnReply
from stalwart_agents._generated.spec import DECISIONS
from stalwart_agents.carrying import RunCarrier
from stalwart_agents.check import Check
from stalwart_agents.config import AgentFile
from stalwart_agents.desk_roles import DeskRoles
from stalwart_agents.door import (
    OnInterrupt,
    check_thread_id,
    checked_value,
    decision_list,
    read_interrupt,
)
from stalwart_agents.engine import (
    Advance,
    Runtime,
    advance,
    agent_step,
    pick_pause,
    plan_event,
    report,
)
from stalwart_agents.errors import (
    InterruptStale,
    InvalidAnswer,
    InvalidRequest,
    NotFound,
    RunConflict,
    StoreError,
)
from stalwart_agents.expiry import expire_due
from stalwart_agents.ids import new_id, session_handle
from stalwart_agents.language import (
    DEFAULT_LANGUAGE,
    UnsupportedLanguage,
    check_language,
    choose_language,
)
from stalwart_agents.loading import agent_selector, load_agent_file
from stalwart_agents.mcp import Servers
from stalwart_agents.model import ModelProvider, make_provider, tool_schema
from stalwart_agents.outbox import Notices, Retries
from stalwart_agents.plan import Plan
from stalwart_agents.store import (
    SESSION_AGE,
    EventRecord,
    RunRecord,
    RunSnapshot,
    RunState,
    RunStore,
    Stop,
    open_store,
)
from stalwart_agents.sweeper import Swept
from stalwart_agents.tools import ToolBox

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
        self.runtime = Runtime(
            agent_file=loaded,
            agent=self.agent,
            tools=ToolBox(loaded, self.servers.functions),
            check=Check(loaded),
            store=self.store,
            step=agent_step(loaded, index),
            model=model,
            catalogue=tuple(
                tool_schema(name, loaded.tools[name].description, loaded.tools[name].arguments)
                for name in names
            ),
            allowed=frozenset(names),
            untrusted={name for name, tool in loaded.tools.items() if tool.untrusted},
        )
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
        try:
            if requested is not None:
                return check_language(requested)
            host = await self.store.get_setting("language")
            vocabulary = self.selector.vocabulary.language if self.selector else None
            return choose_language(host, vocabulary)
        except UnsupportedLanguage as error:
            raise InvalidRequest(str(error)) from None

    async def set_host_language(self, language: str | None) -> None:
        """The host's setting (the console's Settings page), seen by every worker."""
        if language is not None:
            try:
                language = check_language(language)
            except UnsupportedLanguage as error:
                raise InvalidRequest(str(error)) from None
        await self.store.set_setting("language", language)

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
        context = dict(context or {})
        try:
            json.dumps(context)
        except (TypeError, ValueError):
            raise InvalidRequest("The context must be plain JSON values.") from None
        if isinstance(text_or_plan, Plan):
            plan, by = text_or_plan, "python"
            if language is not None:
                plan = plan.model_copy(update={"language": await self.language(language)})
        else:
            plan, by = await self.plan(text_or_plan, language), "selector"
        lease = new_id()
        run = RunRecord(
            id=new_id(),
            thread=thread,
            agent=self.agent.name,
            state=RunState.RUNNING,
            saga=None,
            version=1,
            lease=lease,
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
        events: list[tuple[str, dict[str, Any]]] = [
            ("turn", {"text": plan.text, "language": plan.language}),
            ("plan", {"by": by, "calls": plan_event(plan.calls)}),
        ]
        correction: dict[str, Any] | None = None
        correcting = Stop(why="correction", text=plan.text)
        for _ in range(5):
            try:
                work = await advance(
                    self.runtime,
                    RunSnapshot(RunRecord(**run), {}, []),
                    lease,
                    message=new_id(),
                    session=session,
                    events=events,
                    create=True,
                )
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
            await self._require_thread(thread)
        return [read_interrupt(p["interrupt"]) for p in pauses]

    async def resume(
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
    ) -> TurnReply:
        """A person's answer to one pause, with the token they were shown; the run carries on.

        The claim records `channel`, `staff` and `by`, else the session's handle (never itself).

        Raises:
            NotFound: the thread has had no turn.
            InterruptStale: the pause is not open, another answer won it, or the token differs.
            InvalidAnswer: the pause does not take this decision, or the value is not its type.
        """
        if decision not in DECISIONS:
            raise InvalidAnswer(
                f"{decision!r} is not an answer; answers are {', '.join(DECISIONS)}."
            )
        if decision == Decision.ANSWER:
            value = await self._checked_value(thread, interrupt_id, value)
        else:
            value = None
        lease = new_id()
        claim = await self.store.claim(
            thread,
            interrupt_id,
            token,
            decision,
            value,
            by or (session_handle(session) if session else None),
            lease,
            self.runtime.lease_seconds,
            channel=channel,
            staff=staff,
        )
        if claim.status == "bad_decision":
            raise InvalidAnswer(
                f"A {claim.kind} pause takes {', '.join(claim.choices)}, not {decision!r}."
            )
        if claim.status != "ok":
            await self._require_thread(thread)
            raise InterruptStale(interrupt_id, claim.why)
        message = new_id()
        if claim.snapshot is not None:
            work = await self._advance(
                claim.snapshot, lease, session=session, message=message, sent_step=claim.sent_step
            )
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
        await self._require_thread(thread)
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
                raise _no_thread(thread)
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
            work = await self._advance(
                snapshot, lease, session=session, message=new_id(), quiet=True
            )
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

    async def _checked_value(self, thread: str, interrupt_id: str, value: Any) -> Any:
        """An ask's answer as its argument's type; a bad one leaves the pause open (422)."""
        pause = await self.store.pause(interrupt_id)
        if pause is None or pause["thread"] != thread or pause["kind"] != Kind.ASK:
            return value
        run = await self.store.load(pause["run"])
        language = run.run["turn"].get("language") if run is not None else None
        return checked_value(
            read_interrupt(pause["interrupt"]), value, language or DEFAULT_LANGUAGE
        )

    async def _require_thread(self, thread: str) -> None:
        if not await self.store.thread_exists(thread):
            raise _no_thread(thread)

    async def _reply(self, work: Advance, correction: dict[str, Any] | None) -> TurnReply:
        reply = work.ledger.run["reply"] or {}
        not_notified = await self.notices.first(work)
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


def _no_thread(thread: str) -> NotFound:
    return NotFound(f"There is no thread {thread!r}.")
