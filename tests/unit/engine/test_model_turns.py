"""A turn the model reads, over real HTTP to the fake provider: its words, its calls, its costs,
and every way it fails, each its own sentence in the person's language and its own code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.fake_provider import Calls, Failure, FakeProvider, Words, _server, provider_server
from tests.loopback import free_port
from tests.unit.model.wire import provider_at

__all__ = ["_server", "provider_server"]

KEY = "sk-turns-1234"
TEXT = "could you sort out the payment for my last order"
PROVIDERS = ["openai", "anthropic"]


@pytest.fixture(params=PROVIDERS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def model_at(kind: str, base: str, timeout: float = 5.0) -> Any:
    return provider_at(kind, base, KEY, timeout)


async def model_reply(make_desk: Callable[..., Any], model: Any, language: str = "en") -> Any:
    """The reply once the person lets the model read an unread turn."""
    desk = await make_desk(model=model)
    await desk.turn("u-9", TEXT, context={"card": "visa-0019"}, language=language)
    return await desk.answer("u-9", "approve")


async def test_words_are_the_reply_marked_as_the_models_with_their_token_counts(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(Words("I can look orders up and charge them. Which order is it?"))

    reply = await model_reply(make_desk, model_at(kind, provider_server.base))

    assert reply.reply == "I can look orders up and charge them. Which order is it?"
    assert reply.model.model_dump() == {
        "provider": kind,
        "model": f"{kind}-test-model",
        "wrote_reply": True,
        "problem": None,
        "input_tokens": 57,
        "output_tokens": 12,
    }


async def test_the_stream_tells_the_models_words_as_its_own_with_the_reply(
    make_desk: Callable[..., Any], provider_server: FakeProvider
) -> None:
    provider_server.then(Words("Which order is it?"))
    desk = await make_desk(model=model_at("openai", provider_server.base))
    await desk.turn("u-9", TEXT, context={"card": "visa-0019"})
    await desk.answer("u-9", "approve")

    said = [e["data"] for e in await desk.events("u-9") if e["type"] == "reply"]
    assert said[-1]["text"] == "Which order is it?"
    assert said[-1]["model"]["wrote_reply"] is True


async def test_a_call_reaches_the_card_as_the_models_with_its_token_counts(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(Calls(("charge_card", {"amount": 40, "order_id": "4411"})))

    reply = await model_reply(make_desk, model_at(kind, provider_server.base))

    [confirm] = reply.waiting
    assert {a.name: a.origin for a in confirm.arguments if a.name != "card"} == {
        "amount": "model",
        "order_id": "model",
    }
    assert (reply.model.wrote_reply, reply.model.input_tokens) == (False, 57)
    assert "Nothing to do" not in reply.reply


async def test_an_answer_with_neither_calls_nor_words_says_so(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(Calls())

    reply = await model_reply(make_desk, model_at(kind, provider_server.base))

    assert reply.reply == "The AI model read that, but found nothing I can do for it."


FAILURES = {
    "key_refused": (
        Failure(401, "Incorrect API key provided."),
        "The AI model could not read that: the AI provider refused this bot's key.",
    ),
    "rate_limited": (
        Failure(429, "Rate limit reached.", retry_after=20),
        "The AI provider is getting too many requests right now",
    ),
    "unreachable": (
        Failure(503, "The server is overloaded."),
        "The AI provider could not be reached",
    ),
    "rejected": (
        Failure(404, "The model does not exist."),
        "The AI provider refused to read that",
    ),
    "unknown_tool": (
        Calls(("wire_money", {"amount": 40})),
        "The AI model asked for a step this bot does not have (wire_money)",
    ),
    "wrong_argument": (
        Calls(("charge_card", {"amount": "forty", "order_id": "4411"})),
        "The AI model gave “Charge card” something it cannot use as Amount",
    ),
}


@pytest.mark.parametrize("problem", list(FAILURES))
async def test_each_failure_is_its_own_sentence_and_code(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str, problem: str
) -> None:
    scripted, sentence = FAILURES[problem]
    provider_server.then(scripted)

    reply = await model_reply(make_desk, model_at(kind, provider_server.base))

    assert reply.reply.startswith(sentence), reply.reply
    assert (reply.model.problem, reply.waiting) == (problem, [])


async def test_a_malformed_answer_is_its_own_sentence(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.answer_with({"id": "x", "object": "surprise"})

    reply = await model_reply(make_desk, model_at(kind, provider_server.base))

    assert reply.reply == "The AI model's answer could not be read, so I did nothing."
    assert reply.model.problem == "malformed"


async def test_a_timeout_is_its_own_sentence(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.delay = 1.0

    reply = await model_reply(make_desk, model_at(kind, provider_server.base, timeout=0.2))

    assert reply.reply.startswith("The AI model did not answer in time")
    assert reply.model.problem == "timeout"


async def test_a_host_nobody_listens_on_is_unreachable_in_portuguese(
    make_desk: Callable[..., Any], kind: str
) -> None:
    model = model_at(kind, f"http://127.0.0.1:{free_port()}")

    reply = await model_reply(make_desk, model, language="pt-BR")

    assert reply.reply == (
        "Não foi possível falar com o provedor de IA, então não fiz nada. "
        "Tente de novo daqui a pouco."
    )
    assert reply.model.problem == "unreachable"


async def test_a_question_back_is_an_ask_whose_answer_goes_back_with_the_conversation(
    make_desk: Callable[..., Any], provider_server: FakeProvider, kind: str
) -> None:
    provider_server.then(
        Calls(("ask_person", {"question": "Which order do you mean?"})),
        Calls(("charge_card", {"amount": 40, "order_id": "4411"})),
    )
    desk = await make_desk(model=model_at(kind, provider_server.base))
    await desk.turn("u-9", TEXT, context={"card": "visa-0019"})

    asked = await desk.answer("u-9", "approve")
    [question] = asked.waiting
    assert (question.kind, question.question, question.wording) == (
        "ask",
        "Which order do you mean?",
        "Which order do you mean?",
    )
    # The model asked it, so the card marks it as the assistant's.
    assert question.model_question is True
    charged = await desk.answer("u-9", "answer", "4411")

    [confirm] = charged.waiting
    assert (confirm.kind, confirm.tool) == ("confirm", "charge_card")
    first, second = [asked.body for asked in provider_server.models()]
    conversation = second["messages"][len(first["messages"]) :]
    if kind == "openai":
        [call] = conversation[0]["tool_calls"]
        assert call["function"]["name"] == "ask_person"
        assert conversation[1] == {"role": "tool", "tool_call_id": call["id"], "content": "4411"}
    else:
        [use] = conversation[0]["content"]
        assert (use["type"], use["name"]) == ("tool_use", "ask_person")
        assert conversation[1]["content"] == [
            {"type": "tool_result", "tool_use_id": use["id"], "content": "4411"}
        ]


async def test_a_model_that_keeps_asking_stops_at_the_step_limit(
    make_desk: Callable[..., Any], provider_server: FakeProvider
) -> None:
    provider_server.then(*[Calls(("ask_person", {"question": "And then?"}))] * 5)
    desk = await make_desk(model=model_at("openai", provider_server.base))
    await desk.turn("u-9", TEXT)
    reply = await desk.answer("u-9", "approve")
    for _ in range(3):
        reply = await desk.answer("u-9", "answer", "more")

    reply = await desk.answer("u-9", "answer", "more")

    assert reply.model.problem == "too_many_steps"
    assert reply.waiting == [] and len(provider_server.models()) == 4
