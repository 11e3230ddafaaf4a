from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.ask_interrupt import AskInterrupt
    from ..models.confirm_interrupt import ConfirmInterrupt
    from ..models.delegate_interrupt import DelegateInterrupt
    from ..models.model_note import ModelNote
    from ..models.not_notified import NotNotified
    from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt
    from ..models.refusal import Refusal
    from ..models.reply_file import ReplyFile
    from ..models.reply_image import ReplyImage
    from ..models.reply_source import ReplySource
    from ..models.result_table import ResultTable
    from ..models.rollback_report import RollbackReport
    from ..models.saga_stuck_interrupt import SagaStuckInterrupt


T = TypeVar("T", bound="TurnReply")


@_attrs_define
class TurnReply:
    """
    Attributes:
        thread (str):
        run (str):
        message (str): This reply's id, for feedback.
        reply (str):
        waiting (list[AskInterrupt | ConfirmInterrupt | DelegateInterrupt | OutcomeUnknownInterrupt |
            SagaStuckInterrupt]):
        refusal (None | Refusal):
        rollback (None | RollbackReport):
        skipped (list[str]): Calls that did not run because a call they needed was skipped.
        not_notified (list[NotNotified]):
        sources (list[ReplySource]): What the calls completed for this reply cite, as their tools' shows: says; empty
            when none.
        images (list[ReplyImage]):
        files (list[ReplyFile]):
        suggestions (list[str]): Did you mean: for a turn nothing read, up to three complete requests it comes close to,
            in the turn's language, the closest first. Sent back as a turn's text, each plans like any other turn. Empty
            when the turn was read, or nothing came close.
        unread (bool | Unset): Nothing read the turn and nothing will (no model, or `on_unread: refuse`): the interface
            offers what the agent can do instead. Default: False.
        model (ModelNote | None | Unset): What the AI model did for this reply, where the turn was handed to one.
        results (list[ResultTable] | Unset): What the calls completed for this reply returned that their tools' `reply:`
            does not tell, as labelled tables in the run's language.
    """

    thread: str
    run: str
    message: str
    reply: str
    waiting: list[
        AskInterrupt
        | ConfirmInterrupt
        | DelegateInterrupt
        | OutcomeUnknownInterrupt
        | SagaStuckInterrupt
    ]
    refusal: None | Refusal
    rollback: None | RollbackReport
    skipped: list[str]
    not_notified: list[NotNotified]
    sources: list[ReplySource]
    images: list[ReplyImage]
    files: list[ReplyFile]
    suggestions: list[str]
    unread: bool | Unset = False
    model: ModelNote | None | Unset = UNSET
    results: list[ResultTable] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ask_interrupt import AskInterrupt  # noqa: PLC0415
        from ..models.confirm_interrupt import ConfirmInterrupt  # noqa: PLC0415
        from ..models.delegate_interrupt import DelegateInterrupt  # noqa: PLC0415
        from ..models.model_note import ModelNote  # noqa: PLC0415
        from ..models.not_notified import NotNotified  # noqa: PLC0415
        from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt  # noqa: PLC0415
        from ..models.refusal import Refusal  # noqa: PLC0415
        from ..models.reply_file import ReplyFile  # noqa: PLC0415
        from ..models.reply_image import ReplyImage  # noqa: PLC0415
        from ..models.reply_source import ReplySource  # noqa: PLC0415
        from ..models.result_table import ResultTable  # noqa: PLC0415
        from ..models.rollback_report import RollbackReport  # noqa: PLC0415
        from ..models.saga_stuck_interrupt import SagaStuckInterrupt  # noqa: PLC0415

        thread = self.thread

        run = self.run

        message = self.message

        reply = self.reply

        waiting = []
        for waiting_item_data in self.waiting:
            waiting_item: dict[str, Any]
            if isinstance(waiting_item_data, ConfirmInterrupt):
                waiting_item = waiting_item_data.to_dict()
            elif isinstance(waiting_item_data, OutcomeUnknownInterrupt):
                waiting_item = waiting_item_data.to_dict()
            elif isinstance(waiting_item_data, SagaStuckInterrupt):
                waiting_item = waiting_item_data.to_dict()
            elif isinstance(waiting_item_data, AskInterrupt):
                waiting_item = waiting_item_data.to_dict()
            else:
                waiting_item = waiting_item_data.to_dict()

            waiting.append(waiting_item)

        refusal: dict[str, Any] | None
        if isinstance(self.refusal, Refusal):
            refusal = self.refusal.to_dict()
        else:
            refusal = self.refusal

        rollback: dict[str, Any] | None
        if isinstance(self.rollback, RollbackReport):
            rollback = self.rollback.to_dict()
        else:
            rollback = self.rollback

        skipped = self.skipped

        not_notified = []
        for not_notified_item_data in self.not_notified:
            not_notified_item = not_notified_item_data.to_dict()
            not_notified.append(not_notified_item)

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

        suggestions = self.suggestions

        unread = self.unread

        model: dict[str, Any] | None | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        elif isinstance(self.model, ModelNote):
            model = self.model.to_dict()
        else:
            model = self.model

        results: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.results, Unset):
            results = []
            for results_item_data in self.results:
                results_item = results_item_data.to_dict()
                results.append(results_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "thread": thread,
                "run": run,
                "message": message,
                "reply": reply,
                "waiting": waiting,
                "refusal": refusal,
                "rollback": rollback,
                "skipped": skipped,
                "not_notified": not_notified,
                "sources": sources,
                "images": images,
                "files": files,
                "suggestions": suggestions,
            }
        )
        if unread is not UNSET:
            field_dict["unread"] = unread
        if model is not UNSET:
            field_dict["model"] = model
        if results is not UNSET:
            field_dict["results"] = results

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ask_interrupt import AskInterrupt  # noqa: PLC0415
        from ..models.confirm_interrupt import ConfirmInterrupt  # noqa: PLC0415
        from ..models.delegate_interrupt import DelegateInterrupt  # noqa: PLC0415
        from ..models.model_note import ModelNote  # noqa: PLC0415
        from ..models.not_notified import NotNotified  # noqa: PLC0415
        from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt  # noqa: PLC0415
        from ..models.refusal import Refusal  # noqa: PLC0415
        from ..models.reply_file import ReplyFile  # noqa: PLC0415
        from ..models.reply_image import ReplyImage  # noqa: PLC0415
        from ..models.reply_source import ReplySource  # noqa: PLC0415
        from ..models.result_table import ResultTable  # noqa: PLC0415
        from ..models.rollback_report import RollbackReport  # noqa: PLC0415
        from ..models.saga_stuck_interrupt import SagaStuckInterrupt  # noqa: PLC0415

        d = dict(src_dict)
        thread = d.pop("thread")

        run = d.pop("run")

        message = d.pop("message")

        reply = d.pop("reply")

        waiting = []
        _waiting = d.pop("waiting")
        for waiting_item_data in _waiting:

            def _parse_waiting_item(
                data: object,
            ) -> (
                AskInterrupt
                | ConfirmInterrupt
                | DelegateInterrupt
                | OutcomeUnknownInterrupt
                | SagaStuckInterrupt
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_interrupt_type_0 = ConfirmInterrupt.from_dict(data)

                    return componentsschemas_interrupt_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_interrupt_type_1 = OutcomeUnknownInterrupt.from_dict(data)

                    return componentsschemas_interrupt_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_interrupt_type_2 = SagaStuckInterrupt.from_dict(data)

                    return componentsschemas_interrupt_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_interrupt_type_3 = AskInterrupt.from_dict(data)

                    return componentsschemas_interrupt_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_interrupt_type_4 = DelegateInterrupt.from_dict(data)

                return componentsschemas_interrupt_type_4

            waiting_item = _parse_waiting_item(waiting_item_data)

            waiting.append(waiting_item)

        def _parse_refusal(data: object) -> None | Refusal:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refusal_type_0 = Refusal.from_dict(data)

                return refusal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Refusal, data)

        refusal = _parse_refusal(d.pop("refusal"))

        def _parse_rollback(data: object) -> None | RollbackReport:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rollback_type_0 = RollbackReport.from_dict(data)

                return rollback_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RollbackReport, data)

        rollback = _parse_rollback(d.pop("rollback"))

        skipped = cast(list[str], d.pop("skipped"))

        not_notified = []
        _not_notified = d.pop("not_notified")
        for not_notified_item_data in _not_notified:
            not_notified_item = NotNotified.from_dict(not_notified_item_data)

            not_notified.append(not_notified_item)

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

        suggestions = cast(list[str], d.pop("suggestions"))

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

        _results = d.pop("results", UNSET)
        results: list[ResultTable] | Unset = UNSET
        if _results is not UNSET:
            results = []
            for results_item_data in _results:
                results_item = ResultTable.from_dict(results_item_data)

                results.append(results_item)

        turn_reply = cls(
            thread=thread,
            run=run,
            message=message,
            reply=reply,
            waiting=waiting,
            refusal=refusal,
            rollback=rollback,
            skipped=skipped,
            not_notified=not_notified,
            sources=sources,
            images=images,
            files=files,
            suggestions=suggestions,
            unread=unread,
            model=model,
            results=results,
        )

        turn_reply.additional_properties = d
        return turn_reply

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
