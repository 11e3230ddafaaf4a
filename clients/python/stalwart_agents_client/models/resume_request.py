from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.decision import Decision
from ..types import UNSET, Unset


T = TypeVar("T", bound="ResumeRequest")


@_attrs_define
class ResumeRequest:
    """The older answer, without its kind; Resume is the contract's.

    Attributes:
        interrupt_id (str): The pause's id, as the interrupts route and the turn's answer show it.
        decision (Decision): Every answer any pause takes; each kind takes the ones in its choices.
        token (str): The token the pause showed.
        value (Any | Unset): The answer to an ask pause, checked against the argument's type.
    """

    interrupt_id: str
    decision: Decision
    token: str
    value: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        interrupt_id = self.interrupt_id

        decision = self.decision.value

        token = self.token

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "interrupt_id": interrupt_id,
                "decision": decision,
                "token": token,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        interrupt_id = d.pop("interrupt_id")

        decision = Decision(d.pop("decision"))

        token = d.pop("token")

        value = d.pop("value", UNSET)

        resume_request = cls(
            interrupt_id=interrupt_id,
            decision=decision,
            token=token,
            value=value,
        )

        return resume_request
