"""The run store's claim for another system's pauses: the first writer wins, on every backend."""

from __future__ import annotations

import asyncio

from stalwart_agents.store import RunStore


async def test_the_first_claim_wins(run_store: RunStore) -> None:
    assert await run_store.claim_external("langgraph", "k-1", "tok", "approve", "ana")


async def test_a_later_claim_of_the_same_key_loses(run_store: RunStore) -> None:
    await run_store.claim_external("langgraph", "k-1", "tok", "approve", None)
    assert not await run_store.claim_external("langgraph", "k-1", "tok", "skip", None, {"x": 1})


async def test_scopes_keep_their_keys_apart(run_store: RunStore) -> None:
    await run_store.claim_external("langgraph", "k-1", "tok", "approve", None)
    assert await run_store.claim_external("other", "k-1", "tok", "approve", None)


async def test_twenty_claims_at_once_have_one_winner(run_store: RunStore) -> None:
    won = await asyncio.gather(
        *(
            run_store.claim_external("langgraph", "k-1", "tok", "approve", f"worker-{n}")
            for n in range(20)
        )
    )
    assert won.count(True) == 1
