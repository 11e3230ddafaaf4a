"""The PostgreSQL functions migration 4 installed, as it installed them."""

from __future__ import annotations

from typing import Final

__all__ = ["CLAIM_4"]

CLAIM_4: Final = (  # replaced by migration 10
    """CREATE OR REPLACE FUNCTION stalwart_claim(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
        now double precision := stalwart_now();
        q record;
        claimed text;
        leased boolean;
        sent integer;
    BEGIN
        SELECT id, thread, run, step, kind, state, token, sends, choices INTO q
        FROM pauses WHERE id = p->>'pause';
        IF NOT FOUND OR q.thread <> p->>'thread' THEN
            RETURN jsonb_build_object('status', 'stale',
                                      'why', 'no such pause waits in this thread');
        END IF;
        IF q.state <> 'open' THEN
            RETURN jsonb_build_object('status', 'stale', 'kind', q.kind,
                'why', CASE q.state WHEN 'answered' THEN 'it is answered already'
                                    ELSE 'it is closed already' END);
        END IF;
        IF NOT q.choices ? (p->>'decision') THEN
            RETURN jsonb_build_object('status', 'bad_decision', 'kind', q.kind,
                                      'choices', q.choices);
        END IF;
        -- Hashes compared, not the tokens, so the comparison's time says nothing about the token.
        IF sha256(convert_to(q.token, 'UTF8')) <> sha256(convert_to(p->>'token', 'UTF8')) THEN
            RETURN jsonb_build_object('status', 'stale', 'kind', q.kind,
                                      'why', 'the token is not the one shown');
        END IF;
        -- The first claim wins, and only the winner answers the pause.
        WITH won AS (
            INSERT INTO claims (pause, decision, claimed_by, claimed_at)
            VALUES (q.id, p->>'decision', p->>'by', now)
            ON CONFLICT (pause) DO NOTHING RETURNING pause
        )
        UPDATE pauses SET state = 'answered', decision = p->>'decision', value = p->'value',
            answered_by = p->>'by', answered_at = now
        FROM won WHERE pauses.id = won.pause RETURNING pauses.id INTO claimed;
        IF claimed IS NULL THEN
            RETURN jsonb_build_object('status', 'stale', 'kind', q.kind,
                                      'why', 'another answer claimed it first');
        END IF;
        -- The version steps under the run's row lock; the lease is taken only if none holds it.
        UPDATE runs SET version = version + 1,
            lease = CASE WHEN lease IS NULL OR lease_until < now THEN p->>'lease' ELSE lease END,
            lease_until = CASE WHEN lease IS NULL OR lease_until < now
                THEN now + (p->>'lease_seconds')::double precision ELSE lease_until END,
            updated_at = now
        WHERE id = q.run RETURNING lease = p->>'lease' INTO leased;
        IF leased AND q.sends = p->>'decision' THEN
            UPDATE journal SET status = 'sent', updated_at = now
            WHERE run = q.run AND step = q.step;
            sent := q.step;
        END IF;
        WITH numbered AS (
            UPDATE threads SET last_seq = last_seq + 1 WHERE id = q.thread RETURNING last_seq
        )
        INSERT INTO events (thread, seq, run, type, at, data)
        SELECT q.thread, numbered.last_seq, q.run, 'answer', now,
            jsonb_build_object('interrupt', q.id, 'kind', q.kind, 'step', q.step,
                'decision', p->>'decision', 'by', p->'by')
            || CASE WHEN p->'value' = 'null'::jsonb THEN '{}'::jsonb
                    ELSE jsonb_build_object('value', p->'value') END
        FROM numbered;
        PERFORM pg_notify('stalwart_events', q.thread);
        RETURN jsonb_build_object('status', 'ok', 'kind', q.kind, 'choices', q.choices,
            'leased', leased, 'sent_step', sent,
            'snapshot', CASE WHEN leased THEN stalwart_snapshot(q.run) ELSE NULL END);
    END $$"""
)
