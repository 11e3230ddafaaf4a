from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="RollbackRequest")


@_attrs_define
class RollbackRequest:
    """
    Attributes:
        run (str | Unset): The run to undo, as the reply of the turn that started it names it (`run`); the thread's
            latest run where absent.
    """

    run: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        run = self.run

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if run is not UNSET:
            field_dict["run"] = run

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        run = d.pop("run", UNSET)

        rollback_request = cls(
            run=run,
        )

        return rollback_request
