"""Agent Inbox's HumanInterrupt, the schema many LangGraph graphs pause with, read as our pause.

A graph written as Agent Inbox's docs show calls `interrupt([request])[0]`, where request is
`{"action_request": {"action", "args"}, "config": {"allow_accept", "allow_edit",
"allow_respond", "allow_ignore"}, "description"}`, and reads back a HumanResponse
`{"type": "accept" | "edit" | "response" | "ignore", "args": ...}` inside a list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from stalwart_agents._generated.enums import Decision, Kind, Origin

__all__ = ["InboxRequest", "inbox_request"]

_ALLOWS: Final = ("allow_accept", "allow_edit", "allow_respond", "allow_ignore")


@dataclass(frozen=True)
class InboxRequest:
    """One HumanInterrupt: the action it asks about and the answers the graph allows."""

    action: str
    args: dict[str, Any]
    description: str | None
    allow_accept: bool
    allow_edit: bool
    allow_respond: bool
    allow_ignore: bool
    listed: bool
    """The graph passed the request inside a list, so it reads its response from a list."""

    @property
    def kind(self) -> Kind:
        """An ask where the graph takes only a written response; a confirmation otherwise."""
        if self.allow_respond and not (self.allow_accept or self.allow_ignore or self.allow_edit):
            return Kind.ASK
        return Kind.CONFIRM

    def choices(self, corrected: bool) -> list[str]:
        """Accept is approve (a corrected action is approved as an edit), ignore is skip."""
        if self.kind == Kind.ASK:
            return [Decision.ANSWER]
        approves = self.allow_accept or (self.allow_edit and corrected)
        return [
            *([Decision.APPROVE] if approves else []),
            *([Decision.SKIP] if self.allow_ignore else []),
        ]

    def shown(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The card's fields: the action as its tool, its args as arguments the model wrote.

        A confirmation whose graph allows edit says so, so the chat offers the correction.
        """
        arguments = [
            {"name": name, "value": value, "origin": Origin.MODEL} for name, value in args.items()
        ]
        fields: dict[str, Any] = {
            "tool": self.action,
            "wording": self.description,
            "arguments": arguments,
            "reasons": [],
            "irreversible": False,
        }
        if self.kind == Kind.ASK:
            fields.update(argument=None, type="string", question=self.description or self.action)
        elif self.allow_edit:
            fields["editable"] = True
        return fields

    def response(self, decision: str, value: Any, corrected: Mapping[str, Any] | None) -> Any:
        """The HumanResponse for an answer, shaped as the graph passed its request."""
        if decision == Decision.APPROVE:
            kind = "accept" if corrected is None else "edit"
            args: Any = {"action": self.action, "args": dict(corrected or self.args)}
        elif decision == Decision.SKIP:
            kind, args = "ignore", None
        else:
            kind, args = "response", value
        answer = {"type": kind, "args": args}
        return [answer] if self.listed else answer


def inbox_request(value: Any, where: str) -> InboxRequest | None:
    """The HumanInterrupt a value carries, alone or as a one-item list; None for other values.

    Raises:
        ValueError: it has the schema's keys but not its shape; the message names the part.
    """
    listed = isinstance(value, list)
    request = value[0] if listed and len(value) == 1 else value
    if not (isinstance(request, dict) and "action_request" in request and "config" in request):
        return None
    action = request["action_request"]
    config = request["config"]
    if not (isinstance(action, dict) and isinstance(action.get("action"), str)):
        raise ValueError(f"{where} is a HumanInterrupt whose action_request has no action name.")
    args = action.get("args") or {}
    if not (isinstance(args, dict) and all(isinstance(name, str) for name in args)):
        raise ValueError(f"{where} is a HumanInterrupt whose args are not a mapping by name.")
    if not (
        isinstance(config, dict) and all(isinstance(config.get(k, False), bool) for k in _ALLOWS)
    ):
        raise ValueError(
            f"{where} is a HumanInterrupt whose config is not {list(_ALLOWS)}: booleans."
        )
    description = request.get("description")
    if description is not None and not isinstance(description, str):
        raise ValueError(f"{where} is a HumanInterrupt whose description is not a string.")
    found = InboxRequest(
        action=action["action"],
        args=args,
        description=description,
        allow_accept=config.get("allow_accept", False),
        allow_edit=config.get("allow_edit", False),
        allow_respond=config.get("allow_respond", False),
        allow_ignore=config.get("allow_ignore", False),
        listed=listed,
    )
    if not found.choices(corrected=False) and not found.allow_edit:
        raise ValueError(
            f"{where} is a HumanInterrupt that allows no answer: its config must allow accept, "
            "ignore, respond or edit."
        )
    return found
