"""Each pause kind, on a desktop, a laptop and a phone, light and dark, in English and Portuguese:
the card's title, arguments, reasons and answers are in view when it arrives, and the composer has
the focus once it is answered."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml
from layout import CARD, KINDS, LANGUAGES, SIDES, SIZES, Kind, composer_has_focus, out_of_view, shot
from playwright.sync_api import Page, expect
from served import Server, ShopChanges, send

pytestmark = pytest.mark.e2e

NOTHING_OUT = {"title": [], "arguments": [], "reasons": [], "answers": []}
# The main state is kept in docs/images at every size, side and language; the others on a phone.
MAIN = "confirm"


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    chosen: str = request.param
    return chosen


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    """The copy's vocabulary reads the language, so /config.json names it and the page follows."""

    def change(folder: Path) -> Mapping[str, str]:
        vocabulary_file = folder / "vocabulary.yaml"
        vocabulary = yaml.safe_load(vocabulary_file.read_text(encoding="utf-8"))
        vocabulary["settings"]["language"] = language
        vocabulary_file.write_text(
            yaml.safe_dump(vocabulary, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )
        return {}

    return change


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_a_pause_arrives_in_view_and_the_answer_gives_the_composer_the_focus(
    chat: Page, served: Server, language: str, artifacts: Path, kind: Kind, size: str, side: str
) -> None:
    width, height = SIZES[size]
    chat.set_viewport_size({"width": width, "height": height})
    chat.emulate_media(color_scheme=side)

    kind.arrive(chat, served, language)

    kept = kind.name == MAIN or (size == "phone" and side == "light")
    shot(chat, artifacts, f"{kind.name}-{size}-{side}-{language}", kept)
    assert out_of_view(chat) == NOTHING_OUT
    kind.respond(chat.locator(CARD).last)
    expect(chat.locator(f"{CARD}[data-kind={kind.name}]")).to_have_count(0)
    chat.wait_for_function(
        "() => document.querySelector('stalwart-chat').shadowRoot.activeElement?.localName"
        " === 'textarea'"
    )
    assert composer_has_focus(chat)


FIND = {"en": "find order 4411", "pt-BR": "ver o pedido 4411"}


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_first_view_shows_what_the_bot_can_do_until_a_turn_is_sent(
    chat: Page, language: str, artifacts: Path, size: str, side: str
) -> None:
    width, height = SIZES[size]
    chat.set_viewport_size({"width": width, "height": height})
    chat.emulate_media(color_scheme=side)
    can = chat.locator("stalwart-chat [part=what-i-can-do]")
    expect(can).to_have_attribute("open", "")
    shot(chat, artifacts, f"empty-{size}-{side}-{language}")

    send(chat, FIND[language])

    expect(chat.locator("stalwart-chat [part=log] .reply")).to_have_count(1)
    expect(can).not_to_have_attribute("open", "")
    if size == "phone":
        chat.locator("stalwart-chat [part=steps] summary").click()
        shot(chat, artifacts, f"answered-{size}-{side}-{language}")
        assert chat.locator("stalwart-chat [part=log]").bounding_box()["height"] >= height / 3
