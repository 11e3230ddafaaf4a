"""Pairing a phone, for real: the HTTPS listener on a test address, its certificate, the codes.

The phone's LAN address here is 127.0.0.2: on loopback, so the test needs no network, and
yet a name the loopback listener does not answer to until the owner asks for a code.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import socket
import ssl
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from xml.etree import ElementTree

import httpx
import pytest
import yaml
from starlette.applications import Starlette

from stalwart_agents._generated.spec import REPLIES
from stalwart_agents.cli import main
from stalwart_agents.desk import Desk
from stalwart_agents.ids import session_handle
from stalwart_agents.serve import make_app
from stalwart_agents.serve._guard import LOOPBACK_NAMES
from stalwart_agents.serve._lan import PhoneSettings
from stalwart_agents.serve._static import CONTENT_SECURITY_POLICY
from tests.loopback import free_port, serving

from .test_staff_only import (
    ELSEWHERE,
    ROUTES,
    STAFF_ONLY,
    client,
    everything,
    owner_turn,
    refusals,
    staff_agent,
)

__all__ = ["staff_agent"]

PHONE_ADDRESS = "127.0.0.2"
TEN_MINUTES = 600
ONE_DAY = 86_400


class Clock:
    """Unix time that a test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def certificate(tmp_path: Path) -> Path:
    """Where the phone listener's certificate is kept, under the test's config folder."""
    return tmp_path / "config" / "phone-certificate.pem"


@pytest.fixture
def phone_port() -> int:
    return free_port()


@pytest.fixture
def phone_app(
    staff_agent: Path, tmp_path: Path, clock: Clock, phone_port: int
) -> Callable[..., Starlette]:
    """A worker of the staff-only agent whose phone listener goes on the test address."""

    def make(**options: Any) -> Starlette:
        settings = PhoneSettings(
            address=PHONE_ADDRESS, port=phone_port, folder=tmp_path / "config", clock=clock
        )
        named = {"hosts": sorted(LOOPBACK_NAMES)} | options
        return make_app(Desk(staff_agent), phone=settings, **named)

    return make


@contextmanager
def served(app: Starlette) -> Iterator[str]:
    """The app on loopback with its lifespan, as `stalwart serve` runs it."""
    with serving(app, lifespan="on") as url:
        yield url


def start(url: str) -> dict[str, Any]:
    """The owner presses Show the code."""
    with client(url) as owner:
        response = owner.post("/phone")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def pair(browser: httpx.Client, code_url: str) -> httpx.Response:
    """The phone opens the QR code's URL."""
    return browser.get(urlsplit(code_url).path)


@contextmanager
def phone(code_url: str, certificate: Path) -> Iterator[httpx.Client]:
    """A phone's browser on the LAN listener, trusting the certificate once its print matched."""
    trusted = ssl.create_default_context(cafile=str(certificate))
    origin = urlsplit(code_url)
    with httpx.Client(base_url=f"https://{origin.netloc}", verify=trusted, timeout=30) as browser:
        yield browser


def replace_in(path: Path, old: str, new: str) -> None:
    """Change a copied agent's file, as its owner would by hand."""
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((PHONE_ADDRESS, port)) == 0


def test_nothing_listens_on_the_lan_until_the_owner_asks_and_after_the_server_stops(
    phone_app: Callable[..., Starlette], phone_port: int
) -> None:
    with served(phone_app()) as url:
        assert not listening(phone_port)
        code = start(url)
        assert urlsplit(code["url"]).port == phone_port
        assert listening(phone_port)
        # A second code reuses the listener that is open.
        assert urlsplit(start(url)["url"]).netloc == urlsplit(code["url"]).netloc
    assert not listening(phone_port)


def test_the_listener_serves_the_certificate_whose_fingerprint_the_panel_shows(
    phone_app: Callable[..., Starlette], tmp_path: Path
) -> None:
    with served(phone_app()) as url:
        code = start(url)
        parts = urlsplit(code["url"])
        assert (parts.scheme, parts.hostname) == ("https", PHONE_ADDRESS)
        served_pem = ssl.get_server_certificate((PHONE_ADDRESS, parts.port or 443))
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(served_pem)).hexdigest().upper()
    pairs = [digest[i : i + 2] for i in range(0, len(digest), 2)]
    assert code["fingerprint"] == ":".join(pairs)
    assert code["fingerprint_start"] == " ".join(pairs[:8])
    key = tmp_path / "config" / "phone-key.pem"
    assert key.stat().st_mode & 0o777 == 0o600


def test_the_certificate_is_made_once_and_kept_across_restarts(
    phone_app: Callable[..., Starlette],
) -> None:
    with served(phone_app()) as url:
        first = start(url)["fingerprint"]
    with served(phone_app()) as url:
        assert start(url)["fingerprint"] == first


def test_the_qr_code_is_an_svg_drawn_on_the_server(phone_app: Callable[..., Starlette]) -> None:
    with served(phone_app()) as url:
        code = start(url)
    drawing = ElementTree.fromstring(code["qr"])
    assert drawing.tag == "{http://www.w3.org/2000/svg}svg"
    assert drawing.find("{http://www.w3.org/2000/svg}path") is not None
    assert not any(element.tag.endswith("script") for element in drawing.iter())


def test_the_code_pairs_one_phone_as_staff_and_a_second_use_fails(
    phone_app: Callable[..., Starlette], certificate: Path
) -> None:
    with served(phone_app()) as url:
        code = start(url)["url"]
        with phone(code, certificate) as first:
            paired = pair(first, code)
            assert (paired.status_code, paired.headers["location"]) == (303, "/")
            assert "secure" in paired.headers["set-cookie"].lower()
            assert first.get("/config.json").json()["viewer"] == "staff"
            assert everything(first, "t-phone") == dict.fromkeys(ROUTES, 200) | {"feedback": 204}
        with phone(code, certificate) as second:
            again = second.get(urlsplit(code).path, headers={"Accept": "text/html"})
            assert again.status_code == 401
            assert "paired a phone already" in again.text
            assert again.headers["content-type"].startswith("text/html")
            assert second.get("/config.json").json()["viewer"] == "guest"


def test_a_code_older_than_ten_minutes_fails(
    phone_app: Callable[..., Starlette], certificate: Path, clock: Clock
) -> None:
    with served(phone_app()) as url:
        code = start(url)["url"]
        clock.now += TEN_MINUTES + 1
        with phone(code, certificate) as late:
            refused = pair(late, code)
            assert (refused.status_code, refused.json()["code"]) == (401, "unauthorized")
            assert "more than ten minutes old" in refused.json()["detail"]
            assert late.get("/config.json").json()["viewer"] == "guest"


def test_a_refused_code_reads_in_the_bots_language_on_a_page_a_phone_can_read(
    phone_app: Callable[..., Starlette], staff_agent: Path, certificate: Path
) -> None:
    replace_in(staff_agent.parent / "vocabulary.yaml", "language: en", "language: pt-BR")
    with served(phone_app()) as url:
        code = start(url)["url"]
        with phone(code, certificate) as first:
            pair(first, code)
        with phone(code, certificate) as second:
            page = second.get(urlsplit(code).path, headers={"Accept": "text/html"})
            unknown = second.get(f"/phone/{'A' * 24}")
    assert page.status_code == 401
    assert '<html lang="pt-BR">' in page.text
    assert f"<title>{REPLIES['pt-BR']['pairing_refused']}</title>" in page.text
    assert REPLIES["pt-BR"]["pairing_used"] in page.text
    assert 'name="color-scheme" content="light dark"' in page.text
    # The page's one inline style passes by its hash; the rest of the policy is the server's own.
    [style] = re.findall(r"<style>(.*?)</style>", page.text)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    policy = page.headers["content-security-policy"]
    assert f"style-src 'self' 'sha256-{digest}';" in policy
    assert "unsafe-inline" not in policy
    assert policy.replace(f" 'sha256-{digest}'", "") == CONTENT_SECURITY_POLICY
    assert (unknown.status_code, unknown.json()["detail"]) == (
        401,
        REPLIES["pt-BR"]["pairing_unknown"],
    )


def test_a_code_is_remembered_a_day_past_its_expiry_then_forgotten_by_the_next_code(
    phone_app: Callable[..., Starlette], certificate: Path, clock: Clock
) -> None:
    with served(phone_app()) as url:
        code = start(url)["url"]
        with phone(code, certificate) as first:
            pair(first, code)
        clock.now += ONE_DAY
        start(url)
        with phone(code, certificate) as second:
            assert "paired a phone already" in pair(second, code).json()["detail"]
        clock.now += TEN_MINUTES + 1
        start(url)
        with phone(code, certificate) as third:
            assert "not a code this computer gave" in pair(third, code).json()["detail"]


def test_a_code_from_before_a_restart_still_pairs(
    phone_app: Callable[..., Starlette], certificate: Path
) -> None:
    with served(phone_app()) as url:
        code = start(url)["url"]
    with served(phone_app()) as url:
        # The restart listens on loopback only, until the owner asks again.
        start(url)
        with phone(code, certificate) as browser:
            assert pair(browser, code).status_code == 303


def test_a_stranger_on_the_lan_gets_403_and_the_paired_phone_gets_in(
    phone_app: Callable[..., Starlette], certificate: Path
) -> None:
    with served(phone_app()) as url:
        seen = owner_turn(url, "t-1")
        code = start(url)["url"]
        with phone(code, certificate) as stranger:
            assert refusals(stranger, "t-1", seen) == dict.fromkeys(ROUTES, STAFF_ONLY)
        with phone(code, certificate) as mine:
            pair(mine, code)
            assert mine.get("/threads/t-1/interrupts").status_code == 200


def test_the_lan_is_for_staff_even_when_the_bot_is_not_staff_only(
    phone_app: Callable[..., Starlette], staff_agent: Path, certificate: Path
) -> None:
    replace_in(staff_agent, "staff_only: true", "staff_only: false")
    with served(phone_app()) as url:
        code = start(url)["url"]
        with phone(code, certificate) as stranger:
            assert stranger.get("/config.json").json()["staff_only"] is True
            refused = stranger.post("/threads/t-1/messages", json={"text": "hi"})
            assert (refused.status_code, refused.json()["detail"]) == (403, STAFF_ONLY)
        # On this computer the bot is as open as its agent file says.
        with client(url) as owner:
            assert owner.get("/config.json").json()["staff_only"] is False


def test_only_the_owner_may_ask_for_a_code_or_list_or_revoke_staff(
    phone_app: Callable[..., Starlette], certificate: Path
) -> None:
    with served(phone_app(hosts=None)) as url:
        code = start(url)["url"]
        with phone(code, certificate) as staff:
            pair(staff, code)
            # Staff, and on this very machine (127.0.0.1 reaches 127.0.0.2), yet over the LAN.
            answers = [
                staff.post("/phone"),
                staff.get("/staff"),
                staff.delete("/staff/0123456789ab"),
            ]
        with client(url, ELSEWHERE) as stranger:
            answers += [stranger.post("/phone"), stranger.get("/staff")]
    assert [(answer.status_code, answer.json()["code"]) for answer in answers] == [
        (403, "forbidden")
    ] * 5


def test_the_owner_revokes_a_phone_by_route(
    phone_app: Callable[..., Starlette], certificate: Path
) -> None:
    with served(phone_app()) as url:
        code = start(url)["url"]
        with phone(code, certificate) as paired:
            pair(paired, code)
            session = paired.cookies["stalwart_session"]
            with client(url) as owner:
                listed = owner.get("/staff").json()["staff"]
                assert [(s["handle"], s["paired_by"]) for s in listed] == [
                    (session_handle(session), "phone")
                ]
                assert owner.delete(f"/staff/{session_handle(session)}").status_code == 204
                assert owner.get("/staff").json() == {"staff": []}
                again = owner.delete(f"/staff/{session_handle(session)}")
                assert (again.status_code, again.json()["code"]) == (404, "not_found")
                bad = owner.delete("/staff/NOT-A-HANDLE")
                assert (bad.status_code, bad.json()["code"]) == (422, "invalid_request")
            refused = paired.get("/threads/t-1/interrupts")
            assert (refused.status_code, refused.json()["detail"]) == (403, STAFF_ONLY)


def test_the_cli_revokes_a_phone_too(
    phone_app: Callable[..., Starlette], staff_agent: Path, certificate: Path
) -> None:
    with served(phone_app()) as url:
        code = start(url)["url"]
        with phone(code, certificate) as paired:
            pair(paired, code)
            handle = session_handle(paired.cookies["stalwart_session"])
            assert main(["staff", "revoke", str(staff_agent), handle]) == 0
            assert paired.get("/config.json").json()["viewer"] == "guest"


def test_an_address_this_computer_cannot_listen_on_is_no_network_for_the_phone(
    staff_agent: Path, tmp_path: Path
) -> None:
    # TEST-NET-3 (RFC 5737): an address no interface of this machine has.
    settings = PhoneSettings(address="203.0.113.9", folder=tmp_path / "config")
    with served(make_app(Desk(staff_agent), phone=settings)) as url:
        assert start(url) == {"network": False}


