"""What the shop's card shows before a charge: the order's facts and a preview of the change."""

from __future__ import annotations

from typing import Any

from stalwart_agents.desk import Desk

import context  # isort: skip - importable once .helpers put the shop's folder on the path

SIGNED_IN = context.context(None)


def shown(interrupt: Any) -> dict[str, Any]:
    """A pause as the person is shown it, as plain JSON."""
    return dict(interrupt.model_dump(mode="json"))


async def test_the_order_s_status_and_total_show_on_the_card(desk: Desk) -> None:
    reply = await desk.turn("t-1", "charge 40 to order 4411", context=SIGNED_IN)

    (pause,) = [shown(w) for w in reply.waiting]
    assert [(f["label"], f["shown"]) for f in pause["facts"]] == [
        ("Total", "$40.00"),
        ("Card", "visa-0019"),
        ("Status", "unpaid"),
    ]
    assert all(fact["differs"] is None for fact in pause["facts"])


async def test_the_card_previews_the_order_paid_and_the_amount_on_the_card(desk: Desk) -> None:
    reply = await desk.turn("t-1", "cobrar 40 do pedido 4411", context=SIGNED_IN, language="pt-BR")

    (pause,) = [shown(w) for w in reply.waiting]
    assert [(row["label"], row["before"], row["after"]) for row in pause["preview"]] == [
        ("Pedido 4411", "em aberto", "pago"),
        ("Cartão visa-0019", None, "+US$\xa040,00"),
    ]
    assert pause["preview_note"] is None


async def test_an_amount_other_than_the_total_is_marked_on_its_fact(desk: Desk) -> None:
    reply = await desk.turn("t-1", "cobrar 25 do pedido 4411", context=SIGNED_IN, language="pt-BR")

    (pause,) = [shown(w) for w in reply.waiting]
    total = next(f for f in pause["facts"] if f["name"] == "total")
    assert (total["label"], total["shown"], total["differs"]) == ("Total", "US$\xa040,00", "amount")


async def test_an_amount_that_does_not_pay_the_order_previews_it_staying_unpaid(desk: Desk) -> None:
    reply = await desk.turn("t-1", "charge 25 to order 4411", context=SIGNED_IN)

    (pause,) = [shown(w) for w in reply.waiting]
    assert [(row["label"], row["before"], row["after"]) for row in pause["preview"]] == [
        ("Order 4411", "unpaid", "still unpaid: the amount is not its total"),
    ]
