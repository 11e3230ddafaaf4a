"""PostgreSQL's sessions, staff, decisions and feedback: who uses the chat, what they decided, and
what they said of a reply."""

from __future__ import annotations

from typing import Any

from stalwart_agents.store._records import DecisionRecord, MessageRecord, PairingUse, StaffRecord
from stalwart_agents.store._rows import DECISIONS_SQL, decision_record

__all__ = ["PostgresPeople"]


class PostgresPeople:
    """The store's rows about people, over the queries PostgresRunStore runs."""

    async def _one(self, sql: str, params: Any = None) -> dict[str, Any] | None:
        raise NotImplementedError

    async def _all(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        raise NotImplementedError

    async def _value(self, sql: str, params: Any = None) -> Any:
        raise NotImplementedError

    async def decisions(self, thread: str) -> list[DecisionRecord]:
        rows = await self._all(DECISIONS_SQL.format(p="%s"), (thread, thread))
        return [decision_record(row) for row in rows]

    async def keep_session(self, session: str, now: float) -> None:
        await self._one(
            "INSERT INTO sessions (id, created_at, last_seen) VALUES (%s, %s, %s) "
            "ON CONFLICT (id) DO UPDATE "
            "SET last_seen = greatest(sessions.last_seen, excluded.last_seen) RETURNING id",
            (session, now, now),
        )

    async def forget_sessions(self, unused_since: float) -> int:
        forgotten = await self._all(
            "DELETE FROM sessions WHERE last_seen < %s RETURNING id", (unused_since,)
        )
        return len(forgotten)

    async def session_exists(self, session: str) -> bool:
        return (
            await self._one("SELECT 1 AS one FROM sessions WHERE id = %s", (session,)) is not None
        )

    async def make_staff(self, session: str, paired_by: str) -> None:
        await self._one(
            "UPDATE sessions SET staff_since = stalwart_now(), paired_by = %s WHERE id = %s "
            "RETURNING id",
            (paired_by, session),
        )

    async def is_staff(self, session: str) -> bool:
        row = await self._one(
            "SELECT 1 AS one FROM sessions WHERE id = %s AND staff_since IS NOT NULL", (session,)
        )
        return row is not None

    async def staff(self) -> list[StaffRecord]:
        rows = await self._all(
            "SELECT id, staff_since, paired_by FROM sessions "
            "WHERE staff_since IS NOT NULL ORDER BY staff_since, id"
        )
        return [
            StaffRecord(session=row["id"], since=row["staff_since"], paired_by=row["paired_by"])
            for row in rows
        ]

    async def revoke_staff(self, session: str) -> bool:
        row = await self._one(
            "UPDATE sessions SET staff_since = NULL WHERE id = %s AND staff_since IS NOT NULL "
            "RETURNING id",
            (session,),
        )
        return row is not None

    async def add_pairing_code(self, code: str, expires_at: float, forget_before: float) -> None:
        await self._one(
            "WITH forgotten AS (DELETE FROM pairing_codes WHERE expires_at < %s) "
            "INSERT INTO pairing_codes (code, expires_at) VALUES (%s, %s) RETURNING code",
            (forget_before, code, expires_at),
        )

    async def use_pairing_code(self, code: str, now: float) -> PairingUse:
        # The update is the claim: of two phones with one code, one alone sees a row back.
        spent = await self._one(
            "UPDATE pairing_codes SET used_at = %s "
            "WHERE code = %s AND used_at IS NULL AND expires_at > %s RETURNING code",
            (now, code, now),
        )
        if spent is not None:
            return PairingUse.PAIRED
        row = await self._one("SELECT used_at FROM pairing_codes WHERE code = %s", (code,))
        if row is None:
            return PairingUse.UNKNOWN
        return PairingUse.EXPIRED if row["used_at"] is None else PairingUse.USED

    async def message(self, thread: str, message: str) -> MessageRecord | None:
        """A reply is its reply event: the latest with this message id, should a retry repeat it."""
        row = await self._one(
            "SELECT run, session, data->>'text' AS text FROM events "
            "WHERE thread = %s AND type = 'reply' AND data->>'message' = %s "
            "ORDER BY seq DESC LIMIT 1",
            (thread, message),
        )
        if row is None:
            return None
        return MessageRecord(
            id=message, thread=thread, run=row["run"], session=row["session"], text=row["text"]
        )

    async def put_feedback(self, message: MessageRecord, thumb: str) -> None:
        await self._one(
            "INSERT INTO feedback (message, thread, session, thumb, text, at) "
            "VALUES (%s, %s, %s, %s, %s, stalwart_now()) ON CONFLICT (message) DO UPDATE SET "
            "thumb = excluded.thumb, at = excluded.at RETURNING message",
            (message["id"], message["thread"], message["session"], thumb, message["text"]),
        )

    async def feedback(self, message: str) -> str | None:
        value = await self._value("SELECT thumb FROM feedback WHERE message = %s", (message,))
        return None if value is None else str(value)
