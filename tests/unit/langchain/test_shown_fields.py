"""What a LangGraph interrupt's payload shows a person: tool, wording, arguments and origins."""

from __future__ import annotations

from typing import Any

import pytest

from stalwart_agents.langchain import shown_fields


def arguments(payload: Any) -> list[dict[str, Any]]:
    return shown_fields(payload)["arguments"]  # type: ignore[no-any-return]


def test_args_take_their_origins_by_name() -> None:
    payload = {
        "tool": "refund",
        "args": {"amount": 5, "card": "visa"},
        "origins": {"card": "context"},
    }
    assert arguments(payload) == [
        {"name": "amount", "value": 5, "origin": "model"},
        {"name": "card", "value": "visa", "origin": "context"},
    ]


def test_listed_arguments_keep_their_order_and_origins() -> None:
    listed = [
        {"name": "b", "value": 1, "origin": "result:2"},
        {"name": "a", "value": 2, "origin": "typed"},
    ]
    assert arguments({"tool": "t", "arguments": listed}) == listed


def test_a_value_with_no_origin_is_taken_as_the_models() -> None:
    assert arguments({"name": "search", "args": {"q": "x"}})[0]["origin"] == "model"


def test_a_langchain_tool_call_is_read_by_name_and_args() -> None:
    call = {"name": "send_email", "args": {"to": "ana"}, "id": "call_1", "type": "tool_call"}
    shown = shown_fields(call)
    assert (shown["tool"], shown["arguments"]) == (
        "send_email",
        [{"name": "to", "value": "ana", "origin": "model"}],
    )


def test_without_args_every_other_key_is_shown_as_an_argument() -> None:
    payload = {"question": "Send it?", "to": "ana", "subject": "Hi"}
    shown = shown_fields(payload)
    assert shown["wording"] == "Send it?"
    assert [a["name"] for a in shown["arguments"]] == ["to", "subject"]


def test_a_string_is_the_wording() -> None:
    assert shown_fields("Delete the file?") == {
        "tool": None,
        "wording": "Delete the file?",
        "arguments": [],
        "reasons": [],
        "irreversible": False,
    }


def test_any_other_value_is_one_argument() -> None:
    assert arguments(42) == [{"name": "value", "value": 42, "origin": "model"}]


def test_an_origin_the_spec_does_not_have_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="'amount' the origin 'guessed'"):
        shown_fields({"args": {"amount": 1}, "origins": {"amount": "guessed"}})


def test_a_value_that_is_not_json_is_refused() -> None:
    with pytest.raises(ValueError, match="not JSON"):
        shown_fields({"args": {"when": object()}})


def test_reasons_must_be_strings() -> None:
    with pytest.raises(ValueError, match="reasons"):
        shown_fields({"tool": "t", "reasons": "write"})
