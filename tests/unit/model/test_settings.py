"""The `model:` settings of agent.yaml, and choosing a provider from them."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from stalwart_agents.model import (
    AnthropicProvider,
    ModelSettings,
    OpenAIProvider,
    make_provider,
)


def _settings(**fields: object) -> ModelSettings:
    return ModelSettings.model_validate(
        {"provider": "openai", "model": "gpt-test", "api_key_env": "SHOP_MODEL_KEY", **fields}
    )


def test_each_provider_defaults_to_its_public_api() -> None:
    assert _settings().base == "https://api.openai.com/v1"
    assert _settings(provider="anthropic").base == "https://api.anthropic.com"


def test_a_base_url_replaces_the_public_api_without_its_trailing_slash() -> None:
    assert _settings(base_url="http://127.0.0.1:8080/v1/").base == "http://127.0.0.1:8080/v1"


def test_the_timeout_defaults_to_thirty_seconds() -> None:
    assert _settings().timeout == 30


@pytest.mark.parametrize(
    "fields",
    [
        {"provider": "gemini"},
        {"timeout": 0},
        {"model": ""},
        {"api_key": "sk-inline"},
    ],
)
def test_bad_settings_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        _settings(**fields)


@pytest.mark.parametrize("environ", [{}, {"SHOP_MODEL_KEY": ""}, {"SHOP_MODEL_KEY": "  "}])
def test_without_a_key_there_is_no_provider(environ: dict[str, str]) -> None:
    assert make_provider(_settings(), environ) is None


def test_the_openai_setting_makes_the_openai_compatible_provider() -> None:
    provider = make_provider(_settings(), {"SHOP_MODEL_KEY": "sk-1"})

    assert isinstance(provider, OpenAIProvider)


def test_the_anthropic_setting_makes_the_anthropic_provider() -> None:
    provider = make_provider(_settings(provider="anthropic"), {"SHOP_MODEL_KEY": "sk-1"})

    assert isinstance(provider, AnthropicProvider)


@pytest.mark.parametrize(
    ("fields", "who", "local"),
    [
        ({}, "OpenAI", False),
        ({"provider": "anthropic"}, "Anthropic", False),
        ({"base_url": "http://127.0.0.1:11434/v1"}, "127.0.0.1", True),
        ({"base_url": "http://localhost:8080/v1"}, "localhost", True),
        ({"base_url": "http://[::1]:8080/v1"}, "::1", True),
        ({"base_url": "https://llm.internal.example/v1"}, "llm.internal.example", False),
    ],
)
def test_who_reads_and_whether_the_text_leaves_this_computer(
    fields: dict[str, str], who: str, local: bool
) -> None:
    settings = _settings(**fields)
    assert (settings.provider_name, settings.local) == (who, local)


def test_the_step_limit_is_bounded() -> None:
    assert _settings().steps == 4
    with pytest.raises(ValidationError):
        _settings(steps=0)
