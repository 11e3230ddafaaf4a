from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.language import Language
from ..models.viewer import Viewer
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.capability import Capability
    from ..models.model_key import ModelKey


T = TypeVar("T", bound="Config")


@_attrs_define
class Config:
    """
    Attributes:
        name (str):
        purpose (str):
        base (str):
        language (Language): The languages the selector reads.
        contact (None | str):
        staff_only (bool):
        viewer (Viewer): Who asks: the owner (a browser on this machine), staff the owner paired, or a guest. With
            staff_only, a guest is shown the staffOnly note and no thread.
        thumbs (bool):
        capabilities (list[Capability]):
        about (None | str | Unset):
        help_url (None | str | Unset):
        privacy_url (None | str | Unset):
        release_notice (None | str | Unset): A newer release to tell of, under --follows.
        model_key (ModelKey | None | Unset): The AI key agent.yaml's `model:` reads, where it has one: its variable, and
            whether the host has no key yet (then the owner's chat shows the key form in the delegate card). Null without a
            `model:`. Never the key itself.
    """

    name: str
    purpose: str
    base: str
    language: Language
    contact: None | str
    staff_only: bool
    viewer: Viewer
    thumbs: bool
    capabilities: list[Capability]
    about: None | str | Unset = UNSET
    help_url: None | str | Unset = UNSET
    privacy_url: None | str | Unset = UNSET
    release_notice: None | str | Unset = UNSET
    model_key: ModelKey | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.capability import Capability  # noqa: PLC0415
        from ..models.model_key import ModelKey  # noqa: PLC0415

        name = self.name

        purpose = self.purpose

        base = self.base

        language = self.language.value

        contact: None | str
        contact = self.contact

        staff_only = self.staff_only

        viewer = self.viewer.value

        thumbs = self.thumbs

        capabilities = []
        for capabilities_item_data in self.capabilities:
            capabilities_item = capabilities_item_data.to_dict()
            capabilities.append(capabilities_item)

        about: None | str | Unset
        if isinstance(self.about, Unset):
            about = UNSET
        else:
            about = self.about

        help_url: None | str | Unset
        if isinstance(self.help_url, Unset):
            help_url = UNSET
        else:
            help_url = self.help_url

        privacy_url: None | str | Unset
        if isinstance(self.privacy_url, Unset):
            privacy_url = UNSET
        else:
            privacy_url = self.privacy_url

        release_notice: None | str | Unset
        if isinstance(self.release_notice, Unset):
            release_notice = UNSET
        else:
            release_notice = self.release_notice

        model_key: dict[str, Any] | None | Unset
        if isinstance(self.model_key, Unset):
            model_key = UNSET
        elif isinstance(self.model_key, ModelKey):
            model_key = self.model_key.to_dict()
        else:
            model_key = self.model_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "purpose": purpose,
                "base": base,
                "language": language,
                "contact": contact,
                "staff_only": staff_only,
                "viewer": viewer,
                "thumbs": thumbs,
                "capabilities": capabilities,
            }
        )
        if about is not UNSET:
            field_dict["about"] = about
        if help_url is not UNSET:
            field_dict["help_url"] = help_url
        if privacy_url is not UNSET:
            field_dict["privacy_url"] = privacy_url
        if release_notice is not UNSET:
            field_dict["release_notice"] = release_notice
        if model_key is not UNSET:
            field_dict["model_key"] = model_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.capability import Capability  # noqa: PLC0415
        from ..models.model_key import ModelKey  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        purpose = d.pop("purpose")

        base = d.pop("base")

        language = Language(d.pop("language"))

        def _parse_contact(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        contact = _parse_contact(d.pop("contact"))

        staff_only = d.pop("staff_only")

        viewer = Viewer(d.pop("viewer"))

        thumbs = d.pop("thumbs")

        capabilities = []
        _capabilities = d.pop("capabilities")
        for capabilities_item_data in _capabilities:
            capabilities_item = Capability.from_dict(capabilities_item_data)

            capabilities.append(capabilities_item)

        def _parse_about(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        about = _parse_about(d.pop("about", UNSET))

        def _parse_help_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        help_url = _parse_help_url(d.pop("help_url", UNSET))

        def _parse_privacy_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        privacy_url = _parse_privacy_url(d.pop("privacy_url", UNSET))

        def _parse_release_notice(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        release_notice = _parse_release_notice(d.pop("release_notice", UNSET))

        def _parse_model_key(data: object) -> ModelKey | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_key_type_0 = ModelKey.from_dict(data)

                return model_key_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelKey | None | Unset, data)

        model_key = _parse_model_key(d.pop("model_key", UNSET))

        config = cls(
            name=name,
            purpose=purpose,
            base=base,
            language=language,
            contact=contact,
            staff_only=staff_only,
            viewer=viewer,
            thumbs=thumbs,
            capabilities=capabilities,
            about=about,
            help_url=help_url,
            privacy_url=privacy_url,
            release_notice=release_notice,
            model_key=model_key,
        )

        config.additional_properties = d
        return config

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
