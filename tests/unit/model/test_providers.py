"""Both providers over real HTTP against a fake provider on loopback: calls, errors, requests."""

from __future__ import annotations

import re
from typing import Any

import pytest

from stalwart_agents.model import (
    ModelMalformed,
    ModelProvider,
    ModelRateLimited,
    ModelRejected,
    ModelTimeout,
    ModelUnauthorized,
    ModelUnavailable,
)
from tests.fake_provider import Broken, Calls, Failure, Words
from tests.loopback import free_port

from .conftest import FakeProvider
from .wire import CATALOGUE, answer, error_body, openai_answer, provider_at

KEY = "sk-test-0123"
PROVIDERS = ["openai", "anthropic"]


def _provider(kind: str, base: str, timeout: float = 5.0, stream: bool = False) -> ModelProvider:
    return provider_at(kind, base, KEY, timeout, stream)


@pytest.fixture(params=PROVIDERS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=[False, True], ids=["whole", "streamed"])
def stream(request: pytest.FixtureRequest) -> bool:
    """Each conversation is held twice: the answer whole, and as server-sent events."""
    return bool(request.param)


async def test_a_tool_call_answer_becomes_calls_written_by_the_model(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.answer_with(
        answer(
            kind,
            ("find_order", {"order_id": "4411"}),
            ("charge_card", {"amount": 40, "order_id": "4411"}),
        )
    )

    answered = await _provider(kind, provider_server.base, stream=stream).propose(
        "please sort out 4411, forty", CATALOGUE, "en"
    )
    calls = answered.calls

    assert [(c.tool, {k: v.value for k, v in c.args.items()}) for c in calls] == [
        ("find_order", {"order_id": "4411"}),
        ("charge_card", {"amount": 40, "order_id": "4411"}),
    ]
    assert {v.origin for c in calls for v in c.args.values()} == {"model"}
    assert all(v.span is None for c in calls for v in c.args.values())


async def test_a_whole_number_for_a_text_argument_is_its_digits(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.answer_with(answer(kind, ("find_order", {"order_id": 4411})))

    (call,) = (
        await _provider(kind, provider_server.base, stream=stream).propose("4411?", CATALOGUE, "en")
    ).calls

    assert call.args["order_id"].value == "4411"
    assert call.args["order_id"].origin == "model"


async def test_an_answer_without_tool_calls_proposes_nothing(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.answer_with(answer(kind))

    answered = await _provider(kind, provider_server.base, stream=stream).propose(
        "hi", CATALOGUE, "en"
    )
    assert answered.calls == []


async def test_the_openai_request_carries_model_turn_catalogue_and_key(
    provider_server: FakeProvider,
) -> None:
    provider_server.answer_with(answer("openai"))

    await _provider("openai", provider_server.base).propose("cobrar quarenta", CATALOGUE, "pt-BR")

    (request,) = provider_server.received
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.body["model"] == "openai-test-model"
    assert request.body["messages"][-1] == {"role": "user", "content": "cobrar quarenta"}
    assert "Portuguese (Brazil)" in request.body["messages"][0]["content"]
    assert [t["function"]["name"] for t in request.body["tools"]] == [
        "find_order",
        "charge_card",
        "ask_person",
    ]
    assert request.body["tools"][1] == {
        "type": "function",
        "function": {
            "name": "charge_card",
            "description": CATALOGUE[1].description,
            "parameters": CATALOGUE[1].parameters,
        },
    }


async def test_the_anthropic_request_carries_model_turn_catalogue_and_key(
    provider_server: FakeProvider,
) -> None:
    provider_server.answer_with(answer("anthropic"))

    await _provider("anthropic", provider_server.base).propose("charge forty", CATALOGUE, "en")

    (request,) = provider_server.received
    assert request.path == "/v1/messages"
    assert request.headers["x-api-key"] == KEY
    assert request.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in request.headers
    assert request.body["model"] == "anthropic-test-model"
    assert request.body["max_tokens"] > 0
    assert request.body["messages"] == [{"role": "user", "content": "charge forty"}]
    assert "English" in request.body["system"]
    assert request.body["tools"][0] == {
        "name": "find_order",
        "description": CATALOGUE[0].description,
        "input_schema": CATALOGUE[0].parameters,
    }


@pytest.mark.parametrize(
    ("wire", "problem"),
    [
        ({"choices": []}, "choices[0].message"),
        ({"unexpected": True}, "choices[0].message"),
        (openai_answer(("charge_card", '{"amount": 40,')), "not valid JSON"),
        (openai_answer(("charge_card", "[40]")), "not a JSON object"),
        (openai_answer(("delete_everything", {})), "'delete_everything'"),
        (openai_answer(("charge_card", {"amount": 40, "card": "x"})), "argument 'card'"),
    ],
)
async def test_a_malformed_openai_answer_is_a_clear_error(
    provider_server: FakeProvider, wire: Any, problem: str
) -> None:
    provider_server.answer_with(wire)

    with pytest.raises(ModelMalformed, match=problem.replace("[", r"\[").replace("]", r"\]")):
        await _provider("openai", provider_server.base).propose("x", CATALOGUE, "en")


@pytest.mark.parametrize(
    ("wire", "problem"),
    [
        ({"type": "message"}, "content blocks"),
        ({"content": [{"text": "no type"}]}, "content blocks"),
        ({"content": [{"type": "tool_use", "name": "charge_card", "input": [40]}]}, "JSON object"),
        ({"content": [{"type": "tool_use", "name": "rm_rf", "input": {}}]}, "'rm_rf'"),
    ],
)
async def test_a_malformed_anthropic_answer_is_a_clear_error(
    provider_server: FakeProvider, wire: Any, problem: str
) -> None:
    provider_server.answer_with(wire)

    with pytest.raises(ModelMalformed, match=problem):
        await _provider("anthropic", provider_server.base).propose("x", CATALOGUE, "en")


async def test_an_answer_that_is_not_json_is_malformed(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.answer_raw("<html>gateway</html>")

    with pytest.raises(ModelMalformed, match="answered with something other than"):
        await _provider(kind, provider_server.base, stream=stream).propose("x", CATALOGUE, "en")


async def test_a_provider_slower_than_the_timeout_times_out(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.answer_with(answer(kind))
    provider_server.delay = 1.0

    with pytest.raises(ModelTimeout, match=r"did not answer within 0\.2 s"):
        await _provider(kind, provider_server.base, timeout=0.2, stream=stream).propose(
            "x", CATALOGUE, "en"
        )


@pytest.mark.parametrize("status", [401, 403])
async def test_a_refused_key_is_unauthorized_without_repeating_the_key(
    provider_server: FakeProvider, kind: str, stream: bool, status: int
) -> None:
    provider_server.answer_with(error_body(kind, "Incorrect API key provided."), status=status)

    with pytest.raises(ModelUnauthorized) as caught:
        await _provider(kind, provider_server.base, stream=stream).propose("x", CATALOGUE, "en")

    assert f"refused the API key ({status}): Incorrect API key provided." in str(caught.value)
    assert KEY not in str(caught.value)


async def test_a_400_that_names_the_key_is_a_refused_key_too(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    named = {"openai": "invalid_api_key", "anthropic": "authentication_error"}[kind]
    provider_server.then(Failure(400, "Invalid API key", kind=named))

    with pytest.raises(ModelUnauthorized, match=r"refused the API key \(400\): Invalid API key"):
        await _provider(kind, provider_server.base, stream=stream).propose("x", CATALOGUE, "en")


@pytest.mark.parametrize("status", [500, 502, 529, 429])
async def test_a_provider_that_cannot_serve_now_is_unavailable(
    provider_server: FakeProvider, kind: str, stream: bool, status: int
) -> None:
    provider_server.answer_with(error_body(kind, "Overloaded"), status=status)

    with pytest.raises(ModelUnavailable, match=re.escape(f"({status}): Overloaded.")):
        await _provider(kind, provider_server.base, stream=stream).propose("x", CATALOGUE, "en")


async def test_an_unknown_model_is_rejected_with_the_providers_words(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.answer_with(error_body(kind, "The model does not exist."), status=404)

    with pytest.raises(ModelRejected, match=r"\(404\): The model does not exist\."):
        await _provider(kind, provider_server.base, stream=stream).propose("x", CATALOGUE, "en")


async def test_a_provider_nobody_listens_for_is_unavailable(kind: str, stream: bool) -> None:
    with pytest.raises(ModelUnavailable, match="could not be reached"):
        await _provider(kind, f"http://127.0.0.1:{free_port()}", stream=stream).propose(
            "x", CATALOGUE, "en"
        )


async def test_words_and_token_counts_come_through_either_way(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.then(Words("I can look orders up and charge cards for them."))

    answered = await _provider(kind, provider_server.base, stream=stream).propose(
        "what can you do", CATALOGUE, "en"
    )

    assert answered.text == "I can look orders up and charge cards for them."
    assert answered.calls == []
    assert (answered.usage.input_tokens, answered.usage.output_tokens) == (57, 12)


async def test_a_streamed_request_asks_for_events_and_openai_for_its_usage(
    provider_server: FakeProvider, kind: str
) -> None:
    await _provider(kind, provider_server.base, stream=True).propose("x", CATALOGUE, "en")

    (request,) = provider_server.models()
    assert request.body["stream"] is True
    assert request.headers["accept"] == "text/event-stream"
    if kind == "openai":
        assert request.body["stream_options"] == {"include_usage": True}


@pytest.mark.parametrize(
    ("broken", "error"),
    [
        (Broken("overloaded_error", "Overloaded"), ModelUnavailable),
        (Broken("rate_limit_error", "Slow down"), ModelRateLimited),
        (Broken("authentication_error", "Key revoked"), ModelUnauthorized),
    ],
)
async def test_an_error_event_midway_is_the_failure_it_names(
    provider_server: FakeProvider, kind: str, broken: Broken, error: type[Exception]
) -> None:
    provider_server.then(broken)

    with pytest.raises(error, match=f"stopped its answer with an error: {broken.message}"):
        await _provider(kind, provider_server.base, stream=True).propose("x", CATALOGUE, "en")


@pytest.mark.parametrize(
    ("api", "events", "problem"),
    [
        ("openai", "data: {not json\n\n", "not JSON"),
        ("anthropic", "event: ping\ndata: {oops\n\n", "not JSON"),
        ("openai", 'data: {"choices": [{"nodelta": 1}]}\n\ndata: [DONE]\n\n', "chunk shape"),
        ("anthropic", 'event: message_start\ndata: {"type": "message_start"}\n\n', "messages"),
        ("openai", 'data: {"choices": []}\n\n', "before its answer's end"),
        ("anthropic", 'event: ping\ndata: {"type": "ping"}\n\n', "before its answer's end"),
    ],
)
async def test_a_garbled_or_cut_stream_is_malformed(
    provider_server: FakeProvider, api: str, events: str, problem: str
) -> None:
    provider_server.stream_raw(events)

    with pytest.raises(ModelMalformed, match=problem):
        await _provider(api, provider_server.base, stream=True).propose("x", CATALOGUE, "en")


async def test_streamed_arguments_that_are_not_json_are_malformed(
    provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(Calls(("charge_card", '{"amount": 40,')))

    with pytest.raises(ModelMalformed, match="not valid JSON"):
        await _provider(kind, provider_server.base, stream=True).propose("x", CATALOGUE, "en")
