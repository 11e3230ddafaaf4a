"""What a person reads of a tool: templates, defaults, money in each locale, reasons, replies."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalwart_agents.config import AgentSpec, ConfirmRule, Rules, ToolSpec
from stalwart_agents.wording import (
    BadTemplate,
    arguments_shown,
    call_words,
    fill,
    group_words,
    humanise,
    labelled,
    placeholders,
    question,
    reply_sentence,
    result_items,
    shown,
    title,
    why,
)

CHARGE = ToolSpec.model_validate(
    {
        "function": "tools:charge_card",
        "currency": "USD",
        "title": {"en": "Charge an order", "pt-BR": "Cobrar um pedido"},
        "question": {
            "en": "Charge {amount} to order {order_id}?",
            "pt-BR": "Cobrar {amount} do pedido {order_id}?",
        },
        "reply": {
            "en": "Charged {amount} to order {order_id} (charge {charge_id}).",
            "pt-BR": "Cobrei {amount} do pedido {order_id} (cobrança {charge_id}).",
        },
        "arguments": {
            "amount": {"type": "number", "label": {"en": "Amount", "pt-BR": "Valor"}},
            "order_id": {"type": "string", "label": {"en": "Order", "pt-BR": "Pedido"}},
            "count": {"type": "number", "currency": "none"},
        },
        "result": {
            "charge_id": {"label": {"en": "Charge", "pt-BR": "Cobrança"}},
            "status": {"values": {"paid": {"en": "paid", "pt-BR": "pago"}}},
        },
    }
)
BARE = ToolSpec(function="tools:charge_card")
RESULT = {"amount": 40, "charge_id": "ch-4411", "order_id": "4411"}


@pytest.mark.parametrize(
    ("value", "currency", "language", "expected"),
    [
        (40, "USD", "en", "$40.00"),
        (40, "USD", "pt-BR", "US$\xa040,00"),
        (40, "BRL", "pt-BR", "R$\xa040,00"),
        (1234.5, "USD", "en", "$1,234.50"),
        (1234.5, "BRL", "pt-BR", "R$\xa01.234,50"),
        ("40.00", "USD", "en", "$40.00"),
        ("40.00", "BRL", "pt-BR", "R$\xa040,00"),
    ],
)
def test_money_reads_as_the_locale_writes_it(
    value: Any, currency: str, language: str, expected: str
) -> None:
    assert shown(value, language, currency) == expected


@pytest.mark.parametrize(
    ("value", "currency", "language", "expected"),
    [
        (10**29 + 0.5, "USD", "en", "$100,000,000,000,000,000,000,000,000,000.00"),
        (10**30, "USD", "en", "1E30 USD"),
        (1e308, "BRL", "pt-BR", "1E308 BRL"),
        (float("inf"), "USD", "en", "$∞"),
        (Decimal("sNaN"), None, "pt-BR", "NaN"),
    ],
)
def test_a_number_babel_cannot_round_still_reads(
    value: Any, currency: str | None, language: str, expected: str
) -> None:
    assert shown(value, language, currency) == expected


def test_numbers_equal_in_value_keep_their_own_sign_when_shown_in_turn() -> None:
    shown_first = [shown(value, "en", "USD") for value in (Decimal("-0"), Decimal("0"), 0)]
    shown_after = [shown(value, "en", "USD") for value in (0, Decimal("0"), Decimal("-0"))]
    assert shown_first == ["-$0.00", "$0.00", "$0.00"]
    assert shown_after == ["$0.00", "$0.00", "-$0.00"]


_ANY_NUMBER = st.one_of(
    st.integers(),
    st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
)


@settings(max_examples=300, deadline=None)
@given(
    value=_ANY_NUMBER,
    currency=st.sampled_from([None, "USD", "BRL", "JPY"]),
    language=st.sampled_from(["en", "pt-BR"]),
)
def test_any_number_reads_as_text_and_never_raises(
    value: Any, currency: str | None, language: str
) -> None:
    assert shown(value, language, currency)


@pytest.mark.parametrize(
    ("value", "language", "expected"),
    [
        (2.5, "en", "2.5"),
        (2.5, "pt-BR", "2,5"),
        (4411, "en", "4411"),
        (True, "pt-BR", "sim"),
        (False, "en", "no"),
        ("ch-4411", "pt-BR", "ch-4411"),
        ("2026-04-12", "pt-BR", "2026-04-12"),
    ],
)
def test_other_values_read_as_the_locale_writes_them(
    value: Any, language: str, expected: str
) -> None:
    assert shown(value, language) == expected


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "Apr 12, 2026"), ("pt-BR", "12 de abr. de 2026")]
)
def test_a_date_argument_reads_as_the_locale_writes_dates(language: str, expected: str) -> None:
    ship = ToolSpec.model_validate({"function": "m:f", "arguments": {"when": {"type": "date"}}})
    listed = [{"name": "when", "value": "2026-04-12", "origin": "typed"}]
    assert arguments_shown(ship, listed, language)[0]["shown"] == expected


def test_a_money_argument_takes_the_tools_currency_unless_it_says_none() -> None:
    listed = [
        {"name": "amount", "value": 40, "origin": "typed"},
        {"name": "count", "value": 3, "origin": "typed"},
    ]
    assert [(a["label"], a["shown"]) for a in arguments_shown(CHARGE, listed, "pt-BR")] == [
        ("Valor", "US$\xa040,00"),
        ("Count", "3"),
    ]


def test_the_question_fills_each_value_as_shown_in_the_runs_language() -> None:
    values = {"amount": 40, "order_id": "4411"}
    assert question(CHARGE, "charge_card", values, "en") == "Charge $40.00 to order 4411?"
    assert question(CHARGE, "charge_card", values, "pt-BR") == "Cobrar US$\xa040,00 do pedido 4411?"


def test_a_tool_without_words_asks_with_its_name_in_words() -> None:
    assert question(BARE, "charge_card", {"amount": 40}, "en") == "Charge card?"
    assert title(None, "read_inbox", "pt-BR") == "Read inbox"
    assert humanise("order_id") == "Order id"


def test_a_call_in_plain_words_is_its_question_as_a_statement() -> None:
    values = {"amount": 40, "order_id": "4411"}
    assert call_words(CHARGE, "charge_card", values, "en") == "Charge $40.00 to order 4411"
    told = call_words(CHARGE, "charge_card", values, "pt-BR")
    assert told == "Cobrar US$\xa040,00 do pedido 4411"


def test_a_call_without_a_question_in_plain_words_is_its_title() -> None:
    assert call_words(BARE, "charge_card", {"amount": 40}, "en") == "Charge card"
    assert call_words(None, "read_inbox", {}, "pt-BR") == "Read inbox"


def test_text_given_once_reads_the_same_in_every_language() -> None:
    once = ToolSpec.model_validate({"function": "m:f", "question": "Go on with {x}?"})
    assert question(once, "f", {"x": "a"}, "pt-BR") == "Go on with a?"


def test_a_language_a_text_leaves_out_reads_the_english() -> None:
    english_only = ToolSpec.model_validate({"function": "m:f", "title": {"en": "Pay"}})
    assert title(english_only, "f", "pt-BR") == "Pay"


def test_the_reply_is_the_tools_sentence_with_values_as_shown() -> None:
    args = {"amount": 40, "order_id": "4411"}
    assert (
        reply_sentence(CHARGE, "charge_card", args, RESULT, "en")
        == "Charged $40.00 to order 4411 (charge ch-4411)."
    )
    assert (
        reply_sentence(CHARGE, "charge_card", args, RESULT, "pt-BR")
        == "Cobrei US$\xa040,00 do pedido 4411 (cobrança ch-4411)."
    )


def test_a_result_the_template_cannot_tell_is_listed_and_shown_as_a_table() -> None:
    result = {"amount": 40, "order_id": "4411"}
    assert (
        reply_sentence(CHARGE, "charge_card", {}, result, "en")
        == "Done: Charge an order (Amount: $40.00; Order: 4411)."
    )
    assert [
        [(v["label"], v["shown"]) for v in rows] for rows in result_items(CHARGE, {}, result, "en")
    ] == [[("Amount", "$40.00"), ("Order", "4411")]]


def test_a_result_the_template_tells_has_no_table() -> None:
    assert result_items(CHARGE, {"amount": 40, "order_id": "4411"}, RESULT, "en") == []


def test_a_tool_without_a_template_shows_its_result_labelled_never_by_its_keys() -> None:
    reply = reply_sentence(BARE, "charge_card", {}, RESULT, "pt-BR")
    assert reply == "Feito: Charge card (Amount: 40; Charge id: ch-4411; Order id: 4411)."
    (rows,) = result_items(BARE, {}, RESULT, "pt-BR")
    assert [(v["label"], v["shown"]) for v in rows] == [
        ("Amount", "40"),
        ("Charge id", "ch-4411"),
        ("Order id", "4411"),
    ]


def test_a_list_shows_as_one_table_per_item_and_nested_values_in_words_never_json() -> None:
    inbox = [
        {"id": "m-2", "from": "billing@promo.example", "received_at": "2026-12-01T09:30:00+00:00"},
        {"id": "m-1", "tags": ["urgent", "billing"], "meta": {"spam": False}},
    ]
    tables = result_items(BARE, {}, inbox, "pt-BR")
    assert [[(v["label"], v["shown"]) for v in rows] for rows in tables] == [
        [
            ("Id", "m-2"),
            ("From", "billing@promo.example"),
            ("Received at", "1 de dez. de 2026 09:30"),
        ],
        [("Id", "m-1"), ("Tags", "urgent, billing"), ("Meta", "Spam: não")],
    ]
    assert not any("{" in v["shown"] or "[" in v["shown"] for rows in tables for v in rows)
    assert labelled(BARE, inbox, "en") == (
        "Id: m-2; From: billing@promo.example; Received at: Dec 1, 2026 9:30\u202fAM / "
        "Id: m-1; Tags: urgent, billing; Meta: Spam: no"
    )


def test_a_result_keys_values_read_as_their_words() -> None:
    (rows,) = result_items(CHARGE, {}, {"status": "paid", "charge_id": "ch-1"}, "pt-BR")
    assert [(v["label"], v["shown"]) for v in rows] == [("Status", "pago"), ("Cobrança", "ch-1")]


def test_a_call_that_returned_nothing_is_said_done() -> None:
    assert reply_sentence(BARE, "send_email", {}, None, "pt-BR") == "Feito: Send email."


def test_each_reason_reads_as_a_sentence_in_the_reasons_order() -> None:
    tools = {"read_inbox": ToolSpec.model_validate({"function": "m:f", "title": "a caixa"})}
    rules = Rules(
        confirm=(
            ConfirmRule.model_validate(
                {"reason": "large_amount", "when": "True", "sentence": {"pt-BR": "Valor alto."}}
            ),
            ConfirmRule.model_validate({"reason": "night_time", "when": "True"}),
        )
    )
    reasons = [
        "write",
        "argument_origin: amount",
        "tainted_call: untrusted:read_inbox",
        "large_amount",
        "night_time",
    ]
    assert why(reasons, CHARGE, tools, "pt-BR", AgentSpec(name="a"), rules) == [
        "Isto muda algo, então só é executado com a sua aprovação.",
        "Valor vem de um assistente, não de você.",
        "Isto segue um texto de a caixa, que qualquer pessoa pode ter escrito.",
        "Valor alto.",
        "Uma regra deste assistente pede a sua aprovação antes: night time.",
    ]


def test_an_agent_words_a_reason_over_the_shipped_sentence() -> None:
    agent = AgentSpec.model_validate(
        {"name": "a", "reasons": {"argument_origin": {"en": "Check {argument}: a bot wrote it."}}}
    )
    assert why(["argument_origin: amount"], CHARGE, {}, "en", agent) == [
        "Check Amount: a bot wrote it."
    ]


def test_placeholders_are_names_in_braces() -> None:
    assert placeholders("Charge {amount} to {order_id}, {{literally}}.") == ["amount", "order_id"]
    assert fill("{a} and {b}", {"a": "1"}) == "1 and —"


@pytest.mark.parametrize("template", ["Charge {amount", "Charge {}", "{amount:.2f}", "{0}"])
def test_a_template_that_is_not_names_in_braces_is_refused(template: str) -> None:
    with pytest.raises(BadTemplate):
        placeholders(template)


def test_a_group_given_as_its_description_takes_its_name_in_words_as_heading() -> None:
    agent = AgentSpec.model_validate(
        {
            "name": "a",
            "groups": {
                "gift_cards": {"en": "Buy one.", "pt-BR": "Compre um."},
                "orders": {"label": {"pt-BR": "Pedidos"}, "description": "Look one up."},
            },
        }
    )
    assert group_words(agent, "gift_cards", "pt-BR") == ("Gift cards", "Compre um.")
    assert group_words(agent, "orders", "pt-BR") == ("Pedidos", "Look one up.")


def test_a_labelled_result_key_still_reads_its_date_and_time_in_the_language() -> None:
    inbox = ToolSpec.model_validate(
        {"function": "m:f", "result": {"received": {"label": {"en": "Received"}}}}
    )
    (rows,) = result_items(inbox, {}, {"received": "2026-12-01T09:30:00+00:00"}, "pt-BR")
    assert [(v["label"], v["shown"]) for v in rows] == [("Received", "1 de dez. de 2026 09:30")]
