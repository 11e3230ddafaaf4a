from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="TurnRequest")


@_attrs_define
class TurnRequest:
    """
    Attributes:
        text (str):
        language (str | Unset): The language to read a turn in, as a BCP 47 tag: any English tag (en, en-US, en-GB)
            reads as en; Brazilian Portuguese is pt-BR. Case does not matter.
    """

    text: str
    language: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        language = self.language

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if language is not UNSET:
            field_dict["language"] = language

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

        language = d.pop("language", UNSET)

        turn_request = cls(
            text=text,
            language=language,
        )

        return turn_request
