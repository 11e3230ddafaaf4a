from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="Capability")


@_attrs_define
class Capability:
    """
    Attributes:
        tool (str):
        group (None | str):
        description (str):
        asks_first (bool):
        examples (list[str]):
    """

    tool: str
    group: None | str
    description: str
    asks_first: bool
    examples: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tool = self.tool

        group: None | str
        group = self.group

        description = self.description

        asks_first = self.asks_first

        examples = self.examples

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tool": tool,
                "group": group,
                "description": description,
                "asks_first": asks_first,
                "examples": examples,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tool = d.pop("tool")

        def _parse_group(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        group = _parse_group(d.pop("group"))

        description = d.pop("description")

        asks_first = d.pop("asks_first")

        examples = cast(list[str], d.pop("examples"))

        capability = cls(
            tool=tool,
            group=group,
            description=description,
            asks_first=asks_first,
            examples=examples,
        )

        capability.additional_properties = d
        return capability

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
