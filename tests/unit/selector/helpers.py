"""What the selector's tests share: the shop's tools, a fixed day, and plans in one line."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from stalwart_agents.plan import Plan

SHOP_VOCABULARY = Path(__file__).parents[3] / "examples" / "shop" / "vocabulary.yaml"

# The shop's tools with their arguments, as agent.yaml gives them (the card comes from context).
SHOP_TOOLS: dict[str, list[str]] = {
    "find_order": ["order_id"],
    "charge_card": ["amount", "order_id", "card"],
    "read_inbox": [],
    "send_email": ["to", "subject", "body"],
    "cancel_order": ["order_id", "reason"],
    "refund_card": ["charge_id", "amount"],
    "reopen_order": ["order_id"],
    "save_receipt": ["order_id"],
}

# The shop's money arguments and their currency, as agent.yaml declares it (`currency: USD`).
SHOP_CURRENCIES: dict[str, dict[str, str]] = {
    "charge_card": {"amount": "USD"},
    "refund_card": {"amount": "USD"},
}

# The shop's signed-in customer and card, the context a run of the shop reads them from.
SIGNED_IN = {"customer": "c-208", "card": "visa-0019"}

# A fixed day, so dates written without a year read the same every day.
TODAY = dt.date(2026, 4, 10)


def calls(plan: Plan) -> list[tuple[str, dict[str, Any]]]:
    """A plan as (tool, {argument: value}) pairs, for comparing in one line."""
    return [(call.tool, {name: v.value for name, v in call.args.items()}) for call in plan.calls]
