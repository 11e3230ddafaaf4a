"""GraphDoor: a team's own LangGraph graph, its interrupts answered as our pauses are."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final

from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel
from langgraph.types import Command, StateSnapshot

from stalwart_agents._generated.models import Interrupt, NotNotified, TurnReply
from stalwart_agents.door import THREAD_ID_RULE, OnInterrupt, check_thread_id, checked_value, notify
from stalwart_agents.errors import InterruptStale, InvalidAnswer, InvalidRequest, NotFound
from stalwart_agents.ids import new_id, tokens_match
from stalwart_agents.langchain._graph import GraphRunner
from stalwart_agents.langchain._interrupts import (
    KindOf,
    Pending,
    checkpoint_of,
    confirm_kind,
    pending_interrupts,
)
from stalwart_agents.langchain._locks import ThreadLocks
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._records import StaleReason
from stalwart_agents.sweeper import Swept

__all__ = ["CLAIM_SCOPE", "GraphDoor", "ReplyOf", "last_message"]

# The run store's namespace for this door's claims, apart from any other caller's.
CLAIM_SCOPE: Final = "langgraph"

ReplyOf = Callable[[Any], str]
"""The reply's text, from the graph's state values after a turn or an answer."""


def last_message(values: Any) -> str:
    """The default reply: the text of the state's last message, where it keeps `messages`."""
    messages = values.get("messages") if isinstance(values, dict) else None
    if not isinstance(messages, list) or not messages:
        return ""
    last = messages[-1]
    content = last.get("content") if isinstance(last, dict) else getattr(last, "content", None)
    return content if isinstance(content, str) else ""


class GraphDoor:
    """A compiled graph with a checkpointer, its interrupts listed and answered by id.

    An answer is checked against the interrupts that wait (LangGraph ignores unknown ids), then
    claimed first-writer-wins in the run store, and only then given to the graph. Turns and
    answers of one thread take turns in this process; the claim keeps two workers apart.
    It is a Door (door.py), served by the same answer routes as the Desk.

    Args:
        graph: the team's compiled graph, with its own checkpointer.
        store: our run store, where answers are claimed and deliveries kept.
        on_interrupt: told of each new interrupt as (thread, interrupt); Webhook is one.
        kind_of: maps an interrupt's value to (kind, fields); every one confirms otherwise.
        reply_of: the reply's text from the state values; the last message's otherwise.
        notify_seconds: how long on_interrupt may take for one interrupt.
    """

    def __init__(
        self,
        graph: Pregel[Any, Any, Any, Any],
        *,
        store: RunStore,
        on_interrupt: OnInterrupt | None = None,
        kind_of: KindOf | None = None,
        reply_of: ReplyOf | None = None,
        notify_seconds: float = 10.0,
    ) -> None:
        if not isinstance(store, RunStore):
            raise TypeError(f"store must be a RunStore, not {type(store).__name__}.")
        if notify_seconds <= 0:
            raise ValueError(f"notify_seconds must be more than 0, not {notify_seconds}.")
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

        The graph's checkpointer keeps its runs, and no lease of ours, so there is no run to
        take over; what this door keeps in our store and comes due (deliveries) is swept here.
        """
        return Swept()

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
        state = await self._state(thread, _config(thread))
        return [pending.interrupt for pending in self._pending(thread, state)]

    async def invoke(self, graph_input: Any, config: RunnableConfig) -> TurnReply:
        """Run a turn of the graph, and tell on_interrupt of each interrupt it left waiting.

        Args:
            graph_input: what the graph is invoked with.
            config: its config, naming the thread as configurable.thread_id.

        Returns:
            The reply, what waits, and any interrupt on_interrupt could not be told of.
        """
        thread = _thread_of(config)
        await self.open()
        async with self.locks.hold(thread):
            before = self._pending(thread, await self.runner.state(config))
            await self.runner.invoke(graph_input, config)
            return await self._reply(thread, config, {pending.id for pending in before})

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
    ) -> TurnReply:
        """Answer one interrupt by id; the others stay waiting.

        The graph gets {"decision": decision, "value": value} as the value of its interrupt().
        The claim names `by`, else the session, as the Desk's does.

        Raises:
            NotFound: the graph has never run on this thread.
            InterruptStale: the interrupt does not wait, the token is not the one shown, or
                another answer claimed it first; nothing changed.
            InvalidAnswer: its kind does not take the decision, or an ask's value is not of
                its type; it still waits.
        """
        config = _config(thread)
        async with self.locks.hold(thread):
            state = await self._state(thread, config)
            pending = self._pending(thread, state)
            found = next((item for item in pending if item.id == interrupt_id), None)
            if found is None:
                raise InterruptStale(interrupt_id, "it does not wait in this thread")
            if decision not in found.choices:
                raise InvalidAnswer(
                    f"A {found.kind} pause takes {', '.join(found.choices)}, not {decision!r}."
                )
            if not tokens_match(found.interrupt.root.token, token):
                raise InterruptStale(interrupt_id, StaleReason.WRONG_TOKEN)
            value = checked_value(found.interrupt, value)
            if not await self.store.claim_external(
                CLAIM_SCOPE, interrupt_id, token, decision, by or session, value
            ):
                raise InterruptStale(interrupt_id, StaleReason.CLAIMED_FIRST)
            answer = {"decision": decision, "value": value}
            await self.runner.invoke(Command(resume={found.graph_id: answer}), config)
            others = {item.id for item in pending if item.id != interrupt_id}
            return await self._reply(thread, config, others)

    async def _state(self, thread: str, config: RunnableConfig) -> StateSnapshot:
        await self.open()
        state = await self.runner.state(config)
        if checkpoint_of(state) is None:
            raise NotFound(f"There is no thread {thread!r}.")
        return state

    def _pending(self, thread: str, state: StateSnapshot) -> list[Pending]:
        return pending_interrupts(state, thread, self.store.secret, self.kind_of)

    async def _reply(self, thread: str, config: RunnableConfig, before: set[str]) -> TurnReply:
        state = await self.runner.state(config)
        waiting = [pending.interrupt for pending in self._pending(thread, state)]
        fresh = [interrupt for interrupt in waiting if interrupt.root.id not in before]
        not_notified: list[NotNotified] = await notify(
            self.on_interrupt, self.store, thread, fresh, self.notify_seconds
        )
        return TurnReply(
            thread=thread,
            run=checkpoint_of(state) or "",
            message=new_id(),
            reply=self.reply_of(state.values),
            waiting=waiting,
            refusal=None,
            rollback=None,
            skipped=[],
            not_notified=not_notified,
            sources=[],
            images=[],
            files=[],
        )


def _config(thread: str) -> RunnableConfig:
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
