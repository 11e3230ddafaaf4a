"""A turn run through the door: what it leaves waiting, and its reply."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from stalwart_agents._generated.models import TurnReply
from stalwart_agents.langchain import last_message

from .conftest import Worker
from .helpers import THREAD, turn


async def test_a_turn_answers_as_a_turn_reply(local_worker: Worker) -> None:
    reply = TurnReply.model_validate(await turn(await local_worker()))
    assert (reply.thread, len(reply.waiting), reply.not_notified) == (THREAD, 2, [])


async def test_a_turn_names_the_checkpoint_it_waits_at(local_worker: Worker) -> None:
    app = await local_worker()
    reply = await turn(app)
    state = await app.state.door.runner.state({"configurable": {"thread_id": THREAD}})
    assert reply["run"] == state.config["configurable"]["checkpoint_id"]
    assert {pause["run"] for pause in reply["waiting"]} == {reply["run"]}


@pytest.mark.parametrize("config", [{}, {"configurable": {"thread_id": "-no"}}])
async def test_a_config_without_a_thread_the_routes_can_name_is_refused(
    local_worker: Worker, config: dict[str, object]
) -> None:
    app = await local_worker()
    with pytest.raises(ValueError, match="must name the thread"):
        await app.state.door.invoke({"done": []}, config)


def test_the_reply_is_the_last_messages_text() -> None:
    values = {"messages": [HumanMessage("refund it"), AIMessage("Waiting for approval.")]}
    assert last_message(values) == "Waiting for approval."


def test_a_state_without_messages_replies_with_nothing() -> None:
    assert last_message({"done": []}) == ""
