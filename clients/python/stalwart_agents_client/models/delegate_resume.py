from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delegate_resume_decision import DelegateResumeDecision
from typing import Literal, cast


T = TypeVar("T", bound="DelegateResume")


@_attrs_define
class DelegateResume:
    """
    Attributes:
        kind (Literal['delegate']):
        interrupt_id (str): The pause's id, as the interrupts route and the turn's answer show it.
        decision (DelegateResumeDecision):
        token (str): The token the pause showed.
    """

    kind: Literal["delegate"]
    interrupt_id: str
    decision: DelegateResumeDecision
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
        kind = cast(Literal["delegate"], d.pop("kind"))
        if kind != "delegate":
            raise ValueError(f"kind must match const 'delegate', got '{kind}'")

        interrupt_id = d.pop("interrupt_id")

        decision = DelegateResumeDecision(d.pop("decision"))

        token = d.pop("token")

        delegate_resume = cls(
            kind=kind,
            interrupt_id=interrupt_id,
            decision=decision,
            token=token,
        )

        return delegate_resume
