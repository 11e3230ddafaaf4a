from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.saga_stuck_resume_decision import SagaStuckResumeDecision
from typing import Literal, cast


T = TypeVar("T", bound="SagaStuckResume")


@_attrs_define
class SagaStuckResume:
    """
    Attributes:
        kind (Literal['saga_stuck']):
        interrupt_id (str): The pause's id, as the interrupts route and the turn's answer show it.
        decision (SagaStuckResumeDecision):
        token (str): The token the pause showed.
    """

    kind: Literal["saga_stuck"]
    interrupt_id: str
    decision: SagaStuckResumeDecision
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
        kind = cast(Literal["saga_stuck"], d.pop("kind"))
        if kind != "saga_stuck":
            raise ValueError(f"kind must match const 'saga_stuck', got '{kind}'")

        interrupt_id = d.pop("interrupt_id")

        decision = SagaStuckResumeDecision(d.pop("decision"))

        token = d.pop("token")

        saga_stuck_resume = cls(
            kind=kind,
            interrupt_id=interrupt_id,
            decision=decision,
            token=token,
        )

        return saga_stuck_resume
