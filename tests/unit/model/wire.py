"""Answers in each provider's wire format, as the real APIs send them."""

from __future__ import annotations

import json
from typing import Any

from stalwart_agents.model import ToolSchema

CATALOGUE = [
    ToolSchema(
        name="find_order",
        description="Look an order up.",
        parameters={
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    ),
    ToolSchema(
        name="charge_card",
        description="Charge the customer's card for an order.",
        parameters={
            "type": "object",
            "properties": {"amount": {"type": "number"}, "order_id": {"type": "string"}},
            "required": ["amount", "order_id"],
        },
    ),
]


def openai_answer(*calls: tuple[str, Any]) -> dict[str, Any]:
    """A chat completion calling tools; `arguments` is a JSON string, as OpenAI sends it."""
    tool_calls = [
        {
            "id": f"call_{i}",
            "type": "function",
            "function": {
                "name": name,
                "arguments": args if isinstance(args, str) else json.dumps(args),
            },
        }
        for i, (name, args) in enumerate(calls)
    ]
    message: dict[str, Any] = {"role": "assistant", "content": None}
    if tool_calls:
        message["tool_calls"] = tool_calls
    else:
        message["content"] = "I cannot help with that."
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "gpt-test",
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": "tool_calls" if tool_calls else "stop",
            }
        ],
    }


def anthropic_answer(*calls: tuple[str, Any]) -> dict[str, Any]:
    """A message whose content holds a text block, then one `tool_use` block per call."""
    content: list[dict[str, Any]] = [{"type": "text", "text": "Let me do that."}]
    content += [
        {"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": args}
        for i, (name, args) in enumerate(calls)
    ]
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": content,
        "stop_reason": "tool_use" if calls else "end_turn",
    }


def answer(provider: str, *calls: tuple[str, Any]) -> dict[str, Any]:
    """A tool-call answer in `provider`'s wire format."""
    return openai_answer(*calls) if provider == "openai" else anthropic_answer(*calls)


def error_body(provider: str, message: str) -> dict[str, Any]:
    """An error answer as `provider` words it."""
    if provider == "openai":
        return {"error": {"message": message, "type": "invalid_request_error"}}
    return {"type": "error", "error": {"type": "authentication_error", "message": message}}
