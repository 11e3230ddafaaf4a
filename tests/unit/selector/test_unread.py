"""Turns nothing reads: other languages, stray words, half-matches. None of them plans a call."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

OTHER_LANGUAGES = [
    # Spanish
    "cobra 40 al pedido 4411",
    "cobrar 40 del pedido 4411 por favor",
    "busca el pedido 4411",
    "cancela el pedido 4411",
    "reembolsa 40 de la factura ch-4411",
    # French
    "débiter 40 sur la commande 4411",
    "facture 40 à la commande 4411",
    "annule la commande 4411 s'il vous plaît",
    "trouve la commande 4411",
    # German
    "Bestellung 4411 mit 40 belasten",
    "buche 40 Euro auf Bestellung 4411",
    "storniere die Bestellung 4411 bitte",
    # Italian
    "addebita 40 all'ordine 4411",
    "trova l'ordine 4411",
    "annulla l'ordine 4411 per favore",
    # European Portuguese
    "cobrar 40,00 à encomenda 4411",
    "cobre 40 euros da encomenda 4411",
    "cancele a encomenda 4411 se faz favor",
]


@pytest.mark.parametrize("text", OTHER_LANGUAGES)
@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_a_turn_in_another_language_is_unread(shop: Selector, text: str, language: str) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    "text",
    [
        "charge 40 to order 4411 in cash",
        "don't charge 40 to order 4411",
        "charge 40 to order 4411 and 4412",
        "charge 40 to order 4411 tomorrow",
        "charge 40 to the customer",
        "charge it",
        "hello",
        "order pizza",
    ],
)
def test_a_word_no_phrase_accounts_for_leaves_the_turn_unread(shop: Selector, text: str) -> None:
    assert shop.plan(text, "en").unread


@pytest.mark.parametrize(
    "text",
    [
        "não cobre 40 do pedido 4411",
        "cobrar 40 do pedido 4411 amanhã",
        "cobrar 40 do cliente",
        "oi, tudo bem?",
    ],
)
def test_a_portuguese_turn_with_a_stray_word_is_unread(shop: Selector, text: str) -> None:
    assert shop.plan(text, "pt-BR").unread


@pytest.mark.parametrize("text", ["", "   ", "?!", "please", "por favor"])
def test_a_turn_of_no_words_or_only_fillers_is_unread(shop: Selector, text: str) -> None:
    assert shop.plan(text, "en").unread
    assert shop.plan(text, "pt-BR").unread


def test_an_english_turn_is_unread_in_portuguese(shop: Selector) -> None:
    assert shop.plan("charge 40 to order 4411", "pt-BR").unread


def test_a_portuguese_turn_is_unread_in_english(shop: Selector) -> None:
    assert shop.plan("cobrar 40,00 do pedido 4411", "en").unread


def test_an_unread_plan_keeps_the_turn_and_its_language(shop: Selector) -> None:
    plan = shop.plan("trouve la commande 4411", "en")

    assert (plan.calls, plan.text, plan.language) == ((), "trouve la commande 4411", "en")
