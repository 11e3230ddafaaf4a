"""A tool's call from a run: with its Files where it saves some, indexed even when it fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stalwart_agents.engine._state import State
from stalwart_agents.files import Files
from stalwart_agents.store import FileRecord, RunStore
from stalwart_agents.tools import Tool

__all__ = ["invoke", "keep_files"]


async def invoke(state: State, tool: Tool, args: dict[str, Any], key: str, step: int) -> Any:
    """Call the tool once, keeping the lease; the files it saved are indexed whatever it did."""
    runtime = state.runtime
    files = None
    if tool.takes_files:
        files = Files(
            runtime.agent_file.files_folder(runtime.agent),
            agent=runtime.agent.name,
            secret=runtime.store.secret,
            key=key,
            thread=state.ledger.thread,
            run=state.ledger.id,
            step=step,
        )
    try:
        return await state.renewing(tool.invoke(args, key, state.ledger.language, files))
    finally:
        # A file written before the tool failed is still on disk, so the panel lists it too.
        if files is not None and files.saved:
            await keep_files(runtime.store, files.saved)


async def keep_files(store: RunStore, saved: list[FileRecord]) -> None:
    """Index saved files; the bytes of one indexed already (a step sent again) are removed."""
    kept = set(await store.add_files(saved))
    for record in saved:
        if record["id"] not in kept:
            (Path(record["folder"]) / record["stored"]).unlink(missing_ok=True)
