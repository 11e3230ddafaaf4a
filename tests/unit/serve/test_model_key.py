"""The owner's AI key, on real servers over a fake provider on loopback: checked, kept, used.

Each test's per-user folders are its own (tests/conftest.py), and no keyring works there, so
the key goes to the 0600 file; test_ai_key.py covers the keyring.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from starlette.applications import Starlette

from stalwart_agents.ai_key import SavedKey
from stalwart_agents.desk import Desk
from stalwart_agents.serve import make_app
from stalwart_agents.serve._pairing import PairingCode
from tests.fake_provider import Failure, FakeProvider, _server, provider_server
from tests.loopback import free_port

__all__ = ["_server", "provider_server"]

KEY = "sk-owner-key-7f3a9c"
WRONG = "sk-not-the-key-1b2c"
VARIABLE = "STALWART_TEST_AI_KEY"
UNREAD = "please sort out whatever is going on with my account"
ELSEWHERE = "bot.example"

Serving = Callable[[Starlette], AbstractContextManager[str]]


@pytest.fixture
def model_agent(contract_agent: Path, provider_server: FakeProvider) -> Path:
    """The contract agent (on_unread: ask) with a model on the fake provider, its key unset."""
    spec = yaml.safe_load(contract_agent.read_text(encoding="utf-8"))
    spec["agents"][0]["model"] = {
        "provider": "openai",
        "model": "fake-model",
        "api_key_env": VARIABLE,
        "base_url": f"{provider_server.base}/v1",
    }
    contract_agent.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    provider_server.key = KEY
    return contract_agent


@pytest.fixture
def responses() -> list[httpx.Response]:
    """Every response a test's clients read, to search for the key."""
    return []


@pytest.fixture
def client(responses: list[httpx.Response]) -> Callable[..., httpx.Client]:
    def make(url: str, host: str | None = None, **headers: str) -> httpx.Client:
        def keep(response: httpx.Response) -> None:
            response.read()
            responses.append(response)

        if host:
            headers["Host"] = host
        return httpx.Client(
            base_url=url, headers=headers, timeout=30, event_hooks={"response": [keep]}
        )

    return make


