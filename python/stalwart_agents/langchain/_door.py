"""GraphDoor: a team's own LangGraph graph, its interrupts answered as our pauses are."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextvars import ContextVar
from typing import Any, Final

from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel
from langgraph.types import Command, StateSnapshot

from stalwart_agents._generated.enums import Channel, Decision
from stalwart_agents._generated.models import DecisionList, Interrupt, NotNotified, TurnReply
from stalwart_agents.answer_check import Answer, Shown, check_answer
from stalwart_agents.delivery import notify
from stalwart_agents.door import (
    THREAD_ID_RULE,
    OnInterrupt,
    check_thread_id,
    decision_list,
)
from stalwart_agents.errors import InterruptStale, InvalidAnswer, InvalidRequest, NotFound
from stalwart_agents.expiry import Expiries, expire_due
from stalwart_agents.ids import new_id, session_handle, tokens_match
from stalwart_agents.langchain._graph import GraphRunner
from stalwart_agents.langchain._interrupts import (
    KindOf,
    Pending,
    checkpoint_of,
    confirm_kind,
    pending_interrupts,
)
from stalwart_agents.langchain._locks import ThreadLocks
from stalwart_agents.langchain._results import message_text, read_tools
from stalwart_agents.outbox import Retries, send_due
from stalwart_agents.store import DoorDecision, RunStore, StaleReason
from stalwart_agents.sweeper import Swept

__all__ = [
    "CLAIM_SCOPE",
    "REQUEST_CONTEXT",
    "GraphDoor",
    "ReplyOf",
    "last_message",
    "message_text",
    "reply_id",
    "thread_config",
]

# The run store's namespace for this door's claims, apart from any other caller's.
CLAIM_SCOPE: Final = "langgraph"
# Where a person's correction of a HumanInterrupt's args is kept, so every worker shows it.
_CORRECTION: Final = "langgraph.correction:{thread}:{interrupt}"

REQUEST_CONTEXT: ContextVar[Any] = ContextVar("langgraph_runtime_context", default=None)
"""LangGraph's runtime context for the request being served, set by the door app's provider."""

ReplyOf = Callable[[Any], str]
"""The reply's text, from the graph's state values after a turn or an answer."""


def last_message(values: Any) -> str:
    """The default reply: the text of the state's last message, unless a person wrote it."""
    return message_text(_last_reply(values))


def reply_id(values: Any) -> str | None:
    """The id of the message the reply is, so the turn's answer and the stream name it alike."""
    last = _last_reply(values)
    found = last.get("id") if isinstance(last, dict) else getattr(last, "id", None)
    return found if isinstance(found, str) and found else None


def is_persons(message: Any) -> bool:
    """A message a person wrote: LangChain's HumanMessage, or a dict with role or type user."""
    if isinstance(message, dict):
        return message.get("role") in {"user", "human"} or message.get("type") == "human"
    return getattr(message, "type", None) == "human"


def _last_reply(values: Any) -> Any:
    messages = values.get("messages") if isinstance(values, dict) else None
    if not isinstance(messages, list) or not messages or is_persons(messages[-1]):
        return None
    return messages[-1]


