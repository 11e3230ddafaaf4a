from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.confirm_resume_decision import ConfirmResumeDecision
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
    from ..models.confirm_resume_correction import ConfirmResumeCorrection


T = TypeVar("T", bound="ConfirmResume")


@_attrs_define
class ConfirmResume:
    """
    Attributes:
        kind (Literal['confirm']):
        interrupt_id (str): The pause's id, as the interrupts route and the turn's answer show it.
        decision (ConfirmResumeDecision):
        token (str): The token the pause showed.
        value (ConfirmResumeCorrection | Unset): With approve, on a pause that is `editable`: the corrected arguments.
            Nothing runs yet; the pause asks again with them. Refused (422) on a pause that is not editable.
    """

    kind: Literal["confirm"]
    interrupt_id: str
    decision: ConfirmResumeDecision
    token: str
    value: ConfirmResumeCorrection | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.confirm_resume_correction import ConfirmResumeCorrection  # noqa: PLC0415

        kind = self.kind

        interrupt_id = self.interrupt_id

        decision = self.decision.value

        token = self.token

        value: dict[str, Any] | Unset = UNSET
        if not isinstance(self.value, Unset):
            value = self.value.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
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
        from ..models.confirm_resume_correction import ConfirmResumeCorrection  # noqa: PLC0415

        d = dict(src_dict)
        kind = cast(Literal["confirm"], d.pop("kind"))
        if kind != "confirm":
            raise ValueError(f"kind must match const 'confirm', got '{kind}'")

        interrupt_id = d.pop("interrupt_id")

        decision = ConfirmResumeDecision(d.pop("decision"))

        token = d.pop("token")

        _value = d.pop("value", UNSET)
        value: ConfirmResumeCorrection | Unset
        if isinstance(_value, Unset):
            value = UNSET
        else:
            value = ConfirmResumeCorrection.from_dict(_value)

        confirm_resume = cls(
            kind=kind,
            interrupt_id=interrupt_id,
            decision=decision,
            token=token,
            value=value,
        )

        return confirm_resume
