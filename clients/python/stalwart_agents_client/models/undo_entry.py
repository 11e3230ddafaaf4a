from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.argument import Argument
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
        title (str | Unset): The write's tool as a person reads it, in the run's language (its `title:`).
        undo_title (None | str | Unset): The undo's tool as a person reads it, in the run's language.
        call (str | Unset): The write in plain words with its values, in the run's language: its tool's `question:` told
            as a statement ("Charge $40.00 to order 4411"), or its title.
        undo_call (None | str | Unset): The undo in plain words with its values ("Refund $40.00 of charge ch-4411"), or
            `null` for a write with no undo.
        shown (list[Argument] | Unset): The undo's arguments as a person reads them, in the run's language, each with
            its label and its value as shown (money with its currency), as a confirm lists them.
    """

    step: int
    tool: str
    undo_tool: None | str
    arguments: UndoEntryArguments
    error: None | str
    title: str | Unset = UNSET
    undo_title: None | str | Unset = UNSET
    call: str | Unset = UNSET
    undo_call: None | str | Unset = UNSET
    shown: list[Argument] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.argument import Argument  # noqa: PLC0415
        from ..models.undo_entry_arguments import UndoEntryArguments  # noqa: PLC0415

        step = self.step

        tool = self.tool

        undo_tool: None | str
        undo_tool = self.undo_tool

        arguments = self.arguments.to_dict()

        error: None | str
        error = self.error

        title = self.title

        undo_title: None | str | Unset
        if isinstance(self.undo_title, Unset):
            undo_title = UNSET
        else:
            undo_title = self.undo_title

        call = self.call

        undo_call: None | str | Unset
        if isinstance(self.undo_call, Unset):
            undo_call = UNSET
        else:
            undo_call = self.undo_call

        shown: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.shown, Unset):
            shown = []
            for shown_item_data in self.shown:
                shown_item = shown_item_data.to_dict()
                shown.append(shown_item)

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
        if title is not UNSET:
            field_dict["title"] = title
        if undo_title is not UNSET:
            field_dict["undo_title"] = undo_title
        if call is not UNSET:
            field_dict["call"] = call
        if undo_call is not UNSET:
            field_dict["undo_call"] = undo_call
        if shown is not UNSET:
            field_dict["shown"] = shown

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.argument import Argument  # noqa: PLC0415
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

        title = d.pop("title", UNSET)

        def _parse_undo_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        undo_title = _parse_undo_title(d.pop("undo_title", UNSET))

        call = d.pop("call", UNSET)

        def _parse_undo_call(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        undo_call = _parse_undo_call(d.pop("undo_call", UNSET))

        _shown = d.pop("shown", UNSET)
        shown: list[Argument] | Unset = UNSET
        if _shown is not UNSET:
            shown = []
            for shown_item_data in _shown:
                shown_item = Argument.from_dict(shown_item_data)

                shown.append(shown_item)

        undo_entry = cls(
            step=step,
            tool=tool,
            undo_tool=undo_tool,
            arguments=arguments,
            error=error,
            title=title,
            undo_title=undo_title,
            call=call,
            undo_call=undo_call,
            shown=shown,
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
