"""A tool's declared currency reads in both languages: a pt-BR turn to a shop that charges in US
dollars writes "dólares", "US$" and "$" with pt-BR's separators, and the amount is the one typed.
Another currency, a sign or a third decimal is never read as an amount."""

from __future__ import annotations

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.loading import currencies, load_agent_file
from stalwart_agents.selector import Selector, Vocabulary

from .conftest import WriteVocabulary
from .helpers import SHOP_CURRENCIES, SHOP_TOOLS, SHOP_VOCABULARY, SIGNED_IN, TODAY, calls


def test_the_shops_currencies_are_the_ones_its_agent_file_declares() -> None:
    agent_file = load_agent_file(SHOP_VOCABULARY.parent / "agent.yaml")
    assert currencies(agent_file, SHOP_TOOLS) == SHOP_CURRENCIES


@pytest.mark.parametrize(
    ("text", "amount", "typed"),
    [
        ("cobra 85 dólares no pedido 7001", 85, "85 dólares"),
        ("cobra 85 dolares no pedido 7001", 85, "85 dolares"),
        ("cobra US$ 2.000 no pedido 7001", 2000, "US$ 2.000"),
        ("cobra $149,99 no pedido 7001", 149.99, "$149,99"),
        ("cobra US$12,50 no pedido 7001", 12.5, "US$12,50"),
        ("cobra um dólar no pedido 7001", 1, "um dólar"),
    ],
)
def test_a_pt_br_charge_in_the_tools_dollars_reads_the_amount_typed(
    shop: Selector, text: str, amount: float, typed: str
) -> None:
    plan = shop.plan(text, "pt-BR")
    assert calls(plan) == [("charge_card", {"amount": amount, "order_id": "7001"})]
    (call,) = plan.calls
    start, end = call.args["amount"].span
    assert text[start:end] == typed


def test_a_pt_br_refund_in_dollars_and_cents_reads_both() -> None:
    shop = Selector(Vocabulary.load(SHOP_VOCABULARY, SHOP_TOOLS, currencies=SHOP_CURRENCIES))
    plan = shop.plan("estorna 19 dólares e 90 centavos da ch-4410", "pt-BR")
    assert calls(plan) == [("refund_card", {"amount": 19.9, "charge_id": "ch-4410"})]


@pytest.mark.parametrize(
    "text",
    [
        "cobra 40 euros no pedido 7001",
        "cobra US$ 12,505 no pedido 7001",
        "cobra -US$ 12 no pedido 7001",
        "cobra US$ -12 no pedido 7001",
    ],
)
def test_another_currency_a_sign_or_a_third_decimal_is_never_an_amount(
    shop: Selector, text: str
) -> None:
    assert all("amount" not in args for _, args in calls(shop.plan(text, "pt-BR")))


def test_without_a_declared_currency_only_the_languages_own_marks_read() -> None:
    undeclared = Selector(Vocabulary.load(SHOP_VOCABULARY, SHOP_TOOLS), today=lambda: TODAY)
    assert calls(undeclared.plan("cobra 85 dólares no pedido 7001", "pt-BR")) == []
    assert calls(undeclared.plan("cobra R$ 85 no pedido 7001", "pt-BR")) == [
        ("charge_card", {"amount": 85, "order_id": "7001"})
    ]


def test_a_tool_in_reais_reads_reais_in_english(write_vocabulary: WriteVocabulary) -> None:
    path = write_vocabulary(
        """
        tools:
          pay:
            slots: {amount: money, bill: identifier}
            phrases:
              en: ["pay {amount} on bill {bill}"]
        """
    )
    reais = Selector(Vocabulary.load(path, {"pay": ["amount", "bill"]}, currencies={}))
    assert calls(reais.plan("pay 30 reais on bill 77", "en")) == []
    reais = Selector(
        Vocabulary.load(path, {"pay": ["amount", "bill"]}, currencies={"pay": {"amount": "BRL"}})
    )
    for text in ("pay 30 reais on bill 77", "pay R$ 30 on bill 77", "pay $30 on bill 77"):
        assert calls(reais.plan(text, "en")) == [("pay", {"amount": 30, "bill": "77"})]


async def test_the_desk_reads_the_agent_files_currency(desk: Desk) -> None:
    plan = await desk.plan("cobra 85 dólares no pedido 4411", language="pt-BR")
    assert calls(plan) == [("charge_card", {"amount": 85, "order_id": "4411"})]
    reply = await desk.turn(
        "t-1", "cobra 85 dólares no pedido 4411", context=SIGNED_IN, language="pt-BR"
    )
    assert [(p.kind, p.tool) for p in reply.waiting] == [("confirm", "charge_card")]
