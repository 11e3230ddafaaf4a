"""A negation that refuses no act leaves the request beside it planned: one in a message's own
text, one that eases what a "but" asks, one that says which thing is meant; a negation that
refuses an act still bars it, from the plan and from "did you mean"."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "nada de estorno na ch-5512, só manda um email pra lia@loja.com.br assunto Aviso "
            "corpo 'não fazemos troca'",
            "pt-BR",
            [
                (
                    "send_email",
                    {"to": "lia@loja.com.br", "subject": "Aviso", "body": "não fazemos troca"},
                )
            ],
        ),
        (
            "no refund for ch-5512, just email lia@shop.com subject Note body 'we don't do "
            "exchanges'",
            "en",
            [
                (
                    "send_email",
                    {"to": "lia@shop.com", "subject": "Note", "body": "we don't do exchanges"},
                )
            ],
        ),
    ],
)
def test_a_negation_in_a_message_s_own_text_refuses_nothing(
    shop: Selector, text: str, language: str, expected: list[tuple[str, dict[str, Any]]]
) -> None:
    assert calls(shop.plan(text, language)) == expected


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("no worries if it's a bit slow, but cancel 7710", "en", ("cancel_order", "7710")),
        ("no rush if you're busy, but look up 7710", "en", ("find_order", "7710")),
        ("não tem pressa se estiver ocupado, mas reabre o 7710", "pt-BR", ("reopen_order", "7710")),
        ("sem problema se demorar, mas cancela o 7710", "pt-BR", ("cancel_order", "7710")),
        ("não faz mal, reabre o 7710 mesmo assim", "pt-BR", ("reopen_order", "7710")),
        ("não faz mal não, salva o recibo do 7710", "pt-BR", ("save_receipt", "7710")),
        ("nothing's broken, just curious, what's the total on 7710?", "en", ("find_order", "7710")),
        (
            "nada de errado, só por curiosidade, qual o total do 7710?",
            "pt-BR",
            ("find_order", "7710"),
        ),
        ("faz um tempo que não olho o 3350, busca ele", "pt-BR", ("find_order", "3350")),
        ("faz dias que não confiro o 3350, cancela ele", "pt-BR", ("cancel_order", "3350")),
    ],
)
def test_a_negation_that_eases_or_tells_plans_the_request_after_it(
    shop: Selector, text: str, language: str, expected: tuple[str, str]
) -> None:
    assert calls(shop.plan(text, language)) == [(expected[0], {"order_id": expected[1]})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("it doesn't matter, refund $4 on ch-7710 regardless", "en"),
        ("não faz mal, estorna 4 dólares da ch-7710 de qualquer jeito", "pt-BR"),
    ],
)
def test_a_request_granted_whatever_comes_before_it_is_planned(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("refund_card", {"amount": 4, "charge_id": "ch-7710"})
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [("not if she paid, but cancel 7710", "en"), ("não se ela pagou, mas cancela o 7710", "pt-BR")],
)
def test_a_negation_of_a_condition_itself_eases_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("not the whole refund, just $8 on ch-2290", "en"),
        ("not the full refund, only $8 on ch-2290", "en"),
        ("não é o estorno integral, só 8 reais da ch-2290", "pt-BR"),
        ("não é o estorno total, devolve só 8 reais da ch-2290", "pt-BR"),
    ],
)
def test_a_whole_said_no_to_leaves_the_part_asked_for(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [
        ("refund_card", {"amount": 8, "charge_id": "ch-2290"})
    ]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("not 5120, it's 5210 - reopen 5210", "en", ("reopen_order", "5210")),
        ("sorry, not 4410, I meant 4411, look it up", "en", ("find_order", "4411")),
        ("wait, it's 6102 not 6120, cancel it", "en", ("cancel_order", "6102")),
        ("não é o 6120, é o 6102, cancela ele", "pt-BR", ("cancel_order", "6102")),
        ("não o 6120, o 6102, salva o recibo do 6102", "pt-BR", ("save_receipt", "6102")),
        ("não, não é o pedido 4410, é o 4411. reabre o 4411", "pt-BR", ("reopen_order", "4411")),
    ],
)
def test_a_correction_says_which_thing_is_meant_and_refuses_no_act(
    shop: Selector, text: str, language: str, expected: tuple[str, str]
) -> None:
    assert calls(shop.plan(text, language)) == [(expected[0], {"order_id": expected[1]})]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("cancel order 4410? not 4410", "en"),
        ("refund ch-1181 $5? not ch-1181", "en"),
        ("cancela o 4410? não o 4410", "pt-BR"),
    ],
)
def test_a_request_for_the_value_a_correction_denies_plans_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [("dont a 40 charge to 4411", "en"), ("don't, 40 charge to 4411", "en")],
)
def test_a_negation_of_an_act_before_a_value_is_no_correction(
    shop: Selector, text: str, language: str
) -> None:
    assert "charge_card" not in [tool for tool, _ in calls(shop.plan(text, language))]


@pytest.mark.parametrize(
    ("text", "language", "to"),
    [
        (
            "ninguém mandou email pra ela ainda, manda um pra bia@loja.com.br dizendo que chegou",
            "pt-BR",
            "bia@loja.com.br",
        ),
        (
            "não sei se ela mandou email, mas manda um pra caio@loja.com.br assunto Oi",
            "pt-BR",
            "caio@loja.com.br",
        ),
    ],
)
def test_one_stands_for_a_message_told_before_it(
    shop: Selector, text: str, language: str, to: str
) -> None:
    planned = calls(shop.plan(text, language))
    assert [(tool, args["to"]) for tool, args in planned] == [("send_email", to)]


@pytest.mark.parametrize(
    ("text", "language", "suggestion"),
    [
        ("not sure if any emails came, can you take a peek for me?", "en", "Read my inbox"),
        ("I don't know if we got mail today, take a look?", "en", "Read my inbox"),
        ("nem sei se chegou email, dá uma espiada pra mim?", "pt-BR", "Ler a caixa de entrada"),
    ],
)
def test_a_doubt_before_the_request_bars_no_suggestion(
    shop: Selector, text: str, language: str, suggestion: str
) -> None:
    # Suggestions come only with an unread turn.
    assert suggestion in shop.plan(text, language).suggestions


@pytest.mark.parametrize(
    ("text", "language", "tool"),
    [
        ("never find the order 4411", "en", "find_order"),
        ("never check the inbox", "en", "read_inbox"),
        ("nunca recebi mensagem na caixa de entrada", "pt-BR", "read_inbox"),
    ],
)
def test_a_refusal_that_opens_as_a_doubt_does_offers_nothing_it_refuses(
    shop: Selector, text: str, language: str, tool: str
) -> None:
    plan = shop.plan(text, language)
    offered = [t for s in plan.suggestions for t, _ in calls(shop.plan(s, language))]
    assert tool not in offered


@pytest.mark.parametrize(
    ("text", "language", "order"),
    [
        ("no receipt got printed, save it for 4920", "en", "4920"),
        ("the printer never printed the receipt, save one for 4920", "en", "4920"),
        ("não saiu o recibo impresso, salva o do 4921", "pt-BR", "4921"),
        ("o recibo não saiu, salva ele pro 4921", "pt-BR", "4921"),
        ("a impressora não imprimiu o recibo, salva um pro 4921", "pt-BR", "4921"),
    ],
)
def test_what_did_not_happen_to_a_thing_is_told_and_the_request_takes_that_thing(
    shop: Selector, text: str, language: str, order: str
) -> None:
    assert calls(shop.plan(text, language)) == [("save_receipt", {"order_id": order})]


@pytest.mark.parametrize(
    ("text", "language", "tool"),
    [
        ("no receipt needed, just save 6847", "en", "save_receipt"),
        ("he didn't cancel 6620, cancel it", "en", "cancel_order"),
        ("não quero recibo nenhum, salva o do 6847", "pt-BR", "save_receipt"),
    ],
)
def test_a_need_or_an_act_said_no_to_is_no_fact(
    shop: Selector, text: str, language: str, tool: str
) -> None:
    assert tool not in [t for t, _ in calls(shop.plan(text, language))]


@pytest.mark.parametrize(
    ("text", "language", "tool"),
    [
        ("No process a 40 refund of ch-4411", "en", "refund_card"),
        # No correction: the value runs on into the act refused.
        ("not a 40 refund of ch-4411", "en", "refund_card"),
        ("no a 40 refund of ch-4411", "en", "refund_card"),
        ("não faz um estorno de 40 da ch-4411", "pt-BR", "refund_card"),
    ],
)
def test_a_thing_after_the_refused_act_s_own_word_is_refused_with_it(
    shop: Selector, text: str, language: str, tool: str
) -> None:
    assert tool not in [t for t, _ in calls(shop.plan(text, language))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("couldn't you cancel 4411 for me?", ("cancel_order", {"order_id": "4411"})),
        ("why don't you look up order 4411", ("find_order", {"order_id": "4411"})),
        ("won't you save the receipt for 4411, please", ("save_receipt", {"order_id": "4411"})),
    ],
)
def test_a_request_asked_as_a_negative_question_is_planned(
    shop: Selector, text: str, expected: tuple[str, dict[str, Any]]
) -> None:
    assert calls(shop.plan(text, "en")) == [expected]


def test_a_negation_after_a_negative_question_still_refuses(shop: Selector) -> None:
    assert calls(shop.plan("can't you not cancel 4411?", "en")) == []


@pytest.mark.parametrize(
    "text",
    [
        "not sure if he emailed, but send one to joe@shop.com subject Update",
        "I don't think anyone emailed him, send one to joe@shop.com saying it shipped",
    ],
)
def test_one_stands_for_an_email_an_act_told_of(shop: Selector, text: str) -> None:
    planned = calls(shop.plan(text, "en"))
    assert [(tool, args["to"]) for tool, args in planned] == [("send_email", "joe@shop.com")]
