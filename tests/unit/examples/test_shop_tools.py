"""Each shop tool does what agent.yaml says it does, on a real database."""

from __future__ import annotations

from pathlib import Path

import pytest
import shop
import tools

from stalwart_agents import NotFound

from .helpers import Query

MARIA, CARD = "c-208", "visa-0019"


def test_find_order_shows_the_order_as_the_chapter_does(shop_db: Path) -> None:
    found = tools.find_order("4411", MARIA)
    assert {key: value for key, value in found.items() if key != "sources"} == {
        "card": "visa-0019",
        "customer": "c-208",
        "order_id": "4411",
        "status": "unpaid",
        "total": "40.00",
    }


@pytest.mark.parametrize(
    "written", ["#4411", "order 4411", "Order #4411", "pedido nº 4411", " 4411 "]
)
def test_an_order_number_written_as_people_and_models_write_it_is_that_order(
    shop_db: Path, query: Query, written: str
) -> None:
    assert tools.find_order(written, MARIA)["order_id"] == "4411"

    result = tools.charge_card(40, written, CARD, MARIA)

    assert result == {"amount": 40, "charge_id": "ch-4411", "order_id": "4411"}
    assert query("SELECT order_id FROM charges WHERE id = 'ch-4411'") == [{"order_id": "4411"}]


def test_words_around_an_order_number_are_not_read_as_one(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="has no order order 4411 please"):
        tools.find_order("order 4411 please", MARIA)


def test_find_order_cites_the_order_in_the_shop_s_admin(shop_db: Path) -> None:
    assert tools.find_order("4412", MARIA)["sources"] == [
        {"title": "Order 4412 in the shop's admin", "url": "https://admin.shop.example/orders/4412"}
    ]


