from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.model_note import ModelNote
    from ..models.refusal import Refusal
    from ..models.reply_file import ReplyFile
    from ..models.reply_image import ReplyImage
    from ..models.reply_pause import ReplyPause
    from ..models.reply_source import ReplySource
    from ..models.result_table import ResultTable


T = TypeVar("T", bound="ReplyEvent")


@_attrs_define
class ReplyEvent:
    """The data of a stream event of type reply.

    Attributes:
        message (str): The reply's id, for feedback.
        text (str):
        sources (list[ReplySource]):
        images (list[ReplyImage]):
        files (list[ReplyFile]):
        unread (bool | Unset): As TurnReply's. Default: False.
        model (ModelNote | None | Unset): As TurnReply's.
        suggestions (list[str] | Unset): Did you mean: for a turn nothing read, up to three complete requests it comes
            close to, in the turn's language, the closest first. Sent back as a turn's text, each plans like any other turn.
            Empty when the turn was read, or nothing came close.
        results (list[ResultTable] | Unset): What the calls of this reply returned that their tools' replies do not
            tell, as tables.
        waited_on (list[ReplyPause] | Unset): The pauses this reply waited on when it was said, each by its id and
            question, so a reload shows the reply as it showed live: its questions on their cards, not in it. The pauses
            themselves are the stream's pause events.
        refusal (None | Refusal | Unset): The refusal this reply said, as the turn's answer gives it; null for none.
    """

    message: str
    text: str
    sources: list[ReplySource]
    images: list[ReplyImage]
    files: list[ReplyFile]
    unread: bool | Unset = False
    model: ModelNote | None | Unset = UNSET
    suggestions: list[str] | Unset = UNSET
    results: list[ResultTable] | Unset = UNSET
    waited_on: list[ReplyPause] | Unset = UNSET
    refusal: None | Refusal | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.model_note import ModelNote  # noqa: PLC0415
        from ..models.refusal import Refusal  # noqa: PLC0415
        from ..models.reply_file import ReplyFile  # noqa: PLC0415
        from ..models.reply_image import ReplyImage  # noqa: PLC0415
        from ..models.reply_pause import ReplyPause  # noqa: PLC0415
        from ..models.reply_source import ReplySource  # noqa: PLC0415
        from ..models.result_table import ResultTable  # noqa: PLC0415

        message = self.message

        text = self.text

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        images = []
        for images_item_data in self.images:
            images_item = images_item_data.to_dict()
            images.append(images_item)

        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)

        unread = self.unread

        model: dict[str, Any] | None | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        elif isinstance(self.model, ModelNote):
            model = self.model.to_dict()
        else:
            model = self.model

        suggestions: list[str] | Unset = UNSET
        if not isinstance(self.suggestions, Unset):
            suggestions = self.suggestions

        results: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.results, Unset):
            results = []
            for results_item_data in self.results:
                results_item = results_item_data.to_dict()
                results.append(results_item)

        waited_on: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.waited_on, Unset):
            waited_on = []
            for waited_on_item_data in self.waited_on:
                waited_on_item = waited_on_item_data.to_dict()
                waited_on.append(waited_on_item)

        refusal: dict[str, Any] | None | Unset
        if isinstance(self.refusal, Unset):
            refusal = UNSET
        elif isinstance(self.refusal, Refusal):
            refusal = self.refusal.to_dict()
        else:
            refusal = self.refusal

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "text": text,
                "sources": sources,
                "images": images,
                "files": files,
            }
        )
        if unread is not UNSET:
            field_dict["unread"] = unread
        if model is not UNSET:
            field_dict["model"] = model
        if suggestions is not UNSET:
            field_dict["suggestions"] = suggestions
        if results is not UNSET:
            field_dict["results"] = results
        if waited_on is not UNSET:
            field_dict["waited_on"] = waited_on
        if refusal is not UNSET:
            field_dict["refusal"] = refusal

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.model_note import ModelNote  # noqa: PLC0415
        from ..models.refusal import Refusal  # noqa: PLC0415
        from ..models.reply_file import ReplyFile  # noqa: PLC0415
        from ..models.reply_image import ReplyImage  # noqa: PLC0415
        from ..models.reply_pause import ReplyPause  # noqa: PLC0415
        from ..models.reply_source import ReplySource  # noqa: PLC0415
        from ..models.result_table import ResultTable  # noqa: PLC0415

        d = dict(src_dict)
        message = d.pop("message")

        text = d.pop("text")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = ReplySource.from_dict(sources_item_data)

            sources.append(sources_item)

        images = []
        _images = d.pop("images")
        for images_item_data in _images:
            images_item = ReplyImage.from_dict(images_item_data)

            images.append(images_item)

        files = []
        _files = d.pop("files")
        for files_item_data in _files:
            files_item = ReplyFile.from_dict(files_item_data)

            files.append(files_item)

        unread = d.pop("unread", UNSET)

        def _parse_model(data: object) -> ModelNote | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_type_0 = ModelNote.from_dict(data)

                return model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelNote | None | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        suggestions = cast(list[str], d.pop("suggestions", UNSET))

        _results = d.pop("results", UNSET)
        results: list[ResultTable] | Unset = UNSET
        if _results is not UNSET:
            results = []
            for results_item_data in _results:
                results_item = ResultTable.from_dict(results_item_data)

                results.append(results_item)

        _waited_on = d.pop("waited_on", UNSET)
        waited_on: list[ReplyPause] | Unset = UNSET
        if _waited_on is not UNSET:
            waited_on = []
            for waited_on_item_data in _waited_on:
                waited_on_item = ReplyPause.from_dict(waited_on_item_data)

                waited_on.append(waited_on_item)

        def _parse_refusal(data: object) -> None | Refusal | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refusal_type_0 = Refusal.from_dict(data)

                return refusal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Refusal | Unset, data)

        refusal = _parse_refusal(d.pop("refusal", UNSET))

        reply_event = cls(
            message=message,
            text=text,
            sources=sources,
            images=images,
            files=files,
            unread=unread,
            model=model,
            suggestions=suggestions,
            results=results,
            waited_on=waited_on,
            refusal=refusal,
        )

        reply_event.additional_properties = d
        return reply_event

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
