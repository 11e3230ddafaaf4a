"""The rows the run store keeps, as plain JSON-friendly records shared by every backend."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
    "ApplyResult",
    "Changes",
    "ClaimResult",
    "DecisionRecord",
    "DeliveryState",
    "DoorDecision",
    "DoorPause",
    "DueDelivery",
    "EventRecord",
    "FileRecord",
    "JournalEntry",
    "MessageRecord",
    "PairingUse",
    "PauseRecord",
    "PauseState",
    "RunRecord",
    "RunSnapshot",
    "RunState",
    "StaffRecord",
    "StaleReason",
    "StepStatus",
    "Stop",
]


class RunState(StrEnum):
    """Where a run is in its life."""

    # A worker is advancing it, holding its lease.
    RUNNING = "running"
    # It waits for a person, on one pause or several.
    WAITING = "waiting"
    # Every call it planned ran, or was skipped.
    DONE = "done"
    # A refusal rule stopped it before a call.
    REFUSED = "refused"
    # A call failed; its saga undid what it could.
    FAILED = "failed"
    # cancel_all, a correction or an operator stopped it; its saga undid what it could.
    CANCELLED = "cancelled"


class StepStatus(StrEnum):
    """Where one step of a run is."""

    # Checked, not yet sent.
    PLANNED = "planned"
    # Paused before it runs (confirm, ask).
    WAITING = "waiting"
    # Sent to the tool and not yet recorded: if its worker dies now, nobody knows the outcome.
    SENT = "sent"
    # The tool answered; its result is kept.
    DONE = "done"
    # The tool raised.
    FAILED = "failed"
    # The person skipped it, or a call it needed.
    SKIPPED = "skipped"
    # A write whose outcome nobody knows; an outcome_unknown pause waits on it.
    UNKNOWN = "unknown"
    # A refusal rule matched it.
    REFUSED = "refused"


class PauseState(StrEnum):
    """Whether a pause still takes an answer."""

    # It waits for an answer.
    OPEN = "open"
    # Someone answered it; later answers are stale.
    ANSWERED = "answered"
    # The run moved on without it (a correction, a cancel, changed arguments).
    CLOSED = "closed"


class StaleReason(StrEnum):
    """Why a claim changed nothing, in the same words from both stores and `stalwart_claim`."""

    # The pause is unknown, or waits in another thread.
    NO_SUCH_PAUSE = "no such pause waits in this thread"
    # Someone answered it before this claim looked.
    ANSWERED = "it is answered already"
    # The run moved on without it.
    CLOSED = "it is closed already"
    # The answer carried a token other than the one the pause was shown with.
    WRONG_TOKEN = "the token is not the one shown"
    # Another answer won the race to claim it.
    CLAIMED_FIRST = "another answer claimed it first"

    @classmethod
    def settled(cls, state: str) -> StaleReason:
        """The reason for a pause that no longer waits, in its state (answered or closed)."""
        return cls.ANSWERED if state == PauseState.ANSWERED else cls.CLOSED


class DeliveryState(StrEnum):
    """Where the outbox's delivery of one pause to another channel is."""

    # Owed: the turn's own attempt comes first, then the sweeper's retries.
    PENDING = "pending"
    # The receiver took it.
    DELIVERED = "delivered"
    # Every attempt failed; the last error is kept.
    GAVE_UP = "gave_up"
    # The pause was answered or closed before it reached the receiver: nothing left to tell.
    SETTLED = "settled"


class DueDelivery(TypedDict):
    """A pause the outbox owes another channel, claimed by one worker for a while."""

    pause: str
    thread: str
    attempts: int
    """How many attempts came before this one."""
    interrupt: dict[str, Any]


class Stop(TypedDict):
    """A correction or rollback stopping a run, kept with it from the moment it took the lease,
    so a worker that takes the run over carries the stop on when the one stopping it died."""

    why: str
    """correction or rollback: what the saga will say it undoes for."""
    text: str | None
    """A correction's new message, which the worker that died would have run next."""


class RunRecord(TypedDict):
    """One run: a turn being carried out."""

    id: str
    thread: str
    agent: str
    state: str
    """A RunState value."""
    saga: str | None
    """Why the run is undoing (cancel_all, failed, rollback, correction), or None going forward."""
    version: int
    """Raised by every answer and every change, so a worker can tell that it missed one."""
    lease: str | None
    """The id of the lease a worker holds while it advances the run."""
    lease_until: float | None
    """Unix time the lease expires at; after it, another worker may take the run over."""
    turn: dict[str, Any]
    """What started the run: text, plan, context, language, session."""
    reply: dict[str, Any] | None
    """The last reply the run gave, so any worker can repeat it."""
    stop: NotRequired[Stop | None]
    """The stop that took the run while it had no saga yet; a run being made has none."""


