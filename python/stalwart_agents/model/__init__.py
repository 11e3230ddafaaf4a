"""The model, for unread turns only: proposes calls whose every value has origin `model`.

`make_provider(settings)` returns the provider agent.yaml's `model:` names, over httpx: an
OpenAI-compatible chat-completions API (which covers local servers) or the Anthropic messages
API. Without a key in the environment it returns None, and the agent says it cannot help;
`check_key` asks the provider whether it takes a key the owner pastes.
"""

from __future__ import annotations

from stalwart_agents.model._anthropic import AnthropicProvider
from stalwart_agents.model._errors import (
    ModelError,
    ModelMalformed,
    ModelRateLimited,
    ModelRejected,
    ModelTimeout,
    ModelUnauthorized,
    ModelUnavailable,
    ModelUnknownTool,
    ModelWrongArgument,
)
from stalwart_agents.model._factory import check_key, make_provider, provider_for
from stalwart_agents.model._openai import OpenAIProvider
from stalwart_agents.model._provider import (
    ASK_PERSON,
    Asked,
    ModelAnswer,
    ModelProvider,
    Question,
    Ran,
    Usage,
)
from stalwart_agents.model._schema import SchemaArgument, ToolSchema, tool_schema
from stalwart_agents.model._settings import DEFAULT_BASE_URLS, ModelSettings

__all__ = [
    "ASK_PERSON",
    "DEFAULT_BASE_URLS",
    "AnthropicProvider",
    "Asked",
    "ModelAnswer",
    "ModelError",
    "ModelMalformed",
    "ModelProvider",
    "ModelRateLimited",
    "ModelRejected",
    "ModelSettings",
    "ModelTimeout",
    "ModelUnauthorized",
    "ModelUnavailable",
    "ModelUnknownTool",
    "ModelWrongArgument",
    "OpenAIProvider",
    "Question",
    "Ran",
    "SchemaArgument",
    "ToolSchema",
    "Usage",
    "check_key",
    "make_provider",
    "provider_for",
    "tool_schema",
]
