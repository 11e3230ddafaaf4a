"""Who is signed in, for the shop's tools: what `from: context.customer` and `context.card` read.

A real shop would read its session here. The example has one customer, so every request is
Maria (c-208) paying with her card on file (visa-0019), as in the reference chapter.
"""

from __future__ import annotations

from typing import Any

__all__ = ["context"]


def context(request: Any) -> dict[str, str]:
    """The signed-in customer and their card, for any request (the example has one customer)."""
    return {"customer": "c-208", "card": "visa-0019"}
