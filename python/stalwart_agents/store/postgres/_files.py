"""PostgreSQL's index of the files tools saved, for the files panel of every worker."""

from __future__ import annotations

import json
from typing import Any, Final

from stalwart_agents.store._records import FileRecord

__all__ = ["PostgresFiles"]

_COLUMNS: Final = "id, agent, name, type, size, saved_at, thread, run, step, folder, stored"
_SHAPE: Final = (
    "id text, agent text, name text, type text, size bigint, saved_at double precision, "
    "thread text, run text, step integer, folder text, stored text"
)


class PostgresFiles:
    """The store's rows about saved files, over the queries PostgresRunStore runs."""

    async def _one(self, sql: str, params: Any = None) -> dict[str, Any] | None:
        raise NotImplementedError

    async def _all(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        raise NotImplementedError

    async def add_files(self, files: list[FileRecord]) -> list[str]:
        if not files:
            return []
        # Every file in one statement, so a tool that saved several costs one round trip.
        rows = await self._all(
            f"INSERT INTO files ({_COLUMNS}) SELECT {_COLUMNS} "
            f"FROM jsonb_to_recordset(%s::jsonb) AS given({_SHAPE}) "
            "ON CONFLICT (id) DO NOTHING RETURNING id",
            (json.dumps(files),),
        )
        kept = {row["id"] for row in rows}
        return [record["id"] for record in files if record["id"] in kept]

    async def files(self, agent: str, limit: int = 500) -> list[FileRecord]:
        rows = await self._all(
            f"SELECT {_COLUMNS} FROM files WHERE agent = %s "
            "ORDER BY saved_at DESC, id DESC LIMIT %s",
            (agent, limit),
        )
        return [FileRecord(**row) for row in rows]  # type: ignore[typeddict-item]

    async def file(self, agent: str, file: str) -> FileRecord | None:
        row = await self._one(
            f"SELECT {_COLUMNS} FROM files WHERE agent = %s AND id = %s", (agent, file)
        )
        return None if row is None else FileRecord(**row)  # type: ignore[typeddict-item]
