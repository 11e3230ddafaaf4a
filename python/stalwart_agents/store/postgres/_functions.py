"""The PostgreSQL functions the run store calls, as the database has them now, by name.

The run's transactions are functions in the database, so each is one statement and one round
trip: a resume's claim, check, answer and compare-and-swap happen in `stalwart_claim`. Each
constant is the statement that installed the function; the migration that ran it (named beside
it) refers to it here, so what runs is read in one place. The stale reasons `stalwart_claim`
gives are `StaleReason`'s values, and a test checks that they match.

To change a function: copy its text, as it is here, into store/postgres/_history/ (the module
`_v<N>.py` of the migration that installed it), and have that migration refer to the copy,
where it stays as history (a migration already run never changes); then change it here, and
append a migration that runs it, as CREATE OR REPLACE FUNCTION.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ACQUIRE",
    "ACQUIRE_TO_STOP",
    "APPLY",
    "CLAIM",
    "FUNCTIONS",
    "NOW",
    "PAUSE_EXPIRY",
    "RENEW",
    "SNAPSHOT",
]

NOW: Final = (  # installed by migration 0
    """CREATE FUNCTION stalwart_now() RETURNS double precision LANGUAGE sql AS
    $$ SELECT extract(epoch FROM clock_timestamp())::double precision $$"""
)
"""The time every function stamps rows with."""

SNAPSHOT: Final = (  # installed by migration 0
    """CREATE FUNCTION stalwart_snapshot(p_run text) RETURNS jsonb LANGUAGE sql STABLE AS $$
    SELECT jsonb_build_object(
        'run', to_jsonb(r) - 'created_at' - 'updated_at',
        'journal', COALESCE((
            SELECT jsonb_agg(j.entry || jsonb_build_object(
                'step', j.step, 'tool', j.tool, 'status', j.status, 'attempt', j.attempt)
                ORDER BY j.step)
            FROM journal j WHERE j.run = r.id), '[]'::jsonb),
        'pauses', COALESCE((
            SELECT jsonb_agg(to_jsonb(p) - 'created_at' - 'answered_at'
                ORDER BY p.created_at, p.step, p.id)
            FROM pauses p WHERE p.run = r.id), '[]'::jsonb))
    FROM runs r WHERE r.id = p_run
    $$"""
)
"""A run with its journal and pauses as one document: `load`, and a lease taken."""

ACQUIRE: Final = (  # installed by migration 0
    """CREATE FUNCTION stalwart_acquire(p_run text, p_lease text, p_seconds double precision)
    RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE now double precision := stalwart_now();
    BEGIN
        UPDATE runs SET lease = p_lease, lease_until = now + p_seconds
        WHERE id = p_run AND (lease IS NULL OR lease_until < now OR lease = p_lease);
        IF NOT FOUND THEN RETURN NULL; END IF;
        RETURN stalwart_snapshot(p_run);
    END $$"""
)
"""Takes a run's lease when it is free or expired, and returns the run."""

ACQUIRE_TO_STOP: Final = (  # installed by migration 12
    """CREATE FUNCTION stalwart_acquire_to_stop(p_run text, p_lease text,
        p_seconds double precision, p_why text, p_text text)
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
        -- The stop is kept with the run as the lease is taken, so a worker that takes the run
        -- over carries it on; a run that undoes already keeps the stop that started its saga.
        UPDATE runs SET lease = p_lease, lease_until = now + p_seconds,
            stop = CASE WHEN saga IS NULL THEN jsonb_build_object('why', p_why, 'text', p_text)
                        ELSE stop END
        WHERE id = p_run AND (lease IS NULL OR lease_until < now OR lease = p_lease);
        IF NOT FOUND THEN RETURN NULL; END IF;
        RETURN stalwart_snapshot(p_run);
    END $$"""
)
"""Closes a run going forward to every answer, then takes its lease and keeps the stop with
the run: RunStore.acquire_to_stop."""

RENEW: Final = (  # installed by migration 0
    """CREATE FUNCTION stalwart_renew(p_run text, p_lease text, p_seconds double precision)
    RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE runs SET lease_until = stalwart_now() + p_seconds
        WHERE id = p_run AND lease = p_lease;
        RETURN FOUND;
    END $$"""
)
"""Extends a held lease; false when another worker holds the run now."""

