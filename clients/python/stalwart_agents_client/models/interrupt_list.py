from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.ask_interrupt import AskInterrupt
    from ..models.confirm_interrupt import ConfirmInterrupt
    from ..models.delegate_interrupt import DelegateInterrupt
    from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt
    from ..models.saga_stuck_interrupt import SagaStuckInterrupt


T = TypeVar("T", bound="InterruptList")


@_attrs_define
class InterruptList:
    """
    Attributes:
        thread (str):
        interrupts (list[AskInterrupt | ConfirmInterrupt | DelegateInterrupt | OutcomeUnknownInterrupt |
            SagaStuckInterrupt]):
    """

    thread: str
    interrupts: list[
        AskInterrupt
        | ConfirmInterrupt
        | DelegateInterrupt
        | OutcomeUnknownInterrupt
        | SagaStuckInterrupt
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ask_interrupt import AskInterrupt  # noqa: PLC0415
        from ..models.confirm_interrupt import ConfirmInterrupt  # noqa: PLC0415
        from ..models.delegate_interrupt import DelegateInterrupt  # noqa: PLC0415
        from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt  # noqa: PLC0415
        from ..models.saga_stuck_interrupt import SagaStuckInterrupt  # noqa: PLC0415

        thread = self.thread

        interrupts = []
        for interrupts_item_data in self.interrupts:
            interrupts_item: dict[str, Any]
            if isinstance(interrupts_item_data, ConfirmInterrupt):
                interrupts_item = interrupts_item_data.to_dict()
            elif isinstance(interrupts_item_data, OutcomeUnknownInterrupt):
                interrupts_item = interrupts_item_data.to_dict()
            elif isinstance(interrupts_item_data, SagaStuckInterrupt):
                interrupts_item = interrupts_item_data.to_dict()
            elif isinstance(interrupts_item_data, AskInterrupt):
                interrupts_item = interrupts_item_data.to_dict()
            else:
                interrupts_item = interrupts_item_data.to_dict()

            interrupts.append(interrupts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "thread": thread,
                "interrupts": interrupts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ask_interrupt import AskInterrupt  # noqa: PLC0415
        from ..models.confirm_interrupt import ConfirmInterrupt  # noqa: PLC0415
        from ..models.delegate_interrupt import DelegateInterrupt  # noqa: PLC0415
        from ..models.outcome_unknown_interrupt import OutcomeUnknownInterrupt  # noqa: PLC0415
        from ..models.saga_stuck_interrupt import SagaStuckInterrupt  # noqa: PLC0415

        d = dict(src_dict)
        thread = d.pop("thread")

        interrupts = []
        _interrupts = d.pop("interrupts")
        for interrupts_item_data in _interrupts:

            def _parse_interrupts_item(
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

            interrupts_item = _parse_interrupts_item(interrupts_item_data)

            interrupts.append(interrupts_item)

        interrupt_list = cls(
            thread=thread,
            interrupts=interrupts,
        )

        interrupt_list.additional_properties = d
        return interrupt_list

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
