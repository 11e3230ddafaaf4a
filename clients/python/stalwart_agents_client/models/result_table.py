from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.reply_image import ReplyImage
    from ..models.result_value import ResultValue


T = TypeVar("T", bound="ResultTable")


@_attrs_define
class ResultTable:
    """What a call returned, for a tool whose `reply:` does not tell it: labelled values to show as a small table (a list
    of them for a list, as an inbox), never as raw data.

        Attributes:
            step (int):
            tool (str):
            title (str): The tool as a person reads it, in the run's language (its `title:`).
            said (str): Its sentence in the reply's text, the values as a labelled list ("Done: Read inbox (From: …;
                Subject: …)"), for a client that shows text only.
            done (str): The sentence that takes its place where the table shows ("Done: Read inbox."), so the values show
                once.
            items (list[list[ResultValue]]): One table for a result that is one value or object, one per item for a list;
                each row a value with its label and as the run's language writes it (money, numbers, dates), a nested value told
                in words.
            outside (bool): The tool is `untrusted`: its values are text from outside (an e-mail, a web page), which anyone
                could have written, and show quoted, apart from the bot's own words.
            server (None | str | Unset): The MCP server the tool is on, which the quoted values name as where they came from
                (`fromOutside`); null for a Python tool, whose quote names the tool.
            images (list[ReplyImage] | Unset): The images an MCP server returned, as `data:` URLs the reply carries, shown
                inside the quote with its text.
    """

    step: int
    tool: str
    title: str
    said: str
    done: str
    items: list[list[ResultValue]]
    outside: bool
    server: None | str | Unset = UNSET
    images: list[ReplyImage] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.reply_image import ReplyImage  # noqa: PLC0415
        from ..models.result_value import ResultValue  # noqa: PLC0415

        step = self.step

        tool = self.tool

        title = self.title

        said = self.said

        done = self.done

        items = []
        for items_item_data in self.items:
            items_item = []
            for items_item_item_data in items_item_data:
                items_item_item = items_item_item_data.to_dict()
                items_item.append(items_item_item)

            items.append(items_item)

        outside = self.outside

        server: None | str | Unset
        if isinstance(self.server, Unset):
            server = UNSET
        else:
            server = self.server

        images: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.images, Unset):
            images = []
            for images_item_data in self.images:
                images_item = images_item_data.to_dict()
                images.append(images_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "step": step,
                "tool": tool,
                "title": title,
                "said": said,
                "done": done,
                "items": items,
                "outside": outside,
            }
        )
        if server is not UNSET:
            field_dict["server"] = server
        if images is not UNSET:
            field_dict["images"] = images

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reply_image import ReplyImage  # noqa: PLC0415
        from ..models.result_value import ResultValue  # noqa: PLC0415

        d = dict(src_dict)
        step = d.pop("step")

        tool = d.pop("tool")

        title = d.pop("title")

        said = d.pop("said")

        done = d.pop("done")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = []
            _items_item = items_item_data
            for items_item_item_data in _items_item:
                items_item_item = ResultValue.from_dict(items_item_item_data)

                items_item.append(items_item_item)

            items.append(items_item)

        outside = d.pop("outside")

        def _parse_server(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        server = _parse_server(d.pop("server", UNSET))

        _images = d.pop("images", UNSET)
        images: list[ReplyImage] | Unset = UNSET
        if _images is not UNSET:
            images = []
            for images_item_data in _images:
                images_item = ReplyImage.from_dict(images_item_data)

                images.append(images_item)

        result_table = cls(
            step=step,
            tool=tool,
            title=title,
            said=said,
            done=done,
            items=items,
            outside=outside,
            server=server,
            images=images,
        )

        result_table.additional_properties = d
        return result_table

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
