from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="PreviewRow")


@_attrs_define
class PreviewRow:
    """
    Attributes:
        label (str): What changes, as the tool's `preview:` names it (order 4411), in the run's language.
        before (None | str): Its value now, as a person reads it (money with the tool's currency). `null`: the row is a
            change with no before, such as +$40.00 on a card.
        after (str): Its value once the call is made, as a person reads it.
    """

    label: str
    before: None | str
    after: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        before: None | str
        before = self.before

        after = self.after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        label = d.pop("label")

        def _parse_before(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        before = _parse_before(d.pop("before"))

        after = d.pop("after")

        preview_row = cls(
            label=label,
            before=before,
            after=after,
        )

        preview_row.additional_properties = d
        return preview_row

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
