"""The SQLite store's roles beside runs: each a thin class over one transaction of its module."""

from __future__ import annotations

from typing import Any

from stalwart_agents.store._records import (
    DoorPause,
    DueDelivery,
    FileRecord,
    MessageRecord,
    PairingUse,
    StaffRecord,
)
from stalwart_agents.store.sqlite import _doors as doors
from stalwart_agents.store.sqlite import _files as saved
from stalwart_agents.store.sqlite import _outbox as deliveries
from stalwart_agents.store.sqlite import _people as people
from stalwart_agents.store.sqlite import _reads as reads
from stalwart_agents.store.sqlite import _transactions as transactions
from stalwart_agents.store.sqlite._threads import SqliteThreads

__all__ = ["SqliteDoors", "SqliteFiles", "SqliteOutbox", "SqlitePeople"]


class SqlitePeople(SqliteThreads):
    """Sessions, staff, pairing codes and the thumbs on replies, in the SQLite file."""

    async def keep_session(self, session: str, now: float) -> None:
        await self._commit(True, people.keep_session, session, now)

    async def forget_sessions(self, unused_since: float) -> int:
        # Most rounds find none: a read first keeps them from taking the write lock.
        if not await self._read(reads.sessions_unused_since, unused_since):
            return 0
        forgotten: int = await self._commit(True, people.forget_sessions, unused_since)
        return forgotten

    async def session_exists(self, session: str) -> bool:
        return await self._read(reads.session_exists, session)

    async def make_staff(self, session: str, paired_by: str) -> None:
        await self._commit(True, people.make_staff, session, paired_by)

    async def is_staff(self, session: str) -> bool:
        return await self._read(reads.is_staff, session)

    async def staff(self) -> list[StaffRecord]:
        return await self._read(reads.staff)

    async def revoke_staff(self, session: str) -> bool:
        return await self._commit(True, people.revoke_staff, session)

    async def add_pairing_code(self, code: str, expires_at: float, forget_before: float) -> None:
        await self._commit(True, people.add_pairing_code, code, expires_at, forget_before)

    async def use_pairing_code(self, code: str, now: float) -> PairingUse:
        return await self._commit(True, people.use_pairing_code, code, now)

    async def message(self, thread: str, message: str) -> MessageRecord | None:
        return await self._read(reads.message, thread, message)

    async def put_feedback(self, message: MessageRecord, thumb: str) -> None:
        await self._commit(True, people.put_feedback, message, thumb)

    async def feedback(self, message: str) -> str | None:
        return await self._read(reads.feedback, message)


class SqliteFiles(SqliteThreads):
    """The index of the files tools saved, in the SQLite file."""

    async def add_files(self, files: list[FileRecord]) -> list[str]:
        return await self._commit(False, saved.add_files, files)

    async def files(self, agent: str, limit: int = 500) -> list[FileRecord]:
        return await self._read(saved.files, agent, limit)

    async def file(self, agent: str, file: str) -> FileRecord | None:
        return await self._read(saved.file, agent, file)


class SqliteOutbox(SqliteThreads):
    """The outbox's deliveries and the host settings, in the SQLite file."""

    async def record_delivery(
        self,
        thread: str,
        pause: str,
        url: str | None,
        error: str | None,
        *,
        retry_in: float | None = None,
    ) -> None:
        await self._commit(True, deliveries.record_delivery, thread, pause, url, error, retry_in)

    async def due_deliveries(self, claimer: str, hold: float, limit: int = 50) -> list[DueDelivery]:
        # A claim a power cut forgot only lets a delivery go twice, which at least once allows.
        return await self._commit(False, deliveries.due_deliveries, claimer, hold, limit)

    async def delivery(self, pause: str) -> dict[str, Any] | None:
        return await self._read(reads.delivery, pause)

    async def deliveries(self, pause: str) -> list[dict[str, Any]]:
        return await self._read(reads.deliveries, pause)

    async def get_setting(self, key: str) -> Any:
        return await self._read(reads.get_setting, key)

    async def set_setting(self, key: str, value: Any) -> None:
        await self._commit(True, transactions.set_setting, key, value)


class SqliteDoors(SqliteThreads):
    """The door's turns and pauses, in the SQLite file."""

    async def hold_door_turn(self, thread: str, turn: str, seconds: float) -> None:
        # It stands for pauses a crash could otherwise leave undelivered: it reaches the disk.
        await self._commit(True, doors.hold_door_turn, thread, turn, seconds)

    async def stale_door_turns(self, limit: int = 50) -> list[tuple[str, str]]:
        return await self._read(doors.stale_door_turns, limit)

    async def keep_door_pauses(
        self,
        thread: str,
        waiting: list[DoorPause],
        *,
        gone: list[str] | None = None,
        turn: str | None = None,
        outbox: float | None = None,
    ) -> list[str]:
        return await self._commit(
            True, doors.keep_door_pauses, thread, waiting, gone or [], turn, outbox
        )

    async def close_door_pauses(self, pauses: list[str]) -> None:
        await self._commit(False, doors.close_door_pauses, pauses)

    async def due_door_pauses(self, now: float, limit: int = 100) -> list[DoorPause]:
        return await self._read(doors.due_door_pauses, now, limit)
