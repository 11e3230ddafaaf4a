from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.thumb import Thumb


T = TypeVar("T", bound="Feedback")


@_attrs_define
class Feedback:
    """
    Attributes:
        message (str):
        thumb (Thumb):
    """

    message: str
    thumb: Thumb

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        thumb = self.thumb.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "thumb": thumb,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message = d.pop("message")

        thumb = Thumb(d.pop("thumb"))

        feedback = cls(
            message=message,
            thumb=thumb,
        )

        return feedback
