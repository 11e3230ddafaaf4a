"""A run as one worker holds it during an advance: what was loaded, and what is still to write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stalwart_agents._generated.enums import Kind
from stalwart_agents.store import (
    Changes,
    JournalEntry,
    MessageRecord,
    PauseRecord,
    PauseState,
    RunRecord,
    RunSnapshot,
    StepStatus,
)

__all__ = ["Ledger", "new_entry", "settle"]


def new_entry(step: int, tool: str, write: bool) -> JournalEntry:
    """A journal row for a step reached for the first time."""
    return JournalEntry(
        step=step,
        tool=tool,
        status=StepStatus.PLANNED,
        attempt=0,
        args=[],
        result=None,
        error=None,
        write=write,
        finished=None,
        undo=None,
        undo_status=None,
        undo_error=None,
        stuck_pause=None,
        because=None,
    )


class Ledger:
    """The loaded run plus the changes of this advance, written together at the next flush."""

    def __init__(self, snapshot: RunSnapshot, sent_step: int | None = None) -> None:
        self.run: RunRecord = snapshot.run
        self.sent_step = sent_step
        """The step an answer's claim marked sent for this worker to send, or None."""
        self.sent_used = False
        self.journal: dict[int, JournalEntry] = dict(snapshot.journal)
        self.pauses: dict[str, PauseRecord] = {pause["id"]: pause for pause in snapshot.pauses}
        self._dirty: dict[int, None] = {}
        self._changes = Changes()
        self._finished = max((entry["finished"] or 0 for entry in self.journal.values()), default=0)
        self.noted = 0
        """How many events this pass appended: none means it found nothing to do."""

    @property
    def thread(self) -> str:
        return self.run["thread"]

    @property
    def id(self) -> str:
        return self.run["id"]

    @property
    def context(self) -> Mapping[str, Any]:
        return self.run["turn"].get("context") or {}

    @property
    def language(self) -> str:
        return str(self.run["turn"].get("language") or "en")

    def use_claim(self, step: int) -> None:
        """A call went out under a sent mark; when it is the claim's step, the claim's mark stays.

        Only that step counts: a dead worker's write sent again at another step must not keep
        a mark whose call never went out, or that call would later look lost.
        """
        if step == self.sent_step:
            self.sent_used = True

    def return_claim(self) -> None:
        """Put back a claim's mark that was never used: the step waits for its answer again."""
        if self.sent_step is not None and not self.sent_used:
            entry = self.entry(self.sent_step)
            if entry is not None and entry["status"] == StepStatus.SENT:
                unknown = self.pauses_at(self.sent_step, Kind.OUTCOME_UNKNOWN)
                entry["status"] = StepStatus.UNKNOWN if unknown else StepStatus.WAITING
                self.put(entry)
        self.sent_step = None

    def entry(self, step: int) -> JournalEntry | None:
        return self.journal.get(step)

    def put(self, entry: JournalEntry) -> None:
        """Keep a step's new state, to be written at the next flush."""
        self.journal[entry["step"]] = entry
        self._dirty[entry["step"]] = None

    def finish(self, entry: JournalEntry) -> None:
        """Number a step in the order steps finish, so the saga can undo newest first."""
        self._finished += 1
        entry["finished"] = self._finished

    def add_pause(self, pause: PauseRecord) -> None:
        self.pauses[pause["id"]] = pause
        self._changes.pauses.append(pause)

    def close_pause(self, pause: str) -> None:
        """The run moved on without this pause: later answers to it are stale."""
        if self.pauses[pause]["state"] == PauseState.OPEN:
            self.pauses[pause]["state"] = PauseState.CLOSED
            self._changes.close.append(pause)

    def pauses_at(self, step: int, kind: Kind) -> list[PauseRecord]:
        """The pauses of a step of one kind, oldest first."""
        return [p for p in self.pauses.values() if p["step"] == step and p["kind"] == kind]

    def paused_at(self, step: int) -> bool:
        """A person was asked something at this step, of any kind."""
        return any(p["step"] == step for p in self.pauses.values())

    def open_pauses(self) -> list[PauseRecord]:
        """The open pauses in the order their calls were asked for, as the store lists them:
        calls made at once may pause in any order."""
        return sorted(
            (p for p in self.pauses.values() if p["state"] == PauseState.OPEN),
            key=lambda pause: pause["step"],
        )

    def untrusted(self, before: int, untrusted_tools: set[str]) -> dict[int, str]:
        """Earlier steps whose untrusted tool returned data: they taint what they reach."""
        return {
            step: entry["tool"]
            for step, entry in self.journal.items()
            if step < before
            and entry["status"] == StepStatus.DONE
            and entry["tool"] in untrusted_tools
        }

    def event(self, kind: str, data: dict[str, Any]) -> None:
        self.noted += 1
        self._changes.events.append((kind, data))

    def message(self, message: MessageRecord) -> None:
        self._changes.messages.append(message)

    def set_state(self, state: str, *, saga: str | None = None) -> None:
        self.run["state"] = state
        self._changes.run_state = state
        if saga is not None:
            self.run["saga"] = saga
            self._changes.saga = saga

    def set_reply(self, reply: dict[str, Any]) -> None:
        self.run["reply"] = reply
        self._changes.reply = reply

    def take(self) -> Changes:
        """Everything changed since the last flush, once; the ledger starts a new batch."""
        changes = self._changes
        changes.journal = [self.journal[step] for step in self._dirty]
        self._changes = Changes()
        self._dirty = {}
        return changes


def settle(ledger: Ledger, entry: JournalEntry, status: StepStatus, **told: Any) -> None:
    """Keep a call's new status and tell the stream of it at once, so neither goes alone."""
    entry["status"] = status
    ledger.put(entry)
    status_told = {"step": entry["step"], "tool": entry["tool"], "status": status.value}
    ledger.event("call", status_told | told)
