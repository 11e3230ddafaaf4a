"""What waits in a thread, listed in our interrupt shape from LangGraph's pending interrupts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
from starlette.applications import Starlette

from stalwart_agents._generated.models import InterruptList
from stalwart_agents._generated.spec import ANSWERS
from stalwart_agents.langchain import GraphDoor
from stalwart_agents.store.sqlite import SqliteRunStore

from .conftest import Worker
from .helpers import THREAD, turn

Client = Callable[[Starlette], httpx.AsyncClient]


async def list_of(client: httpx.AsyncClient, thread: str = THREAD) -> httpx.Response:
    return await client.get(f"/threads/{thread}/interrupts")


async def test_the_listing_validates_as_an_interrupt_list(
    worker: Worker, client_of: Client
) -> None:
    app = await worker()
    await turn(app)
    listing = InterruptList.model_validate((await list_of(client_of(app))).json())
    assert [item.root.tool for item in listing.interrupts] == ["charge_card", "send_email"]


async def test_each_interrupt_confirms_by_default(worker: Worker, client_of: Client) -> None:
    app = await worker()
    await turn(app)
    for item in (await list_of(client_of(app))).json()["interrupts"]:
        assert (item["kind"], item["choices"]) == ("confirm", list(ANSWERS["confirm"]))


async def test_arguments_keep_the_origins_their_payload_gives(
    worker: Worker, client_of: Client
) -> None:
    app = await worker()
    await turn(app)
    charge, email = (await list_of(client_of(app))).json()["interrupts"]
    assert charge["arguments"] == [
        {"name": "amount", "value": 40, "origin": "typed", "label": "Amount", "shown": "40"},
        {
            "name": "order_id",
            "value": "4411",
            "origin": "typed",
            "label": "Order id",
            "shown": "4411",
        },
    ]
    assert [a["origin"] for a in email["arguments"]] == ["context", "model"]
    assert (email["reasons"], email["irreversible"]) == (["write"], True)


async def test_a_payload_without_words_reads_as_its_names_in_words(
    worker: Worker, client_of: Client
) -> None:
    app = await worker()
    await turn(app)
    charge, _ = (await list_of(client_of(app))).json()["interrupts"]
    assert charge["wording"] == "Charge card?"
    assert charge["why"] == ["This changes something, so it runs only with your approval."]


async def test_the_turn_reply_lists_what_the_listing_lists(
    worker: Worker, client_of: Client
) -> None:
    app = await worker()
    waiting = (await turn(app))["waiting"]
    assert (await list_of(client_of(app))).json()["interrupts"] == waiting


async def test_every_worker_lists_the_same_ids_and_tokens(
    worker: Worker, client_of: Client
) -> None:
    first, second = await worker(), await worker()
    await turn(first)
    seen = [(await list_of(client_of(app))).json() for app in (first, second)]
    assert seen[0] == seen[1]


async def test_ids_are_not_langgraphs_and_name_the_thread(
    worker: Worker, client_of: Client
) -> None:
    app = await worker()
    await turn(app)
    state = await app.state.door.runner.state({"configurable": {"thread_id": THREAD}})
    listed = (await list_of(client_of(app))).json()["interrupts"]
    assert {item["id"] for item in listed}.isdisjoint({found.id for found in state.interrupts})
    assert {item["thread"] for item in listed} == {THREAD}


async def test_a_token_depends_on_the_instance_secret_and_the_id_does_not(
    worker: Worker, tmp_path: Path
) -> None:
    app = await worker()
    await turn(app)
    [charge, _] = await app.state.door.waiting(THREAD)
    async with GraphDoor(
        app.state.door.graph, store=SqliteRunStore(tmp_path / "other.db")
    ) as other:
        [again, _] = await other.waiting(THREAD)
    assert again.root.id == charge.root.id
    assert again.root.token != charge.root.token


async def test_a_thread_that_never_ran_is_404(worker: Worker, client_of: Client) -> None:
    response = await list_of(client_of(await worker()), "never-ran")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


async def test_a_thread_id_the_spec_does_not_take_is_422(worker: Worker, client_of: Client) -> None:
    response = await list_of(client_of(await worker()), "-bad")
    assert (response.status_code, response.json()["code"]) == (422, "invalid_request")


async def test_a_finished_thread_has_nothing_waiting(worker: Worker, client_of: Client) -> None:
    app = await worker()
    client = client_of(app)
    for pause in (await turn(app))["waiting"]:
        body = {"interrupt_id": pause["id"], "token": pause["token"], "decision": "approve"}
        assert (await client.post(f"/threads/{THREAD}/resume", json=body)).status_code == 200
    assert (await list_of(client)).json() == {"thread": THREAD, "interrupts": []}
