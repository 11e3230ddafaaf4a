"""staff_only: true, enforced on real servers: the owner and paired staff see threads, no one else.

The owner is a browser on this machine (a loopback peer naming a loopback Host). A loopback
server reached under another Host name stands for anyone else, as a reverse proxy on this
machine would pass them on; the peer check itself runs in process with a made-up address.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from starlette.applications import Starlette

from stalwart_agents._generated.spec import STRINGS
from stalwart_agents.cli import main
from stalwart_agents.desk import Desk
from stalwart_agents.ids import session_handle
from stalwart_agents.serve import make_app
from stalwart_agents.serve._guard import LOOPBACK_NAMES
from stalwart_agents.serve._pairing import PairingCode
from tests.loopback import CLIENT_TLS

from .helpers import CHARGE, store_as_url

STAFF_ONLY = STRINGS["en"]["staffOnly"]

# A name that is not this machine's: what a proxy on this machine passes on from the network.
ELSEWHERE = "bot.example"
# TEST-NET-1 (RFC 5737): never a loopback peer.
STRANGER_PEER = ("192.0.2.7", 40000)
ROUTES = ("messages", "interrupts", "resume", "decisions", "stream", "feedback")

Serving = Callable[[Starlette], AbstractContextManager[str]]


@pytest.fixture
def staff_agent(contract_agent: Path, store_url: str) -> Path:
    """The contract agent with staff_only: true, its runs in the test's store."""
    spec = yaml.safe_load(contract_agent.read_text(encoding="utf-8"))
    spec["agents"][0]["staff_only"] = True
    spec["storage"] = store_as_url(store_url)
    contract_agent.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return contract_agent


@pytest.fixture
def app_on(staff_agent: Path) -> Callable[..., Starlette]:
    """A new application (a worker) on the staff-only agent and its one store."""

    def make(**options: Any) -> Starlette:
        return make_app(Desk(staff_agent), **options)

    return make


@contextmanager
def client(url: str, host: str | None = None, session: str | None = None) -> Iterator[httpx.Client]:
    """A client of a loopback server; `host` names it otherwise, `session` is sent as the header."""
    headers = {"Host": host} if host else {}
    if session:
        headers["Stalwart-Session"] = session
    with httpx.Client(base_url=url, headers=headers, timeout=30, verify=CLIENT_TLS) as made:
        yield made


def stream_status(http: httpx.Client, thread: str) -> int:
    """The stream's status, closed as soon as it is known: an allowed stream never ends."""
    with http.stream("GET", f"/threads/{thread}/stream") as response:
        return response.status_code


def everything(http: httpx.Client, thread: str) -> dict[str, int]:
    """Each thread route in turn, as a person using the chat would: the status each gave."""
    turn = http.post(f"/threads/{thread}/messages", json={"text": CHARGE})
    assert turn.status_code == 200, turn.text
    pause = turn.json()["waiting"][0]
    thumb = {"message": turn.json()["message"], "thumb": "up"}
    answer = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "skip"}
    return {
        "messages": turn.status_code,
        "interrupts": http.get(f"/threads/{thread}/interrupts").status_code,
        "stream": stream_status(http, thread),
        "feedback": http.post(f"/threads/{thread}/feedback", json=thumb).status_code,
        "resume": http.post(f"/threads/{thread}/resume", json=answer).status_code,
        "decisions": http.get(f"/threads/{thread}/decisions").status_code,
    }


def refusals(http: httpx.Client, thread: str, seen: dict[str, Any]) -> dict[str, str]:
    """Each thread route on someone else's thread and pause: the detail each refusal gave."""
    pause = seen["waiting"][0]
    answer = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    responses = {
        "messages": http.post(f"/threads/{thread}/messages", json={"text": CHARGE}),
        "interrupts": http.get(f"/threads/{thread}/interrupts"),
        "resume": http.post(f"/threads/{thread}/resume", json=answer),
        "decisions": http.get(f"/threads/{thread}/decisions"),
        "stream": http.get(f"/threads/{thread}/stream"),
        "feedback": http.post(
            f"/threads/{thread}/feedback", json={"message": seen["message"], "thumb": "down"}
        ),
    }
    for route, response in responses.items():
        assert (route, response.status_code, response.json()["code"]) == (
            route,
            403,
            "forbidden",
        )
    return {route: response.json()["detail"] for route, response in responses.items()}


