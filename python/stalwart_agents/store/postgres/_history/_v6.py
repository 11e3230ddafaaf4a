"""The PostgreSQL functions migration 6 installed, as it installed them."""

from __future__ import annotations

from typing import Final

__all__ = ["ACQUIRE_TO_STOP_6"]

ACQUIRE_TO_STOP_6: Final = (  # replaced by migration 12
    """CREATE FUNCTION stalwart_acquire_to_stop(p_run text, p_lease text,
        p_seconds double precision, p_why text)
    RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE now double precision := stalwart_now();
    BEGIN
        -- Claimed in the order an answer claims (claims, pauses, then runs), so the two wait on
        -- each other and never deadlock: the first to claim a pause has it.
        WITH closing AS (
            INSERT INTO claims (pause, decision, claimed_by, claimed_at)
            SELECT p.id, 'closed', p_why, now FROM pauses p JOIN runs r ON r.id = p.run
            WHERE p.run = p_run AND p.state = 'open' AND r.saga IS NULL
                AND p.kind <> 'outcome_unknown'
            ON CONFLICT (pause) DO NOTHING RETURNING pause
        )
        UPDATE pauses SET state = 'closed' FROM closing WHERE pauses.id = closing.pause;
        RETURN stalwart_acquire(p_run, p_lease, p_seconds);
    END $$"""
)
