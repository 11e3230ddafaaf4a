"""The PostgreSQL functions migration 0 installed, as it installed them."""

from __future__ import annotations

from typing import Final

__all__ = ["APPLY_0", "CLAIM_0", "CREATE_0", "EVENTS_0"]

EVENTS_0: Final = (  # dropped by migration 2
    """CREATE FUNCTION stalwart_events(p_thread text, p_run text, p_events jsonb)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
        n integer := jsonb_array_length(p_events);
    BEGIN
        IF n = 0 THEN RETURN; END IF;
        -- The thread's row numbers its events, and its lock keeps the numbers gapless.
        WITH numbered AS (
            UPDATE threads SET last_seq = last_seq + n WHERE id = p_thread RETURNING last_seq
        )
        INSERT INTO events (thread, seq, run, type, at, data)
        SELECT p_thread, numbered.last_seq - n + e.ordinality, p_run, e.value->>0,
               extract(epoch FROM clock_timestamp()), e.value->1
        FROM numbered, jsonb_array_elements(p_events) WITH ORDINALITY AS e;
        PERFORM pg_notify('stalwart_events', p_thread);
    END $$"""
)

CREATE_0: Final = (  # dropped by migration 2
    """CREATE FUNCTION stalwart_create(r jsonb, p_seconds double precision) RETURNS text
    LANGUAGE plpgsql AS $$
    DECLARE
        now double precision := stalwart_now();
        active text;
    BEGIN
        INSERT INTO threads (id, created_at) VALUES (r->>'thread', now) ON CONFLICT (id) DO NOTHING;
        -- One new run at a time per thread: the thread's row is the lock.
        PERFORM 1 FROM threads WHERE id = r->>'thread' FOR UPDATE;
        SELECT runs.id INTO active FROM threads JOIN runs ON runs.id = threads.current_run
        WHERE threads.id = r->>'thread' AND runs.state IN ('running', 'waiting')
            AND runs.saga IS NULL;
        IF active IS NOT NULL THEN
            RETURN active;
        END IF;
        INSERT INTO runs (id, thread, agent, state, saga, version, lease, lease_until, turn,
                          reply, created_at, updated_at)
        VALUES (r->>'id', r->>'thread', r->>'agent', r->>'state', NULL,
                (r->>'version')::bigint, r->>'lease', now + p_seconds, r->'turn', NULL, now, now);
        UPDATE threads SET current_run = r->>'id' WHERE id = r->>'thread';
        RETURN NULL;
    END $$"""
)

