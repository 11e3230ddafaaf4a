"""A staff-only bot in a real browser: the owner on this machine chats, anyone else sees the note.

The host listens on loopback and on this machine's own network address; a browser that comes
in over the network address comes from a peer that is not loopback, as a phone on the LAN does.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
import uvicorn
import yaml
from playwright.sync_api import Browser, Page, expect
from served import copy_shop

from stalwart_agents.serve import make_app

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]


def network_address() -> str:
    """This machine's IPv4 address on its network, the one a route out leaves from."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        # A datagram socket's connect sends nothing; it picks the interface a route leaves by.
        probe.connect(("198.51.100.1", 9))
        address: str = probe.getsockname()[0]
    assert not address.startswith("127."), "this machine has no network address to test over"
    return address


def staff_only(folder: Path) -> Mapping[str, str]:
    agent_file = folder / "agent.yaml"
    spec = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
    spec["agents"][0]["staff_only"] = True
    agent_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return {}


@pytest.fixture
def urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The staff-only shop served at once on loopback and on the network address."""
    shop = copy_shop(tmp_path / "shop", staff_only)
    for name, value in shop.environment.items():
        monkeypatch.setenv(name, value)
    sockets = [socket.socket(), socket.socket()]
    sockets[0].bind(("127.0.0.1", 0))
    sockets[1].bind((network_address(), 0))
    app = make_app(shop.folder / "agent.yaml")
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": sockets}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    host, port = sockets[1].getsockname()[:2]
    try:
        yield {
            "owner": f"http://127.0.0.1:{sockets[0].getsockname()[1]}/",
            "guest": f"http://{host}:{port}/",
        }
    finally:
        server.should_exit = True
        thread.join(10)
        for sock in sockets:
            sock.close()


def open_page(browser: Browser, url: str, requests: list[str]) -> Page:
    context = browser.new_context(viewport={"width": 900, "height": 1000})
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    expect(page.locator("stalwart-chat [part=name]")).to_have_text("Shop assistant")
    return page


def test_a_guest_sees_the_staff_only_note_and_nothing_of_a_thread(
    browser: Browser, urls: dict[str, str], strings: Strings
) -> None:
    requests: list[str] = []
    page = open_page(browser, urls["guest"], requests)
    expect(page.get_by_text(strings["en"]["staffOnly"])).to_be_visible()
    # The log keeps only its first entry, the intro with the note: no turn, reply or card.
    expect(page.locator("stalwart-chat [part=log] > *")).to_have_count(1)
    expect(page.locator("stalwart-chat [part=log] > .intro")).to_be_visible()
    expect(page.locator("stalwart-chat [part=composer]")).to_be_hidden()
    expect(page.locator("stalwart-chat .error")).to_be_hidden()
    # Whatever the page asked of a thread before config.json said who it is, it got no thread.
    page.wait_for_timeout(500)
    assert not [url for url in requests if "/messages" in url or "/resume" in url]
    page.context.close()


def test_the_owner_on_this_machine_chats(
    browser: Browser, urls: dict[str, str], strings: Strings
) -> None:
    page = open_page(browser, urls["owner"], [])
    expect(page.get_by_text(strings["en"]["staffOnly"])).to_be_visible()
    field = page.locator("stalwart-chat [part=composer] textarea")
    expect(field).to_be_visible()
    with page.expect_response(lambda response: response.url.endswith("/messages")) as sent:
        field.fill("find order 4411")
        field.press("Enter")
    assert sent.value.status == 200
    page.context.close()
