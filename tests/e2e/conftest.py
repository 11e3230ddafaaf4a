"""Browser fixtures: the package and its fixture pages served on loopback, and Debian's Chromium."""

from __future__ import annotations

import hashlib
import json
import re
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from layout import LANGUAGES
from page_traffic import Traffic, this_machine
from playwright.sync_api import Browser, BrowserContext, Page, Request, sync_playwright
from served import QuietServer, Server, ShopChanges, open_chat, serve_shop

from tests.fake_provider import FakeProvider, running

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "js" / "agent-ui"
PAGES = Path(__file__).parent / "pages"
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# The core of the policy `stalwart serve` sends with its page; a page asks ?csp=off to drop it.
CSP = "default-src 'self'"
# /copy/ is the package again, as a second bundle of it on one page would be.
MOUNTS = {"/ui/": PACKAGE, "/copy/": PACKAGE, "/pages/": PAGES}
# The longest thread id the spec's ThreadId pattern takes.
THREAD_ID_LENGTH = 128


class _StaticHandler(SimpleHTTPRequestHandler):
    """Serves the package and the fixture pages under MOUNTS, with a strict CSP."""

    # Keep-alive: a page imports some thirty modules, and a connection each is slow.
    protocol_version = "HTTP/1.1"

    def translate_path(self, path: str) -> str:
        url_path = urlsplit(path).path
        for prefix, folder in MOUNTS.items():
            if url_path.startswith(prefix):
                self.directory = str(folder)
                return super().translate_path("/" + url_path.removeprefix(prefix))
        return str(PAGES / "no-such-file")

    def end_headers(self) -> None:
        if "csp=off" not in urlsplit(self.path).query:
            self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: a failing test shows its own evidence."""


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base URL of a static server on an ephemeral loopback port, stopped after the session."""
    httpd = QuietServer(("127.0.0.1", 0), _StaticHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


@contextmanager
def _refusing_port() -> Iterator[int]:
    """A loopback port held and never listened on, so that a connection to it is refused."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with sync_playwright() as playwright, _refusing_port() as refuser:
        # Nothing leaves this machine: every other request goes to a proxy that refuses it. A
        # route on each context did the same at a round trip through Playwright a request,
        # about 15% of the browser tests' CPU.
        proxy = [
            f"--proxy-server=http://127.0.0.1:{refuser}",
            "--proxy-bypass-list=" + ";".join(_bracketed(host) for host in this_machine()),
        ]
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *proxy]
        )
        yield launched
        launched.close()


@pytest.fixture
def traffic() -> Traffic:
    return Traffic()


@pytest.fixture
def context(browser: Browser, traffic: Traffic) -> Iterator[BrowserContext]:
    """A fresh profile in light mode that records every request."""
    made = browser.new_context(color_scheme="light", viewport={"width": 900, "height": 1000})

    def record(request: Request) -> None:
        traffic.urls.append(request.url)

    made.on("request", record)
    yield made
    made.close()


@dataclass
class Trouble:
    """Uncaught errors and CSP violations of a page, which fail the test that met them."""

    errors: list[str] = field(default_factory=list)


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    trouble = Trouble()
    made = context.new_page()
    made.on("pageerror", lambda error: trouble.errors.append(f"uncaught: {error}"))
    made.on(
        "console",
        lambda message: (
            trouble.errors.append(f"console: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    yield made
    assert trouble.errors == []


@pytest.fixture
def open_page(page: Page, server: str) -> Callable[[str], Page]:
    """Opens a fixture page (a path under pages/) and waits until its script set everything."""

    def go(path: str) -> Page:
        page.goto(f"{server}/pages/{path}")
        page.wait_for_function("() => window.ready === true")
        return page

    return go


@cache
def _spec(name: str) -> Any:
    return yaml.safe_load((REPO / "spec" / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def strings() -> dict[str, dict[str, str]]:
    """Each language's strings by key, from spec/strings.yaml: {"en": {...}, "pt-BR": {...}}."""
    table = _spec("strings.yaml")["strings"]
    return {
        language: {key: text[language] for key, text in table.items()}
        for language in ("en", "pt-BR")
    }


@pytest.fixture(scope="session")
def theme() -> dict[str, dict[str, str]]:
    """Each custom property's light and dark default, from spec/theme.yaml."""
    return {
        name: {"light": str(value["light"]), "dark": str(value["dark"])}
        for name, value in _spec("theme.yaml")["properties"].items()
    }


@pytest.fixture(scope="session")
def manifest() -> dict[str, dict[str, list[str]]]:
    """Each element's API names, as the package's custom-elements.json declares them."""
    document = json.loads((PACKAGE / "custom-elements.json").read_text(encoding="utf-8"))
    declared: dict[str, dict[str, list[str]]] = {}
    for module in document["modules"]:
        for declaration in module["declarations"]:
            if declaration.get("customElement"):
                declared[declaration["tagName"]] = {
                    "attributes": [item["name"] for item in declaration["attributes"]],
                    "properties": [item["name"] for item in declaration["members"]],
                    "events": [item["name"] for item in declaration["events"]],
                    "parts": [item["name"] for item in declaration["cssParts"]],
                    "slots": [item["name"] for item in declaration["slots"]],
                }
    return declared


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots are kept for a person to look at; gitignored."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# What a shadow-root-aware query needs in the page: every element under a root, shadow roots
# included, so a test finds a part or a payload wherever it landed.
DEEP_QUERY = """
window.deepAll = (root, selector) => {
  const found = [];
  const visit = (node) => {
    found.push(...node.querySelectorAll(selector));
    for (const element of node.querySelectorAll("*")) {
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root.shadowRoot ?? root);
  return found;
};
"""


@pytest.fixture(autouse=True)
def _deep_query(context: BrowserContext) -> None:
    context.add_init_script(DEEP_QUERY)


# `stalwart serve` on a private copy of the shop example, for the test_served_* modules.


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    """The chat's language, for a module that runs once in each; its shop_changes reads it."""
    chosen: str = request.param
    return chosen


@pytest.fixture(scope="module")
def fake_model() -> Iterator[FakeProvider]:
    """A fake AI provider on loopback for the module: its shop_changes point agent.yaml at it."""
    with running() as fake:
        yield fake


@pytest.fixture
def fresh_model(fake_model: FakeProvider, request: pytest.FixtureRequest) -> FakeProvider:
    """The module's fake provider with a clean slate, taking only the module's KEY."""
    fake_model.reset()
    fake_model.key = request.module.KEY
    return fake_model


@pytest.fixture(scope="module")
def shop_changes() -> ShopChanges | None:
    """What a module changes in its copy of the shop before it is served; override to change."""
    return None


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, shop_changes: ShopChanges | None
) -> Iterator[Server]:
    """One real `stalwart serve` per module, on a loopback port, stopped after the module."""
    server = serve_shop(tmp_path_factory.mktemp("served"), shop_changes)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def new_context(browser: Browser, traffic: Traffic) -> Iterator[Callable[[], BrowserContext]]:
    """Makes more profiles (other people, other sessions) that record and stay as `context` does."""
    made: list[BrowserContext] = []

    def make() -> BrowserContext:
        another = browser.new_context(color_scheme="light", viewport={"width": 900, "height": 1000})
        another.on("request", lambda request: traffic.urls.append(request.url))
        another.add_init_script(DEEP_QUERY)
        made.append(another)
        return another

    yield make
    for another in made:
        another.close()


@pytest.fixture
def thread(request: pytest.FixtureRequest) -> str:
    """The test's own thread on the module's server, named after the test.

    A name past ThreadId's 128 characters is cut and ends in a digest of the whole, so two tests
    whose names differ only at the end (…-phone-light, …-phone-dark) never share a thread.
    """
    name = "t-" + re.sub(r"[^A-Za-z0-9._:-]", "-", request.node.name)
    if len(name) <= THREAD_ID_LENGTH:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    return f"{name[: THREAD_ID_LENGTH - len(digest) - 1]}-{digest}"


@pytest.fixture
def chat(
    page: Page, context: BrowserContext, served: Server, traffic: Traffic, thread: str
) -> Iterator[Page]:
    """The served page at / on the test's thread; afterwards, nothing went past the server."""
    open_chat(context, page, served, thread)
    yield page
    assert traffic.blocked == []
    assert {urlsplit(url).netloc for url in traffic.urls if url.startswith("http")} == {
        f"127.0.0.1:{served.port}"
    }
