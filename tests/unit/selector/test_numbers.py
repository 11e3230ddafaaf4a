"""Numbers and money as each locale writes them, in digits or in words."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector


def _amount(selector: Selector, text: str, language: str) -> object:
    plan = selector.plan(text, language)
    assert [call.tool for call in plan.calls] == ["charge_card"], text
    return plan.calls[0].args["amount"].value


@pytest.mark.parametrize(
    ("written", "amount"),
    [
        ("40", 40),
        ("40.00", 40),
        ("$40", 40),
        ("$ 40", 40),
        ("US$ 40", 40),
        ("40 dollars", 40),
        ("40.5", 40.5),
        ("$12.50", 12.5),
        ("1,234.56", 1234.56),
        ("$1,234", 1234),
        ("forty", 40),
        ("forty two", 42),
        ("forty-two", 42),
        ("one hundred and five", 105),
        ("two thousand", 2000),
    ],
)
def test_english_amounts(shop: Selector, written: str, amount: object) -> None:
    assert _amount(shop, f"charge {written} to order 4411", "en") == amount


@pytest.mark.parametrize(
    ("written", "amount"),
    [
        ("40", 40),
        ("40,00", 40),
        ("R$ 40", 40),
        ("R$40,00", 40),
        ("40 reais", 40),
        ("40,5", 40.5),
        ("R$ 12,50", 12.5),
        ("1.234,56", 1234.56),
        ("R$ 1.234", 1234),
        ("um real", 1),
        ("quarenta", 40),
        ("quarenta e dois", 42),
        ("quarenta e dois reais", 42),
        ("três", 3),
        ("tres", 3),
        ("mil e quinhentos", 1500),
        ("cento e cinco reais", 105),
    ],
)
def test_brazilian_amounts(shop: Selector, written: str, amount: object) -> None:
    assert _amount(shop, f"cobrar {written} do pedido 4411", "pt-BR") == amount


def test_a_whole_amount_is_an_int(shop: Selector) -> None:
    assert type(_amount(shop, "charge 40.00 to order 4411", "en")) is int


def test_an_amount_with_cents_is_a_float(shop: Selector) -> None:
    assert type(_amount(shop, "charge 40.10 to order 4411", "en")) is float


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # The other locale's separators are not guessed at, beyond a cents mark.
        ("charge 1.234,56 to order 4411", "en"),
        ("cobrar 1,234.56 do pedido 4411", "pt-BR"),
        ("charge 40,0 to order 4411", "en"),
        ("cobrar 1.234.56 do pedido 4411", "pt-BR"),
        # Nor is a currency other than the tool's (the shop's dollars) and the language's own.
        ("charge R$ 40 to order 4411", "en"),
        ("charge 40 reais to order 4411", "en"),
        ("cobrar £40 do pedido 4411", "pt-BR"),
        ("cobrar 40 libras do pedido 4411", "pt-BR"),
        # Nor a currency neither language uses, nor money finer than a cent.
        ("charge 40 euros to order 4411", "en"),
        ("charge €40 to order 4411", "en"),
        ("charge 40.555 to order 4411", "en"),
        ("cobrar 40,555 do pedido 4411", "pt-BR"),
    ],
)
def test_a_number_the_locale_does_not_write_is_not_read(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    ("text", "language", "amount"),
    [
        ("cobrar 40.00 do pedido 4411", "pt-BR", 40),
        ("cobra 32.40 do pedido 4415", "pt-BR", 32.4),
        ("charge 40,00 to order 4411", "en", 40),
        ("charge 32,40 to order 4415", "en", 32.4),
    ],
)
def test_the_other_locales_cents_mark_reads_as_cents(
    shop: Selector, text: str, language: str, amount: object
) -> None:
    """One mark and two digits can only be cents: no locale groups thousands by two."""
    value = shop.plan(text, language).calls[0].args["amount"].value
    assert (value, type(value)) == (amount, type(amount))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("charge $40 and 50 cents to order 4411", "en"),
        ("cobra R$ 40 e 50 centavos do pedido 4411", "pt-BR"),
    ],
)
def test_cents_may_follow_an_amount_written_after_its_currency_sign(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).calls[0].args["amount"].value == 40.5


def test_an_identifier_stays_a_string_of_its_digits(shop: Selector) -> None:
    plan = shop.plan("find order 0044", "en")

    assert plan.calls[0].args["order_id"].value == "0044"
