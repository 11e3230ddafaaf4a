"""A compiled graph read and run from async code, whether its checkpointer is async or not."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.pregel import Pregel
from langgraph.types import StateSnapshot

__all__ = ["GraphRunner"]


class GraphRunner:
    """Calls the graph's async methods, or its sync ones in a worker thread.

    SqliteSaver and PostgresSaver raise NotImplementedError from every async method, so the
    first state read tells which kind of checkpointer the graph has; nothing has run by then.
    """

    def __init__(self, graph: Pregel[Any, Any, Any, Any]) -> None:
        if not isinstance(graph, Pregel):
            raise TypeError(
                f"The LangGraph door takes a compiled graph (graph.compile(...)), "
                f"not {type(graph).__name__}."
            )
        if not isinstance(graph.checkpointer, BaseCheckpointSaver):
            raise ValueError(
                "The graph has no checkpointer, so nothing waits between a question and its "
                "answer: compile it with checkpointer=InMemorySaver(), AsyncSqliteSaver, "
                "AsyncPostgresSaver or their sync versions."
            )
        self.graph = graph
        self._sync: bool | None = None

    async def state(self, config: RunnableConfig) -> StateSnapshot:
        """The thread's latest state."""
        if not self._sync:
            try:
                found = await self.graph.aget_state(config)
            except NotImplementedError:
                if self._sync is False:
                    raise
                self._sync = True
            else:
                self._sync = False
                return found
        return await asyncio.to_thread(self.graph.get_state, config)

    async def history(self, config: RunnableConfig) -> list[StateSnapshot]:
        """The thread's checkpoints, oldest first."""
        await self.state(config)
        if self._sync:
            return list(reversed(await asyncio.to_thread(_history, self.graph, config)))
        return list(reversed([state async for state in self.graph.aget_state_history(config)]))

    async def invoke(self, graph_input: Any, config: RunnableConfig, context: Any = None) -> Any:
        """Run the graph until it ends or waits, with LangGraph's runtime context where given.

        Its state is read first, so the kind of checkpointer is known.
        """
        if self._sync is None:
            await self.state(config)
        if self._sync:
            run = functools.partial(self.graph.invoke, context=context)
            return await asyncio.to_thread(run, graph_input, config)
        return await self.graph.ainvoke(graph_input, config, context=context)


def _history(graph: Pregel[Any, Any, Any, Any], config: RunnableConfig) -> list[StateSnapshot]:
    return list(graph.get_state_history(config))
