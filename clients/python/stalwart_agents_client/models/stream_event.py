from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_type import EventType
from typing import cast
import datetime

if TYPE_CHECKING:
    from ..models.stream_event_data import StreamEventData


T = TypeVar("T", bound="StreamEvent")


@_attrs_define
class StreamEvent:
    """
    Attributes:
        id (int): The thread's sequence number; the SSE id.
        thread (str):
        run (None | str):
        type_ (EventType):
        at (datetime.datetime):
        data (StreamEventData): What happened; for a reply, a ReplyEvent.
    """

    id: int
    thread: str
    run: None | str
    type_: EventType
    at: datetime.datetime
    data: StreamEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.stream_event_data import StreamEventData  # noqa: PLC0415

        id = self.id

        thread = self.thread

        run: None | str
        run = self.run

        type_ = self.type_.value

        at = self.at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "thread": thread,
                "run": run,
                "type": type_,
                "at": at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stream_event_data import StreamEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        thread = d.pop("thread")

        def _parse_run(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        run = _parse_run(d.pop("run"))

        type_ = EventType(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        data = StreamEventData.from_dict(d.pop("data"))

        stream_event = cls(
            id=id,
            thread=thread,
            run=run,
            type_=type_,
            at=at,
            data=data,
        )

        stream_event.additional_properties = d
        return stream_event

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
