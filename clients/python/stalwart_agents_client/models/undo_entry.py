from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.undo_entry_arguments import UndoEntryArguments


T = TypeVar("T", bound="UndoEntry")


@_attrs_define
class UndoEntry:
    """
    Attributes:
        step (int):
        tool (str):
        undo_tool (None | str):
        arguments (UndoEntryArguments):
        error (None | str):
    """

    step: int
    tool: str
    undo_tool: None | str
    arguments: UndoEntryArguments
    error: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.undo_entry_arguments import UndoEntryArguments  # noqa: PLC0415

        step = self.step

        tool = self.tool

        undo_tool: None | str
        undo_tool = self.undo_tool

        arguments = self.arguments.to_dict()

        error: None | str
        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "step": step,
                "tool": tool,
                "undo_tool": undo_tool,
                "arguments": arguments,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.undo_entry_arguments import UndoEntryArguments  # noqa: PLC0415

        d = dict(src_dict)
        step = d.pop("step")

        tool = d.pop("tool")

        def _parse_undo_tool(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        undo_tool = _parse_undo_tool(d.pop("undo_tool"))

        arguments = UndoEntryArguments.from_dict(d.pop("arguments"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        undo_entry = cls(
            step=step,
            tool=tool,
            undo_tool=undo_tool,
            arguments=arguments,
            error=error,
        )

        undo_entry.additional_properties = d
        return undo_entry

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
