"""agent.yaml: a bad file gets an error naming its file, line and key, and nothing starts."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from stalwart_agents.desk import Desk
from stalwart_agents.errors import ConfigError
from stalwart_agents.loading import load_agent_file

GOOD = """\
agents:
  - name: shop
tools:
  charge_card:
    function: fixture_tools:charge_card
    write: true
    arguments:
      amount: {type: number}
      order_id: {type: string}
      card: {type: string, from: context.card}
    undo:
      tool: refund_card
      args: {charge_id: result.charge_id, amount: call.amount}
  refund_card:
    function: fixture_tools:refund_card
    write: true
    arguments:
      charge_id: {type: string}
      amount: {type: number}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "agent.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def error_of(path: Path) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        load_agent_file(path)
    return caught.value


def test_a_good_file_loads_with_its_defaults(tmp_path: Path) -> None:
    spec = load_agent_file(write(tmp_path, GOOD))
    assert spec.agent().on_unread == "ask"
    assert spec.tools["charge_card"].arguments["amount"].accepts == (
        "typed",
        "reply",
        "context",
        "computed",
        "result",
    )
    assert spec.storage_url() == f"sqlite:///{tmp_path.resolve() / 'runs.db'}"


def test_an_unknown_key_names_its_line_and_path(tmp_path: Path) -> None:
    error = error_of(
        write(tmp_path, GOOD.replace("    write: true\n", "    write: true\n    colour: red\n", 1))
    )
    assert (error.line, error.key) == (7, "tools.charge_card.colour")
    where = f"{tmp_path / 'agent.yaml'}, line 7, at tools.charge_card.colour"
    assert str(error) == f"{where}: 'colour' is not a key here."


def test_a_value_of_the_wrong_type_names_its_line(tmp_path: Path) -> None:
    error = error_of(
        write(tmp_path, GOOD.replace("amount: {type: number}", "amount: {type: money}", 1))
    )
    assert (error.line, error.key) == (8, "tools.charge_card.arguments.amount.type")


def test_a_tool_without_a_function_or_a_server_names_the_tool(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD.replace("    function: fixture_tools:refund_card\n", "")))
    assert (error.line, error.key, error.problem) == (
        14,
        "tools.refund_card",
        "give a tool either function: (Python) or server: (MCP).",
    )


def test_an_expression_that_does_not_parse_is_an_error_at_load(tmp_path: Path) -> None:
    rule = "    - id: big\n      when: \"args['amount'] >\"\n      sentence: No.\n"
    text = GOOD + "rules:\n  refuse:\n" + rule
    error = error_of(write(tmp_path, text))
    assert (error.line, error.key) == (23, "rules.refuse[0].when")
    assert "is not a valid expression" in error.problem


def test_an_expression_that_reads_a_private_attribute_is_refused(tmp_path: Path) -> None:
    text = GOOD + 'rules:\n  confirm:\n    - reason: r\n      when: "tool.__class__"\n'
    assert "private" in error_of(write(tmp_path, text)).problem


def test_an_undo_tool_must_exist(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD.replace("tool: refund_card", "tool: refund")))
    assert (error.line, error.key, error.problem) == (
        12,
        "tools.charge_card.undo.tool",
        "no tool is named 'refund'.",
    )


def test_an_irreversible_tool_cannot_have_an_undo(tmp_path: Path) -> None:
    error = error_of(
        write(
            tmp_path,
            GOOD.replace("    write: true\n", "    write: true\n    irreversible: true\n", 1),
        )
    )
    assert error.problem == "an irreversible tool cannot have an undo."


def test_an_undo_must_name_an_argument_of_the_call(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD.replace("amount: call.amount", "amount: call.total")))
    assert error.problem == "charge_card has no argument 'total'."


def test_an_undo_must_fill_every_required_argument_of_its_tool(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD.replace(", amount: call.amount", "")))
    assert error.problem == "the undo refund_card needs its argument 'amount'."


def test_a_duplicate_key_is_an_error(tmp_path: Path) -> None:
    error = error_of(
        write(tmp_path, GOOD.replace("    write: true\n", "    write: true\n    write: false\n", 1))
    )
    assert (error.line, error.problem) == (7, "a duplicate key.")


def test_a_yaml_syntax_error_names_its_line(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD.replace("{type: number}", "{type: number", 1)))
    assert error.line == 9


def test_storage_must_be_sqlite_or_postgres(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD + "storage: mysql://db\n"))
    assert (error.key, error.line) == ("storage", 20)


def test_on_unread_takes_only_the_spec_values(tmp_path: Path) -> None:
    error = error_of(
        write(tmp_path, GOOD.replace("  - name: shop\n", "  - name: shop\n    on_unread: guess\n"))
    )
    assert error.problem == "'guess' is not one of ask, refuse, model."


def test_an_origin_must_be_one_of_the_specs(tmp_path: Path) -> None:
    error = error_of(
        write(
            tmp_path,
            GOOD.replace(
                "amount: {type: number}", "amount: {type: number, accepts: [typed, psychic]}"
            ),
        )
    )
    assert error.key == "tools.charge_card.arguments.amount.accepts"


