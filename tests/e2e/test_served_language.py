"""The served page of a bot that reads Brazilian Portuguese: its words, and a turn read in pt-BR."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, answer, replies, send, shown_arguments, waiting

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def shop_changes() -> ShopChanges:
    """The copy's vocabulary reads pt-BR, so /config.json names pt-BR and the page follows it."""

    def change(folder: Path) -> Mapping[str, str]:
        vocabulary_file = folder / "vocabulary.yaml"
        vocabulary = yaml.safe_load(vocabulary_file.read_text(encoding="utf-8"))
        vocabulary["settings"]["language"] = "pt-BR"
        vocabulary_file.write_text(
            yaml.safe_dump(vocabulary, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )
        return {}

    return change


def test_the_page_speaks_the_bots_language(chat: Page, strings: Strings) -> None:
    pt = strings["pt-BR"]
    expect(chat.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(chat.locator("stalwart-chat [part=composer] textarea")).to_have_attribute(
        "placeholder", pt["placeholder"]
    )
    expect(chat.locator("stalwart-chat [part=composer] button")).to_have_text(pt["send"])


def test_a_portuguese_charge_waits_and_is_approved_in_portuguese(
    chat: Page, served: Server, strings: Strings
) -> None:
    pt = strings["pt-BR"]
    send(chat, "cobrar 40,00 do pedido 4411")

    card = waiting(chat)
    expect(card.locator("[data-decision]")).to_have_text(
        [pt["approve"], pt["skip"], pt["cancelAll"]]
    )
    # Labels and values in Portuguese: the money as pt-BR writes dollars.
    assert shown_arguments(card) == {
        "Valor": f"US$\u00a040,00 ({pt['origin_typed']})",
        "Pedido": f"4411 ({pt['origin_typed']})",
        "Cartão": f"visa-0019 ({pt['origin_context']})",
        "Cliente": f"c-208 ({pt['origin_context']})",
    }
    answer(card, "approve")

    expect(replies(chat).last).to_contain_text("ch-4411")
    assert [charge["amount_cents"] for charge in served.shop.charges("4411")] == [4000]
