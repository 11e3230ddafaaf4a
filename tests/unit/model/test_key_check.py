"""Checking a pasted key: one GET of the provider's model list, which spends no tokens."""

from __future__ import annotations

import pytest

from stalwart_agents.model import (
    ModelRejected,
    ModelSettings,
    ModelUnauthorized,
    ModelUnavailable,
    check_key,
)
from tests.fake_provider import Failure
from tests.loopback import free_port

from .conftest import FakeProvider

KEY = "sk-right-key"


def settings(provider: str, base: str) -> ModelSettings:
    return ModelSettings.model_validate(
        {"provider": provider, "model": "m", "api_key_env": "K", "base_url": base}
    )


async def test_openai_takes_its_key_with_one_get_of_the_models(
    provider_server: FakeProvider,
) -> None:
    provider_server.key = KEY
    provider_server.answer_with({"object": "list", "data": []})

    await check_key(settings("openai", f"{provider_server.base}/v1"), KEY)

    [asked] = provider_server.received
    assert (asked.path, asked.body, asked.headers["authorization"]) == (
        "/v1/models",
        None,
        f"Bearer {KEY}",
    )


async def test_anthropic_sends_its_key_and_version_headers(provider_server: FakeProvider) -> None:
    provider_server.key = KEY
    provider_server.answer_with({"data": []})

    await check_key(settings("anthropic", provider_server.base), KEY)

    [asked] = provider_server.received
    assert asked.path == "/v1/models"
    assert (asked.headers["x-api-key"], asked.headers["anthropic-version"]) == (KEY, "2023-06-01")


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
async def test_a_key_the_provider_refuses_is_unauthorized(
    provider_server: FakeProvider, provider: str
) -> None:
    provider_server.key = KEY
    base = provider_server.base + ("/v1" if provider == "openai" else "")

    with pytest.raises(ModelUnauthorized, match="refused the API key \\(401\\)"):
        await check_key(settings(provider, base), "sk-wrong")
    assert len(provider_server.received) == 1


# How each API names a wrong key in its error object: OpenAI's `code`, Anthropic's `type`.
NAMES_THE_KEY = {"openai": "invalid_api_key", "anthropic": "authentication_error"}


def base_of(provider: str, fake: FakeProvider) -> str:
    return fake.base + ("/v1" if provider == "openai" else "")


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
async def test_a_400_that_names_the_key_is_a_refused_key(
    provider_server: FakeProvider, provider: str
) -> None:
    # Some OpenAI-compatible servers answer a wrong key with 400, not 401.
    provider_server.down = Failure(400, "Invalid API key.", kind=NAMES_THE_KEY[provider])

    with pytest.raises(ModelUnauthorized, match=r"refused the API key \(400\): Invalid API key\."):
        await check_key(settings(provider, base_of(provider, provider_server)), "sk-wrong")


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
async def test_a_400_about_anything_else_is_the_request_rejected(
    provider_server: FakeProvider, provider: str
) -> None:
    provider_server.down = Failure(400, "Unsupported parameter: 'limit'.")

    with pytest.raises(ModelRejected, match=r"refused the request \(400\)") as caught:
        await check_key(settings(provider, base_of(provider, provider_server)), KEY)
    assert not isinstance(caught.value, ModelUnauthorized)


async def test_a_provider_nobody_answers_at_is_unavailable() -> None:
    with pytest.raises(ModelUnavailable, match="could not be reached"):
        await check_key(settings("openai", f"http://127.0.0.1:{free_port()}/v1"), KEY)
