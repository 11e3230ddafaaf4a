"""The served page as a decision surface: where a card lands, and a pause of each kind to land."""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import yaml
from playwright.sync_api import BrowserContext, Locator, Page, Response, expect
from served import Server, ShopChanges, answer, get, send, waiting

from stalwart_agents._generated.spec import STRINGS

REPO = Path(__file__).resolve().parents[2]
# scripts/screenshots points this at docs/images; without it the shots stay in test-artifacts.
SHOTS = os.environ.get("STALWART_SCREENSHOTS")
SIZES = {"desktop": (1280, 800), "laptop": (1280, 720), "phone": (390, 844)}
SIDES = ["light", "dark"]
LANGUAGES = ["en", "pt-BR"]
# An undo is tried three times with backoff before it is reported stuck.
UNDOING_MS = 20_000


def view_as(page: Page, size: str, side: str) -> None:
    """The page at one of SIZES, in the light or dark the person's system asks for."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=side)


def each_side(page: Page, size: str) -> Iterator[str]:
    """The page at one of SIZES in light, then in dark: one flow, checked and shot in each."""
    for side in SIDES:
        view_as(page, size, side)
        yield side


def as_computed(value: str) -> str:
    """A spec value as getComputedStyle writes it: #rrggbb as rgb(r, g, b), the rest as is."""
    if value.startswith("#") and len(value) == 7:
        red, green, blue = (int(value[i : i + 2], 16) for i in (1, 3, 5))
        return f"rgb({red}, {green}, {blue})"
    return value


# Every answerable card, in the log or inside a rollback report.
CARD = "stalwart-chat [part=log] stalwart-confirm:not([inert])"

# What of the newest open card lies outside the part of the log a person sees.
_OUT_OF_VIEW = """(chat) => {
  const log = chat.shadowRoot.querySelector("[part=log]").getBoundingClientRect();
  const cards = deepAll(chat, "stalwart-confirm:not([inert])");
  const card = cards.at(-1).shadowRoot;
  const top = Math.max(0, log.top) - 1;
  const bottom = Math.min(innerHeight, log.bottom) + 1;
  const out = (node) => {
    const box = node.getBoundingClientRect();
    return box.height === 0 || box.top < top || box.bottom > bottom
      || box.left < -1 || box.right > innerWidth + 1;
  };
  const parts = {
    title: "[part=wording]",
    arguments: "[part=arguments] dt, [part=arguments] dd, .pending li",
    reasons: "[part=reasons] li, [part=irreversible]:not([hidden])",
    answers: "[part=choices] button, [part=choices] input",
  };
  return Object.fromEntries(Object.entries(parts).map(([name, selector]) =>
    [name, [...card.querySelectorAll(selector)]
      .filter((node) => !node.closest("[hidden]") && out(node))
      .map((node) => node.textContent)]));
}"""


def read_in(folder: Path, language: str) -> None:
    """The copy's vocabulary reads the language, so /config.json names it and the page follows."""
    vocabulary_file = folder / "vocabulary.yaml"
    vocabulary = yaml.safe_load(vocabulary_file.read_text(encoding="utf-8"))
    vocabulary["settings"]["language"] = language
    vocabulary_file.write_text(
        yaml.safe_dump(vocabulary, sort_keys=False, allow_unicode=True), encoding="utf-8"
    )


def on_model_at(
    folder: Path, base: str, language: str, agent: Mapping[str, Any] | None = None, **model: Any
) -> None:
    """The copy's model answers at `base` (a fake provider on loopback), its agent and model set
    as given, no key anywhere; it reads the language (read_in)."""
    agent_file = folder / "agent.yaml"
    spec = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
    spec["agents"][0].update(agent or {})
    spec["agents"][0]["model"].update(base_url=f"{base}/v1", **model)
    agent_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    read_in(folder, language)


def out_of_view(page: Page) -> dict[str, list[str]]:
    """Each part of the newest open card (title, arguments, reasons, answers) that is not seen."""
    found: dict[str, list[str]] = page.locator("stalwart-chat").evaluate(_OUT_OF_VIEW)
    return found


def composer_has_focus(page: Page) -> bool:
    focused: bool = page.locator("stalwart-chat").evaluate(
        "(chat) => chat.shadowRoot.activeElement === chat.shadowRoot.querySelector('textarea')"
    )
    return focused


def reading(language: str) -> ShopChanges:
    """A change to a shop copy: it reads the language (read_in)."""

    def change(folder: Path) -> Mapping[str, str]:
        read_in(folder, language)
        return {}

    return change


def shot(page: Page, artifacts: Path, name: str, kept: bool = True) -> Path:
    """A screenshot of the viewport; a kept one in docs/images when scripts/screenshots asks."""
    folder = REPO / SHOTS if SHOTS and kept else artifacts
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=path)
    return path


