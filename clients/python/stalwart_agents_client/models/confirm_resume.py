from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.confirm_resume_decision import ConfirmResumeDecision
from typing import Literal, cast


T = TypeVar("T", bound="ConfirmResume")


@_attrs_define
class ConfirmResume:
    """
    Attributes:
        kind (Literal['confirm']):
        interrupt_id (str): The pause's id, as the interrupts route and the turn's answer show it.
        decision (ConfirmResumeDecision):
        token (str): The token the pause showed.
    """

    kind: Literal["confirm"]
    interrupt_id: str
    decision: ConfirmResumeDecision
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
        kind = cast(Literal["confirm"], d.pop("kind"))
        if kind != "confirm":
            raise ValueError(f"kind must match const 'confirm', got '{kind}'")

        interrupt_id = d.pop("interrupt_id")

        decision = ConfirmResumeDecision(d.pop("decision"))

        token = d.pop("token")

        confirm_resume = cls(
            kind=kind,
            interrupt_id=interrupt_id,
            decision=decision,
            token=token,
        )

        return confirm_resume
