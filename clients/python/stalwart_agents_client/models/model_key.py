from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="ModelKey")


@_attrs_define
class ModelKey:
    """
    Attributes:
        variable (str): The environment variable agent.yaml's `model:` names for the key (OPENAI_API_KEY,
            ANTHROPIC_API_KEY, …), as modelKeyHelp shows it.
        missing (bool): No key in the environment or saved on this computer; a delegated turn cannot be read.
    """

    variable: str
    missing: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        variable = self.variable

        missing = self.missing

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "variable": variable,
                "missing": missing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        variable = d.pop("variable")

        missing = d.pop("missing")

        model_key = cls(
            variable=variable,
            missing=missing,
        )

        model_key.additional_properties = d
        return model_key

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
