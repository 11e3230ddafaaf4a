"""What a charge will change, shown on its card before a person answers: a dry run.

It opens the shop's database read-only, so it cannot write even by mistake; the engine calls it
with exactly the arguments the card shows.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import Any, Final

from shop import db_path

__all__ = ["charge_preview"]

_STATUS: Final = {
    "unpaid": {"en": "unpaid", "pt-BR": "em aberto"},
    "paid": {"en": "paid", "pt-BR": "pago"},
    "cancelled": {"en": "cancelled", "pt-BR": "cancelado"},
}


def charge_preview(amount: float, order_id: str, card: str, customer: str) -> list[dict[str, Any]]:
    """The order going from its status to paid, and the amount added to the card."""
    with closing(sqlite3.connect(f"file:{db_path()}?mode=ro", uri=True)) as db:
        row = db.execute(
            "SELECT status FROM orders WHERE id = ? AND customer = ?", (order_id, customer)
        ).fetchone()
    if row is None:
        raise LookupError(f"customer {customer} has no order {order_id}")
    status = row[0]
    return [
        {
            "label": {"en": f"Order {order_id}", "pt-BR": f"Pedido {order_id}"},
            "before": _STATUS.get(status, {"en": status}),
            "after": _STATUS["paid"],
        },
        {"label": {"en": f"Card {card}", "pt-BR": f"Cartão {card}"}, "after": amount},
    ]
