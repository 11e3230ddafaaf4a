"""Each element has exactly the attributes, properties, events, parts and slots of its manifest."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

pytestmark = pytest.mark.e2e

# Every event an element dispatches from script, recorded before any module runs.
RECORD_EVENTS = """
window.dispatched = [];
const dispatch = EventTarget.prototype.dispatchEvent;
EventTarget.prototype.dispatchEvent = function (event) {
  if (this instanceof HTMLElement && this.localName.startsWith("stalwart-")) {
    window.dispatched.push([this.localName, event.type]);
  }
  return dispatch.call(this, event);
};
"""

# What the class really declares: its observed attributes, and every public name its
# prototypes (below HTMLElement) and a live instance own, lifecycle callbacks aside.
READ_API = """
(tag) => {
  const element = document.querySelector(tag);
  const Class = customElements.get(tag);
  const names = new Set(Object.getOwnPropertyNames(element));
  let proto = Class.prototype;
  for (; proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
  }
  const hooks = ["constructor", "connectedCallback", "disconnectedCallback"];
  for (const hook of [...hooks, "attributeChangedCallback", "adoptedCallback"]) names.delete(hook);
  const parts = new Set();
  const slots = new Set();
  for (const instance of document.querySelectorAll(tag)) {
    for (const node of instance.shadowRoot.querySelectorAll("[part]")) {
      for (const part of node.getAttribute("part").split(/\\s+/)) parts.add(part);
    }
    for (const slot of instance.shadowRoot.querySelectorAll("slot")) slots.add(slot.name);
  }
  return {
    attributes: [...Class.observedAttributes].sort(),
    properties: [...names].sort(),
    parts: [...parts].sort(),
    slots: [...slots].sort(),
  };
}
"""

# Presses everything an element offers, so any event it can dispatch is dispatched.
PRESS_ALL = """
(tag) => {
  for (const instance of document.querySelectorAll(tag)) {
    for (const field of deepAll(instance, "input")) field.value = "4411";
    for (const button of deepAll(instance, "button, summary")) button.click();
  }
}
"""

# Whether `tag` has dispatched every one of the events named.
ALL_DISPATCHED = """
([tag, events]) => events.every(
  (name) => window.dispatched.some(([source, event]) => source === tag && event === name),
)
"""

# Whether the element shows at least the names given, of one kind (parts or slots).
SHOWS_ALL = f"""
([tag, kind, names]) => {{
  const shown = ({READ_API})(tag)[kind];
  return names.every((name) => shown.includes(name));
}}
"""

MANIFEST = Path(__file__).resolve().parents[2] / "js/agent-ui/custom-elements.json"

TAGS = [
    "stalwart-chat",
    "stalwart-confirm",
    "stalwart-decision",
    "stalwart-rollback",
    "stalwart-trace",
]


@pytest.fixture
def shown(context: BrowserContext, open_page: Callable[[str], Page]) -> Callable[[str], Page]:
    """The page where an element shows every part it has: the chat after a full reply, then a
    reply with results, text from outside and suggestions, its step stream open."""
    context.add_init_script(RECORD_EVENTS)

    def show(tag: str) -> Page:
        if tag != "stalwart-chat":
            return open_page("elements.html")
        page = open_page("chat.html")
        page.locator("stalwart-chat textarea").fill("show order 4411")
        page.locator("stalwart-chat textarea").press("Enter")
        page.get_by_role("button", name="Approve").wait_for()
        # The step stream opens, as a thread's does once it has a turn.
        page.wait_for_function("() => streams.length > 0")
        page.evaluate("streams.at(-1).open()")
        # A second turn draws what a reply's call returned, text from outside and suggestions.
        page.locator("stalwart-chat textarea").fill("read my orders and mail")
        page.locator("stalwart-chat textarea").press("Enter")
        return page

    return show


def drawn(page: Page, tag: str, kind: str, expected: list[str]) -> list[str]:
    """The parts or slots the element shows once it has drawn: the chat draws a reply's parts
    (its sources, steps, images) as their modules load, after the card's Approve button."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(SHOWS_ALL, arg=[tag, kind, expected], timeout=5000)
    names: list[str] = page.evaluate(READ_API, tag)[kind]
    return names


def test_the_manifest_lists_every_element(manifest: dict[str, dict[str, list[str]]]) -> None:
    assert sorted(manifest) == sorted(TAGS)


@pytest.mark.parametrize("tag", TAGS)
def test_observed_attributes_are_the_manifests(
    tag: str, shown: Callable[[str], Page], manifest: dict[str, dict[str, list[str]]]
) -> None:
    api = shown(tag).evaluate(READ_API, tag)
    assert api["attributes"] == sorted(manifest[tag]["attributes"])


@pytest.mark.parametrize("tag", TAGS)
def test_public_properties_are_the_manifests(
    tag: str, shown: Callable[[str], Page], manifest: dict[str, dict[str, list[str]]]
) -> None:
    api = shown(tag).evaluate(READ_API, tag)
    assert api["properties"] == sorted(manifest[tag]["properties"])


def field_names(tag: str) -> dict[str, str]:
    """Each attribute custom-elements.json says a property reflects, with that property."""
    document = json.loads(MANIFEST.read_text(encoding="utf-8"))
    (declaration,) = [
        declaration
        for module in document["modules"]
        for declaration in module["declarations"]
        if declaration.get("tagName") == tag
    ]
    attributes = declaration["attributes"]
    return {item["name"]: item["fieldName"] for item in attributes if "fieldName" in item}


@pytest.mark.parametrize("tag", TAGS)
def test_a_field_name_is_given_exactly_where_a_property_backs_the_attribute(
    tag: str, shown: Callable[[str], Page]
) -> None:
    api = shown(tag).evaluate(READ_API, tag)
    camel = {name: re.sub(r"-([a-z])", lambda m: m[1].upper(), name) for name in api["attributes"]}
    backed = {name: field for name, field in camel.items() if field in api["properties"]}
    assert field_names(tag) == backed


@pytest.mark.parametrize("tag", TAGS)
def test_parts_are_the_manifests(
    tag: str, shown: Callable[[str], Page], manifest: dict[str, dict[str, list[str]]]
) -> None:
    expected = sorted(manifest[tag]["parts"])
    assert drawn(shown(tag), tag, "parts", expected) == expected


@pytest.mark.parametrize("tag", TAGS)
def test_slots_are_the_manifests(
    tag: str, shown: Callable[[str], Page], manifest: dict[str, dict[str, list[str]]]
) -> None:
    expected = sorted(manifest[tag]["slots"])
    assert drawn(shown(tag), tag, "slots", expected) == expected


@pytest.mark.parametrize("tag", TAGS)
def test_dispatched_events_are_the_manifests(
    tag: str, shown: Callable[[str], Page], manifest: dict[str, dict[str, list[str]]]
) -> None:
    page = shown(tag)
    page.evaluate(PRESS_ALL, tag)
    expected = sorted(manifest[tag]["events"])
    # Some events follow a request; wait for them, and let the assertion show what never came.
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(ALL_DISPATCHED, arg=[tag, expected], timeout=5000)
    dispatched = page.evaluate("window.dispatched")
    assert sorted({event for source, event in dispatched if source == tag}) == expected
