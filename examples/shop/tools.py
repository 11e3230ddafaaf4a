"""The shop agent's tools: real reads and writes on the shop's database, some sync, some async.

Each tool raises ShopError with a sentence for the person when the shop cannot do what it was
asked, in the run's language (a tool with a `language` parameter is told it); an order the
customer does not have is a NoSuchOrder, also a NotFound, so charge_card's facts found nothing.
agent.yaml says which tools write, which undo which, and which cannot be undone. A write
raises OutcomeUnknown after it went through when the shop's lose_next_answer switch is on, as a
timeout after sending would.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

from shop import (
    ShopError,
    admin_url,
    amount_of,
    cents,
    refunds_fail,
    take_lost_answer,
    total_text,
    transaction,
)

from stalwart_agents.errors import NotFound, OutcomeUnknown
from stalwart_agents.files import Files

__all__ = [
    "cancel_order",
    "charge_card",
    "find_order",
    "read_inbox",
    "refund_card",
    "reopen_order",
    "save_receipt",
    "send_email",
]

_ADDRESS: Final = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
# What the tools say (why the shop cannot do it, what they cite), in each language it speaks.
_SENTENCES: Final = {
    "en": {
        "no_card": "Customer {customer} has no card {card}.",
        "not_chargeable": "Order {order} is {status}: only an unpaid order can be charged.",
        "wrong_total": "Order {order} totals {total}, so a charge of {amount} does not pay it.",
        "refunds_fail": (
            "The card network did not answer, so nothing was refunded "
            "(the shop's fail_refunds setting is on)."
        ),
        "no_charge": "Customer {customer} has no charge {charge}.",
        "refunded": "Charge {charge} is already refunded in full.",
        "too_much": "Charge {charge} has {left} left to refund, less than {amount}.",
        "cancelled": "Order {order} is already cancelled.",
        "paid": "Order {order} is paid: refund its charge before cancelling it.",
        "no_address": "{to} is not an email address.",
        "empty_email": "An email needs a subject and a body.",
        "not_cancelled": "Order {order} is {status}, not cancelled.",
        "no_order": "Customer {customer} has no order {order}.",
        "lost": (
            "The shop's answer was lost after the request went out, so nobody knows whether it "
            "went through (the shop's lose_next_answer setting was on)."
        ),
        "admin_page": "Order {order} in the shop's admin",
        "no_receipt": "Order {order} is {status}: only a paid order has a receipt.",
        "receipt_name": "Receipt for order {order}.txt",
        "receipt": (
            "Shop receipt\n\nOrder: {order}\nCustomer: {name} ({customer})\n"
            "Charge: {charge}, {amount} to card {card}\nCharged at: {at} UTC\n"
            "Refunded: {refunded}\nPaid in all: {paid}\n"
        ),
    },
    "pt-BR": {
        "no_card": "O cliente {customer} não tem o cartão {card}.",
        "not_chargeable": (
            "O pedido {order} está {status}: só um pedido em aberto pode ser cobrado."
        ),
        "wrong_total": "O pedido {order} soma {total}, então uma cobrança de {amount} não o paga.",
        "refunds_fail": (
            "A rede do cartão não respondeu, então nada foi reembolsado "
            "(a opção fail_refunds da loja está ligada)."
        ),
        "no_charge": "O cliente {customer} não tem a cobrança {charge}.",
        "refunded": "A cobrança {charge} já foi reembolsada por inteiro.",
        "too_much": "A cobrança {charge} tem {left} para reembolsar, menos que {amount}.",
        "cancelled": "O pedido {order} já está cancelado.",
        "paid": "O pedido {order} está pago: reembolse a cobrança antes de cancelá-lo.",
        "no_address": "{to} não é um endereço de e-mail.",
        "empty_email": "Um e-mail precisa de assunto e de texto.",
        "not_cancelled": "O pedido {order} está {status}, não cancelado.",
        "no_order": "O cliente {customer} não tem o pedido {order}.",
        "lost": (
            "A resposta da loja se perdeu depois que o pedido saiu, então ninguém sabe se ele "
            "foi feito (a opção lose_next_answer da loja estava ligada)."
        ),
        "admin_page": "Pedido {order} no painel da loja",
        "no_receipt": "O pedido {order} está {status}: só um pedido pago tem recibo.",
        "receipt_name": "Recibo do pedido {order}.txt",
        "receipt": (
            "Recibo da loja\n\nPedido: {order}\nCliente: {name} ({customer})\n"
            "Cobrança: {charge}, {amount} no cartão {card}\nCobrado em: {at} UTC\n"
            "Reembolsado: {refunded}\nPago no total: {paid}\n"
        ),
    },
}
_STATUS: Final = {"pt-BR": {"unpaid": "em aberto", "paid": "pago", "cancelled": "cancelado"}}


def _said(language: str, key: str, **values: Any) -> str:
    """The shop's sentence in the run's language (English where it has none)."""
    table = _SENTENCES.get(language, _SENTENCES["en"])
    words = _STATUS.get(language, {})
    if "status" in values:
        values["status"] = words.get(values["status"], values["status"])
    return table[key].format(**values)


def _refusal(language: str, key: str, **values: Any) -> ShopError:
    """What a tool raises when the shop cannot do it: the sentence the person reads."""
    return ShopError(_said(language, key, **values))


class NoSuchOrder(ShopError, NotFound):
    """An order the customer does not have: as NotFound, the card's fact read found nothing."""


