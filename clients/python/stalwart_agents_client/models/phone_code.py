from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime


T = TypeVar("T", bound="PhoneCode")


@_attrs_define
class PhoneCode:
    """
    Attributes:
        network (bool): False when this computer has no LAN address; then nothing else is given.
        url (str | Unset): https://LAN-ADDRESS:PORT/phone/CODE, what the QR code holds.
        qr (str | Unset): The QR code of url, as an SVG document.
        fingerprint (str | Unset): The listener certificate's SHA-256 fingerprint, uppercase hex pairs joined by colons.
        fingerprint_start (str | Unset): Its first eight bytes as phoneWarning's {start}, uppercase hex pairs joined by
            spaces.
        expires_at (datetime.datetime | Unset): When the code stops working.
    """

    network: bool
    url: str | Unset = UNSET
    qr: str | Unset = UNSET
    fingerprint: str | Unset = UNSET
    fingerprint_start: str | Unset = UNSET
    expires_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        network = self.network

        url = self.url

        qr = self.qr

        fingerprint = self.fingerprint

        fingerprint_start = self.fingerprint_start

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "network": network,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url
        if qr is not UNSET:
            field_dict["qr"] = qr
        if fingerprint is not UNSET:
            field_dict["fingerprint"] = fingerprint
        if fingerprint_start is not UNSET:
            field_dict["fingerprint_start"] = fingerprint_start
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        network = d.pop("network")

        url = d.pop("url", UNSET)

        qr = d.pop("qr", UNSET)

        fingerprint = d.pop("fingerprint", UNSET)

        fingerprint_start = d.pop("fingerprint_start", UNSET)

        _expires_at = d.pop("expires_at", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)

        phone_code = cls(
            network=network,
            url=url,
            qr=qr,
            fingerprint=fingerprint,
            fingerprint_start=fingerprint_start,
            expires_at=expires_at,
        )

        phone_code.additional_properties = d
        return phone_code

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
