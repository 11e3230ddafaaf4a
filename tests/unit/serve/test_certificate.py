"""The phone listener's certificate: made once, kept private, its fingerprint as phones show it."""

from __future__ import annotations

import hashlib
import re
import ssl
from pathlib import Path

from stalwart_agents.serve._certificate import phone_certificate


def test_the_certificate_is_kept_and_made_again_only_when_unreadable(tmp_path: Path) -> None:
    first = phone_certificate(tmp_path, "shop", "192.0.2.2")
    assert phone_certificate(tmp_path, "shop", "192.0.2.3") == first
    first.certificate_file.write_text("not a certificate", encoding="ascii")
    again = phone_certificate(tmp_path, "shop", "192.0.2.2")
    assert again.fingerprint != first.fingerprint
    assert again.certificate_file.read_text(encoding="ascii").startswith("-----BEGIN CERT")


def test_the_key_and_the_certificate_are_readable_by_this_user_only(tmp_path: Path) -> None:
    made = phone_certificate(tmp_path / "agent", "shop", "192.0.2.2")
    assert made.key_file.stat().st_mode & 0o777 == 0o600
    assert made.certificate_file.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "agent").stat().st_mode & 0o777 == 0o700


def test_the_fingerprint_is_the_certificates_sha256_in_uppercase_hex_pairs(tmp_path: Path) -> None:
    made = phone_certificate(tmp_path, "shop", "192.0.2.2")
    der = ssl.PEM_cert_to_DER_cert(made.certificate_file.read_text(encoding="ascii"))
    assert made.fingerprint.replace(":", "") == hashlib.sha256(der).hexdigest().upper()
    assert re.fullmatch(r"([0-9A-F]{2} ){7}[0-9A-F]{2}", made.fingerprint_start)
    assert made.fingerprint.startswith(made.fingerprint_start.replace(" ", ":"))
