from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.outcome_unknown_resume_decision import OutcomeUnknownResumeDecision
from typing import Literal, cast


T = TypeVar("T", bound="OutcomeUnknownResume")


@_attrs_define
class OutcomeUnknownResume:
    """
    Attributes:
        kind (Literal['outcome_unknown']):
        interrupt_id (str): The pause's id, as the interrupts route and the turn's answer show it.
        decision (OutcomeUnknownResumeDecision):
        token (str): The token the pause showed.
    """

    kind: Literal["outcome_unknown"]
    interrupt_id: str
    decision: OutcomeUnknownResumeDecision
    token: str

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        interrupt_id = self.interrupt_id

        decision = self.decision.value

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "interrupt_id": interrupt_id,
                "decision": decision,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["outcome_unknown"], d.pop("kind"))
        if kind != "outcome_unknown":
            raise ValueError(f"kind must match const 'outcome_unknown', got '{kind}'")

        interrupt_id = d.pop("interrupt_id")

        decision = OutcomeUnknownResumeDecision(d.pop("decision"))

        token = d.pop("token")

        outcome_unknown_resume = cls(
            kind=kind,
            interrupt_id=interrupt_id,
            decision=decision,
            token=token,
        )

        return outcome_unknown_resume
