from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="Capability")


@_attrs_define
class Capability:
    """
    Attributes:
        tool (str):
        group (None | str):
        description (str): What the tool does, in the host's language.
        asks_first (bool):
        examples (list[str]):
        title (str | Unset): The tool's name as a person reads it, in the host's language: its `title:`, or its name in
            words.
        group_label (None | str | Unset): The group's heading in the host's language: its `label:` under the agent's
            `groups:`, or its name in words.
        group_description (None | str | Unset): What the group does, in the host's language, from the agent's `groups:`.
    """

    tool: str
    group: None | str
    description: str
    asks_first: bool
    examples: list[str]
    title: str | Unset = UNSET
    group_label: None | str | Unset = UNSET
    group_description: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tool = self.tool

        group: None | str
        group = self.group

        description = self.description

        asks_first = self.asks_first

        examples = self.examples

        title = self.title

        group_label: None | str | Unset
        if isinstance(self.group_label, Unset):
            group_label = UNSET
        else:
            group_label = self.group_label

        group_description: None | str | Unset
        if isinstance(self.group_description, Unset):
            group_description = UNSET
        else:
            group_description = self.group_description

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
        if title is not UNSET:
            field_dict["title"] = title
        if group_label is not UNSET:
            field_dict["group_label"] = group_label
        if group_description is not UNSET:
            field_dict["group_description"] = group_description

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

        title = d.pop("title", UNSET)

        def _parse_group_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group_label = _parse_group_label(d.pop("group_label", UNSET))

        def _parse_group_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group_description = _parse_group_description(d.pop("group_description", UNSET))

        capability = cls(
            tool=tool,
            group=group,
            description=description,
            asks_first=asks_first,
            examples=examples,
            title=title,
            group_label=group_label,
            group_description=group_description,
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
