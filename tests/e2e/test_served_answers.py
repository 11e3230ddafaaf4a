"""Each answer a person gives on the served page, carried out by `stalwart serve` on the shop."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from served import Server, answer, replies, send, shown_arguments, wait_closed, waiting

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]


def test_approve_runs_the_charge_shown_once(chat: Page, served: Server, strings: Strings) -> None:
    en = strings["en"]
    send(chat, "charge 40 to order 4411")
    card = waiting(chat)
    expect(card).to_have_count(1)
    expect(card.locator("[part=wording]")).to_have_text("Charge $40.00 to order 4411?")
    # Each argument by its label, with its value as the person's language writes it.
    assert shown_arguments(card) == {
        "Amount": f"$40.00 ({en['origin_typed']})",
        "Order": f"4411 ({en['origin_typed']})",
        "Card": f"visa-0019 ({en['origin_context']})",
        "Customer": f"c-208 ({en['origin_context']})",
    }

    answer(card, "approve")

    expect(replies(chat).last).to_contain_text("ch-4411")
    expect(waiting(chat)).to_have_count(0)
    assert served.shop.charges("4411") == [
        {"id": "ch-4411", "amount_cents": 4000, "card": "visa-0019"}
    ]
    assert served.shop.order_status("4411") == "paid"


def test_skip_leaves_the_order_unpaid(chat: Page, served: Server) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order}")

    answer(waiting(chat), "skip")

    expect(replies(chat).last).to_contain_text("Skipped: Charge an order")
    expect(waiting(chat)).to_have_count(0)
    assert served.shop.charges(order) == []
    assert served.shop.order_status(order) == "unpaid"


def test_cancel_all_undoes_the_charge_and_shows_the_rollback(
    chat: Page, served: Server, strings: Strings
) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, f"charge 40 to order {order} and then refund 10 from charge ch-4412")
    expect(waiting(chat).locator("[part=wording]")).to_have_text(f"Charge $40.00 to order {order}?")
    answer(waiting(chat), "approve")
    expect(waiting(chat).locator("[part=wording]")).to_have_text("Refund $10.00 of charge ch-4412?")

    answer(waiting(chat), "cancel_all")

    undone = chat.locator("stalwart-chat [part=log] stalwart-rollback li.undone")
    expect(undone).to_have_text(
        f"Charge $40.00 to order {order} — {strings['en']['undone']}: "
        f"Refund $40.00 of charge ch-{order}"
    )
    assert [charge["amount_cents"] for charge in served.shop.charges(order)] == [4000]
    assert [refund["amount_cents"] for refund in served.shop.refunds(order)] == [4000]
    assert served.shop.order_status(order) == "unpaid"
    assert served.shop.rows("SELECT * FROM refunds WHERE charge = 'ch-4412'") == []


def test_a_missing_argument_is_asked_and_the_typed_answer_is_used(
    chat: Page, served: Server, strings: Strings
) -> None:
    order = served.shop.unpaid_order(4000)
    send(chat, "charge 40")
    question = waiting(chat)
    expect(question.locator("[part=wording]")).to_have_text(
        "Which order should I charge? Give its number, as 4411."
    )

    question.locator("input").fill(order)
    asked = question.element_handle()
    question.locator("button[type=submit]").click()
    wait_closed(chat, asked)

    confirm = waiting(chat)
    expect(confirm.locator("[part=wording]")).to_have_text(f"Charge $40.00 to order {order}?")
    assert shown_arguments(confirm)["Order"] == f"{order} ({strings['en']['origin_reply']})"
    answer(confirm, "approve")
    expect(replies(chat).last).to_contain_text(f"ch-{order}")
    assert len(served.shop.charges(order)) == 1


def test_a_lost_answer_of_an_idempotent_charge_is_sent_again_without_asking(
    chat: Page, served: Server
) -> None:
    order = served.shop.unpaid_order(4000)
    served.shop.switch("lose-next-answer", True)
    send(chat, f"charge 40 to order {order}")

    answer(waiting(chat), "approve")

    expect(replies(chat).last).to_contain_text(f"ch-{order}")
    expect(waiting(chat)).to_have_count(0)
    assert len(served.shop.charges(order)) == 1


def test_a_refusal_names_its_rule_on_which_rule(
    chat: Page, served: Server, strings: Strings
) -> None:
    send(chat, "refund 500 from charge ch-4412")

    refusal = chat.locator("stalwart-chat [part=log] stalwart-decision")
    expect(refusal.locator(".sentence")).to_have_text(
        "Refunds above $200.00 are made by our billing team, not by this assistant."
    )
    expect(refusal.locator("[part=rule] code")).to_be_hidden()
    refusal.locator("[part=rule] summary").click()
    expect(refusal.locator("[part=rule] summary")).to_have_text(strings["en"]["showRule"])
    expect(refusal.locator("[part=rule] code")).to_have_text("refund-limit")
    expect(refusal.locator("[part=contact]")).to_contain_text("billing@shop.example")
    assert served.shop.rows("SELECT * FROM refunds WHERE charge = 'ch-4412'") == []


def test_declining_a_delegation_says_it_could_not_help(
    chat: Page, served: Server, strings: Strings
) -> None:
    send(chat, "what is the weather like tomorrow")
    delegate = waiting(chat)
    expect(delegate.locator("[part=wording]")).to_have_text(strings["en"]["delegateTitle"])
    expect(delegate.locator("[part=turn]")).to_have_text("“what is the weather like tomorrow”")

    answer(delegate, "decline")

    expect(replies(chat).last).to_have_text("I can't help with that.")
    expect(waiting(chat)).to_have_count(0)


def test_without_a_model_key_the_card_offers_no_answer_that_leads_nowhere(
    chat: Page, strings: Strings
) -> None:
    send(chat, "what is the weather like tomorrow")

    card = waiting(chat)
    expect(card.locator(".model-key input[type=password]")).to_be_visible()
    expect(card.locator("[data-decision]")).to_have_text([strings["en"]["decline"]])
