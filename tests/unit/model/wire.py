"""Answers in each provider's wire format, as the real APIs send them."""

from __future__ import annotations

from typing import Any

from stalwart_agents.model import ModelProvider, ModelSettings, ToolSchema, provider_for
from tests.fake_provider import anthropic_message, openai_completion

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


USAGE = {"prompt_tokens": 57, "completion_tokens": 12, "total_tokens": 69}


def openai_answer(*calls: tuple[str, Any]) -> dict[str, Any]:
    """A chat completion calling tools; `arguments` is a JSON string, as OpenAI sends it."""
    return openai_completion("gpt-test", "" if calls else "I cannot help with that.", calls, USAGE)


def anthropic_answer(*calls: tuple[str, Any]) -> dict[str, Any]:
    """A message whose content holds a text block, then one `tool_use` block per call."""
    usage = {"input_tokens": 57, "output_tokens": 12}
    return anthropic_message("claude-test", "Let me do that.", calls, usage)


def answer(provider: str, *calls: tuple[str, Any]) -> dict[str, Any]:
    """A tool-call answer in `provider`'s wire format."""
    return openai_answer(*calls) if provider == "openai" else anthropic_answer(*calls)


def error_body(provider: str, message: str) -> dict[str, Any]:
    """An error answer as `provider` words it."""
    if provider == "openai":
        return {"error": {"message": message, "type": "invalid_request_error"}}
    return {"type": "error", "error": {"type": "authentication_error", "message": message}}


def provider_at(
    kind: str, base: str, key: str, timeout: float = 5.0, stream: bool = False
) -> ModelProvider:
    """`kind`'s provider on the fake at `base`, as agent.yaml would name it, with this key."""
    settings = ModelSettings(
        provider=kind,  # type: ignore[arg-type]
        model=f"{kind}-test-model",
        api_key_env="TEST_MODEL_KEY",
        base_url=base if kind == "anthropic" else f"{base}/v1",
        timeout=timeout,
        stream=stream,
    )
    return provider_for(settings, key)
