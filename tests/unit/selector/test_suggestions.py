"""Did you mean: an unread turn close to a request offers it, complete, in the person's language."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalwart_agents.selector import Selector

from .helpers import calls
from .test_negations import MARKS, NEGATIONS, READINGS, SHOP, _places


def _tools(selector: Selector, suggestions: tuple[str, ...], language: str) -> list[str]:
    return [tool for text in suggestions for tool, _ in calls(selector.plan(text, language))]


@pytest.mark.parametrize(
    ("text", "language", "suggestion"),
    [
        ("suss out order 3345 for me mate", "en", "Find the order 3345"),
        ("give 25 back on charge ch-3345", "en", "Refund 25 from the charge ch-3345"),
        ("chrage 40 to ordr 4411 asap mate", "en", "Charge 40 to the order 4411"),
        ("Flick an email to ana@loja.com about the delay", "en", "Send an email to ana@loja.com"),
        ("no need to refund, just pop open order 2210 again", "en", "Reopen the order 2210"),
        ("quero cancelar a venda 1502", "pt-BR", "Cancelar o pedido 1502"),
        ("cobra 40 pratas no pedido 4411", "pt-BR", "Cobrar 40 do pedido 4411 no cartão"),
    ],
)
def test_an_unread_turn_close_to_a_request_offers_it_first(
    shop: Selector, text: str, language: str, suggestion: str
) -> None:
    plan = shop.plan(text, language)
    assert plan.unread
    assert plan.suggestions[0] == suggestion


@pytest.mark.parametrize(
    ("text", "language", "offered"),
    [
        # "back" is a refund's word ("put back $15 on ch-2098"): the refund it comes close to.
        ("kick back $25 on charge ch-3345", "en", ("Refund 25 from the charge ch-3345",)),
        ("reimburse $25 on charge ch-3345", "en", ("Refund 25 from the charge ch-3345",)),
        ("undo $25 of charge ch-3345", "en", ("Refund 25 from the charge ch-3345",)),
        ("desfaz R$ 25 da cobrança ch-3345", "pt-BR", ("Estornar 25 da cobrança ch-3345",)),
    ],
)
def test_a_word_naming_a_typed_id_offers_no_tool_that_would_drop_it(
    shop: Selector, text: str, language: str, offered: tuple[str, ...]
) -> None:
    # "charge ch-3345" names the charge a refund takes: it asks for no charge to the card.
    plan = shop.plan(text, language)
    assert plan.unread
    assert plan.suggestions == offered


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("What's the state of play with order 5521?", "en"),
        ("pls charge $99.99 to order 2210 thx mate", "en"),
        ("I placed order 2210 on March 3rd, any news on it?", "en"),
        ("cadê a compra 2210? comprei 3 canecas", "pt-BR"),
        ("acho que a venda 2210 tem que ser cancelada", "pt-BR"),
    ],
)
def test_each_suggestion_plans_its_call_with_the_values_the_turn_holds(
    shop: Selector, text: str, language: str
) -> None:
    plan = shop.plan(text, language)
    assert 1 <= len(plan.suggestions) <= 3
    for suggestion in plan.suggestions:
        [(_tool, args)] = calls(shop.plan(suggestion, language))
        assert all(str(value) in text.replace(",", ".") for value in args.values()), suggestion


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("hello there", "en"),
        ("what is the weather", "en"),
        ("cancel order 4411? no", "en"),
        ("oi tudo bem", "pt-BR"),
        ("cancela o pedido 4411? nao", "pt-BR"),
    ],
)
def test_chat_and_a_turn_that_says_no_offer_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).suggestions == ()


def test_a_turn_that_reads_offers_nothing(shop: Selector) -> None:
    assert shop.plan("cancel order 4411", "en").suggestions == ()


@pytest.mark.parametrize(
    ("text", "language", "negated"),
    [
        ("don't cancel order 4411", "en", "cancel_order"),
        ("I won't refund ch-4411, reopen order 4411", "en", "refund_card"),
        ("não cancela o pedido 4411, mostra ele", "pt-BR", "cancel_order"),
    ],
)
def test_a_negated_tool_is_never_offered(
    shop: Selector, text: str, language: str, negated: str
) -> None:
    suggestions = shop.plan(text, language).suggestions
    assert negated not in _tools(shop, suggestions, language)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_negation_anywhere_in_a_shop_phrase_never_offers_its_tool(data: st.DataObject) -> None:
    language, tool, text = data.draw(st.sampled_from(READINGS))
    negation = data.draw(st.sampled_from(NEGATIONS[language]))
    mark = data.draw(st.sampled_from(MARKS))
    place = data.draw(st.sampled_from(_places(text, language)))
    turn = f"{text[:place]} {negation}{mark} {text[place:]}".strip()

    suggestions = SHOP.plan(turn, language).suggestions
    assert tool not in _tools(SHOP, suggestions, language), (turn, suggestions)
