"""More of the courtesies and sign-offs a request may end with are read past: "whenever you get a
minute", "if at all possible", "bye for now", "era isso, abraço"; a request that waits on an event
("when it's paid") still stays unread."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .helpers import calls


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "reopen 3184 whenever you get a minute, cheers",
            "en",
            ("reopen_order", {"order_id": "3184"}),
        ),
        ("look up order 3184 if at all possible.", "en", ("find_order", {"order_id": "3184"})),
        ("save the receipt for 3184. Bye for now xx", "en", ("save_receipt", {"order_id": "3184"})),
        (
            "refund $12 on ch-3184, have a great weekend!",
            "en",
            ("refund_card", {"amount": 12, "charge_id": "ch-3184"}),
        ),
        ("reabre o pedido 3184. era isso, abraço", "pt-BR", ("reopen_order", {"order_id": "3184"})),
        ("salva o recibo do 3184, tchau!", "pt-BR", ("save_receipt", {"order_id": "3184"})),
        (
            "reopen 3184 and that's me done for the day",
            "en",
            ("reopen_order", {"order_id": "3184"}),
        ),
        ("reabre o 3184 e partiu", "pt-BR", ("reopen_order", {"order_id": "3184"})),
        ("what did order 3184 come to in the end?", "en", ("find_order", {"order_id": "3184"})),
        ("have we had any e-mails since yesterday?", "en", ("read_inbox", {})),
        ("any new messages come in?", "en", ("read_inbox", {})),
        ("chegou email desde ontem?", "pt-BR", ("read_inbox", {})),
    ],
)
def test_a_courtesy_or_sign_off_at_the_end_is_read_past(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("reopen 3184 whenever they pay, bye", "en"),
        ("don't reopen 3184, that's all", "en"),
        ("não reabre o 3184, era isso", "pt-BR"),
    ],
)
def test_a_sign_off_leaves_a_refused_or_awaited_request_unread(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == []
