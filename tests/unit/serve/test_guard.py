"""A host on a laptop: no cross-site turn, no rebound host name, no lock-out by guessing."""

from __future__ import annotations

import socket
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

import httpx
import pytest
from starlette.testclient import TestClient

from stalwart_agents.serve._pairing import MAX_WRONG_PER_CODE, PairingCode, PairingWrong

from .test_host import stalwart_serve

EVIL = "https://evil.example"
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1"]


def turn(client: TestClient, **headers: str) -> httpx.Response:
    return client.post("/threads/t-1/messages", json={"text": "find order 7"}, headers=headers)


def test_a_text_plain_post_gets_415_and_runs_no_turn(client: TestClient) -> None:
    response = client.post(
        "/threads/t-1/messages",
        content=b'{"text": "cancel order 7"}',
        headers={"Content-Type": "text/plain"},
    )
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"
    assert "text/plain" in response.json()["detail"]
    assert client.get("/threads/t-1/interrupts").status_code == 404


def test_a_body_without_a_content_type_gets_415(client: TestClient) -> None:
    response = client.post("/threads/t-1/messages", content=b'{"text": "find order 7"}')
    assert response.status_code == 415
    assert "without a Content-Type" in response.json()["detail"]


def test_json_with_a_charset_is_json(client: TestClient) -> None:
    response = client.post(
        "/threads/t-1/messages",
        content=b'{"text": "find order 7"}',
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert response.status_code == 200


def test_a_resume_sent_as_a_form_gets_415(client: TestClient) -> None:
    response = client.post(
        "/threads/t-1/resume",
        content=b"interrupt_id=x&decision=approve",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 415


def test_a_page_on_another_site_gets_403_and_runs_no_turn(client: TestClient) -> None:
    response = turn(client, Origin=EVIL)
    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"
    assert EVIL in response.json()["detail"]
    assert client.get("/threads/t-1/interrupts").status_code == 404


def test_a_page_on_another_site_cannot_read_what_waits(client: TestClient) -> None:
    turn(client)
    assert client.get("/threads/t-1/interrupts", headers={"Origin": EVIL}).status_code == 403


def test_the_hosts_own_page_is_served(client: TestClient) -> None:
    assert turn(client, Origin="http://testserver").status_code == 200


def test_the_public_urls_page_is_served(serve: Callable[..., TestClient]) -> None:
    client = serve(public_url="https://bot.example.com/agent")
    assert turn(client, Origin="https://bot.example.com").status_code == 200
    assert turn(client, Origin="https://other.example.com").status_code == 403


def test_an_embedders_origin_is_served_when_named(serve: Callable[..., TestClient]) -> None:
    client = serve(origins=["https://shop.example"])
    assert turn(client, Origin="https://shop.example").status_code == 200


def test_an_opaque_origin_is_refused(client: TestClient) -> None:
    assert turn(client, Origin="null").status_code == 403


def test_with_hosts_a_rebound_name_gets_403(serve: Callable[..., TestClient]) -> None:
    client = serve(hosts=LOOPBACK_HOSTS)
    response = client.get("/healthz", headers={"Host": "rebind.evil.example:8700"})
    assert response.status_code == 403
    assert "rebind.evil.example" in response.json()["detail"]


@pytest.mark.parametrize("name", ["127.0.0.1:8700", "localhost:8700", "[::1]:8700", "localhost"])
def test_with_hosts_loopback_names_are_served(serve: Callable[..., TestClient], name: str) -> None:
    client = serve(hosts=LOOPBACK_HOSTS)
    assert client.get("/healthz", headers={"Host": name}).status_code == 200


def test_stalwart_serve_on_loopback_refuses_a_rebound_host(contract_agent: Path) -> None:
    with stalwart_serve(contract_agent, "--public-url=https://bot.example.com") as (url, _):
        rebound = httpx.get(f"{url}/healthz", headers={"Host": "rebind.evil.example"})
        assert rebound.status_code == 403
        public = httpx.get(f"{url}/healthz", headers={"Host": "bot.example.com"})
        assert public.status_code == 200
        assert httpx.get(f"{url}/healthz").status_code == 200


def test_stalwart_serve_refuses_a_cross_site_turn(contract_agent: Path) -> None:
    with stalwart_serve(contract_agent) as (url, _):
        body = b'{"text": "cancel order 7"}'
        for headers, status in [
            ({"Content-Type": "text/plain", "Origin": EVIL}, 403),
            ({"Content-Type": "application/json", "Origin": EVIL}, 403),
            ({"Content-Type": "text/plain"}, 415),
        ]:
            response = httpx.post(f"{url}/threads/t-1/messages", content=body, headers=headers)
            assert response.status_code == status
        assert httpx.get(f"{url}/threads/t-1/interrupts").status_code == 404


def wrong(pairing: PairingCode) -> str:
    return f"{(int(pairing.code) + 1) % 10**6:06d}"


def test_a_strangers_wrong_codes_do_not_lock_the_console_out() -> None:
    pairing = PairingCode()
    for _ in range(5):
        with pytest.raises(Exception, match="not the code"):
            pairing.exchange(wrong(pairing), "10.0.0.66")
    with pytest.raises(Exception, match="from this client"):
        pairing.exchange(pairing.code, "10.0.0.66")
    pairing.exchange(pairing.code, "127.0.0.1")


def test_wrong_codes_from_many_clients_retire_the_code_and_a_fresh_one_pairs() -> None:
    printed: list[str] = []
    pairing = PairingCode(on_new_code=printed.append)
    first = pairing.code
    for client in range(20):
        with pytest.raises(PairingWrong):
            pairing.exchange(wrong(pairing), f"10.0.0.{client}")
    assert printed == [pairing.code] and pairing.code != first
    with pytest.raises(PairingWrong):
        pairing.exchange(first, "127.0.0.1")
    pairing.exchange(printed[-1], "127.0.0.1")


def test_no_code_meets_more_wrong_guesses_than_the_cap_from_any_number_of_clients() -> None:
    printed: list[str] = []
    pairing = PairingCode(on_new_code=printed.append)
    guessed: dict[str, int] = {}
    for client in range(2_000):
        guessed[pairing.code] = guessed.get(pairing.code, 0) + 1
        with pytest.raises(PairingWrong):
            pairing.exchange(wrong(pairing), f"10.{client // 250}.0.{client % 250}")
    assert max(guessed.values()) == MAX_WRONG_PER_CODE
    assert len(printed) == 2_000 // MAX_WRONG_PER_CODE


def test_a_used_code_is_not_renewed_by_wrong_guesses() -> None:
    printed: list[str] = []
    pairing = PairingCode(on_new_code=printed.append)
    pairing.exchange(pairing.code, "127.0.0.1")
    for client in range(40):
        with pytest.raises(PairingWrong):
            pairing.exchange(wrong(pairing), f"10.0.0.{client}")
    assert printed == []


def test_the_caps_window_passes() -> None:
    now = [0.0]
    pairing = PairingCode(clock=lambda: now[0])
    for _ in range(5):
        with pytest.raises(Exception, match="not the code"):
            pairing.exchange(wrong(pairing), "10.0.0.66")
    now[0] = 61.0
    pairing.exchange(pairing.code, "10.0.0.66")


def test_the_pair_route_counts_each_client_apart(serve: Callable[..., TestClient]) -> None:
    pairing = PairingCode()
    console = serve(pairing=pairing, console_origin="http://localhost:5173")
    stranger = TestClient(console.app, client=("10.0.0.66", 50000))
    for _ in range(5):
        assert stranger.post("/pair", json={"code": wrong(pairing)}).status_code == 401
    assert stranger.post("/pair", json={"code": pairing.code}).status_code == 429
    assert console.post("/pair", json={"code": pairing.code}).status_code == 200


@pytest.mark.parametrize(
    "header",
    [
        "localhost:9440@evil.example",
        "evil.example@localhost",
        "localhost:9440:1",
        "localhost:",
        "localhost:http",
        "localhost:99999",
        "localhost/evil",
        "local host",
        "[::1",
        "[::1]x",
        "[evil.example]:80",
        "",
    ],
)
def test_a_host_header_that_is_not_a_host_and_a_port_gets_400(
    serve: Callable[..., TestClient], header: str
) -> None:
    for client in (serve(), serve(hosts=LOOPBACK_HOSTS)):
        response = client.get("/healthz", headers={"Host": header})
        assert (response.status_code, response.json()["code"]) == (400, "invalid_request")
        assert "Host" in response.json()["detail"]


@pytest.mark.parametrize("name", ["bot.example.com", "BOT.example.com:443", "192.0.2.7:8700"])
def test_any_well_formed_host_is_served_where_hosts_are_not_named(
    serve: Callable[..., TestClient], name: str
) -> None:
    assert serve().get("/healthz", headers={"Host": name}).status_code == 200


def test_stalwart_serve_refuses_a_malformed_or_doubled_host_with_400(contract_agent: Path) -> None:
    with stalwart_serve(contract_agent) as (url, _):
        port = int(url.rsplit(":", 1)[1])
        doubled = raw_get(port, f"Host: 127.0.0.1:{port}\r\nHost: evil.example\r\n")
        at_sign = raw_get(port, f"Host: localhost:{port}@evil.example\r\n")
        good = raw_get(port, f"Host: localhost:{port}\r\n")
    assert doubled.startswith("HTTP/1.1 400 ") and "one Host header" in doubled
    assert at_sign.startswith("HTTP/1.1 400 ") and "evil.example" in at_sign
    assert good.startswith("HTTP/1.1 200 ")


def raw_get(port: int, host_lines: str) -> str:
    """GET /healthz with the Host lines exactly as written; the whole response as text."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(
            f"GET /healthz HTTP/1.1\r\n{host_lines}Connection: close\r\n\r\n".encode()
        )
        return b"".join(iter(lambda: connection.recv(65536), b"")).decode()


def test_stalwart_serve_prints_a_fresh_code_when_wrong_codes_come_from_many_addresses(
    contract_agent: Path,
) -> None:
    with stalwart_serve(contract_agent, "--dev-pair") as (url, process):
        assert process.stdout is not None
        first = printed_code(process.stdout)
        guess = f"{(int(first) + 1) % 10**6:06d}"
        # Loopback answers from any 127.x address: four guessers, each within its own limit.
        for last in range(2, 6):
            transport = httpx.HTTPTransport(local_address=f"127.0.0.{last}")
            with httpx.Client(base_url=url, transport=transport) as guesser:
                statuses = [
                    guesser.post("/pair", json={"code": guess}).status_code for _ in range(5)
                ]
            assert statuses == [401] * 5
        fresh = printed_code(process.stdout)
        assert fresh != first
        assert httpx.post(f"{url}/pair", json={"code": first}).status_code == 401
        assert httpx.post(f"{url}/pair", json={"code": fresh}).status_code == 200


def printed_code(stdout: IO[str]) -> str:
    """The next pairing code the host printed on its terminal, within ten seconds."""

    def next_code() -> str:
        for line in stdout:
            if line.startswith("Pairing code: "):
                return line.removeprefix("Pairing code: ").strip()
        raise AssertionError("stalwart serve ended without printing a pairing code")

    # Not a `with`: a reader still blocked must not hold the test past its failure.
    reader = ThreadPoolExecutor(1)
    try:
        return reader.submit(next_code).result(timeout=10)
    finally:
        reader.shutdown(wait=False)
