"""Someone's words quoted after a verb of writing ("she wrote: reopen 4411") are theirs, not a
request: the turn stays unread, as after "said:". The same verbs without a quote still ask
about the inbox or tell a story before the person's own request."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("she wrote: reopen 4411.", "en"),
        ("the customer emailed: cancel 4411", "en"),
        ("he texted me: refund $20 on ch-1234", "en"),
        ('my supplier messaged "charge 40 to order 4411"', "en"),
        ("Mrs Lee wrote to us: please cancel order 5120", "en"),
        ("ela escreveu: reabre o 4411", "pt-BR"),
        ("o cliente mandou mensagem: cancela o 4411", "pt-BR"),
        ('a fornecedora escreveu "estorna 20 reais da ch-1234"', "pt-BR"),
        ("o João me escreveu: cancela o pedido 5120 por favor", "pt-BR"),
    ],
)
def test_words_quoted_after_a_verb_of_writing_are_not_a_request(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language", "tools"),
    [
        ("who wrote us today?", "en", ["read_inbox"]),
        ("did anyone write to us?", "en", ["read_inbox"]),
        ("who emailed the shop?", "en", ["read_inbox"]),
        ("alguém escreveu pra gente?", "pt-BR", ["read_inbox"]),
        ("the customer wrote in yesterday, can you reopen 4411?", "en", ["reopen_order"]),
        ("she wrote that it arrived broken. refund $20 on ch-1234", "en", ["refund_card"]),
        ("ela escreveu que chegou quebrado. estorna 20 reais da ch-1234", "pt-BR", ["refund_card"]),
        ("I wrote to the supplier: no reply yet. check the inbox", "en", ["read_inbox"]),
        ("she emailed: the vase was chipped. refund $20 on ch-1234", "en", ["refund_card"]),
    ],
)
def test_a_verb_of_writing_with_no_quote_after_it_reads_as_before(
    shop: Selector, text: str, language: str, tools: list[str]
) -> None:
    assert [tool for tool, _ in calls(shop.plan(text, language))] == tools
