"""Chat or a story before a request that names its thing: a word that stops to ask ("wait",
"hold on", "pera"), words after the request that only say it stands or whom it is for
("anyway", "for her", "mesmo"), a story's lone charge id lent to the request that lacks it, and
an order that "needs charging"."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("wait is order 5120 paid", "en", [("find_order", {"order_id": "5120"})]),
        ("hang on, what's the status of 2231?", "en", [("find_order", {"order_id": "2231"})]),
        ("pera qual o total do 7015", "pt-BR", [("find_order", {"order_id": "7015"})]),
        ("peraí, o 5120 já foi pago?", "pt-BR", [("find_order", {"order_id": "5120"})]),
    ],
)
def test_a_word_that_stops_to_ask_opens_a_question(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("wait, don't tell me the total of 4406", "en"),
        ("pera, não cancela o 4406", "pt-BR"),
        ("wait cancel 4406", "en"),
    ],
)
def test_a_word_that_stops_to_ask_opens_no_request_nor_lifts_a_negation(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("cancel 2290 anyway", "en", [("cancel_order", {"order_id": "2290"})]),
        (
            "the courier finally called, please reopen 6120 for him",
            "en",
            [("reopen_order", {"order_id": "6120"})],
        ),
        ("enfim, pode reabrir o 6120 mesmo", "pt-BR", [("reopen_order", {"order_id": "6120"})]),
        ("cancela o 2290 mesmo assim", "pt-BR", [("cancel_order", {"order_id": "2290"})]),
    ],
)
def test_words_that_say_the_request_stands_or_whom_it_is_for_are_read_past(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel 2290 anyway", "en"),
        ("não cancela o 2290 mesmo", "pt-BR"),
        ("cancela o mesmo pedido", "pt-BR"),
    ],
)
def test_a_negated_request_stays_unread_whatever_follows_it(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "the blue vase, ch-5120, it came chipped, refund $30",
            "en",
            [("refund_card", {"charge_id": "ch-5120", "amount": 30})],
        ),
        (
            "aquele do vaso azul, ch-5120, chegou lascado, devolve 30 dólares pra ela",
            "pt-BR",
            [("refund_card", {"charge_id": "ch-5120", "amount": 30})],
        ),
    ],
)
def test_a_storys_lone_charge_is_lent_to_the_request_lacking_it(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # No call takes a charge: the story's id is not dropped silently.
        ("the blue vase, ch-5120, it came chipped, cancel 4411", "en"),
        # Two ids with no word before them: which one is not told.
        ("ch-5120 and ch-5121, she got half, refund 10", "en"),
    ],
)
def test_a_storys_charge_no_call_or_more_than_one_could_take_leaves_the_turn_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("order 3318 needs charging, it's $12.40", {"order_id": "3318", "amount": 12.4}),
        ("the order 3318 should be charged $40", {"order_id": "3318", "amount": 40}),
    ],
)
def test_an_order_that_needs_charging_is_charged(
    shop: Selector, text: str, expected: dict[str, object]
) -> None:
    assert calls(shop.plan(text, "en")) == [("charge_card", expected)]


@pytest.mark.parametrize(
    "text", ["order 3318 doesn't need charging", "does order 3318 need charging?"]
)
def test_an_order_that_needs_no_charging_or_is_asked_about_is_not_charged(
    shop: Selector, text: str
) -> None:
    assert calls(shop.plan(text, "en")) == []


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "a dona maria ligou e disse que quer o pedido dela de volta, reabre o 5120",
            "pt-BR",
            [("reopen_order", {"order_id": "5120"})],
        ),
        (
            "the guy from the bakery said that he wants it after all, reopen 5120",
            "en",
            [("reopen_order", {"order_id": "5120"})],
        ),
    ],
)
def test_a_report_in_the_tellers_words_is_over_at_its_comma(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # Quoted, or the act inside what was said: still the other person's words.
        ("she said, cancel 4411", "en"),
        ("she said that, cancel 4411", "en"),
        ("ela falou, cancela o 4411", "pt-BR"),
        ("ela falou que é pra cancelar o 4411", "pt-BR"),
        ("she said that we should cancel 4411", "en"),
        ("ela disse que se não chegar até sexta, cancela o 4411", "pt-BR"),
        # A thing named inside the report is only the teller's word.
        ("she said that order 6185 was cancelled, reopen it", "en"),
    ],
)
def test_a_quoted_report_or_one_holding_the_act_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "email the supplier sales@fabric.com saying we need 20 more rolls",
            "en",
            {"to": "sales@fabric.com", "body": "we need 20 more rolls"},
        ),
        (
            "manda um email pra transportadora log@envios.com.br dizendo que o pacote tá pronto",
            "pt-BR",
            {"to": "log@envios.com.br", "body": "o pacote tá pronto"},
        ),
    ],
)
def test_a_role_named_before_an_address_is_the_address(
    shop: Selector, text: str, language: str, expected: dict[str, object]
) -> None:
    assert calls(shop.plan(text, language)) == [("send_email", expected)]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "did the supplier reply to us yet? check the inbox pls",
            "en",
            [("read_inbox", {})],
        ),
        ("don't email the supplier sales@fabric.com", "en", []),
    ],
)
def test_a_role_named_elsewhere_or_in_a_refusal_changes_nothing(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    "text", ["order 2290 should be reopened", "the order 2290 has to be restored, sorry"]
)
def test_an_order_that_should_be_reopened_is_reopened(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "en")) == [("reopen_order", {"order_id": "2290"})]
