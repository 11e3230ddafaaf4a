"""Pause ids are pure functions of what paused; tokens bind exactly what the person was shown."""

from __future__ import annotations

from typing import Any

import pytest
import rfc8785

from stalwart_agents._generated.enums import Kind
from stalwart_agents.ids import canonical, pause_id, pause_token, position, tokens_match

ARGS = {
    "amount": {"value": 40, "origin": "typed"},
    "order_id": {"value": "4411", "origin": "typed"},
}

# Arguments with a value nested a few levels down, where a careless hash would stop looking.
NESTED: dict[str, Any] = {
    "order_id": {"value": "4411", "origin": "typed"},
    "lines": {
        "value": [{"sku": "A-1", "price": {"amount": 40, "currency": "EUR"}}],
        "origin": "typed",
    },
}


def reordered(value: Any) -> Any:
    """The same value with every object's keys in reverse order, at every depth."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reordered(item) for item in value]
    return value


def with_deep_change(args: dict[str, Any]) -> dict[str, Any]:
    """`args` with only the innermost amount changed."""
    line = {**args["lines"]["value"][0], "price": {"amount": 41, "currency": "EUR"}}
    return {**args, "lines": {**args["lines"], "value": [line]}}


# Each entry changes exactly one input; every other stays as in the first call.
ARGUMENT_CHANGES: dict[str, dict[str, Any]] = {
    "deep-value": with_deep_change(NESTED),
    "top-value": {**NESTED, "order_id": {"value": "4412", "origin": "typed"}},
    "origin": {**NESTED, "order_id": {"value": "4411", "origin": "selected"}},
    "added": {**NESTED, "note": {"value": "", "origin": "typed"}},
    "dropped": {"lines": NESTED["lines"]},
}


def test_canonical_json_follows_rfc_8785() -> None:
    assert canonical({"b": 1, "a": [1.0, 2.5, "é"]}) == '{"a":[1,2.5,"é"],"b":1}'.encode()


@pytest.mark.parametrize(
    "value",
    [
        ARGS,
        NESTED,
        {"kind": Kind.CONFIRM, "at": "0/1", "tool": None, "ok": True, "n": -(2**53 - 1)},
        {"\ue000": 1, "\U0001f600": 2, "z": 3, "": 4, "é": [5, "\u2028"]},
        {"ctl": "".join(chr(code) for code in range(0x20)) + '"\\/\x7f😀'},
        {"float": 1.0, "small": 1e-7, "big": 1e21, "third": 1 / 3},
        [2**53 - 1, -(2**53 - 1), (1, "a"), {"b": [], "a": {}}],
    ],
)
def test_canonical_json_is_rfc_8785s_on_every_kind_of_value(value: Any) -> None:
    assert canonical(value) == rfc8785.dumps(value)


@pytest.mark.parametrize("value", [2**53, -(2**53), {"a": 2**63}, "\ud800"])
def test_canonical_json_refuses_what_rfc_8785_refuses(value: Any) -> None:
    with pytest.raises(rfc8785.CanonicalizationError):
        canonical(value)


def a_pause_id(**change: Any) -> str:
    inputs: dict[str, Any] = {
        "thread": "u-17",
        "run": "r1",
        "at": "0",
        "tool": "charge_card",
        "args": NESTED,
        "kind": "confirm",
    }
    return pause_id(**{**inputs, **change})


def a_token(**change: Any) -> str:
    inputs: dict[str, Any] = {
        "secret": b"s" * 32,
        "pause": "p",
        "tool": "charge_card",
        "args": NESTED,
        "at": "0",
    }
    return pause_token(**{**inputs, **change})


def test_the_same_pause_has_the_same_id_whatever_the_key_order() -> None:
    assert a_pause_id() == a_pause_id(args=reordered(NESTED))
    assert pause_id("u-17", "r1", "0", "charge_card", ARGS, "confirm") == pause_id(
        "u-17", "r1", "0", "charge_card", dict(reversed(list(ARGS.items()))), "confirm"
    )


@pytest.mark.parametrize("changed", ARGUMENT_CHANGES.values(), ids=ARGUMENT_CHANGES.keys())
def test_a_changed_argument_gives_another_id(changed: dict[str, Any]) -> None:
    assert a_pause_id() != a_pause_id(args=changed)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"thread": "u-18"}, id="thread"),
        pytest.param({"run": "r2"}, id="run"),
        pytest.param({"at": position(0, 1)}, id="attempt"),
        pytest.param({"at": "1"}, id="step"),
        pytest.param({"tool": "refund_card"}, id="tool"),
        pytest.param({"tool": None}, id="no-tool"),
        pytest.param({"kind": "ask"}, id="kind"),
    ],
)
def test_each_other_input_of_the_id_gives_another_id(change: dict[str, Any]) -> None:
    assert a_pause_id() != a_pause_id(**change)


def test_a_changed_argument_or_kind_or_point_gives_another_id() -> None:
    base = pause_id("u-17", "r1", "0", "charge_card", ARGS, "confirm")
    changed = {**ARGS, "amount": {"value": 41, "origin": "typed"}}
    assert base != pause_id("u-17", "r1", "0", "charge_card", changed, "confirm")
    assert base != pause_id("u-17", "r1", "0", "charge_card", ARGS, "ask")
    assert base != pause_id("u-17", "r1", position(0, 1), "charge_card", ARGS, "confirm")


def test_arguments_may_come_already_canonical() -> None:
    assert pause_id("u", "r", "0", "t", ARGS, "confirm") == pause_id(
        "u", "r", "0", "t", canonical(ARGS), "confirm"
    )
    assert a_token() == a_token(args=canonical(NESTED))


def test_a_token_depends_on_the_secret_and_on_what_was_shown() -> None:
    token = pause_token(b"s" * 32, "p", "charge_card", ARGS, "0")
    assert tokens_match(token, pause_token(b"s" * 32, "p", "charge_card", ARGS, "0"))
    assert not tokens_match(token, pause_token(b"t" * 32, "p", "charge_card", ARGS, "0"))
    assert not tokens_match(token, pause_token(b"s" * 32, "p", "refund_card", ARGS, "0"))


def test_a_token_does_not_depend_on_key_order() -> None:
    assert tokens_match(a_token(), a_token(args=reordered(NESTED)))


@pytest.mark.parametrize("changed", ARGUMENT_CHANGES.values(), ids=ARGUMENT_CHANGES.keys())
def test_a_token_for_other_arguments_does_not_match(changed: dict[str, Any]) -> None:
    assert not tokens_match(a_token(), a_token(args=changed))


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"secret": b"t" * 32}, id="secret"),
        pytest.param({"pause": "q"}, id="pause"),
        pytest.param({"tool": "refund_card"}, id="tool"),
        pytest.param({"tool": None}, id="no-tool"),
        pytest.param({"at": position(0, 1)}, id="attempt"),
        pytest.param({"at": "1"}, id="step"),
    ],
)
def test_a_token_for_any_other_input_does_not_match(change: dict[str, Any]) -> None:
    assert not tokens_match(a_token(), a_token(**change))