class JournalEntry(TypedDict):
    """One step of a run; replay returns a done step's result instead of calling again."""

    step: int
    tool: str
    status: str
    """planned, waiting, sent, done, failed, skipped, unknown or refused."""
    attempt: int
    """How many times the call was sent before this one; part of its pause ids."""
    args: list[dict[str, Any]]
    """[{name, value, origin}], as checked."""
    result: Any
    error: str | None
    write: bool
    finished: int | None
    """The order the step finished in, so the saga undoes newest first."""
    undo: dict[str, Any] | None
    """{tool, args} of the compensation, or {error} when its arguments could not be built."""
    undo_status: str | None
    """pending, stuck, undone, done_by_hand, abandoned or not_undoable."""
    undo_error: str | None
    stuck_pause: str | None
    """The saga_stuck pause that waits on this undo."""
    because: str | None
    """For a skipped step: the tool whose skipped result it needed."""


class PauseRecord(TypedDict):
    """One pause, with the interrupt as the person is shown it."""

    id: str
    thread: str
    run: str
    step: int
    kind: str
    state: str
    """open, answered or closed."""
    token: str
    sends: str | None
    """The decision that sends the paused call, so the claim can mark it sent."""
    choices: list[str]
    interrupt: dict[str, Any]
    decision: str | None
    value: Any
    answered_by: str | None


class DecisionRecord(TypedDict):
    """One answer a pause took, kept with its claim, for the audit list and the closed card."""

    interrupt: str
    kind: str
    step: int
    decision: str
    channel: str
    """chat, api, webhook, desk, expiry or door (Channel)."""
    by: str | None
    """The session's handle, a staff handle, `expiry`, or the name a Python caller gave."""
    staff: bool
    at: float
    """When the claim was recorded, in Unix time."""


class DoorDecision(TypedDict):
    """What a door's claim records beside the answer, so the thread's decisions list it."""

    thread: str
    kind: str
    step: int
    channel: str
    staff: bool


class DoorPause(TypedDict):
    """A pause another system keeps (a LangGraph interrupt), as the run store tracks it.

    The other system stays the authority on whether it waits; the row is what lets any worker
    deliver it, expire it, and find it again after a crash.
    """

    id: str
    thread: str
    token: str
    interrupt: dict[str, Any]
    expires_at: float | None
    """When it expires, in Unix time; None where it waits until someone answers."""


class EventRecord(TypedDict):
    """One event of a thread's stream; `id` is the thread's sequence number."""

    id: int
    thread: str
    run: str | None
    type: str
    at: str
    data: dict[str, Any]


class PairingUse(StrEnum):
    """What spending a one-time pairing code came to."""

    # The code was good; it is spent now.
    PAIRED = "paired"
    # The code paired a phone already; it pairs one only.
    USED = "used"
    # The code is past its ten minutes.
    EXPIRED = "expired"
    # No such code was ever made.
    UNKNOWN = "unknown"


class StaffRecord(TypedDict):
    """A session the owner paired: staff until revoked."""

    session: str
    since: float
    paired_by: str


class FileRecord(TypedDict):
    """A file a tool saved: its bytes are in `folder`, the index of every saved file is here."""

    id: str
    """What routes name it by: never a path, so no request can reach outside the folder."""
    agent: str
    name: str
    """The name a person reads, as the tool gave it."""
    type: str
    """Its media type, as `application/pdf`."""
    size: int
    saved_at: float
    """Unix time; the files panel lists the newest first."""
    thread: str | None
    run: str | None
    step: int | None
    folder: str
    """The absolute folder the bytes were written to."""
    stored: str
    """The file's name in that folder: one path segment, chosen when it was saved."""


class MessageRecord(TypedDict):
    """A reply shown to a session, so only that session can give it a thumb."""

    id: str
    thread: str
    run: str
    session: str | None
    text: str


@dataclass
class RunSnapshot:
    """A run with its journal and pauses, all a worker needs to replay it."""

    run: RunRecord
    journal: dict[int, JournalEntry]
    pauses: list[PauseRecord]


@dataclass
class Changes:
    """What one advance of a run writes, applied in one transaction."""

    run_state: str | None = None
    saga: str | None = None
    reply: dict[str, Any] | None = None
    journal: list[JournalEntry] = field(default_factory=list)
    pauses: list[PauseRecord] = field(default_factory=list)
    close: list[str] = field(default_factory=list)
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    messages: list[MessageRecord] = field(default_factory=list)
    """The replies said, each kept with its reply event (by message id) and the session it was
    shown to, so only that session can give it a thumb."""

    def __bool__(self) -> bool:
        return bool(
            self.run_state
            or self.saga
            or self.reply
            or self.journal
            or self.pauses
            or self.close
            or self.events
            or self.messages
        )


@dataclass
class ApplyResult:
    """The run's version after a change, and whether the worker let go of it."""

    version: int
    released: bool
    current: bool
    """No answer arrived since the version the caller expected."""


@dataclass
class ClaimResult:
    """The outcome of claiming a pause; a snapshot comes with the lease."""

    status: Literal["ok", "stale", "bad_decision", "not_found"]
    why: StaleReason | Literal[""] = ""
    kind: str | None = None
    choices: list[str] = field(default_factory=list)
    leased: bool = False
    sent_step: int | None = None
    snapshot: RunSnapshot | None = None