class GraphDoor:
    """A compiled graph with a checkpointer, its interrupts listed and answered by id.

    An answer is checked against the interrupts that wait (LangGraph ignores unknown ids), then
    claimed first-writer-wins in the run store, and only then given to the graph. Turns and
    answers of one thread take turns in this process; the claim keeps two workers apart.
    It is a Door (door.py), served by the same answer routes as the Desk.

    With on_interrupt or an expiry, the run store also tracks each interrupt that waits, so
    that any worker's sweep delivers it (the outbox) and expires it. The checkpointer and the
    run store share no transaction, so a turn is noted in the run store before the graph runs
    and let go in the transaction that tracks what it left waiting; a worker that dies between
    the two leaves the note, and another worker's sweep reads the thread's interrupts from the
    checkpointer and tracks them then. Every interrupt is thus delivered at least once.

    Args:
        graph: the team's compiled graph, with its own checkpointer.
        store: our run store, where answers are claimed and deliveries kept.
        on_interrupt: told of each new interrupt as (thread, interrupt); Webhook is one.
        kind_of: maps an interrupt's value to (kind, fields); every one confirms otherwise.
        reply_of: the reply's text from the state values; the last message's otherwise.
        notify_seconds: how long on_interrupt may take for one interrupt.
        expires: per pause kind, when its pauses expire and the answer the sweep gives them
            then, as agent.yaml's `expires:` ({"confirm": {"after": "24h", "answer": "skip"}}).
        tool_expires: per tool, when its confirmations expire, as `tools.<name>.expires`.
        retries: when the outbox tries a failed delivery again.
        lease_seconds: how long a turn's note stands without being renewed; the turn renews it
            while it runs, and a note older than this is a dead worker's.
        tools: per graph tool, how a person reads its result, as agent.yaml's `title:` and
            `result:` write it ({"read_inbox": {"title": {"en": "Read the inbox", "pt-BR":
            ...}, "result": {"from": {"label": {"en": "From", "pt-BR": "De"}}}}}).
    """

    def __init__(  # noqa: PLR0913 - GraphDoor's documented options
        self,
        graph: Pregel[Any, Any, Any, Any],
        *,
        store: RunStore,
        on_interrupt: OnInterrupt | None = None,
        kind_of: KindOf | None = None,
        reply_of: ReplyOf | None = None,
        notify_seconds: float = 10.0,
        expires: Mapping[str, Any] | None = None,
        tool_expires: Mapping[str, Any] | None = None,
        retries: Retries | None = None,
        lease_seconds: float = 30.0,
        tools: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        if not isinstance(store, RunStore):
            raise TypeError(f"store must be a RunStore, not {type(store).__name__}.")
        if notify_seconds <= 0:
            raise ValueError(f"notify_seconds must be more than 0, not {notify_seconds}.")
        if lease_seconds <= 0:
            raise ValueError(f"lease_seconds must be more than 0, not {lease_seconds}.")
        self.expiries = Expiries.read(expires, tool_expires)
        self.tools = read_tools(tools)
        self.retries = retries or Retries()
        self.lease_seconds = lease_seconds
        self.runner = GraphRunner(graph)
        self.store = store
        self.on_interrupt = on_interrupt
        self.kind_of = kind_of or confirm_kind
        self.reply_of = reply_of or last_message
        self.notify_seconds = notify_seconds
        self.locks = ThreadLocks()
        self._opened = False
        self._opening = asyncio.Lock()

    @property
    def graph(self) -> Pregel[Any, Any, Any, Any]:
        return self.runner.graph

    def _said(self, values: Any) -> str:
        """The reply_of given, else the last message's, a tool's JSON told in the tools' words."""
        if self.reply_of is last_message:
            return message_text(_last_reply(values), tools=self.tools)
        return self.reply_of(values)

    async def open(self) -> None:
        """Open the store unless its owner did; called on first use."""
        async with self._opening:
            if not self.store.is_open:
                await self.store.open()
                self._opened = True

    async def close(self) -> None:
        """Close the store if this door opened it."""
        async with self._opening:
            if self._opened:
                self._opened = False
                await self.store.close()

    async def sweep(self, now: float | None = None) -> Swept:
        """One round of this worker's sweeper (sweeper.py).

        Tracks what dead workers' turns left waiting (their threads are `taken_over`), gives
        each expired pause its expiry answer through the same claim as a person, and sends
        the outbox's due deliveries.
        """
        await self.open()
        taken_over = [
            await self._track_stale(thread, turn)
            for thread, turn in await self.store.stale_door_turns()
        ]
        expired = await expire_due(self.store.due_door_pauses, self._expire, now)
        delivered = 0
        if self.on_interrupt is not None:
            delivered = await send_due(
                self.store, self.on_interrupt, retries=self.retries, seconds=self.notify_seconds
            )
        return Swept(taken_over, delivered, expired)

    async def _expire(
        self, thread: str, interrupt_id: str, decision: str, token: str, **claim: Any
    ) -> TurnReply:
        """resume, for the sweep; a pause it cannot answer is let go, so no sweep tries again.

        Such a pause was answered first by a person, no longer waits in the graph, or is in a
        thread the checkpointer no longer has.
        """
        try:
            return await self.resume(thread, interrupt_id, decision, token, **claim)
        except (InterruptStale, NotFound) as error:
            await self.store.close_door_pauses([interrupt_id])
            if isinstance(error, NotFound):
                raise InterruptStale(interrupt_id, "its thread is gone from the graph") from None
            raise

    async def _track_stale(self, thread: str, turn: str) -> str:
        """Track what waits in a thread whose turn's worker died before it did; the thread."""
        async with self.locks.hold(thread):
            state = await self.runner.state(thread_config(thread))
            pending = await self._pending(thread, state) if checkpoint_of(state) else []
            await self.store.keep_door_pauses(
                thread,
                [item.tracked() for item in pending],
                turn=turn,
                outbox=None if self.on_interrupt is None else 0.0,
            )
        return thread

    @property
    def tracks(self) -> bool:
        """Whether the run store tracks this door's pauses: to deliver them, or to expire them."""
        return self.on_interrupt is not None or bool(self.expiries)

    @contextlib.asynccontextmanager
    async def _turn(self, thread: str) -> AsyncIterator[str | None]:
        """Note in the run store, renewed while it runs, that a turn may leave new interrupts."""
        if not self.tracks:
            yield None
            return
        turn = new_id()
        await self.store.hold_door_turn(thread, turn, self.lease_seconds)
        renewing = asyncio.create_task(self._renew(thread, turn))
        try:
            yield turn
        finally:
            renewing.cancel()
            await asyncio.gather(renewing, return_exceptions=True)

    async def _renew(self, thread: str, turn: str) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            await self.store.hold_door_turn(thread, turn, self.lease_seconds)

    async def __aenter__(self) -> GraphDoor:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def waiting(self, thread: str) -> list[Interrupt]:
        """What waits in the thread, each by its own id.

        Raises:
            NotFound: the graph has never run on this thread.
        """
        state = await self._state(thread, thread_config(thread))
        return [pending.interrupt for pending in await self._pending(thread, state)]

    async def decisions(self, thread: str, *, session: str | None = None) -> DecisionList:
        """The answers this door claimed in the thread, oldest first; NotFound if it never ran."""
        await self._state(thread, thread_config(thread))
        return decision_list(thread, await self.store.decisions(thread), session)

    async def invoke(
        self, graph_input: Any, config: RunnableConfig, *, context: Any = None
    ) -> TurnReply:
        """Run a turn of the graph, and tell on_interrupt of each interrupt it left waiting.

        Args:
            graph_input: what the graph is invoked with.
            config: its config, naming the thread as configurable.thread_id.
            context: LangGraph's runtime context (`Runtime.context` in a node); the door app's
                context provider's for this request where None.

        Returns:
            The reply, what waits, and any interrupt on_interrupt could not be told of.
        """
        thread = _thread_of(config)
        await self.open()
        async with self.locks.hold(thread):
            before = await self._pending(thread, await self.runner.state(config))
            return await self._advance(
                thread,
                config,
                {pending.id for pending in before},
                lambda: self.runner.invoke(graph_input, config, _context(context)),
            )

    async def resume(  # noqa: PLR0913 - the Door's documented resume
        self,
        thread: str,
        interrupt_id: str,
        decision: str,
        token: str,
        value: Any = None,
        *,
        session: str | None = None,
        by: str | None = None,
        context: Any = None,
        channel: Channel = Channel.DOOR,
        staff: bool = False,
        shown: Shown | None = None,
    ) -> TurnReply:
        """Answer one interrupt by id; the others stay waiting.

        The graph gets {"decision": decision, "value": value} as the value of its interrupt(),
        or, where it paused with Agent Inbox's HumanInterrupt, the HumanResponse for the answer:
        approve is accept, skip is ignore, an ask's answer is a response. Where the graph allows
        edit, approve with value {"args": {...}} is a correction: nothing reaches the graph yet,
        and the pause asks again with the corrected args, whose approval is the edit.
        The claim records `by` (else the session's handle) and `channel`, as the Desk's does.
        `context` is LangGraph's runtime context, as for invoke. `shown` is what the answer says
        of the interrupt (the HTTP body's kind and ask type), checked on the one state read.

        Raises:
            NotFound: the graph has never run on this thread.
            InterruptStale: the interrupt does not wait, the token is not the one shown, it is
                not of the kind `shown` names, or another answer claimed it first; nothing
                changed.
            InvalidAnswer: its kind does not take the decision, or an ask's value is not of
                its type; it still waits.
        """
        config = thread_config(thread)
        async with self.locks.hold(thread):
            state = await self._state(thread, config)
            pending = await self._pending(thread, state)
            found = next((item for item in pending if item.id == interrupt_id), None)
            if found is None:
                raise InterruptStale(interrupt_id, "it does not wait in this thread")
            # The check first, so a correction the body names is refused as the pause's own;
            # it changes only an ask's value, which is never a correction.
            value = check_answer(found.interrupt, Answer.given(decision, value, shown))
            correction = _correction(found, decision, value)
            if not tokens_match(found.interrupt.token, token):
                raise InterruptStale(interrupt_id, StaleReason.WRONG_TOKEN)
            others = {item.id for item in pending if item.id != interrupt_id}
            if correction is not None:
                key = _CORRECTION.format(thread=thread, interrupt=found.graph_id)
                return await self._advance(
                    thread,
                    config,
                    others | {interrupt_id},
                    lambda: self.store.set_setting(key, correction),
                )
            step, who = found.interrupt.step, by or (session and session_handle(session))
            decided = DoorDecision(
                thread=thread, kind=found.kind, step=step, channel=channel, staff=staff
            )
            if not await self.store.claim_external(
                CLAIM_SCOPE, interrupt_id, token, decision, who, value, decided=decided
            ):
                raise InterruptStale(interrupt_id, StaleReason.CLAIMED_FIRST)
            if self.tracks:
                await self.store.close_door_pauses([interrupt_id])
            answer: Any = {"decision": decision, "value": value}
            if found.inbox is not None:
                answer = found.inbox.response(decision, value, found.corrected)
            command: Command[Any] = Command(resume={found.graph_id: answer})
            return await self._advance(
                thread,
                config,
                others,
                lambda: self.runner.invoke(command, config, _context(context)),
            )

    async def _state(self, thread: str, config: RunnableConfig) -> StateSnapshot:
        await self.open()
        state = await self.runner.state(config)
        if checkpoint_of(state) is None:
            raise NotFound(f"There is no thread {thread!r}.")
        return state

    async def _pending(self, thread: str, state: StateSnapshot) -> list[Pending]:
        corrections = {}
        for found in state.interrupts:
            key = _CORRECTION.format(thread=thread, interrupt=found.id)
            corrected = await self.store.get_setting(key)
            if isinstance(corrected, dict):
                corrections[found.id] = corrected
        return pending_interrupts(
            state, thread, self.store.secret, self.kind_of, corrections, self.expiries
        )

    async def _advance(
        self,
        thread: str,
        config: RunnableConfig,
        before: set[str],
        step: Callable[[], Awaitable[Any]],
    ) -> TurnReply:
        """Run what changes the thread inside a noted turn; the reply once it is tracked."""
        async with self._turn(thread) as turn:
            await step()
        # The note stands unrenewed from here until _reply lets it go: a worker that dies in
        # between leaves it to fall stale for another worker's sweep.
        return await self._reply(thread, config, before, turn)

    async def _reply(
        self, thread: str, config: RunnableConfig, before: set[str], turn: str | None
    ) -> TurnReply:
        state = await self.runner.state(config)
        pending = await self._pending(thread, state)
        waiting = [item.interrupt for item in pending]
        if self.tracks:
            await self.store.keep_door_pauses(
                thread,
                [item.tracked() for item in pending],
                gone=sorted(before - {item.id for item in pending}),
                turn=turn,
                # The turn's own attempt goes first; the sweep sends what it did not.
                outbox=None
                if self.on_interrupt is None
                else self.lease_seconds + self.notify_seconds,
            )
        fresh = [interrupt for interrupt in waiting if interrupt.id not in before]
        not_notified: list[NotNotified] = await notify(
            self.on_interrupt,
            self.store,
            thread,
            fresh,
            self.notify_seconds,
            retry_in=self.retries.after(1),
        )
        return TurnReply(
            thread=thread,
            run=checkpoint_of(state) or "",
            message=reply_id(state.values) or new_id(),
            reply=self._said(state.values),
            waiting=waiting,
            refusal=None,
            rollback=None,
            skipped=[],
            not_notified=not_notified,
            sources=[],
            images=[],
            files=[],
            suggestions=[],
        )


def _context(given: Any) -> Any:
    return REQUEST_CONTEXT.get() if given is None else given


def _correction(found: Pending, decision: str, value: Any) -> dict[str, Any] | None:
    """The corrected args of an approve that carries them, where the graph allows edit.

    Raises:
        InvalidAnswer: args given where the graph takes no edit, or not a mapping by name.
    """
    if found.inbox is None or decision != Decision.APPROVE or value is None:
        return None
    if not found.inbox.allow_edit:
        raise InvalidAnswer(
            f"The graph does not allow edits to {found.inbox.action}: approve it without a value."
        )
    args = value.get("args") if isinstance(value, dict) else None
    if not (
        isinstance(args, dict) and set(value) == {"args"} and all(isinstance(k, str) for k in args)
    ):
        raise InvalidAnswer('A correction is approve with value {"args": {name: value, ...}}.')
    return args


def thread_config(thread: str) -> RunnableConfig:
    """The config that names a thread to the graph."""
    return {"configurable": {"thread_id": thread}}


def _thread_of(config: RunnableConfig) -> str:
    """The config's thread, which must be one the routes can name to list and answer it."""
    thread = config.get("configurable", {}).get("thread_id")
    try:
        return check_thread_id(thread)
    except InvalidRequest:
        raise ValueError(
            "The config must name the thread as {'configurable': {'thread_id': ...}}: "
            f"{THREAD_ID_RULE}; {thread!r} is not one."
        ) from None
