"""Where runs wait: the store's roles, the records they return, and its two backends."""

from __future__ import annotations

from stalwart_agents.errors import StoreError
from stalwart_agents.store._base import (
    SESSION_AGE,
    Claims,
    EventLog,
    RunLog,
    RunStore,
    StoreLifecycle,
)
from stalwart_agents.store._records import (
    ApplyResult,
    Changes,
    ClaimResult,
    DecisionRecord,
    DeliveryState,
    DoorDecision,
    DoorPause,
    DueDelivery,
    EventRecord,
    FileRecord,
    JournalEntry,
    MessageRecord,
    PairingUse,
    PauseRecord,
    PauseState,
    RunRecord,
    RunSnapshot,
    RunState,
    StaffRecord,
    StaleReason,
    StepStatus,
    Stop,
)
from stalwart_agents.store._roles import (
    DoorPauses,
    FileIndex,
    Outbox,
    People,
    ReplyFeedback,
    Settings,
)
from stalwart_agents.store.sqlite import SqliteRunStore

__all__ = [
    "SESSION_AGE",
    "ApplyResult",
    "Changes",
    "ClaimResult",
    "Claims",
    "DecisionRecord",
    "DeliveryState",
    "DoorDecision",
    "DoorPause",
    "DoorPauses",
    "DueDelivery",
    "EventLog",
    "EventRecord",
    "FileIndex",
    "FileRecord",
    "JournalEntry",
    "MessageRecord",
    "Outbox",
    "PairingUse",
    "PauseRecord",
    "PauseState",
    "People",
    "ReplyFeedback",
    "RunLog",
    "RunRecord",
    "RunSnapshot",
    "RunState",
    "RunStore",
    "Settings",
    "SqliteRunStore",
    "StaffRecord",
    "StaleReason",
    "StepStatus",
    "Stop",
    "StoreLifecycle",
    "open_store",
]


def open_store(url: str) -> RunStore:
    """The store a storage URL names, not yet opened: sqlite:///… or postgres(ql)://…."""
    if url.startswith("sqlite:///"):
        return SqliteRunStore.from_url(url)
    if url.startswith(("postgres://", "postgresql://")):
        from stalwart_agents.store.postgres import PostgresRunStore

        return PostgresRunStore(url)
    raise StoreError(f"{url!r} names no store: use sqlite:///… or postgres://….")
