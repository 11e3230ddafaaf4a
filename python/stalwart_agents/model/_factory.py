"""Choosing the provider agent.yaml names, with the key from the environment or from the owner."""

from __future__ import annotations

import os
from collections.abc import Mapping

from stalwart_agents.model._anthropic import AnthropicProvider
from stalwart_agents.model._openai import OpenAIProvider
from stalwart_agents.model._provider import ModelProvider
from stalwart_agents.model._settings import ModelSettings

__all__ = ["check_key", "make_provider", "provider_for"]


def make_provider(
    settings: ModelSettings, environ: Mapping[str, str] = os.environ
) -> ModelProvider | None:
    """The provider `settings` names, or None when its key variable is unset or empty.

    With None, the engine replies that the agent cannot help with that turn.
    """
    api_key = environ.get(settings.api_key_env, "").strip()
    if not api_key:
        return None
    return provider_for(settings, api_key)


def provider_for(settings: ModelSettings, api_key: str) -> AnthropicProvider | OpenAIProvider:
    """The provider `settings` names, with this key."""
    if settings.provider == "anthropic":
        return AnthropicProvider(settings, api_key)
    return OpenAIProvider(settings, api_key)


async def check_key(settings: ModelSettings, api_key: str) -> None:
    """Ask the provider, once and without spending tokens, whether it takes this key.

    Raises:
        ModelError: ModelUnauthorized where it refused the key; another where it could not be asked.
    """
    await provider_for(settings, api_key).check()
