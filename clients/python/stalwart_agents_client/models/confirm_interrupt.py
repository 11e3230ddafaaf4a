from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.confirm_interrupt_choices_item import ConfirmInterruptChoicesItem
from ..models.decision import Decision
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast
import datetime

if TYPE_CHECKING:
    from ..models.argument import Argument
    from ..models.fact import Fact
    from ..models.preview_row import PreviewRow


T = TypeVar("T", bound="ConfirmInterrupt")


@_attrs_define
class ConfirmInterrupt:
    """
    Attributes:
        id (str): The pause's id: the same on every worker for the same call paused for the same reason.
        token (str): What an answer must carry back; it binds the tool, its arguments and the point in the run.
        thread (str): The thread the run waits in.
        run (str): The run that waits.
        step (int): The step's position in the run, from 0.
        tool (None | str): The tool the call would run (`null` for `delegate`).
        wording (None | str): The question a person answers, in the run's language with the values filled in as `shown`
            (`Charge $40.00 to order 4411?`): the tool's `question:` in `agent.yaml`, or a default made from its title.
            Always given by `stalwart serve`; `null` only where a LangGraph payload names neither a question nor a tool.
        arguments (list[Argument]): Each argument as `name`, `value` and `origin`.
        reasons (list[str]): Why it waits, in the check's order.
        irreversible (bool): `true` for a tool marked `irreversible`: nothing can undo it once it runs.
        kind (Literal['confirm']):
        choices (list[ConfirmInterruptChoicesItem]):
        why (list[str] | Unset): Each reason as a sentence in the run's language, in the same order as `reasons`: the
            agent's own sentence from `agent.yaml`, or the shipped one.
        editable (bool | None | Unset): `true` where the paused call's arguments may be corrected before it runs (a
            LangGraph graph whose HumanInterrupt allows edit): approve with value `{"args": {...}}` keeps the correction and
            the pause asks again with it. Absent or `null`, they may not.
        expires_at (datetime.datetime | None | Unset): When the pause expires (UTC, ISO 8601), where `agent.yaml` gives
            its tool or its kind `expires`; absent or `null`, it waits until someone answers.
        expiry_answer (Decision | None | Unset): The answer the pause takes when it expires, never one that sends a
            call; the answer event's `by` is then `expiry`.
        facts (list[Fact] | None | Unset): What the tool's `facts:` read found before the pause (the order a charge is
            for), recorded with it so every worker, a reload and the webhook show the same. Only the keys its `result:`
            labels, in that order. Absent or `null`: the tool reads none.
        facts_note (None | str | Unset): A plain note in the run's language where the read found nothing, failed or
            timed out; the card then shows fewer facts, and the call still waits for its answer.
        preview (list[PreviewRow] | None | Unset): What the call will change, from the tool's `preview:` (a dry run that
            must not write), called with exactly the arguments shown and recorded with the pause. Absent or `null`: the tool
            has no preview, or it failed (see `preview_note`).
        preview_note (None | str | Unset): A plain note in the run's language where the preview raised, timed out or
            returned another shape; the call still waits for its answer.
    """

    id: str
    token: str
    thread: str
    run: str
    step: int
    tool: None | str
    wording: None | str
    arguments: list[Argument]
    reasons: list[str]
    irreversible: bool
    kind: Literal["confirm"]
    choices: list[ConfirmInterruptChoicesItem]
    why: list[str] | Unset = UNSET
    editable: bool | None | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    expiry_answer: Decision | None | Unset = UNSET
    facts: list[Fact] | None | Unset = UNSET
    facts_note: None | str | Unset = UNSET
    preview: list[PreviewRow] | None | Unset = UNSET
    preview_note: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.argument import Argument  # noqa: PLC0415
        from ..models.fact import Fact  # noqa: PLC0415
        from ..models.preview_row import PreviewRow  # noqa: PLC0415

        id = self.id

        token = self.token

        thread = self.thread

        run = self.run

        step = self.step

        tool: None | str
        tool = self.tool

        wording: None | str
        wording = self.wording

        arguments = []
        for arguments_item_data in self.arguments:
            arguments_item = arguments_item_data.to_dict()
            arguments.append(arguments_item)

        reasons = self.reasons

        irreversible = self.irreversible

        kind = self.kind

        choices = []
        for choices_item_data in self.choices:
            choices_item = choices_item_data.value
            choices.append(choices_item)

        why: list[str] | Unset = UNSET
        if not isinstance(self.why, Unset):
            why = self.why

        editable: bool | None | Unset
        if isinstance(self.editable, Unset):
            editable = UNSET
        else:
            editable = self.editable

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        expiry_answer: None | str | Unset
        if isinstance(self.expiry_answer, Unset):
            expiry_answer = UNSET
        elif isinstance(self.expiry_answer, Decision):
            expiry_answer = self.expiry_answer.value
        else:
            expiry_answer = self.expiry_answer

        facts: list[dict[str, Any]] | None | Unset
        if isinstance(self.facts, Unset):
            facts = UNSET
        elif isinstance(self.facts, list):
            facts = []
            for facts_type_0_item_data in self.facts:
                facts_type_0_item = facts_type_0_item_data.to_dict()
                facts.append(facts_type_0_item)

        else:
            facts = self.facts

        facts_note: None | str | Unset
        if isinstance(self.facts_note, Unset):
            facts_note = UNSET
        else:
            facts_note = self.facts_note

        preview: list[dict[str, Any]] | None | Unset
        if isinstance(self.preview, Unset):
            preview = UNSET
        elif isinstance(self.preview, list):
            preview = []
            for preview_type_0_item_data in self.preview:
                preview_type_0_item = preview_type_0_item_data.to_dict()
                preview.append(preview_type_0_item)

        else:
            preview = self.preview

        preview_note: None | str | Unset
        if isinstance(self.preview_note, Unset):
            preview_note = UNSET
        else:
            preview_note = self.preview_note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "token": token,
                "thread": thread,
                "run": run,
                "step": step,
                "tool": tool,
                "wording": wording,
                "arguments": arguments,
                "reasons": reasons,
                "irreversible": irreversible,
                "kind": kind,
                "choices": choices,
            }
        )
        if why is not UNSET:
            field_dict["why"] = why
        if editable is not UNSET:
            field_dict["editable"] = editable
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if expiry_answer is not UNSET:
            field_dict["expiry_answer"] = expiry_answer
        if facts is not UNSET:
            field_dict["facts"] = facts
        if facts_note is not UNSET:
            field_dict["facts_note"] = facts_note
        if preview is not UNSET:
            field_dict["preview"] = preview
        if preview_note is not UNSET:
            field_dict["preview_note"] = preview_note

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.argument import Argument  # noqa: PLC0415
        from ..models.fact import Fact  # noqa: PLC0415
        from ..models.preview_row import PreviewRow  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        token = d.pop("token")

        thread = d.pop("thread")

        run = d.pop("run")

        step = d.pop("step")

        def _parse_tool(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tool = _parse_tool(d.pop("tool"))

        def _parse_wording(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        wording = _parse_wording(d.pop("wording"))

        arguments = []
        _arguments = d.pop("arguments")
        for arguments_item_data in _arguments:
            arguments_item = Argument.from_dict(arguments_item_data)

            arguments.append(arguments_item)

        reasons = cast(list[str], d.pop("reasons"))

        irreversible = d.pop("irreversible")

        kind = cast(Literal["confirm"], d.pop("kind"))
        if kind != "confirm":
            raise ValueError(f"kind must match const 'confirm', got '{kind}'")

        choices = []
        _choices = d.pop("choices")
        for choices_item_data in _choices:
            choices_item = ConfirmInterruptChoicesItem(choices_item_data)

            choices.append(choices_item)

        why = cast(list[str], d.pop("why", UNSET))

        def _parse_editable(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        editable = _parse_editable(d.pop("editable", UNSET))

        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))

        def _parse_expiry_answer(data: object) -> Decision | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expiry_answer_type_0 = Decision(data)

                return expiry_answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decision | None | Unset, data)

        expiry_answer = _parse_expiry_answer(d.pop("expiry_answer", UNSET))

        def _parse_facts(data: object) -> list[Fact] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                facts_type_0 = []
                _facts_type_0 = data
                for facts_type_0_item_data in _facts_type_0:
                    facts_type_0_item = Fact.from_dict(facts_type_0_item_data)

                    facts_type_0.append(facts_type_0_item)

                return facts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Fact] | None | Unset, data)

        facts = _parse_facts(d.pop("facts", UNSET))

        def _parse_facts_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        facts_note = _parse_facts_note(d.pop("facts_note", UNSET))

        def _parse_preview(data: object) -> list[PreviewRow] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                preview_type_0 = []
                _preview_type_0 = data
                for preview_type_0_item_data in _preview_type_0:
                    preview_type_0_item = PreviewRow.from_dict(preview_type_0_item_data)

                    preview_type_0.append(preview_type_0_item)

                return preview_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PreviewRow] | None | Unset, data)

        preview = _parse_preview(d.pop("preview", UNSET))

        def _parse_preview_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        preview_note = _parse_preview_note(d.pop("preview_note", UNSET))

        confirm_interrupt = cls(
            id=id,
            token=token,
            thread=thread,
            run=run,
            step=step,
            tool=tool,
            wording=wording,
            arguments=arguments,
            reasons=reasons,
            irreversible=irreversible,
            kind=kind,
            choices=choices,
            why=why,
            editable=editable,
            expires_at=expires_at,
            expiry_answer=expiry_answer,
            facts=facts,
            facts_note=facts_note,
            preview=preview,
            preview_note=preview_note,
        )

        confirm_interrupt.additional_properties = d
        return confirm_interrupt

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
