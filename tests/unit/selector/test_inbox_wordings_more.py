"""More of the ways a shop owner asks after the inbox read it: what is sitting in
it, a look taken at it, whether any mail came in, who e-mailed the shop, "nossos e-mails",
"coisa nova", and "a caixa" after a verb of looking; each stays unread when refused."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls

_INBOX = [("read_inbox", {})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("what's sitting in the inbox?", "en"),
        ("what is sitting in our mailbox right now", "en"),
        ("anything new sitting in my mail?", "en"),
        ("have a look at the inbox", "en"),
        ("could you take a peek in the mailbox", "en"),
        ("would you have a quick look through the e-mails", "en"),
        ("check whether any e-mails came in", "en"),
        ("see if any new mail has arrived", "en"),
        ("did somebody e-mail us?", "en"),
        ("has anybody e-mailed the store?", "en"),
        ("alguém respondeu nossas mensagens?", "pt-BR"),
        ("alguem retornou nossos e-mails?", "pt-BR"),
        ("confere se chegou coisa nova no e-mail", "pt-BR"),
        ("tem coisa nova na caixa de entrada?", "pt-BR"),
        ("confere a caixa pra mim", "pt-BR"),
        ("dá uma olhadinha na caixa", "pt-BR"),
    ],
)
def test_another_way_to_ask_after_the_inbox_reads_it(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == _INBOX


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't have a look at the inbox", "en"),
        ("she said nobody e-mailed us", "en"),
        ("não confere a caixa agora", "pt-BR"),
        ("a caixa chegou amassada", "pt-BR"),
        ("ninguém respondeu nossos e-mails", "pt-BR"),
    ],
)
def test_those_wordings_refused_or_reported_plan_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
