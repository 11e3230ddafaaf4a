"""The shop's question for an amount, answered with numbers of every size and form: a number
the run can hold goes on to the check (and the charge limit refuses past it); one it cannot is
refused with the range in words in the person's language, and the question stays open."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from stalwart_agents.config import AgentFile
from stalwart_agents.desk import Desk
from stalwart_agents.errors import InvalidAnswer
from stalwart_agents.serve import make_app
from stalwart_agents.store import open_store

import context  # isort: skip - importable once .helpers put the shop's folder on the path

SIGNED_IN = context.context(None)
ASK = {"en": "charge order 4411", "pt-BR": "cobrar o pedido 4411"}
RANGE = {
    "en": "give a number from -9007 trillion to 9007 trillion.",
    "pt-BR": "informe um número de -9007 trilhões a 9007 trilhões.",
}
QUESTION = {"en": "How much should I charge?", "pt-BR": "Quanto devo cobrar?"}
_threads = itertools.count()


class Shop:
    """One Desk on the shop, on its own loop, shared by every example of the module."""

    def __init__(self, runner: asyncio.Runner, desk: Desk) -> None:
        self.runner = runner
        self.desk = desk

    def ask(self, language: str) -> tuple[str, Any]:
        """A new thread whose charge asks for the amount; the thread and the question."""
        thread = f"t-{next(_threads)}"
        reply = self.runner.run(
            self.desk.turn(thread, ASK[language], language=language, context=SIGNED_IN)
        )
        (pause,) = reply.waiting
        assert (pause.kind, pause.argument) == ("ask", "amount")
        return thread, pause

    def answer(self, thread: str, pause: Any, value: Any) -> Any:
        return self.runner.run(self.desk.resume(thread, pause.id, "answer", pause.token, value))

    def waiting(self, thread: str) -> list[str]:
        return [pause.id for pause in self.runner.run(self.desk.waiting(thread))]


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory, shop_file: AgentFile) -> Iterator[Shop]:
    folder = tmp_path_factory.mktemp("shop-asks")
    with pytest.MonkeyPatch.context() as patch, asyncio.Runner() as runner:
        patch.setenv("STALWART_SHOP_DB", str(folder / "shop.db"))
        patch.delenv("OPENAI_API_KEY", raising=False)
        desk = Desk(shop_file, store=open_store(f"sqlite:///{folder / 'runs.db'}"))
        runner.run(desk.open())
        yield Shop(runner, desk)
        runner.run(desk.close())


@pytest.mark.parametrize("language", ["en", "pt-BR"])
@pytest.mark.parametrize(
    "value", [1e30, 1e300, 1e308, 10**30, -(10**30), "1e400", float("inf"), 2**53]
)
def test_a_number_past_the_range_is_refused_in_words_and_the_question_stays_open(
    shop: Shop, value: Any, language: str
) -> None:
    thread, pause = shop.ask(language)

    with pytest.raises(InvalidAnswer) as refused:
        shop.answer(thread, pause, value)

    assert str(refused.value).endswith(f"{RANGE[language]} {QUESTION[language]}")
    assert shop.waiting(thread) == [pause.id]


@pytest.mark.parametrize("value", [1e15, 2**53 - 1, "9007199254740991", 5000])
def test_a_number_in_range_past_the_charge_limit_is_refused_by_its_rule(
    shop: Shop, value: Any
) -> None:
    thread, pause = shop.ask("en")

    reply = shop.answer(thread, pause, value)

    assert reply.waiting == []
    assert reply.refusal is not None
    assert reply.refusal.sentence == "I can't make this charge."


def test_nan_is_not_a_number(shop: Shop) -> None:
    thread, pause = shop.ask("pt-BR")

    with pytest.raises(InvalidAnswer, match=r"^'nan' não é um número\. Quanto devo cobrar\?$"):
        shop.answer(thread, pause, "nan")


_NUMBERS = st.one_of(
    st.integers(),
    st.integers(min_value=10**15, max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=False, allow_infinity=False).map(str),
    st.from_regex(r"\A-?[0-9]{1,40}(\.[0-9]{1,6})?([eE][+-]?[0-9]{1,3})?\Z"),
    st.sampled_from(["inf", "-inf", "nan", "Infinity", "1e400", "-1e400", "1e-400", "0"]),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(value=_NUMBERS, language=st.sampled_from(["en", "pt-BR"]))
def test_any_number_answered_is_taken_or_refused_never_a_failed_run(
    shop: Shop, value: Any, language: str
) -> None:
    thread, pause = shop.ask(language)
    try:
        reply = shop.answer(thread, pause, value)
    except InvalidAnswer as refused:
        assert str(refused).endswith(QUESTION[language])
        assert shop.waiting(thread) == [pause.id]
        return
    # Taken: the charge is refused by its limit, or waits for approval, shown as money.
    assert reply.refusal is not None or [p.kind for p in reply.waiting] == ["confirm"]
    for waiting in reply.waiting:
        amount = next(arg for arg in waiting.arguments if arg.name == "amount")
        assert amount.shown and amount.origin == "reply"


def test_over_http_an_answer_past_the_range_is_422_and_the_question_stays_open(
    shop_file: AgentFile, shop_db: Path, tmp_path: Path
) -> None:
    desk = Desk(shop_file, store=open_store(f"sqlite:///{tmp_path / 'runs.db'}"))
    with TestClient(make_app(desk)) as client:
        turn = {"text": ASK["pt-BR"], "language": "pt-BR"}
        (pause,) = client.post("/threads/t-1/messages", json=turn).json()["waiting"]
        body = {"interrupt_id": pause["id"], "decision": "answer", "token": pause["token"]}
        raw = json.dumps(body)[:-1] + ', "value": 1e400}'
        answered = client.post(
            "/threads/t-1/resume", content=raw, headers={"content-type": "application/json"}
        )
        still = client.get("/threads/t-1/interrupts").json()
    assert answered.status_code == 422, answered.text
    assert RANGE["pt-BR"] in answered.json()["detail"]
    assert [p["id"] for p in still["interrupts"]] == [pause["id"]]