def test_an_agent_may_list_only_tools_that_exist(tmp_path: Path) -> None:
    error = error_of(
        write(
            tmp_path,
            GOOD.replace("  - name: shop\n", "  - name: shop\n    tools: [charge_card, fly]\n"),
        )
    )
    assert (error.line, error.key) == (3, "agents[0].tools[1]")


def test_a_tool_whose_function_cannot_be_imported_stops_the_desk(tmp_path: Path) -> None:
    path = write(
        tmp_path, GOOD.replace("fixture_tools:refund_card", "fixture_tools:refund_everything")
    )
    with pytest.raises(ConfigError) as caught:
        Desk(path)
    assert (caught.value.line, caught.value.key) == (15, "tools.refund_card.function")
    assert caught.value.problem == "the module 'fixture_tools' has no function 'refund_everything'."


def test_a_step_must_be_an_async_function(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        GOOD.replace("  - name: shop\n", "  - name: shop\n    steps: fixture_tools:find_order\n"),
    )
    with pytest.raises(ConfigError, match="a step must be an async function"):
        Desk(path)


def shows(text: str) -> str:
    """GOOD with `shows:` on refund_card (line 20 on)."""
    return GOOD + f"    shows:\n{textwrap.indent(textwrap.dedent(text), '      ')}"


def test_shows_names_paths_into_the_result(tmp_path: Path) -> None:
    spec = load_agent_file(write(tmp_path, shows("sources: result.refund.links\nfiles: result\n")))
    assert spec.tools["refund_card"].shows is not None
    assert spec.tools["refund_card"].shows.paths() == {
        "sources": ["refund", "links"],
        "files": [],
    }


def test_shows_that_reads_anything_but_the_result_names_its_line(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, shows("sources: call.charge_id\n")))
    assert (error.line, error.key, error.problem) == (
        21,
        "tools.refund_card.shows.sources",
        "'call.charge_id' must read result or result.<key>.",
    )


def test_shows_takes_only_sources_images_and_files(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, shows("links: result.links\n")))
    assert (error.line, error.key, error.problem) == (
        21,
        "tools.refund_card.shows.links",
        "'links' is not a key here.",
    )


def test_a_question_naming_no_argument_is_an_error_at_load_with_its_fix(tmp_path: Path) -> None:
    question = "    question:\n      en: Charge {ammount}?\n      pt-BR: Cobrar {amount}?\n"
    text = GOOD.replace("    write: true\n", "    write: true\n" + question, 1)
    error = error_of(write(tmp_path, text))
    assert (error.line, error.key, error.problem) == (
        8,
        "tools.charge_card.question.en",
        "{ammount} names no argument of charge_card.",
    )
    assert error.fix == "name one of amount, order_id, card."


def test_a_reply_may_name_a_result_key_it_declares(tmp_path: Path) -> None:
    reply = "    reply: Charged {amount} ({charge_id}).\n    result: {charge_id: {label: Charge}}\n"
    spec = load_agent_file(
        write(tmp_path, GOOD.replace("    write: true\n", "    write: true\n" + reply, 1))
    )
    assert spec.tools["charge_card"].reply == "Charged {amount} ({charge_id})."
    undeclared = GOOD.replace("    write: true\n", "    write: true\n    reply: Did {charge}.\n", 1)
    error = error_of(write(tmp_path, undeclared))
    assert (error.key, error.problem) == (
        "tools.charge_card.reply",
        "{charge} names no argument of charge_card or key under its result:.",
    )


def test_a_template_with_an_open_brace_is_an_error_at_load(tmp_path: Path) -> None:
    text = GOOD.replace("    write: true\n", "    write: true\n    question: Charge {amount?\n", 1)
    error = error_of(write(tmp_path, text))
    assert (error.line, error.key) == (7, "tools.charge_card.question")
    assert "for a brace itself" in error.problem


def test_a_reason_sentence_names_a_reason_a_pause_gives(tmp_path: Path) -> None:
    text = GOOD.replace(
        "  - name: shop\n", "  - name: shop\n    reasons:\n      big: It is big.\n", 1
    )
    error = error_of(write(tmp_path, text))
    assert (error.line, error.key, error.problem) == (
        4,
        "agents[0].reasons.big",
        "'big' is no reason a pause gives.",
    )
    assert error.fix == "name one of write, argument_origin, tainted_call."


def test_text_in_a_language_the_chat_does_not_speak_is_an_error_at_load(tmp_path: Path) -> None:
    text = GOOD.replace(
        "    write: true\n", "    write: true\n    title: {en: Pay, pt-PT: Pagar}\n", 1
    )
    error = error_of(write(tmp_path, text))
    assert error.key == "tools.charge_card.title"
    assert "'pt-PT' is not a language; languages are en, pt-BR." in error.problem


def test_a_currency_must_be_one_babel_knows(tmp_path: Path) -> None:
    text = GOOD.replace("amount: {type: number}", "amount: {type: number, currency: XYZ}", 1)
    error = error_of(write(tmp_path, text))
    assert (error.line, error.key) == (8, "tools.charge_card.arguments.amount.currency")
    assert "not a currency Babel knows" in error.problem
