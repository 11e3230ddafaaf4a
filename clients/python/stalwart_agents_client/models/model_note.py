from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.model_problem import ModelProblem
from typing import cast


T = TypeVar("T", bound="ModelNote")


@_attrs_define
class ModelNote:
    """The AI model's part in a reply, its token counts, and what went wrong.

    Attributes:
        provider (str): `openai` or `anthropic`, as agent.yaml names it.
        model (str): The model's name, as agent.yaml gives it.
        wrote_reply (bool): The reply's words are the model's own (it answered in words, not with a call); the interface
            marks them as the model's.
        problem (ModelProblem | None):
        input_tokens (int | None): The provider's count of the tokens it read, where it gave one.
        output_tokens (int | None): The provider's count of the tokens it wrote, where it gave one.
    """

    provider: str
    model: str
    wrote_reply: bool
    problem: ModelProblem | None
    input_tokens: int | None
    output_tokens: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        model = self.model

        wrote_reply = self.wrote_reply

        problem: None | str
        if isinstance(self.problem, ModelProblem):
            problem = self.problem.value
        else:
            problem = self.problem

        input_tokens: int | None
        input_tokens = self.input_tokens

        output_tokens: int | None
        output_tokens = self.output_tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "provider": provider,
                "model": model,
                "wrote_reply": wrote_reply,
                "problem": problem,
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        model = d.pop("model")

        wrote_reply = d.pop("wrote_reply")

        def _parse_problem(data: object) -> ModelProblem | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                problem_type_0 = ModelProblem(data)

                return problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelProblem | None, data)

        problem = _parse_problem(d.pop("problem"))

        def _parse_input_tokens(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        input_tokens = _parse_input_tokens(d.pop("input_tokens"))

        def _parse_output_tokens(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        output_tokens = _parse_output_tokens(d.pop("output_tokens"))

        model_note = cls(
            provider=provider,
            model=model,
            wrote_reply=wrote_reply,
            problem=problem,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
        )

        model_note.additional_properties = d
        return model_note

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
