"""A call stopped before it is sent: refused by its rule, or paused to ask for an argument."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stalwart_agents._generated.enums import Kind
from stalwart_agents.config import Precondition, RefuseRule
from stalwart_agents.engine._arguments import Missing
from stalwart_agents.engine._ledger import Ledger
from stalwart_agents.engine._outcomes import Paused, Refused
from stalwart_agents.engine._pauses import Card, PauseAt, arguments, make_pause, same_arguments
from stalwart_agents.engine._state import State, open_pause
from stalwart_agents.language import say
from stalwart_agents.plan import Value
from stalwart_agents.store import JournalEntry, PauseState, StepStatus
from stalwart_agents.tools import Tool
from stalwart_agents.wording import label, phrase, title

__all__ = ["CallWords", "ask_for_argument", "refuse_call"]


@dataclass(frozen=True)
class CallWords:
    """A call's question and the call itself, in the person's words: what the policy told."""

    asks: str
    told: str

    def policy_event(
        self, ledger: Ledger, step: int, tool: str, action: str, reasons: Sequence[str] = ()
    ) -> None:
        """Tell the stream what the policy check decided of the call (a `check` event)."""
        ledger.event(
            "check",
            {
                "step": step,
                "tool": tool,
                "outcome": action,
                "reasons": list(reasons),
                "wording": self.asks,
                "call": self.told,
            },
        )


def refuse_call(
    state: State,
    entry: JournalEntry,
    tool: Tool,
    args: dict[str, Value],
    rule: RefuseRule | Precondition,
    words: CallWords,
) -> Refused:
    """Refuse the call with its rule (a refuse rule, or a precondition that does not hold)."""
    ledger, step = state.ledger, entry["step"]
    sentence = say(rule.sentence, ledger.language)
    refusal = {
        "tool": tool.name,
        "sentence": sentence,
        "rule": rule.id if rule.disclose else None,
        "contact": (
            say(rule.contact, ledger.language)
            if rule.contact is not None
            else state.runtime.agent.contact
        ),
    }
    entry["status"] = StepStatus.REFUSED
    entry["args"] = arguments(args)
    entry["error"] = sentence
    ledger.put(entry)
    words.policy_event(ledger, step, tool.name, "refuse")
    ledger.event("refusal", {"step": step, **refusal})
    state.summary.refusal = refusal
    return Refused(sentence)


def ask_for_argument(
    state: State,
    entry: JournalEntry,
    tool: Tool,
    args: dict[str, Value],
    missing: Missing,
) -> Paused:
    """Pause for a missing or unreadable argument; the answer's origin is `reply`."""
    ledger, step = state.ledger, entry["step"]
    for earlier in ledger.pauses_at(step, Kind.ASK):
        if earlier["state"] != PauseState.OPEN:
            continue
        shown = earlier["interrupt"]
        if shown["argument"] == missing.name and same_arguments(shown, args):
            return Paused(earlier["id"])
        ledger.close_pause(earlier["id"])
    spec = tool.spec.arguments.get(missing.name)
    language = ledger.language
    asked = (
        missing.question
        or (say(spec.question, language) if spec is not None and spec.question else None)
        or phrase(
            language,
            "question",
            argument=label(tool.spec, missing.name, language),
            tool=title(tool.spec, tool.name, language),
        )
    )
    if missing.problem:
        asked = f"{missing.problem} {asked}"
    pause = make_pause(
        ledger,
        state.runtime.store.secret,
        PauseAt(
            kind=Kind.ASK,
            step=step,
            tool=tool.name,
            args=args,
            covers={"argument": missing.name, "asked": len(ledger.pauses_at(step, Kind.ASK))},
        ),
        Card(
            wording=asked,
            spec=tool.spec,
            irreversible=tool.spec.irreversible,
            extra={"argument": missing.name, "type": missing.type, "question": asked},
        ),
    )
    entry["status"] = StepStatus.WAITING
    entry["args"] = arguments(args)
    ledger.put(entry)
    return Paused(open_pause(state, pause))
