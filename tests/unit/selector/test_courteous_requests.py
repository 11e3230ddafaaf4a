"""A polite opener before a request whose own words suppose or report ("say", "because",
"porque") plans the request when those words belong to it: a word of the phrase that read the
call, or inside the free text it introduces. Elsewhere the word still supposes or reports, and
the turn stays unread."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "plan"),
    [
        (
            "I'd be grateful if you could email lia@garden.example with the subject Restock "
            "and say The pots are back on Monday",
            "en",
            (
                "send_email",
                {
                    "to": "lia@garden.example",
                    "subject": "Restock",
                    "body": "The pots are back on Monday",
                },
            ),
        ),
        (
            "if you could, cancel order 6402 because the buyer asked twice",
            "en",
            ("cancel_order", {"order_id": "6402", "reason": "the buyer asked twice"}),
        ),
        (
            "queria que você cancelasse o 7311 porque veio errado",
            "pt-BR",
            ("cancel_order", {"order_id": "7311", "reason": "veio errado"}),
        ),
        (
            "se puder, manda um email pra davi@loja.example com assunto Prazo dizendo que "
            "chega quando o caminhão voltar",
            "pt-BR",
            (
                "send_email",
                {
                    "to": "davi@loja.example",
                    "subject": "Prazo",
                    "body": "chega quando o caminhão voltar",
                },
            ),
        ),
    ],
)
def test_a_polite_request_plans_with_its_own_words_of_supposition(
    shop: Selector, text: str, language: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, language)) == [plan]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("would you mind, if the buyer pays, cancelling order 6402", "en"),
        ("if you could, cancel order 6402 if the buyer asks", "en"),
        ("I'd be grateful if you could tell me what she said, then cancel order 6402", "en"),
        ("I'd be grateful if you could not cancel order 6402 because she paid", "en"),
        ("queria que você cancelasse o 7311 se o cliente desistir", "pt-BR"),
        ("se puder, ela disse que cancela o 7311 porque veio errado", "pt-BR"),
        ("queria que você não cancelasse o 7311 porque ela pagou", "pt-BR"),
    ],
)
def test_a_polite_request_with_a_supposition_or_report_of_its_own_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert not shop.plan(text, language).calls


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("would u mind canceling 7718, thx", ("cancel_order", {"order_id": "7718"})),
        ("would you mind cancelling 7718?", ("cancel_order", {"order_id": "7718"})),
    ],
)
def test_the_ing_form_an_opener_governs_reads_as_its_verb(
    shop: Selector, text: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, "en")) == [plan]


@pytest.mark.parametrize(
    "text",
    ["would u mind not canceling 7718", "would you mind cancelling 7718 if she pays"],
)
def test_a_negated_or_supposed_ing_form_after_an_opener_stays_unread(
    shop: Selector, text: str
) -> None:
    assert not shop.plan(text, "en").calls


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("I'd be grateful if you reopened order 3306", ("reopen_order", {"order_id": "3306"})),
        (
            "I'd appreciate it if you saved the receipt for 3306",
            ("save_receipt", {"order_id": "3306"}),
        ),
    ],
)
def test_the_past_form_a_wish_governs_reads_as_its_verb(
    shop: Selector, text: str, plan: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, "en")) == [plan]


@pytest.mark.parametrize(
    "text",
    [
        "I'd appreciate it if you never reopened order 3306",
        "I'd be grateful if you reopened order 3306 once she pays",
    ],
)
def test_a_negated_or_supposed_past_form_after_a_wish_stays_unread(
    shop: Selector, text: str
) -> None:
    assert not shop.plan(text, "en").calls
