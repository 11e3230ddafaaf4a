from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.argument_type import ArgumentType
from ..models.ask_resume_decision import AskResumeDecision
from typing import Literal, cast


T = TypeVar("T", bound="AskResume")


@_attrs_define
class AskResume:
    """
    Attributes:
        kind (Literal['ask']):
        interrupt_id (str): The pause's id, as the interrupts route and the turn's answer show it.
        decision (AskResumeDecision):
        token (str): The token the pause showed.
        type_ (ArgumentType): The type of a tool's argument, and of the answer an `ask` takes: `date` is ISO,
            `2026-04-12`. x-json-schema is each type as a model is told it.
        value (Any): The answer, of the type the pause asks for.
    """

    kind: Literal["ask"]
    interrupt_id: str
    decision: AskResumeDecision
    token: str
    type_: ArgumentType
    value: Any

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        interrupt_id = self.interrupt_id

        decision = self.decision.value

        token = self.token

        type_ = self.type_.value

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "interrupt_id": interrupt_id,
                "decision": decision,
                "token": token,
                "type": type_,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["ask"], d.pop("kind"))
        if kind != "ask":
            raise ValueError(f"kind must match const 'ask', got '{kind}'")

        interrupt_id = d.pop("interrupt_id")

        decision = AskResumeDecision(d.pop("decision"))

        token = d.pop("token")

        type_ = ArgumentType(d.pop("type"))

        value = d.pop("value")

        ask_resume = cls(
            kind=kind,
            interrupt_id=interrupt_id,
            decision=decision,
            token=token,
            type_=type_,
            value=value,
        )

        return ask_resume
