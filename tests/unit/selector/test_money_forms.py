"""Money in thousands and in cents alone, in both languages: "1.2k", "1,5 mil", "2 thousand",
"99 cents", "75 centavos", with a currency's name misspelt by ear ("dollers", "raeis"). More
than two decimals, or cents past 99, is never an amount."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "amount", "typed"),
    [
        ("charge 1.2k to order 7311", "en", 1200, "1.2k"),
        ("charge 15k to order 7311", "en", 15000, "15k"),
        ("charge 2 thousand dollars to order 7311", "en", 2000, "2 thousand dollars"),
        ("charge 99 cents to order 7311", "en", 0.99, "99 cents"),
        ("cobra 1,5 mil no pedido 7311", "pt-BR", 1500, "1,5 mil"),
        ("cobra 1,5k no pedido 7311", "pt-BR", 1500, "1,5k"),
        ("cobra US$ 2 mil no pedido 7311", "pt-BR", 2000, "US$ 2 mil"),
        ("cobra 75 centavos no pedido 7311", "pt-BR", 0.75, "75 centavos"),
        # A currency's name misspelt by ear still marks the amount.
        ("charge 65 dollas to order 7311", "en", 65, "65 dollas"),
        ("charge 1,200 dollers to order 7311", "en", 1200, "1,200 dollers"),
        ("cobra 65 dolares no pedido 7311", "pt-BR", 65, "65 dolares"),
        ("cobra 65 doláres no pedido 7311", "pt-BR", 65, "65 doláres"),
        ("cobra 90 raeis no pedido 7311", "pt-BR", 90, "90 raeis"),
        ("cobra 90 reis no pedido 7311", "pt-BR", 90, "90 reis"),
    ],
)
def test_an_amount_in_thousands_or_in_cents_reads_as_typed(
    shop: Selector, text: str, language: str, amount: float, typed: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == [("charge_card", {"amount": amount, "order_id": "7311"})]
    start, end = plan.calls[0].args["amount"].span
    assert text[start:end] == typed


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("charge 1.234567k to order 7311", "en"),
        ("charge 120 cents to order 7311", "en"),
        ("charge -1.2k to order 7311", "en"),
        ("cobra 1,234567 mil no pedido 7311", "pt-BR"),
        ("cobra 0 centavos no pedido 7311", "pt-BR"),
    ],
)
def test_a_third_decimal_a_sign_or_cents_past_99_is_never_an_amount(
    shop: Selector, text: str, language: str
) -> None:
    assert all("amount" not in args for _, args in calls(shop.plan(text, language)))


@pytest.mark.parametrize(
    ("text", "language", "amount", "typed"),
    [
        ("refund .99 to ch-7204", "en", 0.99, ".99"),
        ("refund $.5 on ch-7204", "en", 0.5, "$.5"),
        ("estorna ,99 da ch-7204", "pt-BR", 0.99, ",99"),
        ("estorna US$ ,75 da ch-7204", "pt-BR", 0.75, "US$ ,75"),
    ],
)
def test_cents_typed_without_the_zero_are_cents_never_whole_dollars(
    shop: Selector, text: str, language: str, amount: float, typed: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == [("refund_card", {"amount": amount, "charge_id": "ch-7204"})]
    start, end = plan.calls[0].args["amount"].span
    assert text[start:end] == typed


def test_a_mark_before_more_than_two_digits_still_parts_them(shop: Selector) -> None:
    parted = calls(shop.plan("cancel 4411, 4412", "en"))
    assert calls(shop.plan("cancel 4411 ,4412", "en")) == parted


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cobra 3 contas no pedido 7311", "pt-BR"),
        ("charge 3 collars on order 7311", "en"),
        ("charge 3 bucket to order 7311", "en"),
    ],
)
def test_a_word_only_near_slang_or_a_consonant_away_is_no_currency(
    shop: Selector, text: str, language: str
) -> None:
    words = text.split()
    plan = shop.plan(text, language)
    for call in plan.calls:
        start, end = call.args["amount"].span
        assert text[start:end] == words[1]


@pytest.mark.parametrize(
    ("text", "amount", "typed"),
    [
        ("estorna RS 45 da ch-7204", 45, "RS 45"),
        ("estorna rs45,50 da ch-7204", 45.5, "rs45,50"),
        ("estorna U$ 45 da ch-7204", 45, "U$ 45"),
    ],
)
def test_a_sign_typed_short_reads_as_the_sign(
    shop: Selector, text: str, amount: float, typed: str
) -> None:
    plan = shop.plan(text, "pt-BR")
    assert calls(plan) == [("refund_card", {"amount": amount, "charge_id": "ch-7204"})]
    start, end = plan.calls[0].args["amount"].span
    assert text[start:end] == typed


def test_laughter_is_never_a_sign(shop: Selector) -> None:
    assert calls(shop.plan("rsrs cancela o pedido 7311", "pt-BR")) == [
        ("cancel_order", {"order_id": "7311"})
    ]
    assert not calls(shop.plan("não estorna rs 45 da ch-7204", "pt-BR"))


@pytest.mark.parametrize(
    ("text", "language", "amount"),
    [
        ("charge order 7311, it's $42.50", "en", 42.5),
        ("bill order 7311, that's 42 dollars", "en", 42),
        ("charge order 7311, the total is 42", "en", 42),
        ("cobra o pedido 7311, valor 42", "pt-BR", 42),
        ("cobra o pedido 7311, deu 42 dólares e 50 centavos", "pt-BR", 42.5),
        ("cobra o pedido 7311, no valor de US$ 42", "pt-BR", 42),
    ],
)
def test_an_amount_told_in_a_last_clause_of_its_own_is_the_charge(
    shop: Selector, text: str, language: str, amount: float
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("charge_card", {"order_id": "7311", "amount": amount})
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("look up order 7311, it's 42", "en"),
        ("busca o pedido 7311, é 42", "pt-BR"),
        ("charge order 7311, it's not $42", "en"),
        ("não cobra o pedido 7311, valor 42", "pt-BR"),
    ],
)
def test_an_amount_told_after_a_read_or_a_negation_is_never_another_thing(
    shop: Selector, text: str, language: str
) -> None:
    assert all(args.get("order_id") != "42" for _, args in calls(shop.plan(text, language)))
    assert all(tool != "charge_card" for tool, _ in calls(shop.plan(text, language)))
