from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.channel import Channel
from ..models.decision import Decision
from ..models.kind import Kind
from typing import cast
import datetime


T = TypeVar("T", bound="DecisionRecord")


@_attrs_define
class DecisionRecord:
    """One answer a pause took, as the run store recorded it with the claim.

    Attributes:
        interrupt (str): The pause's id, as the interrupts route and the turn's answer show it.
        kind (Kind): What a pause waits for.
        step (int):
        decision (Decision): Every answer any pause takes; each kind takes the ones in its choices.
        channel (Channel): Where an answer came from.
        by (None | str): Who answered: the session's handle (a hash, never the session), a staff handle as `stalwart
            staff list` shows it, or the name a Python caller gave; null where none.
        staff (bool): The answer came from a staff session the owner paired.
        yours (bool): The session that asks for this list is the one that answered.
        at (datetime.datetime): When the claim was recorded, in UTC.
    """

    interrupt: str
    kind: Kind
    step: int
    decision: Decision
    channel: Channel
    by: None | str
    staff: bool
    yours: bool
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        interrupt = self.interrupt

        kind = self.kind.value

        step = self.step

        decision = self.decision.value

        channel = self.channel.value

        by: None | str
        by = self.by

        staff = self.staff

        yours = self.yours

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "interrupt": interrupt,
                "kind": kind,
                "step": step,
                "decision": decision,
                "channel": channel,
                "by": by,
                "staff": staff,
                "yours": yours,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        interrupt = d.pop("interrupt")

        kind = Kind(d.pop("kind"))

        step = d.pop("step")

        decision = Decision(d.pop("decision"))

        channel = Channel(d.pop("channel"))

        def _parse_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        by = _parse_by(d.pop("by"))

        staff = d.pop("staff")

        yours = d.pop("yours")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        decision_record = cls(
            interrupt=interrupt,
            kind=kind,
            step=step,
            decision=decision,
            channel=channel,
            by=by,
            staff=staff,
            yours=yours,
            at=at,
        )

        decision_record.additional_properties = d
        return decision_record

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
