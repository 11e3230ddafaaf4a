"""Free text as a person types it: labels ("subject:", "mensagem:") part one field from the
next, and a value keeps its final mark, so a question is never sent as a statement."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .conftest import LoadSelector
from .helpers import calls

DELAY = {
    "to": "ana@loja.com.br",
    "subject": "Delivery delay",
    "body": "Your order will arrive on Friday",
}
ATRASO = {"to": "joao@gmail.com", "subject": "atraso na entrega", "body": "seu pedido chega sexta"}


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "email ana@loja.com.br, subject: Delivery delay, message: "
            "Your order will arrive on Friday",
            "en",
            DELAY,
        ),
        (
            "email ana@loja.com.br subject: Delivery delay body: Your order will arrive on Friday",
            "en",
            DELAY,
        ),
        (
            "send an email to ana@loja.com.br, subject: Delivery delay, text: "
            "Your order will arrive on Friday",
            "en",
            DELAY,
        ),
        (
            "email ana@loja.com.br subject Delivery delay message Your order will arrive on Friday",
            "en",
            DELAY,
        ),
        (
            "envia email p/ joao@gmail.com assunto: atraso na entrega, mensagem: "
            "seu pedido chega sexta",
            "pt-BR",
            ATRASO,
        ),
        (
            "manda um e-mail para joao@gmail.com, assunto: atraso na entrega, texto: "
            "seu pedido chega sexta",
            "pt-BR",
            ATRASO,
        ),
        (
            "envia um email para joao@gmail.com assunto: atraso na entrega corpo: "
            "seu pedido chega sexta",
            "pt-BR",
            ATRASO,
        ),
        (
            "envia um email para joao@gmail.com assunto atraso na entrega mensagem "
            "seu pedido chega sexta",
            "pt-BR",
            ATRASO,
        ),
    ],
)
def test_a_label_ends_the_field_before_it_and_names_the_next(
    shop: Selector, text: str, language: str, expected: dict[str, str]
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == [("send_email", expected)]
    for value in plan.calls[0].args.values():
        start, end = value.span
        assert text[start:end] == value.value


MEMO = """
settings:
  language: en
tools:
  send_memo:
    slots:
      to: {type: identifier, pattern: "[a-z]+@[a-z.]+", example: a@b.co}
      subject: {type: text, example: late}
      body: {type: text, example: sorry}
    phrases:
      en:
        - memo {to} subject {subject} body {body}
        - memo {to} [subject {subject}]
"""


@pytest.mark.parametrize(
    "text",
    [
        # "subject:" is a label the phrases know: read as one, or the turn is unread.
        "memo ana@loja.com.br subject: Delivery delay, body: late, subject: again",
        "memo ana@loja.com.br subject: Delivery delay, subject: Friday",
        # A label the phrases do not know, parted by a comma as a form's field is.
        "memo ana@loja.com.br subject: Delivery delay, cc: bob@loja.com.br",
        "memo ana@loja.com.br, cc: bob@loja.com.br",
    ],
)
def test_a_label_the_reading_cannot_place_leaves_the_turn_unread(
    load_selector: LoadSelector, text: str
) -> None:
    selector = load_selector(MEMO, {"send_memo": ["to", "subject", "body"]})
    assert calls(selector.plan(text, "en")) == []


def test_a_value_may_hold_a_word_that_is_a_label_without_its_colon(shop: Selector) -> None:
    text = "email bob@example.com saying the message is on its way"
    expected = {"to": "bob@example.com", "body": "the message is on its way"}
    assert calls(shop.plan(text, "en")) == [("send_email", expected)]


@pytest.mark.parametrize(
    ("text", "language", "field", "typed"),
    [
        (
            "envia um email para pedro@example.com sobre a entrega dizendo: chegou tudo certo?",
            "pt-BR",
            "body",
            "chegou tudo certo?",
        ),
        ("email bob@example.com saying did it arrive?", "en", "body", "did it arrive?"),
        ("tell bob@example.com that it ships today!", "en", "body", "it ships today!"),
        ("email bob@example.com saying it ships today.", "en", "body", "it ships today."),
        ("email bob@example.com saying sorry...", "en", "body", "sorry..."),
        ("email bob@example.com saying sorry…", "en", "body", "sorry…"),
        ("email bob@example.com saying really?!", "en", "body", "really?!"),
        ("email bob@example.com subject: is it late? body: hi", "en", "subject", "is it late?"),
    ],
)
def test_a_free_text_value_keeps_its_final_mark_as_typed(
    shop: Selector, text: str, language: str, field: str, typed: str
) -> None:
    plan = shop.plan(text, language)
    assert len(plan.calls) == 1
    value = plan.calls[0].args[field]
    start, end = value.span
    assert (value.value, text[start:end]) == (typed, typed)


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("email bob@example.com saying hi. cancel order 4411", "hi."),
        ("email bob@example.com saying is it late? cancel order 4411", "is it late?"),
        ("email bob@example.com saying is it late? and cancel order 4411", "is it late?"),
    ],
)
def test_a_final_mark_stays_with_the_value_and_still_parts_two_requests(
    shop: Selector, text: str, body: str
) -> None:
    plan = shop.plan(text, "en")
    assert [call.tool for call in plan.calls] == ["send_email", "cancel_order"]
    assert plan.calls[0].args["body"].value == body


def test_a_trailing_please_stays_out_of_the_value_with_its_mark(shop: Selector) -> None:
    plan = shop.plan("email bob@example.com saying it ships today, please!", "en")
    assert plan.calls[0].args["body"].value == "it ships today"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("email bob@example.com saying thanks no?", "en"),
        ("email bob@example.com saying thanks? no", "en"),
        ("manda email p/ bob@example.com dizendo obrigado, não!", "pt-BR"),
    ],
)
def test_a_negation_that_ends_free_text_before_its_mark_is_still_a_negation(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
