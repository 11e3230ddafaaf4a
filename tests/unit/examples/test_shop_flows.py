"""The shop agent through the real Desk on SQLite: what waits, runs, is refused or undone."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.errors import InterruptStale
from stalwart_agents.plan import Call, Plan, Value

from .helpers import Query

import context  # isort: skip - importable once .helpers put the shop's folder on the path
import shop  # isort: skip

SIGNED_IN = context.context(None)
CHARGE_THEN_REFUND = "charge 40 to order 4411 and then refund 10 from charge ch-4412"
CLOSE_OUT = (
    "charge 40 to order 4411 and email maria@example.com about your receipt saying it is paid"
)


def shown(interrupt: Any) -> dict[str, Any]:
    """A pause as the person is shown it, as plain JSON."""
    return dict(interrupt.model_dump(mode="json"))


def argument(pause: dict[str, Any], name: str) -> dict[str, Any]:
    return next(arg for arg in pause["arguments"] if arg["name"] == name)


@pytest.mark.parametrize(
    ("text", "language", "wording", "amount", "order"),
    [
        ("charge 40 to order 4411", "en", "Charge $40.00 to order 4411?", "$40.00", "Order"),
        (
            "cobrar 40,00 do pedido 4411",
            "pt-BR",
            "Cobrar US$\xa040,00 do pedido 4411?",
            "US$\xa040,00",
            "Pedido",
        ),
    ],
)
async def test_the_chapter_turn_waits_on_a_typed_charge(
    desk: Desk, query: Query, text: str, language: str, wording: str, amount: str, order: str
) -> None:
    reply = await desk.turn("t-1", text, context=SIGNED_IN, language=language)

    (pause,) = [shown(w) for w in reply.waiting]
    assert (pause["kind"], pause["tool"], pause["wording"]) == ("confirm", "charge_card", wording)
    assert pause["reasons"] == ["write"]
    assert pause["choices"] == ["approve", "skip", "cancel_all"]
    assert {
        key: argument(pause, "amount")[key] for key in ("name", "value", "origin", "shown")
    } == {
        "name": "amount",
        "value": 40,
        "origin": "typed",
        "shown": amount,
    }
    assert argument(pause, "order_id") == {
        "name": "order_id",
        "value": "4411",
        "origin": "typed",
        "label": order,
        "shown": "4411",
    }
    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4411'") == [{"n": 0}]


async def test_the_card_and_customer_come_from_context(desk: Desk) -> None:
    reply = await desk.turn("t-1", "charge 40 to order 4411", context=SIGNED_IN)

    pause = shown(reply.waiting[0])
    assert argument(pause, "card") == {
        "name": "card",
        "value": "visa-0019",
        "origin": "context",
        "label": "Card",
        "shown": "visa-0019",
    }
    assert argument(pause, "customer")["origin"] == "context"


async def test_a_look_up_cites_the_order_in_the_shop_s_admin_as_from_outside(desk: Desk) -> None:
    reply = await desk.turn("t-1", "find order 4411", context=SIGNED_IN)

    assert [source.model_dump() for source in reply.sources] == [
        {
            "title": "Order 4411 in the shop's admin",
            "url": "https://admin.shop.example/orders/4411",
            "server": "admin.shop.example",
        }
    ]
    assert reply.reply == "Order 4411 is unpaid, with a total of $40.00, on card visa-0019."


async def test_approving_charges_the_order_once(desk: Desk, query: Query) -> None:
    await desk.turn("t-1", "charge 40 to order 4411", context=SIGNED_IN)

    reply = await desk.answer("t-1", "approve")

    assert "ch-4411" in reply.reply
    assert reply.waiting == []
    assert query("SELECT id, amount_cents FROM charges WHERE order_id = '4411'") == [
        {"id": "ch-4411", "amount_cents": 4000}
    ]
    with pytest.raises(InterruptStale):
        await desk.answer("t-1", "approve")
    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4411'") == [{"n": 1}]


async def test_cancel_all_after_a_charge_refunds_it(desk: Desk, query: Query) -> None:
    await desk.turn("t-1", CHARGE_THEN_REFUND, context=SIGNED_IN)
    waiting = await desk.answer("t-1", "approve")
    assert shown(waiting.waiting[0])["tool"] == "refund_card"

    reply = await desk.answer("t-1", "cancel_all")

    assert reply.rollback is not None
    assert [entry.tool for entry in reply.rollback.undone] == ["charge_card"]
    assert query("SELECT charge, amount_cents FROM refunds") == [
        {"charge": "ch-4411", "amount_cents": 4000}
    ]
    assert query("SELECT status FROM orders WHERE id = '4411'") == [{"status": "unpaid"}]


async def test_cancel_all_after_a_cancellation_reopens_the_order(desk: Desk, query: Query) -> None:
    await desk.turn(
        "t-1", "cancel order 4411 and then refund 10 from charge ch-4412", context=SIGNED_IN
    )
    await desk.answer("t-1", "approve")
    assert query("SELECT status FROM orders WHERE id = '4411'") == [{"status": "cancelled"}]

    reply = await desk.answer("t-1", "cancel_all")

    assert reply.rollback is not None
    assert [entry.tool for entry in reply.rollback.undone] == ["cancel_order"]
    assert query("SELECT status FROM orders WHERE id = '4411'") == [{"status": "unpaid"}]


async def test_what_the_inbox_said_taints_a_later_write(desk: Desk) -> None:
    reply = await desk.turn(
        "t-1", "read my inbox and then refund 30 from charge ch-4412", context=SIGNED_IN
    )

    (pause,) = [shown(w) for w in reply.waiting]
    assert pause["tool"] == "refund_card"
    assert pause["reasons"] == ["write", "tainted_call: untrusted:read_inbox"]


async def test_an_email_waits_with_the_irreversible_warning(desk: Desk, query: Query) -> None:
    reply = await desk.turn(
        "t-1", "email maria@example.com about your order saying it ships today", context=SIGNED_IN
    )

    (pause,) = [shown(w) for w in reply.waiting]
    assert (pause["tool"], pause["wording"], pause["irreversible"]) == (
        "send_email",
        "Send the email “your order” to maria@example.com?",
        True,
    )
    assert query("SELECT COUNT(*) AS n FROM emails_sent") == [{"n": 0}]


async def test_an_approved_email_is_sent(desk: Desk, query: Query) -> None:
    await desk.turn(
        "t-1", "email maria@example.com about your order saying it ships today", context=SIGNED_IN
    )

    await desk.answer("t-1", "approve")

    assert query("SELECT recipient, subject, body FROM emails_sent") == [
        {"recipient": "maria@example.com", "subject": "your order", "body": "it ships today"}
    ]


async def test_a_refund_over_the_limit_is_refused_with_its_rule(desk: Desk, query: Query) -> None:
    reply = await desk.turn("t-1", "refund 500 from charge ch-4412", context=SIGNED_IN)

    assert reply.refusal is not None
    assert (reply.refusal.rule, reply.refusal.contact) == (
        "refund-limit",
        "the billing team <billing@shop.example>",
    )
    assert reply.waiting == []
    assert query("SELECT COUNT(*) AS n FROM refunds") == [{"n": 0}]


async def test_a_charge_over_1000_is_refused_without_its_rule(desk: Desk, query: Query) -> None:
    reply = await desk.turn("t-1", "charge 1040 to order 4411", context=SIGNED_IN)

    assert reply.refusal is not None
    assert reply.refusal.rule is None
    assert reply.refusal.contact == "support@shop.example"
    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4411'") == [{"n": 0}]


async def test_a_card_other_than_the_signed_in_one_is_refused_without_its_rule(
    desk: Desk,
) -> None:
    plan = Plan(
        calls=(
            Call(
                tool="charge_card",
                args={
                    "amount": Value(value=40, origin="model"),
                    "order_id": Value(value="4411", origin="model"),
                    "card": Value(value="visa-9999", origin="model"),
                },
            ),
        ),
        text="refund 500 to card visa-9999",
    )

    reply = await desk.turn("t-1", plan, context=SIGNED_IN)

    assert reply.refusal is not None
    assert (reply.refusal.rule, reply.refusal.sentence) == (None, "I can't make this charge.")


async def test_a_large_charge_names_its_reason(desk: Desk) -> None:
    reply = await desk.turn("t-1", "charge 150 to order 4414", context=SIGNED_IN)

    assert shown(reply.waiting[0])["reasons"] == ["write", "large_amount"]


async def test_a_refund_that_keeps_failing_leaves_the_saga_stuck(desk: Desk, query: Query) -> None:
    shop.fail_refunds(True)
    await desk.turn("t-1", CHARGE_THEN_REFUND, context=SIGNED_IN)
    await desk.answer("t-1", "approve")

    reply = await desk.answer("t-1", "cancel_all")

    (pause,) = [shown(w) for w in reply.waiting]
    assert (pause["kind"], pause["tool"]) == ("saga_stuck", "charge_card")
    assert pause["choices"] == ["retry", "done_by_hand", "abandon"]
    assert reply.rollback is not None
    assert [entry.tool for entry in reply.rollback.stuck] == ["charge_card"]
    assert query("SELECT status FROM orders WHERE id = '4411'") == [{"status": "paid"}]


async def test_a_stuck_undo_lists_its_values_labelled_and_as_money_in_the_runs_language(
    desk: Desk,
) -> None:
    shop.fail_refunds(True)
    await desk.turn("t-1", "cobrar 40,00 do pedido 4411", context=SIGNED_IN, language="pt-BR")
    await desk.answer("t-1", "approve")

    reply = await desk.rollback("t-1")

    assert reply.waiting is not None
    pause = shown(reply.waiting)
    assert pause["wording"] == (
        "Desfazer “Cobrar US$\xa040,00 do pedido 4411” não funcionou. O que deve acontecer?"
    )
    (entry,) = pause["pending"]
    assert [(arg["label"], arg["shown"]) for arg in entry["shown"]] == [
        ("Cobrança", "ch-4411"),
        ("Valor", "US$\xa040,00"),
    ]


async def test_a_stuck_rollback_is_told_on_the_stream_with_what_is_still_to_undo(
    desk: Desk,
) -> None:
    shop.fail_refunds(True)
    await desk.turn("t-1", "charge 40 to order 4411", context=SIGNED_IN)
    await desk.answer("t-1", "approve")

    await desk.rollback("t-1")

    events = await desk.events("t-1")
    (told,) = [event["data"]["report"] for event in events if event["type"] == "rollback"]
    assert [entry["tool"] for entry in told["stuck"]] == ["charge_card"]
    assert told["waiting"]["kind"] == "saga_stuck"


async def test_retrying_once_refunds_work_again_undoes_the_charge(desk: Desk, query: Query) -> None:
    shop.fail_refunds(True)
    await desk.turn("t-1", CHARGE_THEN_REFUND, context=SIGNED_IN)
    await desk.answer("t-1", "approve")
    await desk.answer("t-1", "cancel_all")
    shop.fail_refunds(False)

    reply = await desk.answer("t-1", "retry")

    assert reply.waiting == []
    assert query("SELECT charge FROM refunds") == [{"charge": "ch-4411"}]


async def test_closing_out_an_order_waits_on_the_charge_and_the_email_at_once(
    desk: Desk,
) -> None:
    reply = await desk.turn("t-1", CLOSE_OUT, context=SIGNED_IN)

    assert sorted(shown(w)["tool"] for w in reply.waiting) == ["charge_card", "send_email"]


async def test_each_of_the_two_is_answered_by_its_own_id(desk: Desk, query: Query) -> None:
    reply = await desk.turn("t-1", CLOSE_OUT, context=SIGNED_IN)
    ids = {shown(w)["tool"]: shown(w)["id"] for w in reply.waiting}

    after_email = await desk.answer("t-1", "approve", pause=ids["send_email"])
    assert [shown(w)["id"] for w in after_email.waiting] == [ids["charge_card"]]
    done = await desk.answer("t-1", "approve", pause=ids["charge_card"])

    assert "Order 4411 is paid, and its receipt went to maria@example.com." in done.reply
    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4411'") == [{"n": 1}]
    assert query("SELECT recipient FROM emails_sent") == [{"recipient": "maria@example.com"}]


async def test_skipping_the_receipt_still_charges_the_order(desk: Desk, query: Query) -> None:
    reply = await desk.turn("t-1", CLOSE_OUT, context=SIGNED_IN)
    ids = {shown(w)["tool"]: shown(w)["id"] for w in reply.waiting}

    await desk.answer("t-1", "skip", pause=ids["send_email"])
    done = await desk.answer("t-1", "approve", pause=ids["charge_card"])

    assert "receipt went" not in done.reply
    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4411'") == [{"n": 1}]
    assert query("SELECT COUNT(*) AS n FROM emails_sent") == [{"n": 0}]


async def test_an_unread_turn_asks_before_it_goes_to_the_model(desk: Desk) -> None:
    reply = await desk.turn("t-1", "what a lovely day", context=SIGNED_IN)

    assert [shown(w)["kind"] for w in reply.waiting] == ["delegate"]


async def test_with_no_model_key_the_agent_says_the_owner_must_add_it(desk: Desk) -> None:
    await desk.turn("t-1", "what a lovely day", context=SIGNED_IN)

    reply = await desk.answer("t-1", "approve")

    assert reply.reply.endswith("the owner of this bot has to add its AI key first.")
    assert reply.model is not None and reply.model.problem == "no_key"
    assert reply.waiting == []


async def test_charging_the_same_order_twice_is_refused_before_a_card(desk: Desk) -> None:
    await desk.turn("t-1", "charge 40 to order 4411", context=SIGNED_IN)
    await desk.answer("t-1", "approve")

    again = await desk.turn("t-2", "charge 40 to order 4411", context=SIGNED_IN)

    assert again.waiting == []
    assert again.refusal is not None
    assert again.refusal.rule == "order_unpaid"


async def test_a_rollback_names_each_write_and_its_undo_in_the_runs_language(desk: Desk) -> None:
    await desk.turn("t-1", "cobrar 40,00 do pedido 4411", context=SIGNED_IN, language="pt-BR")
    approved = await desk.answer("t-1", "approve")
    assert approved.reply == "Cobrei US$\xa040,00 do pedido 4411 (cobrança ch-4411)."

    report = await desk.rollback("t-1")

    (entry,) = report.undone
    assert (entry.tool, entry.title, entry.undo_title) == (
        "charge_card",
        "Cobrar um pedido",
        "Reembolsar uma cobrança",
    )


async def test_the_trace_events_carry_the_calls_question_and_what_was_said(desk: Desk) -> None:
    await desk.turn("t-1", "cobrar 40,00 do pedido 4411", context=SIGNED_IN, language="pt-BR")
    await desk.answer("t-1", "approve")

    events = await desk.events("t-1")

    (check,) = [event["data"] for event in events if event["type"] == "check"]
    (done,) = [event["data"] for event in events if event["type"] == "call"]
    assert check["wording"] == "Cobrar US$\xa040,00 do pedido 4411?"
    assert done["said"] == "Cobrei US$\xa040,00 do pedido 4411 (cobrança ch-4411)."


async def test_a_tool_that_cannot_do_it_says_why_in_the_runs_language(desk: Desk) -> None:
    await desk.turn("t-1", "cobrar 25,00 do pedido 4411", context=SIGNED_IN, language="pt-BR")

    again = await desk.answer("t-1", "approve")

    assert again.reply == (
        "Cobrar um pedido não funcionou: "
        "O pedido 4411 soma 40,00, então uma cobrança de 25,00 não o paga."
    )


async def test_a_look_up_in_portuguese_reads_and_cites_in_portuguese(desk: Desk) -> None:
    reply = await desk.turn("t-1", "ver o pedido 4411", context=SIGNED_IN, language="pt-BR")

    assert reply.reply == (
        "O pedido 4411 está em aberto, com total de US$\xa040,00, no cartão visa-0019."
    )
    assert [source.title for source in reply.sources] == ["Pedido 4411 no painel da loja"]


async def test_a_rollback_tells_each_undo_in_words_with_its_amount_and_charge(desk: Desk) -> None:
    await desk.turn("t-1", "cobrar 40,00 do pedido 4411", context=SIGNED_IN, language="pt-BR")
    await desk.answer("t-1", "approve")

    report = await desk.rollback("t-1")

    assert [(e.call, e.undo_call) for e in report.undone] == [
        ("Cobrar US$\xa040,00 do pedido 4411", "Reembolsar US$\xa040,00 da cobrança ch-4411")
    ]


async def test_cancelling_everything_replies_with_each_undone_call_in_words(desk: Desk) -> None:
    turn = "charge 40 to order 4411 and then refund 10 from charge ch-4412"
    await desk.turn("t-1", turn, context=SIGNED_IN)
    await desk.answer("t-1", "approve")

    reply = await desk.answer("t-1", "cancel_all")

    assert "Undone: Charge $40.00 to order 4411." in reply.reply


async def test_the_inbox_reads_as_labelled_tables_of_outside_text_never_as_raw_json(
    desk: Desk,
) -> None:
    reply = await desk.turn("t-1", "ler a caixa de entrada", context=SIGNED_IN, language="pt-BR")

    assert "{" not in reply.reply
    (table,) = reply.results
    assert (table.tool, table.outside, table.done) == (
        "read_inbox",
        True,
        "Feito: Ler a caixa de entrada.",
    )
    assert table.said in reply.reply
    assert len(table.items) >= 2
    assert all(value.label and "{" not in value.shown for rows in table.items for value in rows)


async def test_a_paid_order_is_refused_with_its_precondition_before_any_card(
    desk: Desk, query: Query
) -> None:
    reply = await desk.turn("t-1", "charge 25 to order 4412", context=SIGNED_IN)

    assert reply.waiting == [], reply.reply
    assert reply.refusal is not None, reply.reply
    assert (reply.refusal.rule, reply.refusal.sentence) == (
        "order_unpaid",
        "That order is already paid, so there is nothing to charge.",
    )
    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4412'") == [{"n": 1}]


async def test_a_paid_order_s_refusal_reads_well_in_portuguese(desk: Desk) -> None:
    reply = await desk.turn("t-1", "cobrar 25 do pedido 4412", context=SIGNED_IN, language="pt-BR")

    assert reply.refusal is not None, reply.reply
    assert reply.refusal.sentence == "Esse pedido já está pago, então não há o que cobrar."


@pytest.mark.parametrize(
    ("language", "typed", "sentence"),
    [
        ("en", "charge 12 to order 4413", "That order was cancelled, so it can't be charged."),
        (
            "pt-BR",
            "cobrar 12 do pedido 4413",
            "Esse pedido foi cancelado, então não pode ser cobrado.",
        ),
    ],
)
async def test_a_cancelled_order_is_refused_as_cancelled_not_as_paid(
    desk: Desk, language: str, typed: str, sentence: str
) -> None:
    reply = await desk.turn("t-1", typed, context=SIGNED_IN, language=language)

    assert reply.waiting == [], reply.reply
    assert reply.refusal is not None, reply.reply
    assert (reply.refusal.rule, reply.refusal.sentence) == ("order_not_cancelled", sentence)


async def test_an_unknown_order_asks_for_the_order_again(desk: Desk) -> None:
    reply = await desk.turn("t-1", "cobrar 40 do pedido 9999", context=SIGNED_IN, language="pt-BR")

    (pause,) = [shown(w) for w in reply.waiting]
    assert (pause["kind"], pause["argument"]) == ("ask", "order_id")
    assert pause["question"] == (
        "Não encontrei esse pedido entre os seus. "
        "Qual pedido devo cobrar? Informe o número, como 4411."
    )
    assert reply.refusal is None


@pytest.mark.parametrize(
    ("typed", "language", "question"),
    [
        (
            "charge 40 to order abc",
            "en",
            "I can't find that order among yours. "
            "Which order should I charge? Give its number, as 4411.",
        ),
        (
            "cobrar 40 do pedido abc",
            "pt-BR",
            "Não encontrei esse pedido entre os seus. "
            "Qual pedido devo cobrar? Informe o número, como 4411.",
        ),
    ],
)
async def test_an_order_in_letters_is_asked_again_never_put_on_a_card(
    desk: Desk, typed: str, language: str, question: str
) -> None:
    reply = await desk.turn("t-1", typed, context=SIGNED_IN, language=language)

    (pause,) = [shown(w) for w in reply.waiting]
    assert (pause["kind"], pause["argument"], pause["question"]) == ("ask", "order_id", question)
    assert reply.refusal is None
