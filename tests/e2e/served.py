"""A real `stalwart serve` on a private copy of the shop example, and its databases as they are."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from contextlib import closing
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, ElementHandle, Locator, Page, expect
from portuguese import Sources

from tests.loopback import CLIENT_TLS, free_port

REPO = Path(__file__).resolve().parents[2]
SHOP = REPO / "examples" / "shop"
# The console script of the venv running the tests: the command a person types.
STALWART = Path(sys.executable).with_name("stalwart")
# Generous: a start on a loaded two-core machine took 26 s once, and slow is not broken.
STARTUP_SECONDS = 90.0
STOP_SECONDS = 10.0
# Variables the host must not inherit: a key would reach a real model provider, and a
# PYTHONPATH could put the checkout before the installed package.
UNSET = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "QLS_OPERATOR_TOKEN", "PYTHONPATH")

ShopChanges = Callable[[Path], Mapping[str, str]]
"""Edits a fresh copy of the shop folder before its server starts; returns variables to set."""

Rows = list[dict[str, Any]]


def get(url: str) -> httpx.Response:
    """GET on loopback, never through a proxy the environment names."""
    return httpx.get(url, timeout=10, trust_env=False, verify=CLIENT_TLS)


def post(url: str, body: Mapping[str, Any]) -> httpx.Response:
    """POST JSON on loopback, never through a proxy the environment names."""
    return httpx.post(url, json=body, timeout=30, trust_env=False, verify=CLIENT_TLS)


def rows(database: Path, sql: str, *params: object) -> Rows:
    """Rows of a SQLite database another process writes, read as an auditor would."""
    with closing(sqlite3.connect(database, timeout=10)) as db:
        db.row_factory = sqlite3.Row
        return [dict(row) for row in db.execute(sql, params)]


@dataclass
class Shop:
    """The copy's shop database: its rows, its orders and its switches."""

    folder: Path
    environment: dict[str, str]

    @property
    def database(self) -> Path:
        return self.folder / "shop.db"

    def rows(self, sql: str, *params: object) -> Rows:
        return rows(self.database, sql, *params)

    def switch(self, name: str, on: bool) -> None:
        """Flip one of shop.py's switches the way its docstring tells a person to."""
        subprocess.run(
            [sys.executable, "shop.py", name, "on" if on else "off"],
            cwd=self.folder,
            env=self.environment,
            check=True,
            capture_output=True,
        )

    def unpaid_order(self, total_cents: int) -> str:
        """A new unpaid order of the signed-in customer (c-208), so a test charges its own."""
        with closing(sqlite3.connect(self.database, timeout=10)) as db, db:
            (highest,) = db.execute("SELECT MAX(CAST(id AS INTEGER)) FROM orders").fetchone()
            order = str(max(int(highest), 7000) + 1)
            db.execute(
                "INSERT INTO orders (id, customer, status, total_cents)"
                " VALUES (?, 'c-208', 'unpaid', ?)",
                (order, total_cents),
            )
        return order

    def order_status(self, order: str) -> str:
        (found,) = self.rows("SELECT status FROM orders WHERE id = ?", order)
        return str(found["status"])

    def charges(self, order: str) -> Rows:
        return self.rows(
            "SELECT id, amount_cents, card FROM charges WHERE order_id = ? ORDER BY created", order
        )

    def refunds(self, order: str) -> Rows:
        return self.rows(
            "SELECT refunds.id, refunds.amount_cents FROM refunds"
            " JOIN charges ON charges.id = refunds.charge WHERE charges.order_id = ?",
            order,
        )


