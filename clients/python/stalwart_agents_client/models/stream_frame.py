from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_type import EventType


T = TypeVar("T", bound="StreamFrame")


@_attrs_define
class StreamFrame:
    """One server-sent event as it travels (each event of the stream, as OpenAPI 3.1 reads a text/event-stream schema): the
    event's sequence number as its id, its type as the event name, and the event itself as JSON data.

        Attributes:
            id (str):
            event (EventType):
            data (str):
    """

    id: str
    event: EventType
    data: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event.value

        data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event": event,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event = EventType(d.pop("event"))

        data = d.pop("data")

        stream_frame = cls(
            id=id,
            event=event,
            data=data,
        )

        stream_frame.additional_properties = d
        return stream_frame

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