@pytest.fixture
def no_variable(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(VARIABLE, raising=False)
    yield


def model_key(http: httpx.Client) -> Any:
    response = http.get("/config.json")
    assert response.status_code == 200, response.text
    return response.json()["model_key"]


def delegate_reply(http: httpx.Client, thread: str) -> Any:
    """Send a turn nothing reads, approve the delegate card, and give the reply."""
    turn = http.post(f"/threads/{thread}/messages", json={"text": UNREAD})
    assert turn.status_code == 200, turn.text
    [pause] = turn.json()["waiting"]
    assert pause["kind"] == "delegate"
    answer = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
    reply = http.post(f"/threads/{thread}/resume", json=answer)
    assert reply.status_code == 200, reply.text
    return reply.json()


def at(agent: Path, base: str) -> None:
    """The agent's model at another base_url."""
    spec = yaml.safe_load(agent.read_text(encoding="utf-8"))
    spec["agents"][0]["model"]["base_url"] = base
    agent.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")


def test_without_a_key_config_names_the_variable_and_a_delegate_cannot_be_read(
    model_agent: Path, loopback: Serving, client: Callable[..., httpx.Client], no_variable: None
) -> None:
    with loopback(make_app(Desk(model_agent))) as url, client(url) as owner:
        assert model_key(owner) == {"variable": VARIABLE, "missing": True}
        reply = delegate_reply(owner, "t-none")
    assert reply["reply"].endswith("the owner of this bot has to add its AI key first.")
    assert reply["model"]["problem"] == "no_key"


@pytest.mark.parametrize(
    ("answered", "status"),
    [
        # The fake's own refusal of a key it does not know: 401.
        (None, 401),
        # Some OpenAI-compatible servers answer a wrong key with 400 and OpenAI's own error code.
        (Failure(400, "Incorrect API key provided", kind="invalid_api_key"), 400),
    ],
    ids=["401", "400 naming the key"],
)
def test_a_wrong_key_is_refused_and_not_kept(
    model_agent: Path,
    loopback: Serving,
    client: Callable[..., httpx.Client],
    provider_server: FakeProvider,
    no_variable: None,
    answered: Failure | None,
    status: int,
) -> None:
    provider_server.down = answered
    with loopback(make_app(Desk(model_agent))) as url, client(url) as owner:
        refused = owner.post("/model-key", json={"key": WRONG})
        assert model_key(owner)["missing"] is True

    assert (refused.status_code, refused.json()["code"]) == (422, "invalid_request")
    assert f"refused the API key ({status})" in refused.json()["detail"]
    assert WRONG not in refused.text
    assert SavedKey("Contract desk", VARIABLE).read() is None
    # One cheap call: the model list, nothing that spends tokens.
    assert [asked.path for asked in provider_server.received] == ["/v1/models"]


@pytest.mark.parametrize(
    ("answered", "said"),
    [
        # A 400 that is about the request, not the key.
        (Failure(400, "Unsupported parameter: 'limit'"), "(400): Unsupported parameter"),
        # The provider answers, but has no API at that path: it never looked at the key.
        (None, "(404)"),
    ],
    ids=["400", "wrong path"],
)
def test_a_provider_that_refuses_the_check_itself_is_a_502_model_rejected(
    model_agent: Path,
    loopback: Serving,
    client: Callable[..., httpx.Client],
    provider_server: FakeProvider,
    no_variable: None,
    answered: Failure | None,
    said: str,
) -> None:
    if answered is None:
        at(model_agent, f"{provider_server.base}/not-the-api")
    provider_server.down = answered
    with loopback(make_app(Desk(model_agent))) as url, client(url) as owner:
        rejected = owner.post("/model-key", json={"key": KEY})
        assert model_key(owner)["missing"] is True

    assert (rejected.status_code, rejected.json()["code"]) == (502, "model_rejected")
    assert said in rejected.json()["detail"]
    assert KEY not in rejected.text
    assert SavedKey("Contract desk", VARIABLE).read() is None


def test_a_provider_nobody_listens_for_is_a_502_not_the_persons_error(
    model_agent: Path,
    loopback: Serving,
    client: Callable[..., httpx.Client],
    no_variable: None,
) -> None:
    at(model_agent, f"http://127.0.0.1:{free_port()}/v1")
    with loopback(make_app(Desk(model_agent))) as url, client(url) as owner:
        unreachable = owner.post("/model-key", json={"key": KEY})
        assert model_key(owner)["missing"] is True

    assert (unreachable.status_code, unreachable.json()["code"]) == (502, "model_unreachable")
    assert "could not be reached" in unreachable.json()["detail"]
    assert KEY not in unreachable.text
    assert SavedKey("Contract desk", VARIABLE).read() is None


def test_the_right_key_is_kept_used_at_once_and_never_shown_stored_or_logged(
    model_agent: Path,
    loopback: Serving,
    client: Callable[..., httpx.Client],
    provider_server: FakeProvider,
    responses: list[httpx.Response],
    caplog: pytest.LogCaptureFixture,
    no_variable: None,
) -> None:
    caplog.set_level(logging.DEBUG)
    provider_server.answer_with({"choices": [{"message": {"tool_calls": []}}]})
    with loopback(make_app(Desk(model_agent))) as url, client(url) as owner:
        saved = owner.post("/model-key", json={"key": f"  {KEY}\n"})
        assert saved.json() == {"in_use": True, "kept_in": "file"}
        assert model_key(owner) == {"variable": VARIABLE, "missing": False}
        reply = delegate_reply(owner, "t-key")
        events = owner.get("/threads/t-key/interrupts")

    assert reply["model"]["problem"] is None
    read = [asked for asked in provider_server.received if asked.path == "/v1/chat/completions"]
    assert [asked.headers["authorization"] for asked in read] == [f"Bearer {KEY}"]
    assert SavedKey("Contract desk", VARIABLE).read() == KEY
    assert events.status_code == 200
    stored = [path for path in model_agent.parent.iterdir() if path.name.startswith("runs.db")]
    assert stored
    assert [path.name for path in stored if KEY.encode() in path.read_bytes()] == []
    assert [str(r.url) for r in responses if KEY in r.text or KEY in str(r.headers)] == []
    assert KEY not in caplog.text


def test_a_key_one_worker_saved_reaches_another_and_the_next_start(
    model_agent: Path,
    loopback: Serving,
    client: Callable[..., httpx.Client],
    provider_server: FakeProvider,
    no_variable: None,
) -> None:
    provider_server.answer_with({"choices": [{"message": {"tool_calls": []}}]})
    with (
        loopback(make_app(Desk(model_agent))) as first,
        loopback(make_app(Desk(model_agent))) as second,
        client(first) as one,
        client(second) as other,
    ):
        assert model_key(other)["missing"] is True
        assert one.post("/model-key", json={"key": KEY}).status_code == 200
        assert model_key(other)["missing"] is False
        delegate_reply(other, "t-other")
    with loopback(make_app(Desk(model_agent))) as again, client(again) as restarted:
        assert model_key(restarted)["missing"] is False
        delegate_reply(restarted, "t-again")
    read = [asked for asked in provider_server.received if asked.path == "/v1/chat/completions"]
    assert [asked.headers["authorization"] for asked in read] == [f"Bearer {KEY}"] * 2


def test_with_the_variable_set_the_key_is_kept_for_later_and_the_variable_still_wins(
    model_agent: Path,
    loopback: Serving,
    client: Callable[..., httpx.Client],
    provider_server: FakeProvider,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(VARIABLE, "sk-from-the-environment")
    provider_server.answer_with({"choices": [{"message": {"tool_calls": []}}]})
    with loopback(make_app(Desk(model_agent))) as url, client(url) as owner:
        saved = owner.post("/model-key", json={"key": KEY})
        assert saved.json() == {"in_use": False, "kept_in": "file"}
        provider_server.key = None
        delegate_reply(owner, "t-env")
    read = [asked for asked in provider_server.received if asked.path == "/v1/chat/completions"]
    assert [asked.headers["authorization"] for asked in read] == ["Bearer sk-from-the-environment"]
    assert SavedKey("Contract desk", VARIABLE).read() == KEY


def test_only_the_owner_on_its_own_page_may_save_a_key(
    model_agent: Path, loopback: Serving, client: Callable[..., httpx.Client], no_variable: None
) -> None:
    pairing = PairingCode()
    app = make_app(Desk(model_agent), pairing=pairing, origins=["https://shop.example"])
    with loopback(app) as url:
        with client(url, ELSEWHERE) as phone:
            session = phone.post("/pair", json={"code": pairing.code}).json()["session"]
        tries = {
            "stranger": client(url, ELSEWHERE),
            "staff": client(url, ELSEWHERE, **{"Stalwart-Session": session}),
            "trusted page": client(url, Origin="https://shop.example"),
        }
        refused = {}
        for who, http in tries.items():
            with http:
                response = http.post("/model-key", json={"key": KEY})
            refused[who] = (response.status_code, response.json()["code"])
    assert refused == dict.fromkeys(tries, (403, "forbidden"))
    assert SavedKey("Contract desk", VARIABLE).read() is None


@pytest.mark.parametrize(
    ("content", "kind", "status"),
    [
        (b"{not json", "application/json", 400),
        (b'{"key": "sk-1"}', "text/plain", 415),
        (b"{}", "application/json", 422),
        (b'{"key": ""}', "application/json", 422),
        (b'{"key": 42}', "application/json", 422),
        (b'{"key": "sk one"}', "application/json", 422),
        (b'{"key": "sk-1", "extra": 1}', "application/json", 422),
        (b'{"key": "' + b"k" * 1001 + b'"}', "application/json", 422),
        (b'["sk-1"]', "application/json", 422),
    ],
)
def test_a_bad_body_gets_a_clear_4xx(
    model_agent: Path,
    loopback: Serving,
    client: Callable[..., httpx.Client],
    provider_server: FakeProvider,
    no_variable: None,
    content: bytes,
    kind: str,
    status: int,
) -> None:
    with loopback(make_app(Desk(model_agent))) as url, client(url) as owner:
        response = owner.post("/model-key", content=content, headers={"Content-Type": kind})
    assert response.status_code == status, response.text
    assert response.json()["detail"]
    assert provider_server.received == []


def test_an_agent_without_a_model_has_no_key_to_save(
    contract_agent: Path, loopback: Serving, client: Callable[..., httpx.Client]
) -> None:
    with loopback(make_app(Desk(contract_agent))) as url, client(url) as owner:
        assert model_key(owner) is None
        response = owner.post("/model-key", json={"key": KEY})
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
