from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="Argument")


@_attrs_define
class Argument:
    """
    Attributes:
        name (str): The argument's name in `agent.yaml`.
        value (Any): The value, as JSON.
        origin (str): An Origin as it travels with a value; `result:<step>` names the step.
        label (str | Unset): The argument's name as a person reads it, in the run's language: its `label:` in
            `agent.yaml`, or its name in words.
        shown (str | Unset): The value as a person reads it, in the run's language: money with its currency (`$40.00`,
            `R$ 40,00`), numbers and dates as the locale writes them.
    """

    name: str
    value: Any
    origin: str
    label: str | Unset = UNSET
    shown: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        value = self.value

        origin = self.origin

        label = self.label

        shown = self.shown

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "value": value,
                "origin": origin,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if shown is not UNSET:
            field_dict["shown"] = shown

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        value = d.pop("value")

        origin = d.pop("origin")

        label = d.pop("label", UNSET)

        shown = d.pop("shown", UNSET)

        argument = cls(
            name=name,
            value=value,
            origin=origin,
            label=label,
            shown=shown,
        )

        argument.additional_properties = d
        return argument

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
