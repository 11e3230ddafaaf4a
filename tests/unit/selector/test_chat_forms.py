"""How shop owners type in chat: short forms, slang for money, missing apostrophes, fronted and
silent objects; and the chat forms that must never become a plan."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls

CHARGE = ("charge_card", {"amount": 40, "order_id": "4411"})
CANCEL = ("cancel_order", {"order_id": "4411"})
FIND = ("find_order", {"order_id": "4411"})
REFUND = ("refund_card", {"amount": 10, "charge_id": "ch-7734"})


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("cancela o ped. 4411", "pt-BR", CANCEL),
        ("cancela o pedido n.º 4411", "pt-BR", CANCEL),
        ("cancela o pedido num. 4411", "pt-BR", CANCEL),
        ("cancela o pedido nro 4411", "pt-BR", CANCEL),
        ("hey can u pull up ord 4411", "en", FIND),
        ("whats the status of 4411", "en", FIND),
        ("cobra 40 conto no 4411", "pt-BR", CHARGE),
        ("pedido 4411: cobrar 40 pila", "pt-BR", CHARGE),
        ("cobra 40 R$ do pedido 4411", "pt-BR", CHARGE),
        ("charge 40$ to order 4411", "en", CHARGE),
        ("cancelaa o pedido 4411", "pt-BR", CANCEL),
        ("pleasee cancel order 4411", "en", CANCEL),
        ("cancela o pedido 4411 por favro", "pt-BR", CANCEL),
        ("pedido 4411 cobrar 40", "pt-BR", CHARGE),
        ("order 4411 charge 40", "en", CHARGE),
        ("ch-7734 refund 10", "en", REFUND),
        ("ch-7734: estorna 10", "pt-BR", REFUND),
        ("charge 4411 $40", "en", CHARGE),
        ("charge 4411 forty bucks", "en", CHARGE),
        ("vou querer cobrar 40 do pedido 4411", "pt-BR", CHARGE),
        ("cê pode cancelar o pedido 4411?", "pt-BR", CANCEL),
    ],
)
def test_a_chat_form_reads_as_the_words_it_stands_for(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


def test_a_short_form_keeps_the_span_it_was_typed_at(shop: Selector) -> None:
    text = "cancela o pedido 4411 pq o cliente desistiu"
    reason = shop.plan(text, "pt-BR").calls[0].args["reason"]
    start, end = reason.span
    assert (reason.value, text[start:end]) == ("o cliente desistiu", "o cliente desistiu")


@pytest.mark.parametrize(
    ("text", "language"),
    [("busca o pedido 4411 e cancela", "pt-BR"), ("look up order 4411 and cancel", "en")],
)
def test_a_later_verb_with_nothing_after_it_takes_the_order_just_named(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == [FIND, CANCEL]
    start, end = plan.calls[1].args["order_id"].span
    assert text[start:end] == "4411"


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("find 4411, cancel it", "en", [FIND, CANCEL]),
        ("find 4411 & cancel it", "en", [FIND, CANCEL]),
        ("busca 4411 + cancela ele", "pt-BR", [FIND, CANCEL]),
        ("cancel 4411 & 4412", "en", [CANCEL, ("cancel_order", {"order_id": "4412"})]),
        ("cancel it - order 4411", "en", [CANCEL]),
        ("cancela ele, pedido 4411", "pt-BR", [CANCEL]),
    ],
)
def test_a_verb_before_a_value_is_a_call_of_its_own_not_a_fronted_object(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language", "reason"),
    [
        ("cancel order 4411, customer changed their mind", "en", "customer changed their mind"),
        ("cancel 4411 - duplicate", "en", "duplicate"),
        ("cancela o pedido 4411, o cliente desistiu", "pt-BR", "o cliente desistiu"),
        ("cancel order 4411, thanks", "en", None),
        ("cancela o pedido 4411, obrigado", "pt-BR", None),
    ],
)
def test_a_reason_after_a_mark_needs_no_because_but_a_word_of_its_own(
    shop: Selector, text: str, language: str, reason: str | None
) -> None:
    expected = {"order_id": "4411"} | ({"reason": reason} if reason else {})
    assert calls(shop.plan(text, language)) == [("cancel_order", expected)]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel order 4411, no wait", "en"),
        ("cancel order 4411 - not now", "en"),
        ("cancela o pedido 4411, melhor não", "pt-BR"),
    ],
)
def test_a_negation_after_a_mark_is_no_reason_but_a_negation(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "subject"),
    [
        ("send an email to bob@example.com about today saying hi", "en", "today"),
        ("email bob@example.com about the order today saying hi", "en", "the order today"),
        ("email bob@example.com about the delay please saying hi", "en", "the delay"),
        (
            "manda um email pro bob@example.com sobre o pedido de hoje dizendo hi",
            "pt-BR",
            "o pedido de hoje",
        ),
    ],
)
def test_a_subject_keeps_a_filler_word_of_its_own_but_not_a_trailing_courtesy(
    shop: Selector, text: str, language: str, subject: str
) -> None:
    expected = {"to": "bob@example.com", "subject": subject, "body": "hi"}
    assert calls(shop.plan(text, language)) == [("send_email", expected)]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("dont cancel 4411", "en"),
        ("I didnt say cancel order 4411", "en"),
        ("nah cancel 4411", "en"),
        ("num cancela o pedido 4411", "pt-BR"),
        ("cancela nada", "pt-BR"),
        ("cancel that", "en"),
        ("cancela isso", "pt-BR"),
        ("charge 40- to order 4411", "en"),
        ("order 4411 refund ch-7734 10", "en"),
        ("cobra 40 euros do pedido 4411", "pt-BR"),
        ("should I cancel order 4411?", "en"),
        ("can you cancel orders?", "en"),
        ("você pode cancelar pedidos?", "pt-BR"),
    ],
)
def test_a_chat_form_that_negates_points_nowhere_or_is_unclear_is_no_plan(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
