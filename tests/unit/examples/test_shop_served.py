"""The shop mounted with make_app: the agent file's context applies, as under stalwart serve."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from stalwart_agents.config import AgentFile
from stalwart_agents.desk import Desk
from stalwart_agents.serve import make_app
from stalwart_agents.store import open_store


@pytest.fixture
def desk(
    shop_file: AgentFile, shop_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Desk:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    return Desk(shop_file, store=open_store(f"sqlite:///{tmp_path / 'runs.db'}"))


def waiting(client: TestClient) -> dict[str, Any]:
    reply = client.post("/threads/t-1/messages", json={"text": "charge 40 to order 4411"})
    assert reply.status_code == 200, reply.text
    (pause,) = reply.json()["waiting"]
    return dict(pause)


def test_make_app_gives_each_request_the_agent_files_context(desk: Desk) -> None:
    with TestClient(make_app(desk)) as client:
        pause = waiting(client)
    origins = {arg["name"]: (arg["value"], arg["origin"]) for arg in pause["arguments"]}
    assert pause["kind"] == "confirm"
    assert origins["customer"] == ("c-208", "context")
    assert origins["card"] == ("visa-0019", "context")


def test_a_context_given_to_make_app_wins_over_the_agent_files(desk: Desk) -> None:
    def another(request: object) -> dict[str, str]:
        return {"customer": "c-301", "card": "visa-0042"}

    with TestClient(make_app(desk, context=another)) as client:
        pause = waiting(client)
    customer = next(arg for arg in pause["arguments"] if arg["name"] == "customer")
    assert customer["value"] == "c-301"


CHAPTER_TURN = {"en": "charge 40 to order 4411", "pt-BR": "cobrar 40,00 do pedido 4411"}
# What the card shows of `charge 40 to order 4411`, and the reply once it is approved.
CARD = {
    "en": {
        "wording": "Charge $40.00 to order 4411?",
        "arguments": [
            ("Amount", "$40.00"),
            ("Order", "4411"),
            ("Card", "visa-0019"),
            ("Customer", "c-208"),
        ],
        "why": ["This changes something, so it runs only with your approval."],
        "reply": "Charged $40.00 to order 4411 (charge ch-4411).",
    },
    "pt-BR": {
        "wording": "Cobrar US$\xa040,00 do pedido 4411?",
        "arguments": [
            ("Valor", "US$\xa040,00"),
            ("Pedido", "4411"),
            ("Cartão", "visa-0019"),
            ("Cliente", "c-208"),
        ],
        "why": ["Isto muda algo, então só é executado com a sua aprovação."],
        "reply": "Cobrei US$\xa040,00 do pedido 4411 (cobrança ch-4411).",
    },
}


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_the_card_reads_in_the_runs_language_and_the_reply_is_a_sentence(
    desk: Desk, language: str
) -> None:
    expected = CARD[language]
    with TestClient(make_app(desk)) as client:
        turn = {"text": CHAPTER_TURN[language], "language": language}
        assert client.post("/threads/t-1/messages", json=turn).status_code == 200
        (pause,) = client.get("/threads/t-1/interrupts").json()["interrupts"]
        body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
        approved = client.post("/threads/t-1/resume", json=body)
    assert pause["wording"] == expected["wording"]
    assert [(a["label"], a["shown"]) for a in pause["arguments"]] == expected["arguments"]
    assert (pause["reasons"], pause["why"]) == (["write"], expected["why"])
    assert approved.status_code == 200, approved.text
    assert approved.json()["reply"] == expected["reply"]


def test_a_large_amount_gives_the_rules_own_sentence_after_write(desk: Desk) -> None:
    with TestClient(make_app(desk)) as client:
        turn = {"text": "cobrar 150 do pedido 4411", "language": "pt-BR"}
        (pause,) = client.post("/threads/t-1/messages", json=turn).json()["waiting"]
    assert pause["reasons"] == ["write", "large_amount"]
    assert pause["why"][1] == "O valor passa de US$ 100,00."


def test_config_json_serves_the_host_languages_texts(desk: Desk) -> None:
    with TestClient(make_app(desk)) as client:
        english = client.get("/config.json").json()
        asyncio.run(desk.set_host_language("pt-BR"))
        portuguese = client.get("/config.json").json()
    charge = {c["tool"]: c for c in portuguese["capabilities"]}["charge_card"]
    assert portuguese["language"] == "pt-BR"
    assert (english["name"], portuguese["name"]) == ("Shop assistant", "Assistente da loja")
    assert (charge["title"], charge["description"]) == (
        "Cobrar um pedido",
        "Cobra o total de um pedido em aberto no seu cartão.",
    )
    assert (charge["group_label"], charge["group_description"]) == (
        "Pagamentos",
        "Cobrar um pedido no seu cartão ou reembolsar uma cobrança.",
    )
    assert portuguese["purpose"].startswith("Eu consulto seus pedidos")
    assert portuguese["about"].startswith("Uma loja de demonstração")
    assert english["about"].startswith("A demonstration shop")
