from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="ReplySource")


@_attrs_define
class ReplySource:
    """A page a reply draws on, shown as a citation and in its sources.

    Attributes:
        title (str):
        url (str): An absolute http(s) URL, or one relative to the page's own server.
        server (None | str): The host of an absolute URL, shown as from outside; null for a relative one.
    """

    title: str
    url: str
    server: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        url = self.url

        server: None | str
        server = self.server

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
                "url": url,
                "server": server,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        url = d.pop("url")

        def _parse_server(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        server = _parse_server(d.pop("server"))

        reply_source = cls(
            title=title,
            url=url,
            server=server,
        )

        reply_source.additional_properties = d
        return reply_source

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
