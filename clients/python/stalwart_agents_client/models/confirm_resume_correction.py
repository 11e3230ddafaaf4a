from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.confirm_resume_correction_args import ConfirmResumeCorrectionArgs


T = TypeVar("T", bound="ConfirmResumeCorrection")


@_attrs_define
class ConfirmResumeCorrection:
    """With approve, on a pause that is `editable`: the corrected arguments. Nothing runs yet; the pause asks again with
    them. Refused (422) on a pause that is not editable.

        Attributes:
            args (ConfirmResumeCorrectionArgs): Every argument by name, as corrected.
    """

    args: ConfirmResumeCorrectionArgs

    def to_dict(self) -> dict[str, Any]:
        from ..models.confirm_resume_correction_args import ConfirmResumeCorrectionArgs  # noqa: PLC0415

        args = self.args.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "args": args,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.confirm_resume_correction_args import ConfirmResumeCorrectionArgs  # noqa: PLC0415

        d = dict(src_dict)
        args = ConfirmResumeCorrectionArgs.from_dict(d.pop("args"))

        confirm_resume_correction = cls(
            args=args,
        )

        return confirm_resume_correction
