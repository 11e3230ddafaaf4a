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
# The shop refuses a charge that is not the order's total, so such a charge changes nothing.
_NOT_PAID: Final = {
    "en": "still unpaid: the amount is not its total",
    "pt-BR": "continua em aberto: o valor não é o total",
}


def charge_preview(amount: float, order_id: str, card: str, customer: str) -> list[dict[str, Any]]:
    """The order going from its status to paid and the amount added to the card, or, for an
    amount other than its total, the order as it stays."""
    with closing(sqlite3.connect(f"file:{db_path()}?mode=ro", uri=True)) as db:
        row = db.execute(
            "SELECT status, total_cents FROM orders WHERE id = ? AND customer = ?",
            (order_id, customer),
        ).fetchone()
    if row is None:
        raise LookupError(f"customer {customer} has no order {order_id}")
    status, total_cents = row
    label = {"en": f"Order {order_id}", "pt-BR": f"Pedido {order_id}"}
    before = _STATUS.get(status, {"en": status})
    if round(amount * 100) != total_cents:
        return [{"label": label, "before": before, "after": _NOT_PAID}]
    return [
        {"label": label, "before": before, "after": _STATUS["paid"]},
        {"label": {"en": f"Card {card}", "pt-BR": f"Cartão {card}"}, "after": amount},
    ]
