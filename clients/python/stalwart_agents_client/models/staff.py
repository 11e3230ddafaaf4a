from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime


T = TypeVar("T", bound="Staff")


@_attrs_define
class Staff:
    """
    Attributes:
        handle (str): A hash of the session; never the session itself.
        since (datetime.datetime):
        paired_by (str): How it paired: phone, or --dev-pair.
    """

    handle: str
    since: datetime.datetime
    paired_by: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        since = self.since.isoformat()

        paired_by = self.paired_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "handle": handle,
                "since": since,
                "paired_by": paired_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        handle = d.pop("handle")

        since = datetime.datetime.fromisoformat(d.pop("since"))

        paired_by = d.pop("paired_by")

        staff = cls(
            handle=handle,
            since=since,
            paired_by=paired_by,
        )

        staff.additional_properties = d
        return staff

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
