"""A clause that says no to a thing ("esquece o pedido 9315", "forget order 9315") refuses that
thing, not the whole turn: "did you mean" may still offer what the rest of the turn comes close
to, but never a tool that would take the refused thing."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector


@pytest.mark.parametrize(
    ("text", "language", "offered"),
    [
        ("esquece o pedido 9315, olha os e-mails", "pt-BR", "Ler a caixa de entrada"),
        ("forget order 9315, check the inbox", "en", "Read my inbox"),
    ],
)
def test_the_rest_of_the_turn_is_still_offered(
    shop: Selector, text: str, language: str, offered: str
) -> None:
    plan = shop.plan(text, language)
    assert offered in plan.suggestions or [c.tool for c in plan.calls] == ["read_inbox"]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("esquece o pedido 9315, dá uma olhada nele", "pt-BR"),
        ("forget order 9315, look it up", "en"),
        ("forget order 9315, check the inbox and cancel it", "en"),
        ("no, not 9315, cancel it", "en"),
    ],
)
def test_nothing_offered_takes_the_refused_thing(shop: Selector, text: str, language: str) -> None:
    plan = shop.plan(text, language)
    assert not any("9315" in suggestion for suggestion in plan.suggestions)
    assert not any(value.value == "9315" for call in plan.calls for value in call.args.values())