APPLY: Final = (  # installed by migration 14
    """CREATE OR REPLACE FUNCTION stalwart_apply(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
        now double precision := stalwart_now();
        c jsonb := p->'create';
        n integer := jsonb_array_length(p->'events');
        expect bigint := (p->>'expect_version')::bigint;
        release boolean := (p->>'release')::boolean;
        until double precision := now + (p->>'lease_seconds')::double precision;
        thread text;
        last bigint;
        version bigint;
        current boolean;
        active text;
    BEGIN
        IF NOT (p->>'durable')::boolean THEN
            -- Nothing is sent on this commit: it may reach the disk a moment later.
            PERFORM set_config('synchronous_commit', 'off', true);
        END IF;
        IF c = 'null'::jsonb THEN
            -- The row lock, the lease check and the version's step in one statement.
            UPDATE runs SET version = runs.version + 1,
                state = COALESCE(p->>'state', state),
                saga = COALESCE(p->>'saga', saga),
                reply = CASE WHEN p->'reply' = 'null'::jsonb THEN reply ELSE p->'reply' END,
                lease = CASE WHEN release AND (expect IS NULL OR runs.version = expect)
                             THEN NULL ELSE lease END,
                lease_until = CASE WHEN release AND (expect IS NULL OR runs.version = expect)
                                   THEN NULL ELSE until END,
                updated_at = now
            WHERE id = p->>'run' AND lease = p->>'lease'
            RETURNING runs.thread, runs.version - 1 INTO thread, version;
            IF NOT FOUND THEN
                RETURN jsonb_build_object('lost', true);
            END IF;
            IF n > 0 THEN
                UPDATE threads SET last_seq = last_seq + n WHERE id = thread
                RETURNING last_seq INTO last;
            END IF;
        ELSE
            thread := c->>'thread';
            version := (c->>'version')::bigint;
            -- A new thread starts with this run and its events numbered from one.
            INSERT INTO threads (id, last_seq, current_run, created_at)
            VALUES (thread, n, c->>'id', now)
            ON CONFLICT (id) DO NOTHING RETURNING last_seq INTO last;
            IF NOT FOUND THEN
                -- One new run at a time per thread: the thread's row is the lock.
                SELECT current_run INTO active FROM threads WHERE id = thread FOR UPDATE;
                PERFORM 1 FROM runs WHERE id = active AND state IN ('running', 'waiting')
                    AND saga IS NULL;
                IF FOUND THEN
                    RETURN jsonb_build_object('conflict', active);
                END IF;
                UPDATE threads SET current_run = c->>'id', last_seq = last_seq + n
                WHERE id = thread RETURNING last_seq INTO last;
            END IF;
            current := expect IS NULL OR version = expect;
            INSERT INTO runs (id, thread, agent, state, saga, version, lease, lease_until, turn,
                              reply, created_at, updated_at)
            VALUES (c->>'id', thread, c->>'agent', COALESCE(p->>'state', c->>'state'),
                    p->>'saga', version + 1,
                    CASE WHEN release AND current THEN NULL ELSE p->>'lease' END,
                    CASE WHEN release AND current THEN NULL ELSE until END,
                    c->'turn', NULLIF(p->'reply', 'null'::jsonb), now, now);
        END IF;
        -- Every new row in one statement; an empty list adds none.
        WITH journaled AS (
            INSERT INTO journal (run, step, tool, status, attempt, entry, updated_at)
            SELECT p->>'run', (e->>'step')::integer, e->>'tool', e->>'status',
                   (e->>'attempt')::integer, e - 'step' - 'tool' - 'status' - 'attempt', now
            FROM jsonb_array_elements(p->'journal') AS e
            ON CONFLICT (run, step) DO UPDATE SET tool = excluded.tool,
                status = excluded.status, attempt = excluded.attempt, entry = excluded.entry,
                updated_at = excluded.updated_at
        ), paused AS (
            INSERT INTO pauses (id, thread, run, step, kind, state, token, sends, choices,
                                interrupt, created_at)
            SELECT q->>'id', q->>'thread', q->>'run', (q->>'step')::integer, q->>'kind', 'open',
                   q->>'token', q->>'sends', q->'choices', q->'interrupt', now
            FROM jsonb_array_elements(p->'pauses') AS q
            ON CONFLICT (id) DO NOTHING
        ), queued AS (
            -- With a receiver, each new pause's delivery is owed from this commit on.
            INSERT INTO outbox (pause, thread, state, due_at, created_at)
            SELECT q->>'id', q->>'thread', 'pending', now + (p->>'outbox')::double precision, now
            FROM jsonb_array_elements(p->'pauses') AS q
            WHERE jsonb_typeof(p->'outbox') = 'number'
            ON CONFLICT (pause) DO NOTHING
        )
        -- A reply is its reply event, kept with the session it was shown to.
        INSERT INTO events (thread, seq, run, type, at, data, session)
        SELECT thread, last - n + e.ordinality, p->>'run', e.value->>0, now, e.value->1,
               CASE WHEN e.value->>0 = 'reply' THEN (
                   SELECT m->>'session' FROM jsonb_array_elements(p->'messages') AS m
                   WHERE m->>'id' = e.value->1->>'message' LIMIT 1) END
        FROM jsonb_array_elements(p->'events') WITH ORDINALITY AS e;
        -- A NOTIFY holds a lock on the whole database until its commit ends, so a durable
        -- commit that notified would make every other one wait for its flush. The caller
        -- notifies after a durable commit instead, in a commit that need not flush.
        IF n > 0 AND NOT (p->>'durable')::boolean THEN
            PERFORM pg_notify('stalwart_events', thread);
        END IF;
        -- Closed after the inserts, so a pause opened and closed in one batch ends closed.
        IF p->'close' <> '[]'::jsonb THEN
            UPDATE pauses SET state = 'closed'
            WHERE id IN (SELECT jsonb_array_elements_text(p->'close')) AND state = 'open';
        END IF;
        current := expect IS NULL OR version = expect;
        RETURN jsonb_build_object('lost', false, 'version', version + 1,
                                  'released', release AND current, 'current', current,
                                  'notify', CASE WHEN n > 0 AND (p->>'durable')::boolean
                                                 THEN thread END);
    END $$"""
)
"""One advance of a run, fenced by its lease: RunStore.apply."""