def _money(cents_: int, language: str) -> str:
    """A price as the language writes it: 40.00, or 40,00 in pt-BR."""
    text = total_text(cents_)
    return text.replace(".", ",") if language == "pt-BR" else text


def _price(cents_: int, language: str) -> str:
    """A price with its currency, as a receipt shows it: $40.00, or US$ 40,00 in pt-BR."""
    return f"US$ {_money(cents_, language)}" if language == "pt-BR" else f"${total_text(cents_)}"


@contextmanager
def _write(language: str) -> Iterator[sqlite3.Connection]:
    """A write's transaction; when its answer is to be lost, it commits first, then says so."""
    with transaction() as db:
        lost = take_lost_answer(db)
        yield db
    if lost:
        raise OutcomeUnknown(_said(language, "lost"))


def find_order(order_id: str, customer: str, language: str = "en") -> dict[str, Any]:
    """One of the customer's orders, with the card it is (or would be) charged to.

    Its `sources` (agent.yaml's `shows:`) link the order in the shop's admin, so the reply
    cites where it read the order.
    """
    order_id = order_number(order_id)
    with transaction() as db:
        order = _own_order(db, order_id, customer, language)
        charged = db.execute(
            "SELECT card FROM charges WHERE order_id = ? ORDER BY created DESC LIMIT 1",
            (order_id,),
        ).fetchone()
        if order["status"] == "paid" and charged is not None:
            card = charged["card"]
        else:
            card = _default_card(db, customer)
        return {
            "card": card,
            "customer": order["customer"],
            "order_id": order["id"],
            "status": order["status"],
            "total": total_text(order["total_cents"]),
            "sources": [
                {
                    "title": _said(language, "admin_page", order=order["id"]),
                    "url": admin_url(order["id"]),
                }
            ],
        }


def charge_card(
    amount: float,
    order_id: str,
    card: str,
    customer: str,
    idempotency_key: str | None = None,
    language: str = "en",
) -> dict[str, Any]:
    """Charge an unpaid order's total to the customer's card; the same key never charges twice."""
    amount_cents, order_id = cents(amount), order_number(order_id)
    with _write(language) as db:
        if idempotency_key is not None:
            earlier = db.execute(
                "SELECT * FROM charges WHERE idempotency_key = ?", (idempotency_key,)
            ).fetchone()
            if earlier is not None:
                return _charge(earlier)
        order = _own_order(db, order_id, customer, language)
        owner = db.execute("SELECT customer FROM cards WHERE id = ?", (card,)).fetchone()
        if owner is None or owner["customer"] != customer:
            raise _refusal(language, "no_card", customer=customer, card=card)
        if order["status"] != "unpaid":
            raise _refusal(language, "not_chargeable", order=order_id, status=order["status"])
        if amount_cents != order["total_cents"]:
            raise _refusal(
                language,
                "wrong_total",
                order=order_id,
                total=_money(order["total_cents"], language),
                amount=_money(amount_cents, language),
            )
        charge_id = _free_id(db, "charges", f"ch-{order_id}")
        db.execute(
            "INSERT INTO charges (id, order_id, card, customer, amount_cents, idempotency_key)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (charge_id, order_id, card, customer, amount_cents, idempotency_key),
        )
        db.execute("UPDATE orders SET status = 'paid' WHERE id = ?", (order_id,))
        return _charge(db.execute("SELECT * FROM charges WHERE id = ?", (charge_id,)).fetchone())


