"""A request whose "it" (or silent object) is the inbox an earlier clause named: "I haven't
checked the inbox all day, read it" reads the inbox; a negated or supposed request stays unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I haven't checked the inbox all day, read it", "en"),
        ("we still haven't looked at the inbox, could you open it?", "en"),
        ("the inbox is a mess today, read it for me", "en"),
        ("ainda não li a caixa de entrada hoje, lê pra mim", "pt-BR"),
        ("nem olhei os emails hoje, le pra mim", "pt-BR"),
        ("a caixa de entrada tá cheia, lê ela", "pt-BR"),
    ],
)
def test_a_request_pointing_back_at_the_inbox_reads_it(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I haven't checked the inbox all day, don't read it", "en"),
        ("don't open the inbox, read it", "en"),
        ("if the inbox has anything new, read it", "en"),
        ("I haven't checked the inbox all day, should I read it?", "en"),
        ("não li a caixa de entrada hoje, não lê pra mim", "pt-BR"),
        ("não abre a caixa de entrada, lê ela", "pt-BR"),
        ("se chegou algo na caixa de entrada, lê pra mim", "pt-BR"),
    ],
)
def test_a_negated_or_supposed_request_pointing_back_stays_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("nobody sent me the receipt for 2396, save it here", "en"),
        ("ninguém me mandou o recibo do 2396, salva ele aqui", "pt-BR"),
    ],
)
def test_a_thing_with_values_is_never_taken_back_without_them(
    shop: Selector, text: str, language: str
) -> None:
    assert all(args == {"order_id": "2396"} for _, args in calls(shop.plan(text, language)))