APPLY_0: Final = (  # replaced by migration 2
    """CREATE FUNCTION stalwart_apply(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
        now double precision := stalwart_now();
        r record;
        current boolean;
        released boolean;
        active text;
    BEGIN
        IF NOT (p->>'durable')::boolean THEN
            -- Nothing is sent on this commit: it may reach the disk a moment later.
            PERFORM set_config('synchronous_commit', 'off', true);
        END IF;
        IF p->'create' <> 'null'::jsonb THEN
            active := stalwart_create(p->'create', (p->>'lease_seconds')::double precision);
            IF active IS NOT NULL THEN
                RETURN jsonb_build_object('conflict', active);
            END IF;
        END IF;
        SELECT id, thread, version, lease INTO r FROM runs WHERE id = p->>'run' FOR UPDATE;
        IF NOT FOUND OR r.lease IS DISTINCT FROM p->>'lease' THEN
            RETURN jsonb_build_object('lost', true);
        END IF;
        -- An empty list costs no statement.
        IF p->'journal' <> '[]'::jsonb THEN
            INSERT INTO journal (run, step, tool, status, attempt, entry, updated_at)
            SELECT r.id, (e->>'step')::integer, e->>'tool', e->>'status',
                   (e->>'attempt')::integer, e - 'step' - 'tool' - 'status' - 'attempt', now
            FROM jsonb_array_elements(p->'journal') AS e
            ON CONFLICT (run, step) DO UPDATE SET tool = excluded.tool,
                status = excluded.status, attempt = excluded.attempt, entry = excluded.entry,
                updated_at = excluded.updated_at;
        END IF;
        IF p->'pauses' <> '[]'::jsonb THEN
            INSERT INTO pauses (id, thread, run, step, kind, state, token, sends, choices,
                                interrupt, created_at)
            SELECT q->>'id', q->>'thread', q->>'run', (q->>'step')::integer, q->>'kind', 'open',
                   q->>'token', q->>'sends', q->'choices', q->'interrupt', now
            FROM jsonb_array_elements(p->'pauses') AS q
            ON CONFLICT (id) DO NOTHING;
        END IF;
        IF p->'close' <> '[]'::jsonb THEN
            UPDATE pauses SET state = 'closed'
            WHERE id IN (SELECT jsonb_array_elements_text(p->'close')) AND state = 'open';
        END IF;
        IF p->'messages' <> '[]'::jsonb THEN
            INSERT INTO messages (id, thread, run, session, text, created_at)
            SELECT m->>'id', m->>'thread', m->>'run', m->>'session', m->>'text', now
            FROM jsonb_array_elements(p->'messages') AS m
            ON CONFLICT (id) DO UPDATE SET text = excluded.text;
        END IF;
        PERFORM stalwart_events(r.thread, r.id, p->'events');
        current := p->'expect_version' = 'null'::jsonb
                   OR (p->>'expect_version')::bigint = r.version;
        released := (p->>'release')::boolean AND current;
        UPDATE runs SET version = version + 1,
            state = COALESCE(p->>'state', state),
            saga = COALESCE(p->>'saga', saga),
            reply = CASE WHEN p->'reply' = 'null'::jsonb THEN reply ELSE p->'reply' END,
            lease = CASE WHEN released THEN NULL ELSE lease END,
            lease_until = CASE WHEN released THEN NULL
                               ELSE now + (p->>'lease_seconds')::double precision END,
            updated_at = now
        WHERE id = r.id;
        RETURN jsonb_build_object('lost', false, 'version', r.version + 1,
                                  'released', released, 'current', current);
    END $$"""
)

CLAIM_0: Final = (  # replaced by migration 2
    """CREATE FUNCTION stalwart_claim(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
        now double precision := stalwart_now();
        q record;
        r record;
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
                                      'why', 'it is ' || q.state || ' already');
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
        INSERT INTO claims (pause, decision, claimed_by, claimed_at)
        VALUES (q.id, p->>'decision', p->>'by', now)
        ON CONFLICT (pause) DO NOTHING RETURNING pause INTO claimed;
        IF claimed IS NULL THEN
            RETURN jsonb_build_object('status', 'stale', 'kind', q.kind,
                                      'why', 'another answer claimed it first');
        END IF;
        UPDATE pauses SET state = 'answered', decision = p->>'decision', value = p->'value',
            answered_by = p->>'by', answered_at = now
        WHERE id = q.id;
        LOOP
            SELECT version, lease, lease_until INTO r FROM runs WHERE id = q.run;
            leased := r.lease IS NULL OR r.lease_until < now;
            UPDATE runs SET version = version + 1,
                lease = CASE WHEN leased THEN p->>'lease' ELSE lease END,
                lease_until = CASE WHEN leased
                    THEN now + (p->>'lease_seconds')::double precision ELSE lease_until END,
                updated_at = now
            WHERE id = q.run AND version = r.version;
            EXIT WHEN FOUND;
        END LOOP;
        IF leased AND q.sends = p->>'decision' THEN
            UPDATE journal SET status = 'sent', updated_at = now
            WHERE run = q.run AND step = q.step;
            sent := q.step;
        END IF;
        PERFORM stalwart_events(q.thread, q.run, jsonb_build_array(jsonb_build_array('answer',
            jsonb_build_object('interrupt', q.id, 'kind', q.kind, 'step', q.step,
                'decision', p->>'decision', 'by', p->'by')
            || CASE WHEN p->'value' = 'null'::jsonb THEN '{}'::jsonb
                    ELSE jsonb_build_object('value', p->'value') END)));
        RETURN jsonb_build_object('status', 'ok', 'kind', q.kind, 'choices', q.choices,
            'leased', leased, 'sent_step', sent,
            'snapshot', CASE WHEN leased THEN stalwart_snapshot(q.run) ELSE NULL END);
    END $$"""
)