def owner_turn(url: str, thread: str) -> dict[str, Any]:
    """A turn from the owner that leaves a pause open, for others to try to reach."""
    with client(url) as owner:
        response = owner.post(f"/threads/{thread}/messages", json={"text": CHARGE})
    assert response.status_code == 200, response.text
    seen: dict[str, Any] = response.json()
    return seen


def pair(url: str, pairing: PairingCode) -> str:
    """Pair a browser from elsewhere with the printed code; its session is staff now."""
    with client(url, ELSEWHERE) as phone:
        response = phone.post("/pair", json={"code": pairing.code})
    assert response.status_code == 200, response.text
    session: str = response.json()["session"]
    return session


def viewer(url: str, host: str | None = None, session: str | None = None) -> str:
    with client(url, host, session) as http:
        response = http.get("/config.json")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["staff_only"] is True
    # config.json is the page's only data before a thread: it carries none of any thread.
    assert not {"thread", "threads", "waiting", "events", "messages"} & set(body)
    shown: str = body["viewer"]
    return shown


def test_the_owner_on_this_machine_uses_every_route(
    app_on: Callable[..., Starlette], loopback: Serving
) -> None:
    with loopback(app_on()) as url, client(url) as owner:
        assert everything(owner, "t-owner") == dict.fromkeys(ROUTES, 200) | {"feedback": 204}
        assert viewer(url) == "owner"


def test_anyone_else_gets_403_and_the_staff_only_sentence_on_every_route(
    app_on: Callable[..., Starlette], loopback: Serving, calls: Callable[[str], int]
) -> None:
    with loopback(app_on()) as url:
        seen = owner_turn(url, "t-1")
        with client(url, ELSEWHERE) as stranger:
            details = refusals(stranger, "t-1", seen)
        assert details == dict.fromkeys(ROUTES, STAFF_ONLY)
        assert viewer(url, ELSEWHERE) == "guest"
        with client(url) as owner:
            # Nothing the stranger sent reached the thread: the owner's pause still waits.
            waiting = owner.get("/threads/t-1/interrupts").json()["interrupts"]
        assert [pause["id"] for pause in waiting] == [seen["waiting"][0]["id"]]
        assert calls("charge") == 0


def test_paired_staff_use_every_route_and_a_revoked_one_is_refused(
    app_on: Callable[..., Starlette], loopback: Serving, staff_agent: Path
) -> None:
    pairing = PairingCode()
    with loopback(app_on(pairing=pairing)) as url:
        session = pair(url, pairing)
        with client(url, ELSEWHERE, session) as staff:
            assert everything(staff, "t-staff") == dict.fromkeys(ROUTES, 200) | {"feedback": 204}
            [decided] = staff.get("/threads/t-staff/decisions").json()["decisions"]
        # The staff's skip is recorded as theirs, by handle, through the chat's channel.
        assert (decided["decision"], decided["channel"], decided["staff"], decided["by"]) == (
            "skip",
            "chat",
            True,
            session_handle(session),
        )
        assert decided["yours"] is True
        assert viewer(url, ELSEWHERE, session) == "staff"
        assert main(["staff", "revoke", str(staff_agent), session_handle(session)]) == 0
        seen = owner_turn(url, "t-after")
        with client(url, ELSEWHERE, session) as revoked:
            assert refusals(revoked, "t-after", seen) == dict.fromkeys(ROUTES, STAFF_ONLY)
        assert viewer(url, ELSEWHERE, session) == "guest"


