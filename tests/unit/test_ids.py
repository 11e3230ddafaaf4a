"""Pause ids are pure functions of what paused; tokens bind exactly what the person was shown."""

from __future__ import annotations

from stalwart_agents.ids import canonical, pause_id, pause_token, position, tokens_match

ARGS = {
    "amount": {"value": 40, "origin": "typed"},
    "order_id": {"value": "4411", "origin": "typed"},
}


def test_canonical_json_follows_rfc_8785() -> None:
    assert canonical({"b": 1, "a": [1.0, 2.5, "é"]}) == '{"a":[1,2.5,"é"],"b":1}'.encode()


def test_the_same_pause_has_the_same_id_whatever_the_key_order() -> None:
    reordered = dict(reversed(list(ARGS.items())))
    assert pause_id("u-17", "r1", "0", "charge_card", ARGS, "confirm") == pause_id(
        "u-17", "r1", "0", "charge_card", reordered, "confirm"
    )


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


def test_a_token_depends_on_the_secret_and_on_what_was_shown() -> None:
    token = pause_token(b"s" * 32, "p", "charge_card", ARGS, "0")
    assert tokens_match(token, pause_token(b"s" * 32, "p", "charge_card", ARGS, "0"))
    assert not tokens_match(token, pause_token(b"t" * 32, "p", "charge_card", ARGS, "0"))
    assert not tokens_match(token, pause_token(b"s" * 32, "p", "refund_card", ARGS, "0"))
