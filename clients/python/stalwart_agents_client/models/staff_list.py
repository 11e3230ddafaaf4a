from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.staff import Staff


T = TypeVar("T", bound="StaffList")


@_attrs_define
class StaffList:
    """
    Attributes:
        staff (list[Staff]):
    """

    staff: list[Staff]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.staff import Staff  # noqa: PLC0415

        staff = []
        for staff_item_data in self.staff:
            staff_item = staff_item_data.to_dict()
            staff.append(staff_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "staff": staff,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.staff import Staff  # noqa: PLC0415

        d = dict(src_dict)
        staff = []
        _staff = d.pop("staff")
        for staff_item_data in _staff:
            staff_item = Staff.from_dict(staff_item_data)

            staff.append(staff_item)

        staff_list = cls(
            staff=staff,
        )

        staff_list.additional_properties = d
        return staff_list

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
