"""A compiled graph read and run from async code, whether its checkpointer is async or not."""

from __future__ import annotations

import asyncio
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

    async def invoke(self, graph_input: Any, config: RunnableConfig) -> Any:
        """Run the graph until it ends or waits; its state is read first, so the kind is known."""
        if self._sync is None:
            await self.state(config)
        if self._sync:
            return await asyncio.to_thread(self.graph.invoke, graph_input, config)
        return await self.graph.ainvoke(graph_input, config)