def test_every_worker_honours_a_pairing_and_a_restart_keeps_it(
    app_on: Callable[..., Starlette], loopback: Serving, staff_agent: Path
) -> None:
    pairing = PairingCode()
    with loopback(app_on(pairing=pairing)) as first, loopback(app_on()) as second:
        session = pair(first, pairing)
        # The second worker never saw the pairing, and knows it from the store.
        assert viewer(second, ELSEWHERE, session) == "staff"
        assert viewer(second, ELSEWHERE) == "guest"
    with loopback(app_on()) as restarted:
        assert viewer(restarted, ELSEWHERE, session) == "staff"
        with client(restarted, ELSEWHERE, session) as staff:
            assert staff.get("/threads/t-none/interrupts").status_code == 404


def test_a_stranger_session_that_never_paired_is_a_guest(
    app_on: Callable[..., Starlette], loopback: Serving
) -> None:
    with loopback(app_on()) as url:
        with client(url, ELSEWHERE) as stranger:
            turn = stranger.post("/threads/t-1/messages", json={"text": CHARGE})
            assert turn.status_code == 403
        # A session the server handed out, but never paired, is no staff.
        with client(url) as owner:
            session = owner.post("/threads/t-2/messages", json={"text": CHARGE}).headers[
                "stalwart-session"
            ]
        assert viewer(url, ELSEWHERE, session) == "guest"


def test_the_guard_refuses_a_loopback_server_named_otherwise(
    app_on: Callable[..., Starlette], loopback: Serving
) -> None:
    with loopback(app_on(hosts=sorted(LOOPBACK_NAMES))) as url:
        with client(url, ELSEWHERE) as rebound:
            response = rebound.get("/threads/t-1/interrupts")
        assert (response.status_code, response.json()["code"]) == (403, "forbidden")
        assert ELSEWHERE in response.json()["detail"]
        assert viewer(url) == "owner"


async def test_a_peer_off_this_machine_is_no_owner_even_naming_loopback(
    app_on: Callable[..., Starlette],
) -> None:
    app = app_on()
    near = httpx.ASGITransport(app=app, client=("127.0.0.1", 40000))
    far = httpx.ASGITransport(app=app, client=STRANGER_PEER)
    try:
        async with httpx.AsyncClient(transport=far, base_url="http://127.0.0.1:8700") as stranger:
            refused = await stranger.get("/threads/t-1/interrupts")
        async with httpx.AsyncClient(transport=near, base_url="http://127.0.0.1:8700") as owner:
            served = await owner.get("/threads/t-1/interrupts")
    finally:
        await app.state.host.close_door()
    assert (refused.status_code, refused.json()["detail"]) == (403, STAFF_ONLY)
    # Past the check: the thread is unknown, which only an admitted request can learn.
    assert served.status_code == 404


def test_staff_list_names_each_by_handle_and_never_shows_the_session(
    app_on: Callable[..., Starlette],
    loopback: Serving,
    staff_agent: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pairing = PairingCode()
    with loopback(app_on(pairing=pairing)) as url:
        session = pair(url, pairing)
    assert main(["staff", "list", str(staff_agent)]) == 0
    listed = capsys.readouterr().out
    assert session_handle(session) in listed
    assert "--dev-pair" in listed
    assert session not in listed
    assert main(["staff", "revoke", str(staff_agent), "000000000000"]) == 2
    assert "staff list" in capsys.readouterr().err
    assert main(["staff", "revoke", str(staff_agent), session_handle(session)]) == 0
    assert main(["staff", "list", str(staff_agent)]) == 0
    assert "No staff" in capsys.readouterr().out


def test_the_staff_only_sentence_is_the_spec_string() -> None:
    strings = yaml.safe_load(
        (Path(__file__).resolve().parents[3] / "spec" / "strings.yaml").read_text(encoding="utf-8")
    )
    shown = strings["strings"]["staffOnly"]
    assert {"en": shown["en"], "pt-BR": shown["pt-BR"]} == {
        language: STRINGS[language]["staffOnly"] for language in ("en", "pt-BR")
    }