@dataclass(frozen=True)
class Kind:
    """How a person meets one kind of pause on the shop, in each language, and answers it."""

    name: str
    arrive: Callable[[Page, Server, str], None]
    respond: Callable[[Locator], None]


def arrived(page: Page, card: str = CARD) -> None:
    """One card waits, drawn: its module may load after the element is in the log."""
    expect(page.locator(card)).to_have_count(1)
    expect(page.locator(card).locator("[part=wording]")).to_be_visible()


def _turn(page: Page, words: dict[str, str], language: str, **values: Any) -> None:
    send(page, words[language].format(**values))
    arrived(page)


def _confirm(page: Page, served: Server, language: str) -> None:
    order = served.shop.unpaid_order(4000)
    turns = {"en": "charge 40 to order {order}", "pt-BR": "cobrar 40,00 do pedido {order}"}
    _turn(page, turns, language, order=order)


def _ask(page: Page, served: Server, language: str) -> None:
    _turn(page, {"en": "charge 40", "pt-BR": "cobrar 40"}, language)


def _unknown(page: Page, served: Server, language: str) -> None:
    order = served.shop.unpaid_order(1200)
    served.shop.switch("lose-next-answer", True)
    turns = {"en": "cancel order {order}", "pt-BR": "cancelar o pedido {order}"}
    _turn(page, turns, language, order=order)
    answer(waiting(page), "approve")
    arrived(page, f"{CARD}[data-kind=outcome_unknown]")


def _stuck(page: Page, served: Server, language: str) -> None:
    order = served.shop.unpaid_order(4000)
    turns = {
        "en": "charge 40 to order {order} and then refund 10 from charge ch-4412",
        "pt-BR": "cobrar 40 do pedido {order} e depois reembolsar 10 da cobrança ch-4412",
    }
    served.shop.switch("fail-refunds", True)
    try:
        _turn(page, turns, language, order=order)
        answer(waiting(page), "approve")
        expect(page.locator("stalwart-chat [part=log] > stalwart-confirm[inert]")).to_have_count(1)
        expect(page.locator(CARD)).to_have_count(1)
        answer(waiting(page), "cancel_all")
        stuck = page.locator(f"{CARD}[data-kind=saga_stuck]")
        expect(stuck).to_have_count(1, timeout=UNDOING_MS)
        arrived(page, f"{CARD}[data-kind=saga_stuck]")
    finally:
        served.shop.switch("fail-refunds", False)


def _delegate(page: Page, served: Server, language: str) -> None:
    turns = {"en": "what is the weather like tomorrow", "pt-BR": "como vai o tempo amanhã"}
    _turn(page, turns, language)
    # The shop's model is OpenAI's public API: the card says the text would leave this computer.
    reader = STRINGS[language]["delegateReader"].format(model="gpt-4o-mini", provider="OpenAI")
    expect(page.locator(CARD).last.locator(".delegate-reader")).to_have_text(reader)


def _fill(card: Locator) -> None:
    card.locator("input").fill("4411")
    card.locator("button[type=submit]").click()


BUDGET = 30 * 1024
# What a person's first visit does before they type anything.
SETTLE_MS = 1500


class FirstLoad:
    """A new person's first visit to /: what it fetched, and every failure it met."""

    def __init__(self, context: BrowserContext, served: Server) -> None:
        self.responses: list[Response] = []
        self.failures: list[str] = []
        self.page = context.new_page()
        page = self.page
        page.on("response", lambda response: self.responses.append(response))
        page.on("requestfailed", lambda request: self.failures.append(f"failed: {request.url}"))
        page.on(
            "console",
            lambda message: message.type == "error" and self.failures.append(message.text),
        )
        page.on("pageerror", lambda error: self.failures.append(f"uncaught: {error}"))
        page.goto(f"{served.url}/")
        name = get(f"{served.url}/config.json").json()["name"]
        expect(page.locator("stalwart-chat [part=name]")).to_have_text(name)
        page.wait_for_timeout(SETTLE_MS)

    @property
    def paths(self) -> list[str]:
        return [urlsplit(response.url).path for response in self.responses]

    def gzipped(self, served: Server) -> dict[str, int]:
        """Each file it fetched, by path, as many bytes as gzip makes of it."""
        return {
            path: len(gzip.compress(httpx.get(f"{served.url}{path}", trust_env=False).content, 9))
            for path in set(self.paths)
        }


KINDS = [
    Kind("confirm", _confirm, lambda card: answer(card, "skip")),
    Kind("ask", _ask, _fill),
    Kind("outcome_unknown", _unknown, lambda card: answer(card, "happened")),
    Kind("saga_stuck", _stuck, lambda card: answer(card, "abandon")),
    Kind("delegate", _delegate, lambda card: answer(card, "decline")),
]