NO_NETWORK = """
import asyncio, json, sys
import httpx
from stalwart_agents.desk import Desk
from stalwart_agents.serve import make_app

async def ask() -> None:
    app = make_app(Desk(sys.argv[1]))
    owner = httpx.ASGITransport(app=app, client=("127.0.0.1", 40000))
    async with httpx.AsyncClient(transport=owner, base_url="http://127.0.0.1:8700") as http:
        response = await http.post("/phone")
    await app.state.host.close_door()
    print(json.dumps({"status": response.status_code, "body": response.json()}))

asyncio.run(ask())
"""


def in_namespace(script: list[str], xdg: Path, network: str = "") -> dict[str, Any]:
    """What a Python script printed last (JSON), run in a fresh network namespace that
    `network` (sh) set up."""
    done = subprocess.run(
        ["unshare", "-rn", "sh", "-c", f'{network or ":"} && exec "$@"', "sh", *script],
        capture_output=True,
        text=True,
        env=os.environ | {"XDG_CONFIG_HOME": str(xdg)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def phone_code_in_namespace(agent: Path, xdg: Path, network: str = "") -> dict[str, Any]:
    """The owner's POST /phone, asked in a fresh network namespace set up by `network` (sh)."""
    return in_namespace([sys.executable, "-c", NO_NETWORK, str(agent)], xdg, network)


# A network of its own, with no route beyond it, as on a Wi-Fi with no internet.
OWN_LAN = "ip link set lo up && ip addr add 192.168.77.5/24 dev lo"


def on_sqlite(agent: Path, folder: Path) -> Path:
    """The agent with its runs in SQLite: a namespace's user may not reach the test's PostgreSQL."""
    spec = yaml.safe_load(agent.read_text(encoding="utf-8"))
    spec["storage"] = f"sqlite:///{folder / 'runs.db'}"
    agent.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return agent


def test_with_no_network_the_owner_is_told_a_phone_cannot_reach_this_computer(
    staff_agent: Path, tmp_path: Path
) -> None:
    # A fresh network namespace: loopback only, as on a laptop with its Wi-Fi off.
    assert phone_code_in_namespace(staff_agent, tmp_path / "xdg") == {
        "status": 200,
        "body": {"network": False},
    }
    # Nothing was made: no certificate for a listener that never opened.
    assert not (tmp_path / "xdg").exists()


def test_a_network_with_no_way_out_still_gives_the_phone_this_computers_address(
    contract_agent: Path, tmp_path: Path
) -> None:
    # No interface faces other networks to ask for.
    answer = phone_code_in_namespace(on_sqlite(contract_agent, tmp_path), tmp_path / "xdg", OWN_LAN)
    assert answer["status"] == 200
    assert answer["body"]["network"] is True
    assert urlsplit(answer["body"]["url"]).hostname == "192.168.77.5"


SERVE_AND_SHOW_THE_CODE = """
import json, signal, subprocess, sys, time
import httpx

url = "http://127.0.0.1:8700"
server = subprocess.Popen(
    [sys.argv[1], "serve", sys.argv[2], "--port=8700"],
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
)
deadline = time.monotonic() + 60
# One client: a bare httpx.get makes one, and its TLS context (~50 ms of CPU), each try.
with httpx.Client() as http:
    while True:
        try:
            http.get(f"{url}/healthz?before")
            break
        except httpx.TransportError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise
            time.sleep(0.1)
    shown = http.post(f"{url}/phone").json()
    http.get(f"{url}/healthz?after")
server.send_signal(signal.SIGINT)
print(json.dumps({"shown": shown, "log": server.communicate(timeout=60)[0]}))
"""


def test_the_server_log_keeps_its_access_lines_and_shutdown_after_show_the_code(
    contract_agent: Path, tmp_path: Path
) -> None:
    stalwart = str(Path(sys.executable).with_name("stalwart"))
    agent = str(on_sqlite(contract_agent, tmp_path))
    script = [sys.executable, "-c", SERVE_AND_SHOW_THE_CODE, stalwart, agent]
    answer = in_namespace(script, tmp_path / "xdg", OWN_LAN)
    assert answer["shown"]["network"] is True
    log = answer["log"]
    assert '"GET /healthz?before HTTP/1.1" 200' in log
    assert '"POST /phone HTTP/1.1" 200' in log
    assert '"GET /healthz?after HTTP/1.1" 200' in log
    assert "Shutting down" in log.split("/healthz?after")[1]
