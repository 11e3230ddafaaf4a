"""The store's roles are abstract: a backend that misses a method cannot be made."""

from __future__ import annotations

import inspect

import pytest

from stalwart_agents.store import People, RunStore, SqliteRunStore
from stalwart_agents.store.postgres import PostgresRunStore


def test_a_backend_missing_a_method_cannot_be_made() -> None:
    missing = {name: getattr(SqliteRunStore, name) for name in RunStore.__abstractmethods__}
    del missing["is_staff"]
    partial = type("Partial", (RunStore,), missing)
    with pytest.raises(TypeError, match="is_staff"):
        partial()


@pytest.mark.parametrize("backend", [SqliteRunStore, PostgresRunStore])
def test_each_backend_implements_every_role(backend: type[RunStore]) -> None:
    assert not inspect.isabstract(backend)


def test_the_store_is_every_role() -> None:
    assert People.__abstractmethods__ <= RunStore.__abstractmethods__
