"""A look taken into the inbox by its loanword ("dá uma olhada no inbox") or by "the" and "our"
("take a look at the inbox") reads it, also after a question about a reply; refused, nothing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls

_INBOX = [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("take a look at the inbox", "en"),
        ("taking a check through our inbox", "en"),
        ("has the supplier answered? have a look in our inbox", "en"),
        ("did anyone reply? take a look at the inbox", "en"),
        ("dá uma olhada no inbox", "pt-BR"),
        ("dá uma espiada no inbox", "pt-BR"),
        ("dá uma conferida na caixa postal", "pt-BR"),
        ("chegou resposta do fornecedor? dá uma checada no inbox", "pt-BR"),
        ("alguém retornou? dê uma olhada no inbox", "pt-BR"),
    ],
)
def test_a_look_into_the_inbox_reads_it(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == _INBOX


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't take a look at the inbox", "en"),
        ("no need to take a look at our inbox", "en"),
        ("não dá uma olhada no inbox", "pt-BR"),
        ("não precisa dar uma olhada no inbox", "pt-BR"),
    ],
)
def test_a_refused_look_into_the_inbox_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)
    assert calls(plan) == []
    assert not plan.suggestions
