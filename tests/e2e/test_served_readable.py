"""What a person reads after the run acts, at every size, side and language: a read's result as
tables of outside text, a refusal with its contact, a rollback with its values. Each state's
screenshot is kept in docs/images; ids and amounts never break across lines, and nothing is
under the composer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from layout import CARD, SIZES, each_side, reading, shot, view_as
from playwright.sync_api import Locator, Page, expect
from portuguese import Sources
from served import Server, ShopChanges, answer, get, send, waiting

pytestmark = pytest.mark.e2e

LOG = "stalwart-chat [part=log]"


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


def _inbox(page: Page, served: Server, language: str) -> Locator:
    send(page, {"en": "read my inbox", "pt-BR": "ler a caixa de entrada"}[language])
    shown = page.locator(f"{LOG} .reply [part~=outside]").last
    expect(shown.locator("table").first).to_be_visible()
    return shown


def _refusal(page: Page, served: Server, language: str) -> Locator:
    turns = {"en": "refund 500 from charge ch-4412", "pt-BR": "reembolsar 500 da cobrança ch-4412"}
    send(page, turns[language])
    shown = page.locator(f"{LOG} stalwart-decision").last
    expect(shown.locator("[part=contact]")).to_be_visible()
    return shown


def _rollback(page: Page, served: Server, language: str) -> Locator:
    order = served.shop.unpaid_order(4000)
    turns = {
        "en": f"charge 40 to order {order} and then refund 10 from charge ch-4412",
        "pt-BR": f"cobrar 40 do pedido {order} e depois reembolsar 10 da cobrança ch-4412",
    }
    send(page, turns[language])
    answer(waiting(page), "approve")
    expect(page.locator(f"{LOG} > stalwart-confirm[inert]")).to_have_count(1)
    expect(page.locator(CARD)).to_have_count(1)
    answer(waiting(page), "cancel_all")
    shown = page.locator(f"{LOG} > stalwart-rollback").last
    expect(shown.locator("li.undone .undo")).to_contain_text(f"ch-{order}")
    return shown


STATES: dict[str, Callable[[Page, Server, str], Locator]] = {
    "inbox": _inbox,
    "refusal": _refusal,
    "rollback": _rollback,
}


def english_on(page: Page, served: Server) -> list[str]:
    """What a Portuguese screen shows that no pt-BR source says: the mails are outside data."""
    config = get(f"{served.url}/config.json").json()
    examples = [text for tool in config["capabilities"] for text in tool["examples"]]
    mails = served.shop.rows("SELECT sender, subject, body FROM inbox")
    outside = [text for mail in mails for text in mail.values()]
    turns = page.locator(f"{LOG} .turn").all_inner_texts()
    typed = [*examples, *turns, *outside]
    names = [config["name"], config["name"][0].upper()]
    return Sources(served.shop.folder / "agent.yaml", names, typed).foreign(page)


def broken_across_lines(page: Page) -> list[str]:
    """Each id or amount kept whole that the browser still drew on two lines."""
    found: list[str] = page.locator("stalwart-chat").evaluate(
        """(chat) => deepAll(chat, '.whole')
          .filter((node) => node.getClientRects().length > 1)
          .map((node) => node.textContent)"""
    )
    return found


def under_the_composer(page: Page, shown: Locator) -> bool:
    """Whether any of the state's box is below the top of the composer."""
    box = shown.bounding_box()
    dock = page.locator("stalwart-chat [part=composer]").bounding_box()
    assert box is not None and dock is not None
    return box["y"] + box["height"] > dock["y"] + 1


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("state", list(STATES))
def test_what_the_run_did_reads_whole_and_in_view(
    chat: Page, served: Server, language: str, artifacts: Path, state: str, size: str
) -> None:
    view_as(chat, size, "light")

    shown = STATES[state](chat, served, language)

    for side in each_side(chat, size):
        shown.scroll_into_view_if_needed()
        shot(chat, artifacts, f"{state}-{size}-{side}-{language}")
        assert broken_across_lines(chat) == []
        if state != "inbox":
            assert not under_the_composer(chat, shown)
        if language == "pt-BR":
            assert english_on(chat, served) == []
