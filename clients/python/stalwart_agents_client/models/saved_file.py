from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime


T = TypeVar("T", bound="SavedFile")


@_attrs_define
class SavedFile:
    """A file the agent's tools saved.

    Attributes:
        id (str): f- and 24 hex digits: an id, never a path.
        name (str): The name a person reads, as the tool gave it.
        type_ (str): Its media type, as application/pdf.
        size (int): In bytes.
        saved_at (datetime.datetime):
        thread (None | str): The thread whose run saved it.
        run (None | str): The run that saved it.
        inline (bool): Whether url opens it in place: images but SVG, PDF and plain text; never HTML.
        url (str): Opens it (in place where inline), relative to the page's server.
        download_url (str): Downloads it, relative to the page's server.
    """

    id: str
    name: str
    type_: str
    size: int
    saved_at: datetime.datetime
    thread: None | str
    run: None | str
    inline: bool
    url: str
    download_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        type_ = self.type_

        size = self.size

        saved_at = self.saved_at.isoformat()

        thread: None | str
        thread = self.thread

        run: None | str
        run = self.run

        inline = self.inline

        url = self.url

        download_url = self.download_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "type": type_,
                "size": size,
                "saved_at": saved_at,
                "thread": thread,
                "run": run,
                "inline": inline,
                "url": url,
                "download_url": download_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        type_ = d.pop("type")

        size = d.pop("size")

        saved_at = datetime.datetime.fromisoformat(d.pop("saved_at"))

        def _parse_thread(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread = _parse_thread(d.pop("thread"))

        def _parse_run(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        run = _parse_run(d.pop("run"))

        inline = d.pop("inline")

        url = d.pop("url")

        download_url = d.pop("download_url")

        saved_file = cls(
            id=id,
            name=name,
            type_=type_,
            size=size,
            saved_at=saved_at,
            thread=thread,
            run=run,
            inline=inline,
            url=url,
            download_url=download_url,
        )

        saved_file.additional_properties = d
        return saved_file

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
