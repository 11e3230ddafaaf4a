"""Choosing the provider agent.yaml names, with the key from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping

from stalwart_agents.model._anthropic import AnthropicProvider
from stalwart_agents.model._openai import OpenAIProvider
from stalwart_agents.model._provider import ModelProvider
from stalwart_agents.model._settings import ModelSettings

__all__ = ["make_provider"]


def make_provider(
    settings: ModelSettings, environ: Mapping[str, str] = os.environ
) -> ModelProvider | None:
    """The provider `settings` names, or None when its key variable is unset or empty.

    With None, the engine replies that the agent cannot help with that turn.
    """
    api_key = environ.get(settings.api_key_env, "").strip()
    if not api_key:
        return None
    if settings.provider == "anthropic":
        return AnthropicProvider(settings, api_key)
    return OpenAIProvider(settings, api_key)
