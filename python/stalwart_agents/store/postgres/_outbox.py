"""The webhook outbox on PostgreSQL: its statements, each one round trip (an attempt, a claim),
and the store's methods that run them."""

from __future__ import annotations

import json
from typing import Any, Final

from stalwart_agents.store._records import DueDelivery

__all__ = ["DUE_DELIVERIES", "RECORD_DELIVERY", "PostgresOutbox"]

# One attempt kept, and the outbox's delivery settled by it: delivered, due again, or given up.
RECORD_DELIVERY: Final = """
WITH settled AS (
    UPDATE outbox SET attempts = attempts + 1, last_error = %(error)s, claimed_by = NULL,
        state = CASE WHEN %(error)s::text IS NULL THEN 'delivered'
                     WHEN %(retry_in)s::double precision IS NULL THEN 'gave_up'
                     ELSE 'pending' END,
        due_at = COALESCE(stalwart_now() + %(retry_in)s::double precision, due_at),
        finished_at = CASE WHEN %(error)s::text IS NOT NULL
                                AND %(retry_in)s::double precision IS NOT NULL
                           THEN NULL ELSE stalwart_now() END
    WHERE pause = %(pause)s AND state = 'pending'
)
INSERT INTO webhook_deliveries (thread, pause, url, error, at)
VALUES (%(thread)s, %(pause)s, %(url)s, %(error)s, stalwart_now()) RETURNING id
"""

# A delivery's pause is one of ours or a door's (door_pauses). Due rows are locked with SKIP
# LOCKED, so two sweepers at once take different deliveries; the claim's time (due_at moved on
# by the hold) keeps them from the next sweep until it passes.
DUE_DELIVERIES: Final = """
WITH due AS (
    SELECT o.pause, COALESCE(p.state, d.state) AS waits
    FROM outbox o LEFT JOIN pauses p ON p.id = o.pause LEFT JOIN door_pauses d ON d.id = o.pause
    WHERE o.state = 'pending' AND o.due_at <= stalwart_now()
    ORDER BY o.due_at LIMIT %(limit)s
    FOR UPDATE OF o SKIP LOCKED
), settled AS (
    UPDATE outbox SET state = 'settled', claimed_by = NULL, finished_at = stalwart_now()
    FROM due WHERE outbox.pause = due.pause AND due.waits <> 'open'
), taken AS (
    UPDATE outbox SET due_at = stalwart_now() + %(hold)s::double precision,
        claimed_by = %(claimer)s
    FROM due WHERE outbox.pause = due.pause AND due.waits = 'open'
    RETURNING outbox.pause, outbox.thread, outbox.attempts
)
SELECT taken.pause, taken.thread, taken.attempts,
    COALESCE(pauses.interrupt, door_pauses.interrupt::jsonb) AS interrupt
FROM taken LEFT JOIN pauses ON pauses.id = taken.pause
    LEFT JOIN door_pauses ON door_pauses.id = taken.pause
"""


class PostgresOutbox:
    """The store's webhook deliveries, their attempts and the host settings, over the queries
    PostgresRunStore runs."""

    async def _one(self, sql: str, params: Any = None) -> dict[str, Any] | None:
        raise NotImplementedError

    async def _all(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        raise NotImplementedError

    async def _value(self, sql: str, params: Any = None) -> Any:
        raise NotImplementedError

    async def record_delivery(
        self,
        thread: str,
        pause: str,
        url: str | None,
        error: str | None,
        *,
        retry_in: float | None = None,
    ) -> None:
        await self._one(
            RECORD_DELIVERY,
            {
                "thread": thread,
                "pause": pause,
                "url": url,
                "error": error,
                "retry_in": retry_in,
            },
        )

    async def due_deliveries(self, claimer: str, hold: float, limit: int = 50) -> list[DueDelivery]:
        rows = await self._all(DUE_DELIVERIES, {"claimer": claimer, "hold": hold, "limit": limit})
        return [DueDelivery(**row) for row in rows]  # type: ignore[typeddict-item]

    async def delivery(self, pause: str) -> dict[str, Any] | None:
        return await self._one(
            "SELECT state, attempts, last_error, due_at FROM outbox WHERE pause = %s", (pause,)
        )

    async def deliveries(self, pause: str) -> list[dict[str, Any]]:
        return await self._all(
            "SELECT thread, pause, url, error, at FROM webhook_deliveries WHERE pause = %s "
            "ORDER BY id",
            (pause,),
        )

    async def get_setting(self, key: str) -> Any:
        return await self._value("SELECT value FROM settings WHERE key = %s", (key,))

    async def set_setting(self, key: str, value: Any) -> None:
        await self._one(
            "INSERT INTO settings (key, value) VALUES (%s, %s::jsonb) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value RETURNING key",
            (key, json.dumps(value)),
        )
