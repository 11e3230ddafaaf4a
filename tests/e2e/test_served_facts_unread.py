"""A charge whose order could not be looked up still reaches its card, which says so in one plain
sentence in the person's language, at every size and side."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml
from layout import CARD, SIZES, arrived, each_side, read_in, shot, view_as
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, english_on, send

pytestmark = pytest.mark.e2e

TYPED = {"en": "charge 40 to order 4411", "pt-BR": "cobrar 40 do pedido 4411"}
NOTE = {
    "en": "Couldn't look up an order just now, so check it yourself before deciding.",
    "pt-BR": "Não foi possível consultar um pedido agora; "
    "confira por conta própria antes de decidir.",
}


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    """The shop in the language, with a charge too short-lived for its order to be looked up."""

    def change(folder: Path) -> Mapping[str, str]:
        read_in(folder, language)
        agent_file = folder / "agent.yaml"
        agent = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
        agent["tools"]["charge_card"]["timeout"] = 1e-9
        agent_file.write_text(yaml.safe_dump(agent, allow_unicode=True), encoding="utf-8")
        return {}

    return change


@pytest.mark.parametrize("size", list(SIZES))
def test_a_card_whose_order_was_not_read_says_so_and_still_asks(
    chat: Page, served: Server, language: str, artifacts: Path, size: str
) -> None:
    view_as(chat, size, "light")
    send(chat, TYPED[language])
    arrived(chat)

    card = chat.locator(CARD)
    for side in each_side(chat, size):
        expect(card.locator(".facts-note")).to_have_text(NOTE[language])
        expect(card.locator("button[data-decision=approve]")).to_be_visible()
        card.locator(".facts-note").scroll_into_view_if_needed()
        shot(chat, artifacts, f"facts-unread-{size}-{side}-{language}")
        assert english_on(chat, served, language, TYPED[language]) == []
