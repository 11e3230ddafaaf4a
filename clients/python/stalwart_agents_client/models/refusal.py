from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="Refusal")


@_attrs_define
class Refusal:
    """
    Attributes:
        tool (str):
        sentence (str):
        rule (None | str): The rule's id, where the rule allows disclosure.
        contact (None | str):
    """

    tool: str
    sentence: str
    rule: None | str
    contact: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tool = self.tool

        sentence = self.sentence

        rule: None | str
        rule = self.rule

        contact: None | str
        contact = self.contact

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tool": tool,
                "sentence": sentence,
                "rule": rule,
                "contact": contact,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tool = d.pop("tool")

        sentence = d.pop("sentence")

        def _parse_rule(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule = _parse_rule(d.pop("rule"))

        def _parse_contact(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        contact = _parse_contact(d.pop("contact"))

        refusal = cls(
            tool=tool,
            sentence=sentence,
            rule=rule,
            contact=contact,
        )

        refusal.additional_properties = d
        return refusal

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
