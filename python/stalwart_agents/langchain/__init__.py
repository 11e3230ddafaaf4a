"""The LangGraph door: our approvals, and the chat, over a team's own LangGraph graph."""

try:
    import langgraph.pregel as _langgraph  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "The LangGraph door needs LangGraph, the langgraph extra: from a clone of "
        "stalwart-agents, pip install '/path/to/stalwart-agents[langgraph]'."
    ) from error

from stalwart_agents.langchain.server import (
    ContextOf,
    GraphDoor,
    InputOf,
    KindOf,
    ReplyOf,
    Webhook,
    confirm_kind,
    last_message,
    make_resume_app,
    messages_input,
    shown_fields,
)

__all__ = [
    "ContextOf",
    "GraphDoor",
    "InputOf",
    "KindOf",
    "ReplyOf",
    "Webhook",
    "confirm_kind",
    "last_message",
    "make_resume_app",
    "messages_input",
    "shown_fields",
]
