"""The run store's index of saved files, the same on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from stalwart_agents.engine._invoke import keep_files
from stalwart_agents.files import Files
from stalwart_agents.store._base import RunStore
from stalwart_agents.store._records import FileRecord


def record(ident: str, at: float, agent: str = "Keeper", **given: object) -> FileRecord:
    made = FileRecord(
        id=ident,
        agent=agent,
        name=f"{ident}.txt",
        type="text/plain",
        size=3,
        saved_at=at,
        thread="t-1",
        run="r-1",
        step=0,
        folder="/tmp/saved",
        stored=f"{ident}.txt",
    )
    return made | given  # type: ignore[return-value]


async def test_files_are_listed_newest_first_for_their_agent_only(run_store: RunStore) -> None:
    assert await run_store.add_files(
        [record("f-a", 10.0), record("f-b", 30.0), record("f-c", 20.0, agent="Other")]
    ) == ["f-a", "f-b", "f-c"]
    assert await run_store.add_files([record("f-d", 20.0, thread=None, run=None, step=None)]) == [
        "f-d"
    ]
    assert [f["id"] for f in await run_store.files("Keeper")] == ["f-b", "f-d", "f-a"]
    assert [f["id"] for f in await run_store.files("Keeper", limit=1)] == ["f-b"]
    assert await run_store.files("Other") == [record("f-c", 20.0, agent="Other")]


async def test_one_file_is_read_back_as_it_was_kept_and_only_by_its_agent(
    run_store: RunStore,
) -> None:
    kept = record("f-a", 12.5, name="Recibo março.txt", size=2**40)
    await run_store.add_files([kept])
    assert await run_store.file("Keeper", "f-a") == kept
    assert await run_store.file("Other", "f-a") is None
    assert await run_store.file("Keeper", "f-zzz") is None


async def test_a_file_indexed_already_is_left_as_it_was(run_store: RunStore) -> None:
    await run_store.add_files([record("f-a", 1.0)])
    assert await run_store.add_files(
        [record("f-a", 2.0, name="again.txt"), record("f-b", 3.0)]
    ) == ["f-b"]
    assert await run_store.add_files([]) == []
    assert (await run_store.file("Keeper", "f-a")) == record("f-a", 1.0)


async def test_a_step_sent_again_keeps_each_file_once_with_its_first_bytes(
    run_store: RunStore, tmp_path: Path
) -> None:
    folder = tmp_path / "saved"
    for text in (b"first", b"again"):
        files = Files(folder, agent="Keeper", secret=run_store.secret, key="r-1:0")
        files.save("receipt.txt", text)
        await keep_files(run_store, files.saved)
    [kept] = await run_store.files("Keeper")
    assert (folder / kept["stored"]).read_bytes() == b"first"
    assert sorted(path.name for path in folder.iterdir()) == ["receipt.txt"]