def refund_card(
    charge_id: str,
    amount: float,
    customer: str,
    idempotency_key: str | None = None,
    language: str = "en",
) -> dict[str, Any]:
    """Give back part or all of a customer's charge; all of it leaves the order unpaid again."""
    amount_cents = cents(amount)
    with _write(language) as db:
        if refunds_fail(db):
            raise _refusal(language, "refunds_fail")
        if idempotency_key is not None:
            earlier = db.execute(
                "SELECT * FROM refunds WHERE idempotency_key = ?", (idempotency_key,)
            ).fetchone()
            if earlier is not None:
                return _refund(db, earlier)
        charge = db.execute(
            "SELECT * FROM charges WHERE id = ? AND customer = ?", (charge_id, customer)
        ).fetchone()
        if charge is None:
            raise _refusal(language, "no_charge", customer=customer, charge=charge_id)
        left = charge["amount_cents"] - _refunded(db, charge_id)
        if left == 0:
            raise _refusal(language, "refunded", charge=charge_id)
        if amount_cents > left:
            raise _refusal(
                language,
                "too_much",
                charge=charge_id,
                left=_money(left, language),
                amount=_money(amount_cents, language),
            )
        refund_id = _free_id(db, "refunds", f"rf-{charge_id.removeprefix('ch-')}")
        db.execute(
            "INSERT INTO refunds (id, charge, amount_cents, idempotency_key) VALUES (?, ?, ?, ?)",
            (refund_id, charge_id, amount_cents, idempotency_key),
        )
        if amount_cents == left:
            db.execute(
                "UPDATE orders SET status = 'unpaid' WHERE id = ? AND status = 'paid'",
                (charge["order_id"],),
            )
        return _refund(
            db, db.execute("SELECT * FROM refunds WHERE id = ?", (refund_id,)).fetchone()
        )


def save_receipt(
    order_id: str, customer: str, files: Files, language: str = "en"
) -> dict[str, Any]:
    """Save a paid order's receipt as a text file on this computer, for the files panel."""
    order_id = order_number(order_id)
    with transaction() as db:
        order = _own_order(db, order_id, customer, language)
        if order["status"] != "paid":
            raise _refusal(language, "no_receipt", order=order_id, status=order["status"])
        charge = db.execute(
            "SELECT * FROM charges WHERE order_id = ? ORDER BY created DESC LIMIT 1", (order_id,)
        ).fetchone()
        person = db.execute("SELECT name FROM customers WHERE id = ?", (customer,)).fetchone()
        refunded = _refunded(db, charge["id"])
    name = _said(language, "receipt_name", order=order_id)
    receipt = _said(
        language,
        "receipt",
        order=order_id,
        name=person["name"],
        customer=customer,
        charge=charge["id"],
        amount=_price(charge["amount_cents"], language),
        card=charge["card"],
        at=charge["created"][:16].replace("T", " "),
        refunded=_price(refunded, language),
        paid=_price(charge["amount_cents"] - refunded, language),
    )
    saved = files.save(name, receipt.encode("utf-8"), "text/plain")
    return {"order_id": order_id, "receipt": saved.name, "size": saved.size}


async def read_inbox() -> list[dict[str, str]]:
    """The shop's inbox, newest first: mail anyone can write, so what it says is untrusted."""
    return await asyncio.to_thread(_read_inbox)


async def send_email(to: str, subject: str, body: str, language: str = "en") -> dict[str, Any]:
    """Send an email from the shop; once sent, nothing can take it back."""
    return await asyncio.to_thread(_send_email, to, subject, body, language)


def cancel_order(
    order_id: str, customer: str, reason: str | None = None, language: str = "en"
) -> dict[str, Any]:
    """Cancel one of the customer's unpaid orders; a paid one is refunded first."""
    order_id = order_number(order_id)
    with _write(language) as db:
        order = _own_order(db, order_id, customer, language)
        if order["status"] == "cancelled":
            raise _refusal(language, "cancelled", order=order_id)
        if order["status"] == "paid":
            raise _refusal(language, "paid", order=order_id)
        db.execute(
            "UPDATE orders SET status = 'cancelled', cancel_reason = ? WHERE id = ?",
            (reason, order_id),
        )
        return {"order_id": order_id, "status": "cancelled", "reason": reason}


