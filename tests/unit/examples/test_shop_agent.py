"""The shop's agent file: it loads, and it says what DESIGN.md says the shop agent is."""

from __future__ import annotations

import inspect

import pytest

from stalwart_agents.config import AgentFile
from stalwart_agents.loading import load_agent_file
from stalwart_agents.selector import Vocabulary
from stalwart_agents.tools import ToolBox, import_callable

from .helpers import AGENT_FILE, SHOP_DIR

import context  # isort: skip - importable once .helpers put the shop's folder on the path


@pytest.fixture(scope="module")
def spec() -> AgentFile:
    return load_agent_file(AGENT_FILE)


def test_the_agent_file_loads_with_the_shop_assistant(spec: AgentFile) -> None:
    agent = spec.agent()

    assert agent.name == "Shop assistant"
    assert agent.purpose
    assert agent.contact == "support@shop.example"
    assert (agent.staff_only, agent.on_unread) == (False, "ask")


def test_the_model_key_comes_from_the_environment(spec: AgentFile) -> None:
    model = spec.agent().model

    assert model is not None
    assert (model.provider, model.api_key_env) == ("openai", "OPENAI_API_KEY")


def test_every_tool_is_in_a_described_group(spec: AgentFile) -> None:
    groups = spec.agent().groups

    assert all(groups.get(tool.group or "") for tool in spec.tools.values())


def test_every_tool_imports_and_both_kinds_are_used(spec: AgentFile) -> None:
    box = ToolBox(spec)

    kinds = {name: box[name].is_async for name in spec.tools}
    assert set(kinds) == {
        "find_order",
        "charge_card",
        "refund_card",
        "read_inbox",
        "send_email",
        "cancel_order",
        "reopen_order",
        "save_receipt",
    }
    assert set(kinds.values()) == {True, False}


def test_reads_writes_and_undos_are_as_the_design_lists_them(spec: AgentFile) -> None:
    tools = spec.tools

    assert not tools["find_order"].write
    assert tools["charge_card"].write
    assert tools["charge_card"].undo is not None
    assert tools["charge_card"].undo.tool == "refund_card"
    assert tools["cancel_order"].undo is not None
    assert tools["cancel_order"].undo.tool == "reopen_order"
    assert (tools["send_email"].write, tools["send_email"].irreversible) == (True, True)
    assert (tools["read_inbox"].write, tools["read_inbox"].untrusted) == (False, True)


def test_the_charge_is_refunded_with_its_own_id_and_amount(spec: AgentFile) -> None:
    undo = spec.tools["charge_card"].undo

    assert undo is not None
    assert undo.args == {"charge_id": "result.charge_id", "amount": "call.amount"}


def test_the_vocabulary_names_the_tools_and_arguments_the_agent_has(spec: AgentFile) -> None:
    vocabulary_file = spec.agent().vocabulary
    assert vocabulary_file is not None
    arguments = {name: list(tool.arguments) for name, tool in spec.tools.items()}

    vocabulary = Vocabulary.load(SHOP_DIR / vocabulary_file, arguments)

    assert set(vocabulary.tools) <= set(spec.tools)


def test_the_context_gives_every_key_the_tools_read_from_it(spec: AgentFile) -> None:
    given = context.context(None)
    read = {
        argument.from_.removeprefix("context.")
        for tool in spec.tools.values()
        for argument in tool.arguments.values()
        if argument.from_ and argument.from_.startswith("context.")
    }

    assert given == {"customer": "c-208", "card": "visa-0019"}
    assert read <= set(given)


def test_the_team_step_is_an_async_function(spec: AgentFile) -> None:
    steps = spec.agent().steps

    assert steps is not None
    assert inspect.iscoroutinefunction(import_callable(steps, spec.base_dir))
