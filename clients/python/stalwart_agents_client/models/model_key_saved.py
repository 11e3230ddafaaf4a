from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.model_key_saved_kept_in import ModelKeySavedKeptIn


T = TypeVar("T", bound="ModelKeySaved")


@_attrs_define
class ModelKeySaved:
    """
    Attributes:
        in_use (bool): true: the host reads with the key from now on (modelKeySaved). false: from its next start
            (modelKeySavedLater), as the environment variable is set and wins, or the application gave the desk a model of
            its own.
        kept_in (ModelKeySavedKeptIn): The OS keyring, or a file only this user can read in the per-user config folder.
    """

    in_use: bool
    kept_in: ModelKeySavedKeptIn
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        in_use = self.in_use

        kept_in = self.kept_in.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "in_use": in_use,
                "kept_in": kept_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        in_use = d.pop("in_use")

        kept_in = ModelKeySavedKeptIn(d.pop("kept_in"))

        model_key_saved = cls(
            in_use=in_use,
            kept_in=kept_in,
        )

        model_key_saved.additional_properties = d
        return model_key_saved

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
