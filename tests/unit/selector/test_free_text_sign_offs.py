"""Free text ends before a sign-off that follows its sentence ("it ships today. Thanks in
advance!", "chega hoje. obrigadaa"), and a request asked as a question keeps its own "?"
("can you email kim saying the order is ready?")."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector


def _body(shop: Selector, text: str, language: str) -> str:
    """The body of the one e-mail the turn plans."""
    (call,) = shop.plan(text, language).calls
    return str(call.args["body"].value)


@pytest.mark.parametrize(
    ("text", "language", "body"),
    [
        (
            "email kim@farm.example saying it ships today. Thanks in advance!",
            "en",
            "it ships today",
        ),
        (
            "email kim@farm.example saying it ships today. cheers, have a good one",
            "en",
            "it ships today",
        ),
        (
            "email kim@farm.example subject Hi and body it ships today. thankss",
            "en",
            "it ships today",
        ),
        (
            "send kim@farm.example an email saying the parcel left. Many thanks! x",
            "en",
            "the parcel left",
        ),
        ("manda email pra kim@farm.example dizendo que chega hoje. valeuu", "pt-BR", "chega hoje"),
        (
            "manda email pra kim@farm.example com assunto Oi e texto chega hoje. obrigadaa",
            "pt-BR",
            "chega hoje",
        ),
        (
            "manda email pra kim@farm.example com assunto Oi e texto chega hoje. Muito obrigado!",
            "pt-BR",
            "chega hoje",
        ),
        ("envia email pra kim@farm.example dizendo que saiu. Abraços, até mais", "pt-BR", "saiu"),
    ],
)
def test_a_sign_off_after_the_sentence_is_not_the_body(
    shop: Selector, text: str, language: str, body: str
) -> None:
    assert _body(shop, text, language) == body


@pytest.mark.parametrize(
    ("text", "language", "body"),
    [
        (
            "can you email kim@example.com with subject Sorry and the text Your order is void?",
            "en",
            "Your order is void",
        ),
        ("could you email kim@example.com saying the order is ready?", "en", "the order is ready"),
        ("would you email kim@example.com saying it left today?", "en", "it left today"),
        (
            "pode mandar email pra kim@example.com dizendo que o pedido saiu?",
            "pt-BR",
            "o pedido saiu",
        ),
        (
            "Poderia mandar um e-mail pra kim@example.com com assunto Oi e texto já saiu?",
            "pt-BR",
            "já saiu",
        ),
    ],
)
def test_a_request_asked_as_a_question_keeps_its_question_mark(
    shop: Selector, text: str, language: str, body: str
) -> None:
    assert _body(shop, text, language) == body


@pytest.mark.parametrize(
    ("text", "language", "body"),
    [
        ("email kim@example.com saying is the order ready?", "en", "is the order ready?"),
        (
            "email kim@example.com saying it ships today. thanks for waiting",
            "en",
            "it ships today. thanks for waiting",
        ),
        ("manda email pra kim@example.com dizendo que chegou?", "pt-BR", "chegou?"),
    ],
)
def test_a_body_that_asks_or_says_more_keeps_its_words(
    shop: Selector, text: str, language: str, body: str
) -> None:
    assert _body(shop, text, language) == body
