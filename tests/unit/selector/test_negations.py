"""A turn that says not to act is never a plan for that act, and a signed number is never read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalwart_agents.selector import Selector, Vocabulary
from stalwart_agents.selector._phrases import SlotRef

from .helpers import SHOP_CURRENCIES, SHOP_TOOLS, SHOP_VOCABULARY, TODAY, calls

NEGATIONS = {
    "en": ["no", "not", "don't", "dont", "do not", "never", "no need to", "without", "No"],
    "pt-BR": ["não", "nao", "n", "nunca", "sem", "nem", "NÃO", "não precisa"],
}
# Marks a negation may stand beside: "cancel order 4411? no", "não, cancela".
MARKS = ["", ",", "?", "!", " -"]

SHOP = Selector(
    Vocabulary.load(SHOP_VOCABULARY, SHOP_TOOLS, currencies=SHOP_CURRENCIES), today=lambda: TODAY
)
EXAMPLES = [
    (language, tool, text)
    for language in NEGATIONS
    for tool, texts in SHOP.examples(language).items()
    for text in texts
]


def _places(text: str, language: str) -> list[int]:
    """Every word boundary of an example outside its free-text values and their edges.

    A negation inside free text, or at its start, is what the person wrote there: "because the
    customer didn't want it", "porque não tem estoque". At its end it negates the turn, and
    test_the_turns_the_issue_names_are_no_plan pins that.
    """
    plan = SHOP.plan(text, language)
    free = [
        value.span
        for call in plan.calls
        for name, value in call.args.items()
        if name in ("reason", "subject", "body")
    ]
    bounds = [0, len(text)] + [i for i, ch in enumerate(text) if ch == " "]
    return sorted({p for p in bounds if not any(s - 1 <= p <= e for s, e in free)})


# Every reading of every phrase of the shop, its slots filled with their samples.
READINGS = [
    (
        language,
        template.tool,
        " ".join(
            template.slots[e.name].sample(grammar.profile, TODAY)
            if isinstance(e, SlotRef)
            else e.text
            for e in template.elements
        ),
    )
    for language, grammar in SHOP.vocabulary.grammars.items()
    for template in grammar.templates
]


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_negation_anywhere_in_any_shop_phrase_plans_nothing_for_its_tool(
    data: st.DataObject,
) -> None:
    language, tool, text = data.draw(st.sampled_from(EXAMPLES))
    negation = data.draw(st.sampled_from(NEGATIONS[language]))
    mark = data.draw(st.sampled_from(MARKS))
    place = data.draw(st.sampled_from(_places(text, language)))
    turn = f"{text[:place]} {negation}{mark} {text[place:]}".strip()

    assert tool not in [call for call, _args in calls(SHOP.plan(turn, language))], turn


def test_every_shop_tool_has_an_example_to_negate() -> None:
    for language in NEGATIONS:
        assert {tool for lang, tool, _ in EXAMPLES if lang == language} == set(SHOP_TOOLS)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no need to cancel order 4411", "en"),
        ("cancel order 4411? no", "en"),
        ("no, charge 40 to order 4411", "en"),
        ("charge 40 to order 4411, not", "en"),
        ("n cancela o pedido 4411", "pt-BR"),
        ("cancela o pedido 4411 n", "pt-BR"),
        ("não precisa cancelar o pedido 4411", "pt-BR"),
        ("cobre 40 do pedido 4411? nao", "pt-BR"),
        ("cancel order 4411 because no", "en"),
        ("send an email to maria@example.com saying thanks? no", "en"),
    ],
)
def test_the_turns_the_issue_names_are_no_plan(shop: Selector, text: str, language: str) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel order 4411, just show it", "en"),
        ("não cancela o pedido 4411, só mostra ele", "pt-BR"),
    ],
)
def test_a_negated_call_beside_an_affirmed_one_plans_at_most_the_affirmed_one(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) in ([], [("find_order", {"order_id": "4411"})])


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel order 4411 because the customer didn't want it", "en"),
        ("cancele o pedido 4411 porque o cliente não quis", "pt-BR"),
        ("cancelar o pedido 4411 porque não tem estoque", "pt-BR"),
    ],
)
def test_a_negation_inside_a_reason_is_the_reason_not_the_turn(
    shop: Selector, text: str, language: str
) -> None:
    assert [tool for tool, _ in calls(shop.plan(text, language))] == ["cancel_order"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("charge -40 to order 4411", "en"),
        ("charge +40 to order 4411", "en"),
        ("charge 4O to order 4411", "en"),
        ("charge 40.0.0 to order 4411", "en"),
        ("charge −40 to order 4411", "en"),  # noqa: RUF001 - a typographic minus
        ("cobre -40 do pedido 4411", "pt-BR"),
        ("cobre 40,0,0 do pedido 4411", "pt-BR"),
        ("estorne -20 da cobrança ch-4411", "pt-BR"),
        ("charge order 3307 -$20", "en"),
        ("charge -$ 20 to order 4411", "en"),
        ("cobre -R$20 do pedido 4411", "pt-BR"),
    ],
)
def test_a_signed_or_malformed_amount_is_never_read_as_another_number(
    shop: Selector, text: str, language: str
) -> None:
    for _tool, args in calls(shop.plan(text, language)):
        assert "amount" not in args


@pytest.mark.parametrize(
    ("text", "language"),
    [("find order No. 4411", "en"), ("busque o pedido nº 4411", "pt-BR")],
)
def test_no_before_a_number_is_number_not_a_negation(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [("find_order", {"order_id": "4411"})]


@settings(max_examples=1000, deadline=None)
@given(st.data())
def test_a_negation_anywhere_in_any_reading_of_any_shop_phrase_plans_nothing_for_its_tool(
    data: st.DataObject,
) -> None:
    language, tool, text = data.draw(st.sampled_from(READINGS))
    negation = data.draw(st.sampled_from(NEGATIONS[language]))
    mark = data.draw(st.sampled_from(MARKS))
    place = data.draw(st.sampled_from(_places(text, language)))
    turn = f"{text[:place]} {negation}{mark} {text[place:]}".strip()

    assert tool not in [call for call, _args in calls(SHOP.plan(turn, language))], turn
