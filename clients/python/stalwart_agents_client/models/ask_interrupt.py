from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.argument_type import ArgumentType
from ..models.ask_interrupt_choices_item import AskInterruptChoicesItem
from ..models.decision import Decision
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast
import datetime

if TYPE_CHECKING:
    from ..models.argument import Argument


T = TypeVar("T", bound="AskInterrupt")


@_attrs_define
class AskInterrupt:
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
        kind (Literal['ask']):
        choices (list[AskInterruptChoicesItem]):
        argument (None | str): The argument the answer fills.
        type_ (ArgumentType): The type of a tool's argument, and of the answer an `ask` takes: `date` is ISO,
            `2026-04-12`. x-json-schema is each type as a model is told it.
        question (str): The question to show.
        why (list[str] | Unset): Each reason as a sentence in the run's language, in the same order as `reasons`: the
            agent's own sentence from `agent.yaml`, or the shipped one.
        editable (bool | None | Unset): `true` where the paused call's arguments may be corrected before it runs (a
            LangGraph graph whose HumanInterrupt allows edit): approve with value `{"args": {...}}` keeps the correction and
            the pause asks again with it. Absent or `null`, they may not.
        expires_at (datetime.datetime | None | Unset): When the pause expires (UTC, ISO 8601), where `agent.yaml` gives
            its tool or its kind `expires`; absent or `null`, it waits until someone answers.
        expiry_answer (Decision | None | Unset): The answer the pause takes when it expires, never one that sends a
            call; the answer event's `by` is then `expiry`.
        model_question (bool | Unset): The question is the AI model's own, asked back about a turn it read; the chat
            marks it as the assistant's (`origin_model`). Absent for the agent's questions.
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
    kind: Literal["ask"]
    choices: list[AskInterruptChoicesItem]
    argument: None | str
    type_: ArgumentType
    question: str
    why: list[str] | Unset = UNSET
    editable: bool | None | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    expiry_answer: Decision | None | Unset = UNSET
    model_question: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.argument import Argument  # noqa: PLC0415

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

        argument: None | str
        argument = self.argument

        type_ = self.type_.value

        question = self.question

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

        model_question = self.model_question

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
                "argument": argument,
                "type": type_,
                "question": question,
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
        if model_question is not UNSET:
            field_dict["model_question"] = model_question

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.argument import Argument  # noqa: PLC0415

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

        kind = cast(Literal["ask"], d.pop("kind"))
        if kind != "ask":
            raise ValueError(f"kind must match const 'ask', got '{kind}'")

        choices = []
        _choices = d.pop("choices")
        for choices_item_data in _choices:
            choices_item = AskInterruptChoicesItem(choices_item_data)

            choices.append(choices_item)

        def _parse_argument(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        argument = _parse_argument(d.pop("argument"))

        type_ = ArgumentType(d.pop("type"))

        question = d.pop("question")

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

        model_question = d.pop("model_question", UNSET)

        ask_interrupt = cls(
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
            argument=argument,
            type_=type_,
            question=question,
            why=why,
            editable=editable,
            expires_at=expires_at,
            expiry_answer=expiry_answer,
            model_question=model_question,
        )

        ask_interrupt.additional_properties = d
        return ask_interrupt

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
