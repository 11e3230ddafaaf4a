"""Argument values are read as their declared type, or refused with a sentence."""

from __future__ import annotations

import datetime as dt

import pytest

from stalwart_agents.tools import coerce


@pytest.mark.parametrize(
    ("kind", "given", "read"),
    [
        ("string", " 4411 ", "4411"),
        ("string", 4411, "4411"),
        ("integer", "12", 12),
        ("integer", 12.0, 12),
        ("number", "40.5", 40.5),
        ("number", 40.0, 40),
        ("boolean", "yes", True),
        ("boolean", "não", False),
        ("date", "2026-03-01", "2026-03-01"),
        ("date", dt.date(2026, 3, 1), "2026-03-01"),
    ],
)
def test_a_value_is_read_as_its_type(kind: str, given: object, read: object) -> None:
    assert coerce(kind, given) == read


@pytest.mark.parametrize(
    ("kind", "given"),
    [
        ("string", ""),
        ("integer", "12.5"),
        ("integer", True),
        ("number", "forty"),
        ("number", "nan"),
        ("boolean", "perhaps"),
        ("date", "next week"),
    ],
)
def test_a_value_that_is_not_its_type_is_refused(kind: str, given: object) -> None:
    with pytest.raises(ValueError, match=r"is not an? "):
        coerce(kind, given)
