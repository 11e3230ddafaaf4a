"""Turning database rows into records, the same way for every backend."""

from __future__ import annotations

import datetime as dt
import json
import math
import secrets
from collections.abc import Callable, Mapping
from typing import Any, Final

import orjson

from stalwart_agents.store._records import (
    DecisionRecord,
    DoorDecision,
    DoorPause,
    EventRecord,
    JournalEntry,
    PauseRecord,
    RunRecord,
)

__all__ = [
    "DECISIONS_SQL",
    "ENTRY_FIELDS",
    "answer_event",
    "decision_record",
    "door_decision",
    "door_pause",
    "dumps",
    "event_record",
    "fresh_secret",
    "journal_entry",
    "loads",
    "pause_record",
    "run_record",
]

# The journal fields kept together as one JSON document; the rest are columns.
ENTRY_FIELDS: Final = (
    "args",
    "result",
    "error",
    "write",
    "finished",
    "undo",
    "undo_status",
    "undo_error",
    "stuck_pause",
    "because",
)

Decode = Callable[[Any], Any]

DECISIONS_SQL: Final = (
    "SELECT id, kind, step, decision, channel, answered_by AS by, staff, answered_at AS at "
    "FROM pauses WHERE thread = {p} AND state = 'answered' "
    "UNION ALL SELECT key, kind, step, decision, channel, claimed_by, staff, claimed_at "
    "FROM external_claims WHERE thread = {p} ORDER BY at, id"
)
"""A thread's answers, its pauses' and a door's, oldest first; `{p}` is the placeholder."""


# Made once: json.dumps with options builds an encoder on every call.
_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def dumps(value: Any) -> str:
    """Compact JSON for the store's text columns, by orjson: a sixth of the standard encoder's
    time on a run's batch. NaN and the infinities, which JSON has not, are kept as null, as the
    API shows them; an integer past 64 bits, which orjson does not write, goes by the standard
    encoder."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return _ENCODER.encode(_finite(value))


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def loads(text: str | bytes) -> Any:
    """A text column's JSON: orjson reads it, json.loads what orjson does not take (NaN, an
    integer past 64 bits), so the value is the one json.loads gives."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def _text(value: Any) -> Any:
    return None if value is None else loads(value)


def run_record(row: Mapping[str, Any], decode: Decode = _text) -> RunRecord:
    """A runs row as a record."""
    return RunRecord(
        id=row["id"],
        thread=row["thread"],
        agent=row["agent"],
        state=row["state"],
        saga=row["saga"],
        version=row["version"],
        lease=row["lease"],
        lease_until=row["lease_until"],
        turn=decode(row["turn"]),
        reply=decode(row["reply"]),
        stop=decode(row["stop"]),
    )


def journal_entry(row: Mapping[str, Any], decode: Decode = _text) -> JournalEntry:
    """A journal row as an entry."""
    entry: dict[str, Any] = dict(decode(row["entry"]))
    entry.update(step=row["step"], tool=row["tool"], status=row["status"], attempt=row["attempt"])
    return entry  # type: ignore[return-value]


def pause_record(row: Mapping[str, Any], decode: Decode = _text) -> PauseRecord:
    """A pauses row as a record."""
    return PauseRecord(
        id=row["id"],
        thread=row["thread"],
        run=row["run"],
        step=row["step"],
        kind=row["kind"],
        state=row["state"],
        token=row["token"],
        sends=row["sends"],
        choices=decode(row["choices"]),
        interrupt=decode(row["interrupt"]),
        decision=row["decision"],
        value=decode(row["value"]),
        answered_by=row["answered_by"],
    )


def decision_record(row: Mapping[str, Any]) -> DecisionRecord:
    """A row of DECISIONS_SQL as the decision its claim recorded."""
    return DecisionRecord(
        interrupt=row["id"],
        kind=row["kind"],
        step=row["step"],
        decision=row["decision"],
        channel=row["channel"],
        by=row["by"],
        staff=bool(row["staff"]),
        at=row["at"],
    )


def door_decision(decided: DoorDecision | None) -> tuple[Any, ...]:
    """A door claim's thread, kind, step, channel and staff columns; NULLs (not staff) without."""
    if decided is None:
        return (None, None, None, None, False)
    return (
        decided["thread"],
        decided["kind"],
        decided["step"],
        decided["channel"],
        decided["staff"],
    )


def door_pause(row: Mapping[str, Any]) -> DoorPause:
    """A door_pauses row as a record; its interrupt is JSON text on both stores."""
    return DoorPause(
        id=row["id"],
        thread=row["thread"],
        token=row["token"],
        interrupt=json.loads(row["interrupt"]),
        expires_at=row["expires_at"],
    )


def event_record(row: Mapping[str, Any], decode: Decode = _text) -> EventRecord:
    """An events row as the stream shows it, with its time in ISO 8601."""
    at = dt.datetime.fromtimestamp(row["at"], tz=dt.UTC).isoformat().replace("+00:00", "Z")
    return EventRecord(
        id=row["seq"],
        thread=row["thread"],
        run=row["run"],
        type=row["type"],
        at=at,
        data=decode(row["data"]),
    )


def fresh_secret() -> str:
    """A new instance secret, made once by the first migration."""
    return secrets.token_hex(32)


def answer_event(
    pause: PauseRecord, decision: str, value: Any, by: str | None, channel: str, staff: bool
) -> dict[str, Any]:
    """The stream's record of an answer, with who gave it and through which channel."""
    data: dict[str, Any] = {
        "interrupt": pause["id"],
        "kind": pause["kind"],
        "step": pause["step"],
        "decision": decision,
        "by": by,
        "channel": channel,
        "staff": staff,
    }
    if value is not None:
        data["value"] = value
    return data
