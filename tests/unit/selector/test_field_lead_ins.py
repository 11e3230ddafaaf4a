"""Free text starts after the word that joins it to its label: 'reason is a duplicate' gives the
reason 'a duplicate', 'dizendo que saiu' the message 'saiu'; thanks after a request is never a
reason, and 'and say' opens a message as 'saying' does."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "cancel 3155, reason is customer changed their mind",
            "en",
            ("cancel_order", {"order_id": "3155", "reason": "customer changed their mind"}),
        ),
        (
            "cancel 2093, reason was he ordered the wrong size",
            "en",
            ("cancel_order", {"order_id": "2093", "reason": "he ordered the wrong size"}),
        ),
        (
            "cancela o 3155 motivo é o cliente desistiu",
            "pt-BR",
            ("cancel_order", {"order_id": "3155", "reason": "o cliente desistiu"}),
        ),
        (
            "manda um email pro carlos@gmail.com falando que a encomenda atrasou",
            "pt-BR",
            ("send_email", {"to": "carlos@gmail.com", "body": "a encomenda atrasou"}),
        ),
        (
            "manda um email pra ana@gmail.com dizendo que o recibo tá pronto",
            "pt-BR",
            ("send_email", {"to": "ana@gmail.com", "body": "o recibo tá pronto"}),
        ),
    ],
)
def test_the_text_starts_after_the_word_joining_it_to_its_label(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "cancel 4423 because it was a duplicate",
            "en",
            ("cancel_order", {"order_id": "4423", "reason": "it was a duplicate"}),
        ),
        (
            "email bob@example.com saying is it late?",
            "en",
            ("send_email", {"to": "bob@example.com", "body": "is it late?"}),
        ),
        (
            "cancela o pedido 4423 pq foi duplicado",
            "pt-BR",
            ("cancel_order", {"order_id": "4423", "reason": "foi duplicado"}),
        ),
    ],
)
def test_a_word_that_is_the_texts_own_stays_in_it(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("cancel 9405 please. thanks a bunch, have a good weekend", "en", "9405"),
        ("could you cancel 8025 for me, ta", "en", "8025"),
        ("cancel 8025, thanks mate", "en", "8025"),
        ("cancela o 8025, valeu demais", "pt-BR", "8025"),
        ("cancela o 8025. obrigado, bom fim de semana", "pt-BR", "8025"),
    ],
)
def test_thanks_after_a_request_is_no_reason(
    shop: Selector, text: str, language: str, expected: str
) -> None:
    assert calls(shop.plan(text, language)) == [("cancel_order", {"order_id": expected})]


def test_a_reason_after_a_comma_is_still_read(shop: Selector) -> None:
    assert calls(shop.plan("cancela o 8025, cliente desistiu", "pt-BR")) == [
        ("cancel_order", {"order_id": "8025", "reason": "cliente desistiu"})
    ]


def test_and_say_opens_the_message_after_a_subject(shop: Selector) -> None:
    plan = shop.plan(
        "please email mark.t@gmail.com with subject Your order and say thanks for shopping", "en"
    )
    assert calls(plan) == [
        (
            "send_email",
            {"to": "mark.t@gmail.com", "subject": "Your order", "body": "thanks for shopping"},
        )
    ]


def test_quoted_text_starts_at_its_quote_or_not_at_all(shop: Selector) -> None:
    text = (
        'email lena@example.com with subject "Your parcel" and message "We are sending a '
        'replacement today." thanks, been a mad morning'
    )
    assert all(
        not body.startswith("are")
        for _, args in calls(shop.plan(text, "en"))
        for body in [str(args.get("body", ""))]
    )
