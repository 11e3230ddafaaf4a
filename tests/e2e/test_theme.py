"""Theming: the spec's light and dark defaults, theme= and prefers-color-scheme, and overrides."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from layout import as_computed
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

Theme = dict[str, dict[str, str]]
SIDES = ["light", "dark"]

# Where each custom property shows: (element, CSS property read from getComputedStyle).
SHOWN_BY = {
    "--stalwart-bg": ("stalwart-chat", "background-color"),
    "--stalwart-fg": ("stalwart-chat", "color"),
    "--stalwart-muted": ("stalwart-chat [part=thumbs-notice]", "color"),
    "--stalwart-line": ("stalwart-chat textarea", "border-top-color"),
    "--stalwart-accent": ("stalwart-chat [part=composer] button", "background-color"),
    "--stalwart-accent-fg": ("stalwart-chat [part=composer] button", "color"),
    "--stalwart-warn": ("stalwart-chat [part=asks-first]", "color"),
    "--stalwart-bad": ("stalwart-chat stalwart-decision .refused", "color"),
    "--stalwart-radius": ("stalwart-chat textarea", "border-top-left-radius"),
    "--stalwart-gap": ("stalwart-chat .chat", "row-gap"),
    "--stalwart-font": ("stalwart-chat", "font-family"),
}


def computed(page: Page, selector: str, property: str) -> str:
    value: str = page.locator(selector).first.evaluate(
        "(node, property) => getComputedStyle(node).getPropertyValue(property)", property
    )
    return value


@pytest.fixture
def shown(open_page: Callable[[str], Page]) -> Callable[[str], Page]:
    """The chat with a refusal and a pause, in a theme ("" for none)."""

    def show(side: str) -> Page:
        page = open_page(f"chat.html?theme={side}" if side else "chat.html")
        page.locator("stalwart-chat textarea").fill("cancel order 4411")
        page.locator("stalwart-chat textarea").press("Enter")
        expect(page.locator("stalwart-chat stalwart-decision")).to_have_count(1)
        page.locator("stalwart-chat textarea").fill("send the receipt")
        page.locator("stalwart-chat textarea").press("Enter")
        expect(page.locator("stalwart-chat stalwart-confirm")).to_have_count(1)
        page.locator("stalwart-chat textarea").blur()
        return page

    return show


def themed(page: Page, side: str) -> Page:
    """The chat's theme set to `side` once it is drawn: what is inside it follows."""
    page.evaluate("(side) => document.getElementById('chat').setAttribute('theme', side)", side)
    return page


def test_a_screenshot_of_each_theme_is_kept(shown: Callable[[str], Page], artifacts: Path) -> None:
    page = shown("light")
    for side in SIDES:
        path = artifacts / f"chat-{side}.png"
        themed(page, side).screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 0


def test_the_elements_in_each_theme_are_kept(
    open_page: Callable[[str], Page], artifacts: Path
) -> None:
    page = open_page("elements.html")
    for side in SIDES:
        page.evaluate("(side) => setTheme(side)", side)
        path = artifacts / f"elements-{side}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 0


@pytest.mark.parametrize("name", list(SHOWN_BY))
def test_each_property_has_the_specs_default(
    shown: Callable[[str], Page], theme: Theme, name: str
) -> None:
    selector, property = SHOWN_BY[name]
    page = shown("light")
    for side in SIDES:
        value = computed(themed(page, side), selector, property)
        assert value == as_computed(theme[name][side]), side


def test_the_irreversible_warning_has_the_warn_colour(
    open_page: Callable[[str], Page], theme: Theme
) -> None:
    page = open_page("elements.html")
    assert computed(page, "#irreversible [part=irreversible]", "color") == as_computed(
        theme["--stalwart-warn"]["light"]
    )


def test_without_a_theme_the_persons_dark_setting_chooses(
    shown: Callable[[str], Page], theme: Theme
) -> None:
    page = shown("")
    page.emulate_media(color_scheme="dark")
    assert computed(page, "stalwart-chat", "background-color") == as_computed(
        theme["--stalwart-bg"]["dark"]
    )


def test_theme_light_holds_against_a_dark_setting(
    shown: Callable[[str], Page], theme: Theme
) -> None:
    page = shown("light")
    page.emulate_media(color_scheme="dark")
    assert computed(page, "stalwart-chat", "background-color") == as_computed(
        theme["--stalwart-bg"]["light"]
    )


def test_a_pause_inside_a_dark_chat_is_dark(shown: Callable[[str], Page], theme: Theme) -> None:
    page = shown("dark")
    assert computed(page, "stalwart-chat stalwart-confirm", "background-color") == as_computed(
        theme["--stalwart-bg"]["dark"]
    )


def test_changing_the_theme_restyles_what_is_inside(
    shown: Callable[[str], Page], theme: Theme
) -> None:
    page = themed(shown("light"), "dark")
    assert computed(page, "stalwart-chat stalwart-decision .refused", "color") == as_computed(
        theme["--stalwart-bad"]["dark"]
    )


def test_colours_set_on_the_host_restyle_it(shown: Callable[[str], Page]) -> None:
    page = shown("light")
    page.evaluate(
        """() => {
          const chat = document.getElementById('chat');
          chat.style.setProperty('--stalwart-accent', '#2e7d32');
          chat.style.setProperty('--stalwart-bad', '#6a1b9a');
        }"""
    )
    assert computed(
        page, "stalwart-chat [part=composer] button", "background-color"
    ) == as_computed("#2e7d32")
    # The pause shown is of an irreversible tool: its Approve is drawn in the bad colour.
    assert computed(
        page, "stalwart-chat stalwart-confirm [data-decision=approve]", "background-color"
    ) == as_computed("#6a1b9a")


def test_a_part_can_be_styled_from_the_page(shown: Callable[[str], Page]) -> None:
    page = shown("light")
    page.evaluate(
        """() => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync('stalwart-chat::part(composer) { outline: 3px solid rgb(1, 2, 3); }');
          document.adoptedStyleSheets = [sheet];
        }"""
    )
    assert computed(page, "stalwart-chat [part=composer]", "outline-color") == "rgb(1, 2, 3)"