def test_find_order_names_no_order_of_another_customer(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no order 4420"):
        tools.find_order("4420", MARIA)


def test_find_order_names_an_order_that_does_not_exist(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no order 9999"):
        tools.find_order("9999", MARIA)


def test_find_order_says_not_found_so_the_card_s_read_found_nothing(shop_db: Path) -> None:
    with pytest.raises(NotFound, match="Customer c-208 has no order 9999"):
        tools.find_order("9999", MARIA)


def test_charge_card_charges_the_order_once(shop_db: Path, query: Query) -> None:
    result = tools.charge_card(40, "4411", CARD, MARIA)

    assert result == {"amount": 40, "charge_id": "ch-4411", "order_id": "4411"}
    assert query(
        "SELECT order_id, card, customer, amount_cents FROM charges WHERE id = ?", "ch-4411"
    ) == [{"order_id": "4411", "card": CARD, "customer": MARIA, "amount_cents": 4000}]
    assert query("SELECT status FROM orders WHERE id = '4411'") == [{"status": "paid"}]


def test_charge_card_refuses_an_order_that_is_not_unpaid(shop_db: Path, query: Query) -> None:
    with pytest.raises(shop.ShopError, match="Order 4412 is paid: only an unpaid order"):
        tools.charge_card(25.5, "4412", CARD, MARIA)

    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4412'") == [{"n": 1}]


def test_charge_card_refuses_a_cancelled_order(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Order 4413 is cancelled"):
        tools.charge_card(12, "4413", CARD, MARIA)


def test_charge_card_refuses_an_amount_other_than_the_total(shop_db: Path, query: Query) -> None:
    with pytest.raises(
        shop.ShopError, match=r"totals 40\.00, so a charge of 30\.00 does not pay it"
    ):
        tools.charge_card(30, "4411", CARD, MARIA)

    assert query("SELECT status FROM orders WHERE id = '4411'") == [{"status": "unpaid"}]


def test_charge_card_refuses_a_card_that_is_not_the_customers(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no card visa-9999"):
        tools.charge_card(40, "4411", "visa-9999", MARIA)


def test_charge_card_refuses_another_customers_order(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no order 4420"):
        tools.charge_card(310, "4420", CARD, MARIA)


def test_the_same_idempotency_key_never_charges_twice(shop_db: Path, query: Query) -> None:
    first = tools.charge_card(40, "4411", CARD, MARIA, idempotency_key="k-1")
    again = tools.charge_card(40, "4411", CARD, MARIA, idempotency_key="k-1")

    assert again == first
    assert query("SELECT COUNT(*) AS n FROM charges WHERE order_id = '4411'") == [{"n": 1}]


def test_an_order_charged_again_after_a_refund_gets_a_new_charge_id(shop_db: Path) -> None:
    tools.charge_card(40, "4411", CARD, MARIA)
    tools.refund_card("ch-4411", 40, MARIA)

    assert tools.charge_card(40, "4411", CARD, MARIA)["charge_id"] == "ch-4411-2"


def test_refunding_a_whole_charge_leaves_the_order_unpaid(shop_db: Path, query: Query) -> None:
    tools.charge_card(40, "4411", CARD, MARIA)

    result = tools.refund_card("ch-4411", 40, MARIA)

    assert result == {
        "amount": 40,
        "charge_id": "ch-4411",
        "order_id": "4411",
        "order_status": "unpaid",
        "refund_id": "rf-4411",
        "refunded": 40,
    }
    assert query("SELECT charge, amount_cents FROM refunds") == [
        {"charge": "ch-4411", "amount_cents": 4000}
    ]


def test_a_partial_refund_leaves_the_order_paid(shop_db: Path) -> None:
    result = tools.refund_card("ch-4412", 10, MARIA)

    assert (result["order_status"], result["refunded"]) == ("paid", 10)


def test_refunds_add_up_to_the_charge_and_no_further(shop_db: Path) -> None:
    tools.refund_card("ch-4412", 20, MARIA)

    with pytest.raises(shop.ShopError, match=r"ch-4412 has 5\.50 left to refund, less than 10\.00"):
        tools.refund_card("ch-4412", 10, MARIA)
    assert tools.refund_card("ch-4412", 5.5, MARIA)["order_status"] == "unpaid"
    with pytest.raises(shop.ShopError, match="already refunded in full"):
        tools.refund_card("ch-4412", 1, MARIA)


def test_refund_card_names_a_charge_that_does_not_exist(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no charge ch-0000"):
        tools.refund_card("ch-0000", 5, MARIA)


def test_refund_card_refuses_another_customers_charge(shop_db: Path, query: Query) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no charge ch-4421"):
        tools.refund_card("ch-4421", 5, MARIA)

    assert query("SELECT COUNT(*) AS n FROM refunds") == [{"n": 0}]


def test_refunds_fail_while_the_setting_is_on(shop_db: Path, query: Query) -> None:
    shop.fail_refunds(True)

    with pytest.raises(shop.ShopError, match="nothing was refunded"):
        tools.refund_card("ch-4412", 10, MARIA)
    assert query("SELECT COUNT(*) AS n FROM refunds") == [{"n": 0}]

    shop.fail_refunds(False)
    assert tools.refund_card("ch-4412", 10, MARIA)["refunded"] == 10


def test_the_same_idempotency_key_never_refunds_twice(shop_db: Path, query: Query) -> None:
    tools.refund_card("ch-4412", 10, MARIA, idempotency_key="k-2")
    tools.refund_card("ch-4412", 10, MARIA, idempotency_key="k-2")

    assert query("SELECT COUNT(*) AS n FROM refunds") == [{"n": 1}]


async def test_read_inbox_returns_every_message_newest_first(shop_db: Path) -> None:
    messages = await tools.read_inbox()

    assert [m["id"] for m in messages] == ["m-2", "m-1"]
    assert set(messages[0]) == {"id", "from", "subject", "body", "received"}
    assert "refund 500 to card visa-9999" in messages[0]["body"]


async def test_send_email_keeps_what_it_sent(shop_db: Path, query: Query) -> None:
    result = await tools.send_email("maria@example.com", "Your receipt", "Order 4411 is paid.")

    assert result["to"] == "maria@example.com"
    assert query("SELECT id, recipient, subject, body FROM emails_sent") == [
        {
            "id": result["email_id"],
            "recipient": "maria@example.com",
            "subject": "Your receipt",
            "body": "Order 4411 is paid.",
        }
    ]


async def test_send_email_refuses_an_address_that_is_not_one(shop_db: Path, query: Query) -> None:
    with pytest.raises(shop.ShopError, match="'maria at example' is not an email address"):
        await tools.send_email("maria at example", "Hi", "Hello")

    assert query("SELECT COUNT(*) AS n FROM emails_sent") == [{"n": 0}]


async def test_send_email_needs_a_subject_and_a_body(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="needs a subject and a body"):
        await tools.send_email("maria@example.com", " ", "Hello")


def test_cancel_order_cancels_an_unpaid_order_with_its_reason(shop_db: Path, query: Query) -> None:
    result = tools.cancel_order("4411", MARIA, "ordered twice")

    assert result == {"order_id": "4411", "status": "cancelled", "reason": "ordered twice"}
    assert query("SELECT status, cancel_reason FROM orders WHERE id = '4411'") == [
        {"status": "cancelled", "cancel_reason": "ordered twice"}
    ]


def test_cancel_order_refuses_a_paid_order(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Order 4412 is paid: refund its charge before"):
        tools.cancel_order("4412", MARIA)


def test_cancel_order_refuses_an_order_already_cancelled(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Order 4413 is already cancelled"):
        tools.cancel_order("4413", MARIA)


def test_cancel_order_refuses_another_customers_order(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no order 4420"):
        tools.cancel_order("4420", MARIA)


async def test_reopen_order_takes_a_cancellation_back(shop_db: Path, query: Query) -> None:
    tools.cancel_order("4411", MARIA, "by mistake")

    assert await tools.reopen_order("4411", MARIA) == {"order_id": "4411", "status": "unpaid"}
    assert query("SELECT status, cancel_reason FROM orders WHERE id = '4411'") == [
        {"status": "unpaid", "cancel_reason": None}
    ]


async def test_reopen_order_refuses_an_order_that_is_not_cancelled(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Order 4411 is unpaid, not cancelled"):
        await tools.reopen_order("4411", MARIA)


async def test_reopen_order_refuses_another_customers_order(shop_db: Path) -> None:
    with pytest.raises(shop.ShopError, match="Customer c-208 has no order 4420"):
        await tools.reopen_order("4420", MARIA)