async def reopen_order(order_id: str, customer: str, language: str = "en") -> dict[str, str]:
    """Take back a cancellation of one of the customer's orders: it is unpaid again."""
    return await asyncio.to_thread(_reopen_order, order_id, customer, language)


def _read_inbox() -> list[dict[str, str]]:
    with transaction() as db:
        rows = db.execute("SELECT * FROM inbox ORDER BY received DESC, id DESC").fetchall()
        return [
            {
                "id": row["id"],
                "from": row["sender"],
                "subject": row["subject"],
                "body": row["body"],
                "received": row["received"],
            }
            for row in rows
        ]


def _send_email(to: str, subject: str, body: str, language: str) -> dict[str, Any]:
    if not _ADDRESS.match(to.strip()):
        raise _refusal(language, "no_address", to=repr(to))
    if not subject.strip() or not body.strip():
        raise _refusal(language, "empty_email")
    with _write(language) as db:
        cursor = db.execute(
            "INSERT INTO emails_sent (recipient, subject, body) VALUES (?, ?, ?)",
            (to.strip(), subject.strip(), body.strip()),
        )
        return {"email_id": cursor.lastrowid, "to": to.strip(), "subject": subject.strip()}


def _reopen_order(order_id: str, customer: str, language: str) -> dict[str, str]:
    order_id = order_number(order_id)
    with _write(language) as db:
        order = _own_order(db, order_id, customer, language)
        if order["status"] != "cancelled":
            raise _refusal(language, "not_cancelled", order=order_id, status=order["status"])
        db.execute(
            "UPDATE orders SET status = 'unpaid', cancel_reason = NULL WHERE id = ?", (order_id,)
        )
        return {"order_id": order_id, "status": "unpaid"}


# An order's number as people and models write it: "#4411", "order 4411", "pedido nº 4411".
_ORDER_NUMBER = re.compile(r"(?:(?:order|pedido)\s*)?(?:#|n[º°o]\.?\s*)?\s*(\d+)", re.IGNORECASE)


def order_number(written: str) -> str:
    """The order id in what was written, so "#4411" finds order 4411; anything else as it is."""
    found = _ORDER_NUMBER.fullmatch(written.strip())
    return found.group(1) if found else written


def _own_order(db: sqlite3.Connection, order_id: str, customer: str, language: str) -> sqlite3.Row:
    """The order, when it is the customer's; another's is as absent as one that never was."""
    order: sqlite3.Row | None = db.execute(
        "SELECT * FROM orders WHERE id = ? AND customer = ?", (order_id, customer)
    ).fetchone()
    if order is None:
        raise NoSuchOrder(_said(language, "no_order", customer=customer, order=order_id))
    return order


def _default_card(db: sqlite3.Connection, customer: str) -> str | None:
    row = db.execute(
        "SELECT id FROM cards WHERE customer = ? ORDER BY is_default DESC, id LIMIT 1", (customer,)
    ).fetchone()
    return None if row is None else str(row["id"])


def _refunded(db: sqlite3.Connection, charge_id: str) -> int:
    row = db.execute(
        "SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM refunds WHERE charge = ?",
        (charge_id,),
    ).fetchone()
    return int(row["cents"])


def _free_id(db: sqlite3.Connection, table: str, base: str) -> str:
    """`base`, or `base-2`, `base-3`… when an earlier row took it (an order charged again)."""
    taken = {row[0] for row in db.execute(f"SELECT id FROM {table} WHERE id LIKE ?", (f"{base}%",))}
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def _charge(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "amount": amount_of(row["amount_cents"]),
        "charge_id": row["id"],
        "order_id": row["order_id"],
    }


def _refund(db: sqlite3.Connection, row: sqlite3.Row) -> dict[str, Any]:
    charge = db.execute("SELECT * FROM charges WHERE id = ?", (row["charge"],)).fetchone()
    order = db.execute("SELECT status FROM orders WHERE id = ?", (charge["order_id"],)).fetchone()
    return {
        "amount": amount_of(row["amount_cents"]),
        "charge_id": charge["id"],
        "order_id": charge["order_id"],
        "order_status": order["status"],
        "refund_id": row["id"],
        "refunded": amount_of(_refunded(db, charge["id"])),
    }
