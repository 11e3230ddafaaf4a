"""The JSON the stores keep in their text columns."""

from __future__ import annotations

import math

import pytest

from stalwart_agents.store._rows import dumps, loads


@pytest.mark.parametrize(
    "value",
    [
        {"amount": 40.5, "order": "4411", "note": "não é nada", "items": [1, 2, None, True]},
        {"big": 2**70, "small": -(2**70), "nested": [{"n": 2**64}]},
        [],
        "text",
    ],
)
def test_a_value_comes_back_as_it_went_in(value: object) -> None:
    assert loads(dumps(value)) == value


def test_integer_keys_are_kept_as_text_as_json_has_them() -> None:
    assert loads(dumps({1: "a", "b": {2: "c"}})) == {"1": "a", "b": {"2": "c"}}


@pytest.mark.parametrize("big", [0, 2**70])
def test_nan_and_infinities_are_kept_as_null(big: int) -> None:
    value = {"nan": math.nan, "up": math.inf, "down": [-math.inf], "big": big}
    assert loads(dumps(value)) == {"nan": None, "up": None, "down": [None], "big": big}


def test_the_text_is_compact() -> None:
    assert dumps({"a": [1, 2], "b": "c"}) == '{"a":[1,2],"b":"c"}'
