from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.saved_file import SavedFile


T = TypeVar("T", bound="FileList")


@_attrs_define
class FileList:
    """
    Attributes:
        folder (str): The folder on this computer the agent's files are saved in.
        files (list[SavedFile]): Newest first.
    """

    folder: str
    files: list[SavedFile]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.saved_file import SavedFile  # noqa: PLC0415

        folder = self.folder

        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "folder": folder,
                "files": files,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.saved_file import SavedFile  # noqa: PLC0415

        d = dict(src_dict)
        folder = d.pop("folder")

        files = []
        _files = d.pop("files")
        for files_item_data in _files:
            files_item = SavedFile.from_dict(files_item_data)

            files.append(files_item)

        file_list = cls(
            folder=folder,
            files=files,
        )

        file_list.additional_properties = d
        return file_list

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
