"""What the PostgreSQL store keeps of a door's pauses (the LangGraph door's), each call one
statement, so one round trip and one transaction; the rules match sqlite/_doors.py.
"""

from __future__ import annotations

from typing import Any, Final

from stalwart_agents.store._claims import EXTERNAL_CLAIM_POSTGRES
from stalwart_agents.store._records import DoorDecision, DoorPause
from stalwart_agents.store._rows import door_decision, door_pause, dumps

__all__ = ["PostgresDoors"]

# The waiting pauses kept, a delivery queued for each new one and the turn let go, at once.
_KEEP: Final = """
WITH given AS (
    SELECT * FROM jsonb_to_recordset(%(waiting)s::jsonb)
        AS g(id text, token text, interrupt jsonb, expires_at double precision)
), added AS (
    INSERT INTO door_pauses (id, thread, state, token, interrupt, expires_at, created_at)
    SELECT id, %(thread)s, 'open', token, interrupt::text, expires_at, stalwart_now()
    FROM given
    ON CONFLICT (id) DO NOTHING RETURNING id
), queued AS (
    INSERT INTO outbox (pause, thread, state, due_at, created_at)
    SELECT id, %(thread)s, 'pending', stalwart_now() + %(outbox)s::double precision,
        stalwart_now()
    FROM added WHERE %(outbox)s::double precision IS NOT NULL
    ON CONFLICT (pause) DO NOTHING
), gone AS (
    UPDATE door_pauses SET state = 'closed', closed_at = stalwart_now()
    WHERE id = ANY(%(gone)s::text[]) AND state = 'open'
), let_go AS (
    DELETE FROM door_turns WHERE thread = %(thread)s AND turn = %(turn)s::text
)
SELECT id FROM added
"""


class PostgresDoors:
    """The store's rows about a door's pauses, over the queries PostgresRunStore runs."""

    async def _one(self, sql: str, params: Any = None) -> dict[str, Any] | None:
        raise NotImplementedError

    async def _all(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        raise NotImplementedError

    async def claim_external(
        self,
        scope: str,
        key: str,
        token: str,
        decision: str,
        by: str | None,
        value: Any = None,
        *,
        decided: DoorDecision | None = None,
    ) -> bool:
        row = await self._one(
            EXTERNAL_CLAIM_POSTGRES,
            (scope, key, token, decision, dumps(value), by, *door_decision(decided)),
        )
        return row is not None

    async def hold_door_turn(self, thread: str, turn: str, seconds: float) -> None:
        await self._one(
            "INSERT INTO door_turns (thread, turn, until) VALUES (%s, %s, stalwart_now() + %s) "
            "ON CONFLICT (thread, turn) DO UPDATE SET until = excluded.until RETURNING turn",
            (thread, turn, seconds),
        )

    async def stale_door_turns(self, limit: int = 50) -> list[tuple[str, str]]:
        rows = await self._all(
            "SELECT thread, turn FROM door_turns WHERE until < stalwart_now() "
            "ORDER BY until LIMIT %s",
            (limit,),
        )
        return [(row["thread"], row["turn"]) for row in rows]

    async def keep_door_pauses(
        self,
        thread: str,
        waiting: list[DoorPause],
        *,
        gone: list[str] | None = None,
        turn: str | None = None,
        outbox: float | None = None,
    ) -> list[str]:
        rows = await self._all(
            _KEEP,
            {
                "thread": thread,
                "waiting": dumps(waiting),
                "gone": gone or [],
                "turn": turn,
                "outbox": outbox,
            },
        )
        return [row["id"] for row in rows]

    async def close_door_pauses(self, pauses: list[str]) -> None:
        await self._all(
            "UPDATE door_pauses SET state = 'closed', closed_at = stalwart_now() "
            "WHERE id = ANY(%s) AND state = 'open' RETURNING id",
            (pauses,),
        )

    async def due_door_pauses(self, now: float, limit: int = 100) -> list[DoorPause]:
        rows = await self._all(
            "SELECT id, thread, token, interrupt, expires_at FROM door_pauses "
            "WHERE state = 'open' AND expires_at <= %s ORDER BY expires_at LIMIT %s",
            (now, limit),
        )
        return [door_pause(row) for row in rows]
