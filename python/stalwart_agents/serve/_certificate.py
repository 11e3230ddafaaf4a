"""The phone listener's self-signed certificate: made once per agent, kept on this computer.

A phone cannot check a certificate this computer made itself, so it warns; the person checks
the fingerprint's start instead, as phoneWarning asks. The certificate (and so its fingerprint)
is kept and reused, so a phone that was told to trust it once sees the same one after a restart.
"""

from __future__ import annotations

import datetime
import hashlib
import os
from dataclasses import dataclass
from ipaddress import ip_address
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

__all__ = ["FINGERPRINT_START_BYTES", "Certificate", "fingerprint", "phone_certificate"]

CERTIFICATE_FILE = "phone-certificate.pem"
KEY_FILE = "phone-key.pem"
# 825 days, the longest an Apple device takes for a certificate made after 2019.
LIFETIME = datetime.timedelta(days=825)
# Eight bytes (64 bits): no one makes a certificate whose fingerprint starts the same by trying.
FINGERPRINT_START_BYTES = 8


@dataclass(frozen=True)
class Certificate:
    """The files uvicorn serves TLS with, and the fingerprint a person checks on the phone."""

    certificate_file: Path
    key_file: Path
    fingerprint: str

    @property
    def fingerprint_start(self) -> str:
        """The first bytes as phoneWarning's {start}: uppercase hex pairs, as a phone shows them."""
        return " ".join(self.fingerprint.split(":")[:FINGERPRINT_START_BYTES])


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint as iOS and Android show it: uppercase hex pairs.

    The pairs are joined with colons here (one token to copy); the panel shows them with spaces.
    """
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def phone_certificate(folder: Path, agent: str, address: str) -> Certificate:
    """The agent's certificate in `folder`, made at first and again once expired or unreadable."""
    certificate_file, key_file = folder / CERTIFICATE_FILE, folder / KEY_FILE
    kept = _kept(certificate_file, key_file)
    if kept is not None and kept.not_valid_after_utc > datetime.datetime.now(datetime.UTC):
        return _described(kept, certificate_file, key_file)
    made = _make(folder, agent, address, certificate_file, key_file)
    return _described(made, certificate_file, key_file)


def _kept(certificate_file: Path, key_file: Path) -> x509.Certificate | None:
    """The kept certificate, or None where it or its key is missing or is no certificate."""
    if not (certificate_file.is_file() and key_file.is_file()):
        return None
    try:
        return x509.load_pem_x509_certificate(certificate_file.read_bytes())
    except ValueError:
        return None


def _described(made: x509.Certificate, certificate_file: Path, key_file: Path) -> Certificate:
    der = made.public_bytes(serialization.Encoding.DER)
    return Certificate(certificate_file, key_file, fingerprint(der))


def _make(
    folder: Path, agent: str, address: str, certificate_file: Path, key_file: Path
) -> x509.Certificate:
    """A new key and a certificate for the address the phone will name, both only this user's."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"{agent} (Stalwart Agents)")])
    now = datetime.datetime.now(datetime.UTC)
    made = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + LIFETIME)
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ip_address(address))]), critical=False
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    _write_private(
        key_file,
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ),
    )
    _write_private(certificate_file, made.public_bytes(serialization.Encoding.PEM))
    return made


def _write_private(path: Path, content: bytes) -> None:
    """Write a file only this user may read (0600), from the moment it exists."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(content)
    path.chmod(0o600)
