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
    from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt
    from ..models.saga_stuck_interrupt import SagaStuckInterrupt
    from ..models.undo_entry import UndoEntry


T = TypeVar("T", bound="RollbackReport")


@_attrs_define
class RollbackReport:
    """
    Attributes:
        thread (str):
        run (None | str):
        undone (list[UndoEntry]):
        not_undoable (list[UndoEntry]):
        stuck (list[UndoEntry]):
        waiting (AskInterrupt | ConfirmInterrupt | DelegateInterrupt | None | OutcomeUnknownInterrupt |
            SagaStuckInterrupt): The saga_stuck pause, while undos are stuck.
        unknown (list[UndoEntry] | Unset): Writes whose outcome nobody knows (sent by a worker that died, or lost on the
            way): each waits as an outcome_unknown pause, and is undone once a person answers happened.
    """

    thread: str
    run: None | str
    undone: list[UndoEntry]
    not_undoable: list[UndoEntry]
    stuck: list[UndoEntry]
    waiting: (
        AskInterrupt
        | ConfirmInterrupt
        | DelegateInterrupt
        | None
        | OutcomeUnknownInterrupt
        | SagaStuckInterrupt
    )
    unknown: list[UndoEntry] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ask_interrupt import AskInterrupt  # noqa: PLC0415
        from ..models.confirm_interrupt import ConfirmInterrupt  # noqa: PLC0415
        from ..models.delegate_interrupt import DelegateInterrupt  # noqa: PLC0415
        from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt  # noqa: PLC0415
        from ..models.saga_stuck_interrupt import SagaStuckInterrupt  # noqa: PLC0415
        from ..models.undo_entry import UndoEntry  # noqa: PLC0415

        thread = self.thread

        run: None | str
        run = self.run

        undone = []
        for undone_item_data in self.undone:
            undone_item = undone_item_data.to_dict()
            undone.append(undone_item)

        not_undoable = []
        for not_undoable_item_data in self.not_undoable:
            not_undoable_item = not_undoable_item_data.to_dict()
            not_undoable.append(not_undoable_item)

        stuck = []
        for stuck_item_data in self.stuck:
            stuck_item = stuck_item_data.to_dict()
            stuck.append(stuck_item)

        waiting: dict[str, Any] | None
        if isinstance(self.waiting, ConfirmInterrupt):
            waiting = self.waiting.to_dict()
        elif isinstance(self.waiting, OutcomeUnknownInterrupt):
            waiting = self.waiting.to_dict()
        elif isinstance(self.waiting, SagaStuckInterrupt):
            waiting = self.waiting.to_dict()
        elif isinstance(self.waiting, AskInterrupt):
            waiting = self.waiting.to_dict()
        elif isinstance(self.waiting, DelegateInterrupt):
            waiting = self.waiting.to_dict()
        else:
            waiting = self.waiting

        unknown: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.unknown, Unset):
            unknown = []
            for unknown_item_data in self.unknown:
                unknown_item = unknown_item_data.to_dict()
                unknown.append(unknown_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "thread": thread,
                "run": run,
                "undone": undone,
                "not_undoable": not_undoable,
                "stuck": stuck,
                "waiting": waiting,
            }
        )
        if unknown is not UNSET:
            field_dict["unknown"] = unknown

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ask_interrupt import AskInterrupt  # noqa: PLC0415
        from ..models.confirm_interrupt import ConfirmInterrupt  # noqa: PLC0415
        from ..models.delegate_interrupt import DelegateInterrupt  # noqa: PLC0415
        from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt  # noqa: PLC0415
        from ..models.saga_stuck_interrupt import SagaStuckInterrupt  # noqa: PLC0415
        from ..models.undo_entry import UndoEntry  # noqa: PLC0415

        d = dict(src_dict)
        thread = d.pop("thread")

        def _parse_run(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        run = _parse_run(d.pop("run"))

        undone = []
        _undone = d.pop("undone")
        for undone_item_data in _undone:
            undone_item = UndoEntry.from_dict(undone_item_data)

            undone.append(undone_item)

        not_undoable = []
        _not_undoable = d.pop("not_undoable")
        for not_undoable_item_data in _not_undoable:
            not_undoable_item = UndoEntry.from_dict(not_undoable_item_data)

            not_undoable.append(not_undoable_item)

        stuck = []
        _stuck = d.pop("stuck")
        for stuck_item_data in _stuck:
            stuck_item = UndoEntry.from_dict(stuck_item_data)

            stuck.append(stuck_item)

        def _parse_waiting(
            data: object,
        ) -> (
            AskInterrupt
            | ConfirmInterrupt
            | DelegateInterrupt
            | None
            | OutcomeUnknownInterrupt
            | SagaStuckInterrupt
        ):
            if data is None:
                return data
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
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_interrupt_type_4 = DelegateInterrupt.from_dict(data)

                return componentsschemas_interrupt_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                AskInterrupt
                | ConfirmInterrupt
                | DelegateInterrupt
                | None
                | OutcomeUnknownInterrupt
                | SagaStuckInterrupt,
                data,
            )

        waiting = _parse_waiting(d.pop("waiting"))

        _unknown = d.pop("unknown", UNSET)
        unknown: list[UndoEntry] | Unset = UNSET
        if _unknown is not UNSET:
            unknown = []
            for unknown_item_data in _unknown:
                unknown_item = UndoEntry.from_dict(unknown_item_data)

                unknown.append(unknown_item)

        rollback_report = cls(
            thread=thread,
            run=run,
            undone=undone,
            not_undoable=not_undoable,
            stuck=stuck,
            waiting=waiting,
            unknown=unknown,
        )

        rollback_report.additional_properties = d
        return rollback_report

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
