"""outcome_unknown: a write that may or may not have taken effect waits for a person."""

from __future__ import annotations

from fixture_ledger import Ledger

from stalwart_agents.desk import Desk

from .helpers import CONTEXT, charge, plan


async def test_a_lost_outcome_pauses_with_its_error(desk: Desk, ledger: Ledger) -> None:
    ledger.misbehave("charge_card", "unknown")
    await desk.turn("u-17", charge(), context=CONTEXT)
    (pause,) = [p for p in (await desk.answer("u-17", "approve")).waiting]
    assert (pause.kind, pause.choices) == ("outcome_unknown", ["happened", "did_not_happen"])
    assert pause.error == "the connection to charge_card was lost after sending"
    assert ledger.count("charge_card") == 1


async def test_a_lost_outcome_says_why_it_needs_a_person_not_why_a_write_waits(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("charge_card", "unknown")
    await desk.turn("u-17", charge(), context=CONTEXT)
    (pause,) = (await desk.answer("u-17", "approve")).waiting
    assert (pause.reasons, pause.why) == (
        ["write"],
        ["It was sent, but no answer came back, and sending it again could do it twice."],
    )


async def test_a_timeout_after_sending_is_an_unknown_outcome(desk: Desk, ledger: Ledger) -> None:
    ledger.misbehave("transfer", "sleep", seconds=1.0)
    await desk.turn("u-17", plan(("transfer", {"amount": 5, "account": "9"})), context=CONTEXT)
    (pause,) = [p for p in (await desk.answer("u-17", "approve")).waiting]
    assert pause.kind == "outcome_unknown"
    assert pause.error == "Transfer did not answer within 0.5 seconds."


async def test_happened_counts_the_call_done_without_sending_it_again(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("charge_card", "unknown")
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "approve")
    reply = await desk.answer("u-17", "happened")
    assert reply.waiting == []
    assert "Done: Charge card." in reply.reply
    assert ledger.count("charge_card") == 1


async def test_happened_registers_the_undo_which_cannot_be_built_without_the_result(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("charge_card", "unknown")
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "approve")
    await desk.answer("u-17", "happened")
    report = await desk.rollback("u-17")
    (entry,) = report.not_undoable
    assert (entry.tool, entry.undo_tool) == ("charge_card", "refund_card")
    assert entry.error == "its result is unknown, so its undo cannot be built."


async def test_did_not_happen_sends_the_call_again(desk: Desk, ledger: Ledger) -> None:
    ledger.misbehave("charge_card", "unknown")
    await desk.turn("u-17", charge(), context=CONTEXT)
    await desk.answer("u-17", "approve")
    reply = await desk.answer("u-17", "did_not_happen")
    assert ledger.count("charge_card") == 2
    assert "ch-4411" in reply.reply


async def test_an_idempotent_write_is_sent_again_with_the_same_key_instead_of_pausing(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("pay_invoice", "unknown")
    await desk.turn("u-17", plan(("pay_invoice", {"invoice": "inv-7"})), context=CONTEXT)
    reply = await desk.answer("u-17", "approve")
    assert reply.waiting == []
    keys = [call["key"] for call in ledger.calls("pay_invoice")]
    assert len(keys) == 2 and keys[0] == keys[1]
    assert ledger.effects("pay_invoice") == 1


async def test_a_lost_outcome_asks_whether_the_call_went_through_in_the_chapters_words(
    desk: Desk, ledger: Ledger
) -> None:
    ledger.misbehave("charge_card", "unknown")
    await desk.turn("u-17", charge(), context=CONTEXT)
    (pause,) = (await desk.answer("u-17", "approve")).waiting
    assert pause.wording == "Did “Charge card” go through?"