@dataclass
class Server:
    """One `stalwart serve` process on a loopback port, over its own copy of the shop."""

    shop: Shop
    port: int
    log: Path
    stalwart: Path = STALWART
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def runs(self) -> Path:
        """The run store the copy's agent.yaml names (sqlite:///runs.db, beside it)."""
        return self.shop.folder / "runs.db"

    def start(self) -> None:
        """Start the command and wait for GET /healthz; fail with the host's log when it dies."""
        command = [str(self.stalwart), "serve", "agent.yaml", "--host", "127.0.0.1"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [*command, "--port", str(self.port)],
                cwd=self.shop.folder,
                env=self.shop.environment,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"stalwart serve exited: {self.log.read_text()}")
            if self._healthy():
                return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"stalwart serve did not answer in {STARTUP_SECONDS}s: {self.log}")

    def _healthy(self) -> bool:
        try:
            return get(f"{self.url}/healthz").status_code == 200
        except httpx.TransportError:
            return False

    def stop(self) -> None:
        """Terminate, then kill what does not stop in time."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(STOP_SECONDS)
        self.process = None

    def runs_rows(self, sql: str, *params: object) -> Rows:
        return rows(self.runs, sql, *params)


def copy_shop(folder: Path, changes: ShopChanges | None = None) -> Shop:
    """A private copy of examples/shop in `folder`, seeded, with its own databases."""
    shutil.copytree(SHOP, folder, ignore=shutil.ignore_patterns("*.db", "*.db-*", "__pycache__"))
    environment = {name: value for name, value in os.environ.items() if name not in UNSET}
    environment["STALWART_SHOP_DB"] = str(folder / "shop.db")
    # Loopback is reached directly, whatever proxy the machine names.
    environment["NO_PROXY"] = "127.0.0.1,localhost"
    # The copy's per-user folders are its own, and no keyring of the person running the tests is
    # touched: a saved AI key stays with the copy.
    environment["XDG_CONFIG_HOME"] = str(folder / ".config")
    environment["XDG_DATA_HOME"] = str(folder / ".data")
    environment["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    if changes is not None:
        environment.update(changes(folder))
    shop = Shop(folder, environment)
    # The first switch creates and seeds the database, as the first tool call would.
    shop.switch("fail-refunds", False)
    return shop


def serve_shop(
    folder: Path, changes: ShopChanges | None = None, stalwart: Path = STALWART
) -> Server:
    """A started server over a fresh copy of the shop in `folder`, run by `stalwart`."""
    shop = copy_shop(folder / "shop", changes)
    server = Server(shop, free_port(), folder / "serve.log", stalwart)
    server.start()
    return server


# The page at /, as a person uses it.

THREAD_KEY = "stalwart-agents:thread"
BOT = "Shop assistant"


def open_chat(context: BrowserContext, page: Page, server: Server, thread: str) -> None:
    """Open / on `thread` (the page keeps its thread in localStorage) and wait for the bot."""
    context.add_init_script(f"localStorage.setItem({json.dumps(THREAD_KEY)}, {json.dumps(thread)})")
    page.goto(f"{server.url}/")
    # The bot's name as /config.json gives it, in the host's language.
    expect(page.locator("stalwart-chat [part=name]")).to_have_text(
        get(f"{server.url}/config.json").json()["name"]
    )


def send(page: Page, text: str) -> None:
    """Type a turn and press Send."""
    page.locator("stalwart-chat [part=composer] textarea").fill(text)
    page.locator("stalwart-chat [part=composer] button").click()


def waiting(page: Page) -> Locator:
    """The cards in the log that can still be answered."""
    return page.locator("stalwart-chat [part=log] > stalwart-confirm:not([inert])")


def replies(page: Page) -> Locator:
    return page.locator("stalwart-chat [part=log] .reply")


def answer(card: Locator, decision: str) -> None:
    card.locator(f"button[data-decision={decision}]").click()


def wait_closed(page: Page, card: ElementHandle) -> None:
    """Until the card goes inert: the stream may bring the next card before the answer's
    response closes this one, slowly on a loaded machine."""
    page.wait_for_function("card => card.hasAttribute('inert')", arg=card, timeout=15_000)


def shown_arguments(card: Locator) -> dict[str, str]:
    """What the card says it will use: each argument's name and its value with its origin."""
    # The card's module loads on demand: read it once it has drawn its question.
    expect(card.locator("[part=wording]")).to_be_visible()
    shown: dict[str, str] = card.evaluate(
        """(card) => Object.fromEntries(
          [...card.shadowRoot.querySelectorAll("[part=arguments] dt")].map(
            (name) => [name.textContent, name.nextElementSibling.textContent],
          ),
        )"""
    )
    return shown


class QuietServer(ThreadingHTTPServer):
    """A test's HTTP server that says nothing when a client drops its connection, as Chromium
    does with a keep-alive connection when its page closes; any other error is still printed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def wait_following(page: Page, timeout: float = 30_000) -> None:
    """Wait until the page follows its thread's stream live (`streamOpen` on the chat)."""
    page.wait_for_function(
        "() => document.querySelector('stalwart-chat').streamOpen === true", timeout=timeout
    )


def wait_took(page: Page, event_type: str, count: int = 1, timeout: float = 30_000) -> None:
    """Wait until the page took `count` events of `event_type` from its thread's stream."""
    page.wait_for_function(
        """([type, count]) => document.querySelector("stalwart-chat").shadowRoot
          .querySelector("stalwart-trace").events.filter((event) => event.type === type)
          .length >= count""",
        arg=[event_type, count],
        timeout=timeout,
    )


# Holds back what the server answered to the page's next requests under a path, until let go:
# the request reaches the server and is carried out, only the page does not see the answer yet.
HOLD = """(ending) => {
  const fetch = window.fetch;
  let letGo;
  const gate = new Promise((resolve) => { letGo = resolve; });
  window.letGo = () => { window.fetch = fetch; letGo(); };
  window.fetch = async (...request) => {
    const response = await fetch(...request);
    if (new URL(String(request[0]), location.href).pathname.endsWith(ending)) await gate;
    return response;
  };
}"""


def hold_answers(page: Page, ending: str) -> None:
    """The server's answers to the page's requests whose path ends so wait for `let_go`."""
    page.evaluate(HOLD, ending)


def let_go(page: Page) -> None:
    page.evaluate("window.letGo()")


def english_on(page: Page, served: Server, language: str, *typed: str) -> list[str]:
    """What a Portuguese page shows that no pt-BR source says, besides what the person typed
    (a turn, or the words it gave a slot); nothing to check in English."""
    if language != "pt-BR":
        return []
    name = get(f"{served.url}/config.json").json()["name"]
    # The bot's name is a proper name, as the team wrote it; its logo is its first letter.
    return Sources(served.shop.folder / "agent.yaml", [name, name[0].upper()], typed).foreign(page)
