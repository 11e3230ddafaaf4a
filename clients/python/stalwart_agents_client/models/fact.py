from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="Fact")


@_attrs_define
class Fact:
    """
    Attributes:
        name (str): The key of the fact read's result.
        label (str): Its label as the read's `result:` gives it, in the run's language.
        value (Any): The value, as JSON.
        shown (str): The value as a person reads it, in the run's language: money with its currency, a status in its
            words (`values:`).
        differs (None | str | Unset): The call's argument that should equal this fact (`facts.matches`) and does not, as
            the amount a charge is for and the order's total. Absent or `null`: they agree.
    """

    name: str
    label: str
    value: Any
    shown: str
    differs: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        label = self.label

        value = self.value

        shown = self.shown

        differs: None | str | Unset
        if isinstance(self.differs, Unset):
            differs = UNSET
        else:
            differs = self.differs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "label": label,
                "value": value,
                "shown": shown,
            }
        )
        if differs is not UNSET:
            field_dict["differs"] = differs

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        label = d.pop("label")

        value = d.pop("value")

        shown = d.pop("shown")

        def _parse_differs(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        differs = _parse_differs(d.pop("differs", UNSET))

        fact = cls(
            name=name,
            label=label,
            value=value,
            shown=shown,
            differs=differs,
        )

        fact.additional_properties = d
        return fact

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
