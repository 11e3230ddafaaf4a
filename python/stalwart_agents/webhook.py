"""Approvals from another channel: each new pause posted as signed JSON, and the receivers' check.

The signature follows Stripe's scheme, so any Stripe-style verifier accepts it::

    Stalwart-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>

Exceptions::

    SignatureError            (ValueError)
    ├── MalformedSignature    the header is missing or cannot be read
    ├── SignatureExpired      its time is further from this clock than the tolerance
    └── SignatureMismatch     no v1 signature matches the body under the secret
    WebhookError              a delivery failed; the turn goes on and lists it under not_notified
"""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Any
from urllib.parse import quote

import httpx
from pydantic import BaseModel

from stalwart_agents._generated.models import Interrupt, InterruptNotice
from stalwart_agents.errors import StalwartError
from stalwart_agents.tls import tls

__all__ = [
    "DEFAULT_TOLERANCE",
    "SIGNATURE_HEADER",
    "MalformedSignature",
    "SignatureError",
    "SignatureExpired",
    "SignatureMismatch",
    "Webhook",
    "WebhookError",
    "sign",
    "verify",
]

SIGNATURE_HEADER = "Stalwart-Signature"
# Five minutes: long enough for clock skew and retries, too short to replay a captured delivery.
DEFAULT_TOLERANCE = 300
SCHEME = "v1"


class SignatureError(StalwartError, ValueError):
    """A signature that must not be trusted; the message says why."""


class MalformedSignature(SignatureError):
    """The header is missing, or is not t=<unix seconds>,v1=<hex>."""


class SignatureExpired(SignatureError):
    """The signature's time is further from this clock than the tolerance, so it may be a replay."""


class SignatureMismatch(SignatureError):
    """No v1 signature in the header is the HMAC of this body under this secret."""


class WebhookError(StalwartError):
    """A delivery that did not reach its receiver; it never fails the turn, which already ran."""

    def __init__(self, url: str, message: str) -> None:
        super().__init__(message)
        self.url = url


def _key(secret: str) -> bytes:
    if not isinstance(secret, str) or not secret:
        raise ValueError("A webhook secret must be a non-empty string.")
    return secret.encode()


def _payload(body: bytes | str) -> bytes:
    return body.encode() if isinstance(body, str) else body


def _digest(timestamp: int, body: bytes, key: bytes) -> str:
    return hmac.new(key, f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def sign(body: bytes | str, secret: str, *, timestamp: int | None = None) -> str:
    """Give the Stalwart-Signature header value for a body, at the given time or now."""
    moment = int(time.time()) if timestamp is None else timestamp
    return f"t={moment},{SCHEME}={_digest(moment, _payload(body), _key(secret))}"


def _parse(header: str | None) -> tuple[int, list[str]]:
    if not header:
        raise MalformedSignature(f"The request carries no {SIGNATURE_HEADER} header.")
    times: list[str] = []
    signatures: list[str] = []
    for item in header.split(","):
        name, equals, value = item.strip().partition("=")
        if not equals:
            raise MalformedSignature(
                f"{SIGNATURE_HEADER} must read t=<unix seconds>,v1=<hex>; "
                f"{item.strip()!r} has no '='."
            )
        if name == "t":
            times.append(value)
        elif name == SCHEME:
            signatures.append(value)
    if len(times) != 1 or not times[0].isascii() or not times[0].isdigit():
        raise MalformedSignature(
            f"{SIGNATURE_HEADER} must carry exactly one t=<unix seconds>, a whole number."
        )
    if not signatures:
        raise MalformedSignature(f"{SIGNATURE_HEADER} carries no {SCHEME}= signature.")
    return int(times[0]), signatures


def verify(
    header: str | None,
    body: bytes | str,
    secret: str,
    tolerance: int = DEFAULT_TOLERANCE,
    *,
    now: int | None = None,
) -> int:
    """Check a Stalwart-Signature against the exact body received, and give the time it was signed.

    Args:
        header: the Stalwart-Signature header as received.
        body: the raw body, byte for byte as received (not re-serialised).
        secret: the secret shared with the sender.
        tolerance: how many seconds the signature's time may differ from this clock.
        now: this clock, in unix seconds; the current time where not given.

    Raises:
        MalformedSignature, SignatureExpired, SignatureMismatch (all SignatureError).
    """
    key = _key(secret)
    timestamp, signatures = _parse(header)
    clock = int(time.time()) if now is None else now
    if abs(clock - timestamp) > tolerance:
        direction = "old" if timestamp < clock else "ahead of this clock"
        raise SignatureExpired(
            f"The signature is {abs(clock - timestamp)} seconds {direction}; "
            f"at most {tolerance} are accepted."
        )
    expected = _digest(timestamp, _payload(body), key)
    if not any(hmac.compare_digest(expected, candidate) for candidate in signatures):
        raise SignatureMismatch("No v1 signature matches this body under the secret.")
    return timestamp


class Webhook:
    """An on_interrupt that posts each new pause to a URL, signed with the secret."""

    def __init__(
        self,
        url: str,
        secret: str,
        timeout: float = 5.0,
        *,
        public_url: str | None = None,
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"A webhook URL must start with http:// or https://, not {url!r}.")
        if timeout <= 0:
            raise ValueError(f"A webhook timeout must be more than 0 seconds, not {timeout}.")
        _key(secret)
        self.url = url
        self.secret = secret
        self.timeout = timeout
        self.public_url = public_url.rstrip("/") if public_url else None

    def __repr__(self) -> str:
        return f"Webhook({self.url!r}, public_url={self.public_url!r})"

    def with_public_url(self, public_url: str) -> Webhook:
        """The same webhook, naming resume URLs under public_url (the address people reach)."""
        return Webhook(self.url, self.secret, self.timeout, public_url=public_url)

    def resume_url(self, thread: str) -> str | None:
        """Where the receiver posts its answer, or None when no public address is known."""
        if self.public_url is None:
            return None
        return f"{self.public_url}/threads/{quote(thread, safe='')}/resume"

    def notice(self, thread: str, interrupt: Interrupt | BaseModel | dict[str, Any]) -> bytes:
        """The body posted for a pause, exactly as it is signed."""
        pause = interrupt.model_dump(mode="json") if isinstance(interrupt, BaseModel) else interrupt
        notice = InterruptNotice.model_validate(
            {"thread": thread, "interrupt": pause, "resume_url": self.resume_url(thread)}
        )
        return notice.model_dump_json().encode()

    async def __call__(
        self, thread: str, interrupt: Interrupt | BaseModel | dict[str, Any]
    ) -> None:
        """Post one pause; raise WebhookError when the receiver does not take it."""
        body = self.notice(thread, interrupt)
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: sign(body, self.secret),
        }
        try:
            async with httpx.AsyncClient(timeout=self.timeout, verify=tls()) as client:
                response = await client.post(self.url, content=body, headers=headers)
        except httpx.TimeoutException:
            raise WebhookError(
                self.url, f"The receiver did not answer within {self.timeout:g} seconds."
            ) from None
        except httpx.HTTPError as error:
            raise WebhookError(self.url, f"The receiver could not be reached: {error}.") from None
        if not response.is_success:
            raise WebhookError(
                self.url, f"The receiver answered {response.status_code}, not a 2xx status."
            )
