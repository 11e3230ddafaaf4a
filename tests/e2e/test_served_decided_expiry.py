"""A card nobody answered in time closes on its own and says so: answered by expiry, when, and the
answer it took, in the person's language, on a phone."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml
from layout import read_in, shot
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, send, waiting
from test_served_decided import CHARGE, Strings, closed, english_on, said

pytestmark = pytest.mark.e2e

# How a person would say it: what happened, then that nobody answered in time.
SAID: dict[str, str] = {
    "en": "Skipped: nobody answered by ",
    "pt-BR": "Pulado: ninguém respondeu até as ",
}

# Long enough for the card to arrive and be seen; the sweep looks every half second.
EXPIRES_SECONDS = 3


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    """The shop reads the language, and a charge nobody answers is skipped after a few seconds."""

    def change(folder: Path) -> Mapping[str, str]:
        read_in(folder, language)
        agent_file = folder / "agent.yaml"
        agent = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
        agent["tools"]["charge_card"]["expires"] = {"after": EXPIRES_SECONDS, "answer": "skip"}
        agent.setdefault("runs", {})["sweep_seconds"] = 0.5
        agent_file.write_text(yaml.safe_dump(agent, sort_keys=False, allow_unicode=True))
        return {}

    return change


def test_a_card_nobody_answers_says_expiry_skipped_it_and_when(
    chat: Page, served: Server, language: str, strings: Strings, artifacts: Path
) -> None:
    chat.set_viewport_size({"width": 390, "height": 844})
    typed = CHARGE[language].format(order=served.shop.unpaid_order(4000))
    send(chat, typed)
    expect(waiting(chat).locator("[part=expires]")).to_be_visible()

    expect(closed(chat)).to_have_text(
        said(strings, language, "decidedExpiry", "decidedSkip"),
        timeout=EXPIRES_SECONDS * 1000 + 15_000,
    )
    expect(closed(chat)).to_contain_text(SAID[language])
    expect(waiting(chat)).to_have_count(0)
    closed(chat).scroll_into_view_if_needed()
    shot(chat, artifacts, f"decided-expiry-phone-light-{language}")
    assert english_on(chat, served, language, typed) == []
