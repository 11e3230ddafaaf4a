"""The shop team's own step: closing out an order charges it and emails the receipt side by side.

A turn such as "charge 40 to order 4411 and email maria@example.com about your receipt saying
it is paid" plans a charge and an email that need nothing from each other, so this step makes
both calls at once: the run then waits on two confirmations, each answered by its own id. Every
other turn runs as the built-in step runs it, its calls in order, each to its end.
"""

from __future__ import annotations

from typing import Any, Final

from stalwart_agents.engine import Run, Turn, plan_step
from stalwart_agents.errors import CallSkipped
from stalwart_agents.plan import Value

__all__ = ["close_out_order"]

_CLOSED: Final = {
    "en": "Order {order} is paid, and its receipt went to {to}.",
    "pt-BR": "O pedido {order} está pago, e o recibo foi enviado para {to}.",
}


async def close_out_order(run: Run, turn: Turn) -> str | None:
    """Charge and email at once when the turn asks for exactly those two; else the plan in order."""
    by_tool = {call.tool: call for call in turn.plan.calls}
    if len(turn.plan.calls) != 2 or set(by_tool) != {"charge_card", "send_email"}:
        return await plan_step(run, turn)
    charged, sent = await run.gather(
        run.call("charge_card", **by_tool["charge_card"].args),
        run.call("send_email", **by_tool["send_email"].args),
        return_exceptions=True,
    )
    for outcome in (charged, sent):
        # A skipped call leaves the other standing; a refusal or a failure ends the run.
        if isinstance(outcome, BaseException) and not isinstance(outcome, CallSkipped):
            raise outcome
    if isinstance(charged, Value) and isinstance(sent, Value):
        return _closed(turn.language, charged.value, sent.value)
    return None


def _closed(language: str, charge: dict[str, Any], email: dict[str, Any]) -> str:
    return _CLOSED.get(language, _CLOSED["en"]).format(order=charge["order_id"], to=email["to"])
