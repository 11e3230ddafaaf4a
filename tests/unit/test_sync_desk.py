"""SyncDesk is the Desk for scripts: each of its methods takes what the Desk's takes."""

from __future__ import annotations

import inspect

from stalwart_agents.desk import Desk
from stalwart_agents.sync_desk import SyncDesk

# `async with` opens a Desk where `with` opens a SyncDesk; a stream that never ends is async only.
ASYNC_ONLY = {"open", "listen"}


def _methods(cls: type) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(cls).items()
        if not name.startswith("_") and inspect.isfunction(member)
    }


def test_sync_desk_has_every_desk_method_but_the_async_only_ones() -> None:
    assert set(_methods(SyncDesk)) == set(_methods(Desk)) - ASYNC_ONLY


def test_each_sync_desk_method_has_its_desk_methods_signature() -> None:
    desk = _methods(Desk)
    differ = {
        name: (str(signature), str(desk[name]))
        for name, signature in _methods(SyncDesk).items()
        if signature != desk[name]
    }
    assert not differ, f"SyncDesk differs from Desk: {differ}"


def test_confirm_is_resume_on_both() -> None:
    assert Desk.confirm is Desk.resume
    assert SyncDesk.confirm is SyncDesk.resume