CLAIM: Final = (  # installed by migration 15
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
            answered_by = p->>'by', answered_at = now, channel = p->>'channel',
            staff = (p->>'staff')::boolean
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
                'decision', p->>'decision', 'by', p->'by', 'channel', p->>'channel',
                'staff', (p->>'staff')::boolean)
            || CASE WHEN p->'value' = 'null'::jsonb THEN '{}'::jsonb
                    ELSE jsonb_build_object('value', p->'value') END
        FROM numbered;
        -- No NOTIFY here: it would hold a lock on the whole database across this durable
        -- commit's flush, so claims could not share one. The caller notifies afterwards.
        RETURN jsonb_build_object('status', 'ok', 'kind', q.kind, 'choices', q.choices,
            'leased', leased, 'sent_step', sent,
            'snapshot', CASE WHEN leased THEN stalwart_snapshot(q.run) ELSE NULL END);
    END $$"""
)
"""Answers a pause, the first valid claim winning: RunStore.claim."""

PAUSE_EXPIRY: Final = (  # installed by migration 7
    """CREATE FUNCTION stalwart_pause_expiry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        NEW.expires_at := extract(epoch FROM (NEW.interrupt->>'expires_at')::timestamptz);
        RETURN NEW;
    END $$"""
)
"""Keeps a new pause's expiry time, from its interrupt's expires_at, where the sweep reads it."""

FUNCTIONS: Final = {
    "stalwart_now": NOW,
    "stalwart_snapshot": SNAPSHOT,
    "stalwart_acquire": ACQUIRE,
    "stalwart_acquire_to_stop": ACQUIRE_TO_STOP,
    "stalwart_renew": RENEW,
    "stalwart_apply": APPLY,
    "stalwart_claim": CLAIM,
    "stalwart_pause_expiry": PAUSE_EXPIRY,
}
"""Every function the store calls, by its name in the database."""
