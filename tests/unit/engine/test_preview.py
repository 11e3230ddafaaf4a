"""A tool's preview: a dry run with the arguments shown, kept with its pause, never blocking."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents.agent_check import find_problems
from stalwart_agents.desk import Desk
from stalwart_agents.errors import ConfigError
from stalwart_agents.loading import load_agent_file
from stalwart_agents.store import RunStore
from stalwart_agents.tools import ToolBox
from stalwart_agents.webhook import Webhook

from .helpers import plan

# The tools below are this module's functions, so the file names the module they are in.
AGENT = """\
agents:
  - name: shop
tools:
  find_order:
    function: {module}:find_order
    arguments:
      order_id: {{type: string}}
    result:
      total: {{label: {{en: Total, pt-BR: Total}}, currency: USD}}
  charge_card:
    function: {module}:charge_card
    write: true
    timeout: {timeout}
    currency: USD
    title: {{en: Charge an order, pt-BR: Cobrar um pedido}}
    arguments:
      amount: {{type: number}}
      order_id: {{type: string}}
      card: {{type: string, from: context.card}}
    facts:
      tool: find_order
      args: {{order_id: call.order_id}}
    preview: {module}:{preview}
"""

SEEN: list[dict[str, Any]] = []


def find_order(order_id: str) -> dict[str, Any]:
    return {"order_id": order_id, "total": "40.00"}


def charge_card(amount: float, order_id: str, card: str) -> dict[str, str]:
    return {"charge_id": f"ch-{order_id}"}


def charge_preview(amount: float, order_id: str, card: str) -> list[dict[str, Any]]:
    SEEN.append({"amount": amount, "order_id": order_id, "card": card})
    return [
        {
            "label": {"en": f"Order {order_id}", "pt-BR": f"Pedido {order_id}"},
            "before": {"en": "unpaid", "pt-BR": "em aberto"},
            "after": {"en": "paid", "pt-BR": "pago"},
        },
        {"label": {"en": f"Card {card}", "pt-BR": f"Cartão {card}"}, "after": amount},
        {"label": "Balance", "before": 10, "after": 50.5},
    ]


def raising_preview(amount: float, order_id: str, card: str) -> list[dict[str, Any]]:
    raise RuntimeError("the ledger is down")


async def slow_preview(amount: float, order_id: str, card: str) -> list[dict[str, Any]]:
    await asyncio.sleep(5)
    return []


def misshapen_preview(amount: float, order_id: str, card: str) -> Any:
    return [{"label": "Order", "before": "unpaid"}]


def make_agent(tmp_path: Path, preview: str) -> Path:
    path = tmp_path / "agent.yaml"
    # Only the preview that must time out has a short timeout: on a loaded CI machine a sync
    # preview's thread once took more than 0.2 s to answer, and its card lost its preview.
    timeout = 0.2 if preview == "slow_preview" else 10
    text = AGENT.format(module=__name__, preview=preview, timeout=timeout)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
async def desk(tmp_path: Path, new_store: Callable[..., RunStore]) -> AsyncIterator[Desk]:
    async with Desk(make_agent(tmp_path, "charge_preview"), store=new_store()) as opened:
        yield opened


def charge() -> Any:
    return plan(("charge_card", {"amount": 40, "order_id": "4411"}))


def rows(pause: Any) -> list[tuple[str, str | None, str]]:
    shown = pause.model_dump(mode="json")
    return [(row["label"], row["before"], row["after"]) for row in shown["preview"]]


async def test_the_preview_gets_exactly_the_arguments_shown(desk: Desk) -> None:
    SEEN.clear()
    reply = await desk.turn("t-1", charge(), context={"card": "visa-0019"})
    (pause,) = reply.waiting
    shown = {argument.name: argument.value for argument in pause.arguments}
    assert SEEN == [shown] == [{"amount": 40, "order_id": "4411", "card": "visa-0019"}]


async def test_its_rows_show_before_and_after_with_money_as_money(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(), context={"card": "visa-0019"})
    (pause,) = reply.waiting
    assert rows(pause) == [
        ("Order 4411", "unpaid", "paid"),
        ("Card visa-0019", None, "+$40.00"),
        ("Balance", "$10.00", "$50.50"),
    ]
    assert pause.model_dump(mode="json")["preview_note"] is None


async def test_they_read_in_the_run_s_language(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(), context={"card": "visa-0019"}, language="pt-BR")
    (pause,) = reply.waiting
    assert rows(pause)[:2] == [
        ("Pedido 4411", "em aberto", "pago"),
        ("Cartão visa-0019", None, "+US$\xa040,00"),
    ]


async def test_another_worker_shows_the_same_preview_without_running_it_again(
    tmp_path: Path, desk: Desk, new_store: Callable[..., RunStore]
) -> None:
    reply = await desk.turn("t-1", charge(), context={"card": "visa-0019"})
    SEEN.clear()
    async with Desk(make_agent(tmp_path, "charge_preview"), store=new_store()) as other:
        (pause,) = await other.waiting("t-1")
    assert SEEN == []
    assert rows(pause) == rows(reply.waiting[0])


async def test_the_webhook_s_payload_carries_the_facts_and_the_preview(desk: Desk) -> None:
    reply = await desk.turn("t-1", charge(), context={"card": "visa-0019"})
    body = Webhook("https://hooks.example.com/in", "whsec_test").notice("t-1", reply.waiting[0])
    interrupt = json.loads(body)["interrupt"]
    assert [fact["shown"] for fact in interrupt["facts"]] == ["$40.00"]
    assert [row["after"] for row in interrupt["preview"]] == ["paid", "+$40.00", "$50.50"]


@pytest.mark.parametrize(
    ("preview", "language", "note"),
    [
        (
            "raising_preview",
            "en",
            "Couldn't preview “Charge an order” just now, "
            "so check what it will change yourself before deciding.",
        ),
        (
            "slow_preview",
            "en",
            "Couldn't preview “Charge an order” just now, "
            "so check what it will change yourself before deciding.",
        ),
        (
            "misshapen_preview",
            "pt-BR",
            "Não foi possível prever “Cobrar um pedido” agora; "
            "confira o que vai mudar antes de decidir.",
        ),
    ],
)
async def test_a_preview_that_fails_leaves_a_note_and_the_call_waits(
    tmp_path: Path, new_store: Callable[..., RunStore], preview: str, language: str, note: str
) -> None:
    async with Desk(make_agent(tmp_path, preview), store=new_store()) as desk:
        reply = await desk.turn("t-1", charge(), context={"card": "v-1"}, language=language)
        (pause,) = reply.waiting
        shown = pause.model_dump(mode="json")
        assert (shown["kind"], shown["preview"], shown["preview_note"]) == ("confirm", None, note)
        assert [fact["name"] for fact in shown["facts"]] == ["total"]
        done = await desk.resume("t-1", pause.id, "approve", token=pause.token)
    assert (done.waiting, done.refusal) == ([], None)
    assert "ch-4411" in done.reply


def test_a_preview_naming_a_missing_function_stops_the_start(tmp_path: Path) -> None:
    path = make_agent(tmp_path, "no_such_preview")
    with pytest.raises(ConfigError) as caught:
        ToolBox(load_agent_file(path))
    assert (caught.value.line, caught.value.key) == (23, "tools.charge_card.preview")
    assert "no_such_preview" in caught.value.problem
    assert [problem.key for problem in find_problems(path).problems] == [
        "tools.charge_card.preview"
    ]


def test_a_preview_must_read_module_function(tmp_path: Path) -> None:
    path = tmp_path / "agent.yaml"
    path.write_text(
        AGENT.format(module=__name__, preview="x", timeout=10).replace(f"{__name__}:x", "x")
    )
    with pytest.raises(ConfigError) as caught:
        load_agent_file(path)
    assert caught.value.key == "tools.charge_card.preview"
    assert "'x' must read module:function." in caught.value.problem


async def test_a_preview_that_raises_is_logged_with_its_tool_and_error(
    tmp_path: Path, new_store: Callable[..., RunStore], caplog: pytest.LogCaptureFixture
) -> None:
    async with Desk(make_agent(tmp_path, "raising_preview"), store=new_store()) as desk:
        with caplog.at_level(logging.WARNING, logger="stalwart_agents.previews"):
            await desk.turn("t-1", charge(), context={"card": "v-1"})
    (record,) = [r for r in caplog.records if r.name == "stalwart_agents.previews"]
    assert "charge_card" in record.getMessage()
    assert "the ledger is down" in record.getMessage()


async def test_a_call_its_preconditions_refuse_is_never_previewed(
    tmp_path: Path, new_store: Callable[..., RunStore]
) -> None:
    path = make_agent(tmp_path, "charge_preview")
    held = """    preconditions:
      - id: order_small
        holds: facts.total == "0.00"
        disclose: true
        sentence: {en: That order is too large., pt-BR: Esse pedido é grande demais.}
"""
    path.write_text(path.read_text(encoding="utf-8") + held, encoding="utf-8")
    SEEN.clear()
    async with Desk(path, store=new_store()) as desk:
        reply = await desk.turn("t-1", charge(), context={"card": "visa-0019"})
    assert (reply.waiting, SEEN) == ([], [])
    assert reply.refusal is not None
