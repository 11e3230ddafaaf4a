"""The run store's roles beside runs: people, files, the outbox, settings, door pauses."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from stalwart_agents.store._records import (
    DoorPause,
    DueDelivery,
    FileRecord,
    MessageRecord,
    PairingUse,
    StaffRecord,
)

__all__ = ["DoorPauses", "FileIndex", "Outbox", "People", "ReplyFeedback", "Settings"]


class ReplyFeedback(ABC):
    """A reply kept by id, and the thumb a person put on it."""

    @abstractmethod
    async def message(self, thread: str, message: str) -> MessageRecord | None:
        """A reply of the thread by id."""

    @abstractmethod
    async def put_feedback(self, message: MessageRecord, thumb: str) -> None:
        """Keep (or change) the thumb on a reply, with the reply's text."""

    @abstractmethod
    async def feedback(self, message: str) -> str | None:
        """The thumb kept on a reply, or None."""


class People(ABC):
    """Who may use the bot: the sessions handed out, the staff among them and the pairing codes."""

    @abstractmethod
    async def keep_session(self, session: str, now: float) -> None:
        """Keep a session the server handed to a page, or note that it was used again at `now`."""

    @abstractmethod
    async def forget_sessions(self, unused_since: float) -> int:
        """Forget the sessions (staff among them) nobody used since then; how many went."""

    @abstractmethod
    async def session_exists(self, session: str) -> bool:
        """Whether the server handed out this session."""

    @abstractmethod
    async def make_staff(self, session: str, paired_by: str) -> None:
        """Make a handed-out session staff, as the owner paired it; `paired_by` says how."""

    @abstractmethod
    async def is_staff(self, session: str) -> bool:
        """Whether the session is staff now: paired, and not revoked since."""

    @abstractmethod
    async def staff(self) -> list[StaffRecord]:
        """Every staff session, the longest paired first."""

    @abstractmethod
    async def revoke_staff(self, session: str) -> bool:
        """End a session's staff standing; False when it was not staff."""

    @abstractmethod
    async def add_pairing_code(self, code: str, expires_at: float, forget_before: float) -> None:
        """Keep a one-time pairing code (its hash, never the code), good until `expires_at`.

        Codes that expired before `forget_before` are dropped in the same commit, so the table
        holds a bounded window: within it a late phone is told why, after it the code is unknown.
        """

    @abstractmethod
    async def use_pairing_code(self, code: str, now: float) -> PairingUse:
        """Spend a pairing code (its hash) at `now`, once: PAIRED, or why it does not pair.

        `now` is the caller's clock (Unix time), so a test can move it past the expiry.
        """


class FileIndex(ABC):
    """The files tools saved, indexed by agent and id; their bytes are on disk."""

    @abstractmethod
    async def add_files(self, files: list[FileRecord]) -> list[str]:
        """Index files a tool saved; one whose id is indexed already is left as it was.

        Returns:
            The ids indexed now: a step sent again saves under the same ids, and the caller
            removes the bytes of those this did not index.
        """

    @abstractmethod
    async def files(self, agent: str, limit: int = 500) -> list[FileRecord]:
        """The agent's saved files, newest first."""

    @abstractmethod
    async def file(self, agent: str, file: str) -> FileRecord | None:
        """One of the agent's saved files by id, or None."""


class Outbox(ABC):
    """Deliveries of pauses to other channels, claimed by one worker and settled once."""

    @abstractmethod
    async def record_delivery(
        self,
        thread: str,
        pause: str,
        url: str | None,
        error: str | None,
        *,
        retry_in: float | None = None,
    ) -> None:
        """Keep one attempt to tell another channel of a pause, and settle its outbox delivery.

        Without an error the delivery is delivered; with one it is due again in `retry_in`
        seconds, or given up when that is None. A pause the outbox does not hold has only its
        attempt kept.
        """

    @abstractmethod
    async def due_deliveries(self, claimer: str, hold: float, limit: int = 50) -> list[DueDelivery]:
        """Claim the outbox's due deliveries for `hold` seconds, so no other worker sends them.

        A due delivery whose pause no longer waits is settled instead: nobody can answer it.
        The pause is one of ours, or a door's (keep_door_pauses).
        A claimer that dies lets its deliveries fall due again once `hold` has passed.
        """

    @abstractmethod
    async def delivery(self, pause: str) -> dict[str, Any] | None:
        """The outbox's delivery of a pause (state, attempts, last_error, due_at), or None."""

    @abstractmethod
    async def deliveries(self, pause: str) -> list[dict[str, Any]]:
        """The attempts to tell other channels of a pause, oldest first."""


class Settings(ABC):
    """Host settings every worker sees."""

    @abstractmethod
    async def get_setting(self, key: str) -> Any:
        """A host setting every worker sees, such as the language; None when unset."""

    @abstractmethod
    async def set_setting(self, key: str, value: Any) -> None:
        """Set a host setting for every worker."""


class DoorPauses(ABC):
    """The pauses another system (a LangGraph door) keeps, tracked for expiry and the outbox."""

    @abstractmethod
    async def hold_door_turn(self, thread: str, turn: str, seconds: float) -> None:
        """Note (or renew) that a door's turn runs on the thread, for `seconds` from now.

        Written before the door touches its graph, durable, so that a worker that dies before
        keep_door_pauses leaves it behind for another worker's sweep (stale_door_turns).
        """

    @abstractmethod
    async def stale_door_turns(self, limit: int = 50) -> list[tuple[str, str]]:
        """(thread, turn) of door turns held past their time: their worker died mid-turn."""

    @abstractmethod
    async def keep_door_pauses(
        self,
        thread: str,
        waiting: list[DoorPause],
        *,
        gone: list[str] | None = None,
        turn: str | None = None,
        outbox: float | None = None,
    ) -> list[str]:
        """Track a door's waiting pauses of the thread, in one transaction; the ids new to it.

        Args:
            thread: the thread they wait in.
            waiting: every pause that waits there now; one kept already is left as it is.
            gone: pauses seen waiting before that wait no longer: no longer tracked.
            turn: the door turn (hold_door_turn) this ends; it is let go in the same transaction.
            outbox: queue a delivery of each new one, due this many seconds from now (the
                turn's own attempt goes first); None queues none.
        """

    @abstractmethod
    async def close_door_pauses(self, pauses: list[str]) -> None:
        """Stop tracking door pauses that no longer wait: answered, or gone from their graph."""

    @abstractmethod
    async def due_door_pauses(self, now: float, limit: int = 100) -> list[DoorPause]:
        """A door's open pauses whose expiry time (Unix time) is `now` or earlier, soonest first."""
