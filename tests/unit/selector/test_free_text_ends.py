"""Where free text ends when it is worded otherwise: at a closing single quote, before a full
stop that only thanks follow, and never past a comma or a verb of its tool into the next field."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector


@pytest.mark.parametrize(
    ("text", "language", "body"),
    [
        (
            "email kim@farm.example saying 'the eggs come friday'? thanks",
            "en",
            "the eggs come friday",
        ),
        ("email kim@farm.example saying 'we're shut on monday'", "en", "we're shut on monday"),
        (
            "manda um email pra kim@farm.example dizendo 'os ovos chegam sexta'",
            "pt-BR",
            "os ovos chegam sexta",
        ),
        ("manda um email pra kim@farm.example dizendo ‘chega amanhã’!", "pt-BR", "chega amanhã"),  # noqa: RUF001
    ],
)
def test_single_quotes_hold_the_text_and_nothing_after(
    shop: Selector, text: str, language: str, body: str
) -> None:
    (call,) = shop.plan(text, language).calls
    start, end = call.args["body"].span

    assert call.args["body"].value == text[start:end] == body


def test_an_apostrophe_after_a_word_opens_no_quote(shop: Selector) -> None:
    (call,) = shop.plan("email kim@farm.example saying the farmers' eggs come friday", "en").calls

    assert call.args["body"].value == "the farmers' eggs come friday"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("email kim@farm.example subject eggs, say they come friday", "en"),
        ("email kim@farm.example about eggs, they come friday", "en"),
        ("send an email to kim@farm.example about eggs, write that they come friday", "en"),
        (
            "manda um email pra kim@farm.example com assunto Ovos e escreve que chegam sexta",
            "pt-BR",
        ),
        ("envia um email para kim@farm.example sobre ovos, fala que chegam sexta", "pt-BR"),
    ],
)
def test_a_subject_never_runs_into_what_may_be_the_body(
    shop: Selector, text: str, language: str
) -> None:
    subjects = [
        call.args["subject"].value
        for call in shop.plan(text, language).calls
        if "subject" in call.args
    ]

    assert all("," not in subject and len(subject.split()) == 1 for subject in subjects)


def test_a_field_no_other_field_follows_still_holds_a_comma(shop: Selector) -> None:
    (call,) = shop.plan("cancel order 5150 because the size was wrong, she says", "en").calls

    assert call.args["reason"].value == "the size was wrong, she says"


@pytest.mark.parametrize(
    ("text", "language", "reason"),
    [
        ("cancel order 5150, reason: wrong size. thanks!", "en", "wrong size"),
        ("cancela o pedido 5150, motivo: tamanho errado. valeu!", "pt-BR", "tamanho errado"),
        ("cancela o pedido 5150 porque veio quebrado. obrigada", "pt-BR", "veio quebrado"),
    ],
)
def test_a_full_stop_before_thanks_ends_the_sentence_not_the_value(
    shop: Selector, text: str, language: str, reason: str
) -> None:
    (call,) = shop.plan(text, language).calls

    assert call.args["reason"].value == reason


def test_a_question_mark_before_thanks_stays_with_the_value(shop: Selector) -> None:
    (call,) = shop.plan("email kim@farm.example saying did the eggs arrive? thanks", "en").calls

    assert call.args["body"].value == "did the eggs arrive?"
