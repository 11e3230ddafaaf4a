"""Webhook signatures follow Stripe's scheme, and deliveries reach a real receiver on loopback."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import stripe
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from stalwart_agents._generated.models import InterruptNotice
from stalwart_agents.webhook import (
    MalformedSignature,
    SignatureExpired,
    SignatureMismatch,
    Webhook,
    WebhookError,
    sign,
    verify,
)
from tests.loopback import free_port, serving

SECRET = "whsec_test_4f1c"
BODY = b'{"thread":"u-17","n":1}'


def confirm_pause() -> dict[str, Any]:
    return {
        "id": "p-1",
        "kind": "confirm",
        "token": "tok",
        "thread": "u-17",
        "run": "r-1",
        "step": 0,
        "tool": "charge_card",
        "wording": None,
        "arguments": [{"name": "amount", "value": 40, "origin": "typed"}],
        "reasons": ["write"],
        "irreversible": False,
        "choices": ["approve", "skip", "cancel_all"],
    }


def test_stripe_accepts_our_signature() -> None:
    header = sign(BODY, SECRET)
    assert stripe.WebhookSignature.verify_header(BODY, header, SECRET, tolerance=300)


def test_verify_accepts_a_stripe_signature() -> None:
    header = stripe.WebhookSignature.generate_signature_header(BODY.decode(), SECRET)
    assert abs(verify(header, BODY, SECRET) - time.time()) < 5


def test_verify_rejects_a_signature_older_than_five_minutes() -> None:
    header = sign(BODY, SECRET, timestamp=int(time.time()) - 301)
    with pytest.raises(SignatureExpired, match="301 seconds old"):
        verify(header, BODY, SECRET)


def test_verify_accepts_a_signature_within_the_tolerance() -> None:
    stamp = int(time.time()) - 299
    assert verify(sign(BODY, SECRET, timestamp=stamp), BODY, SECRET) == stamp


def test_verify_rejects_a_signature_from_the_future() -> None:
    header = sign(BODY, SECRET, timestamp=int(time.time()) + 3600)
    with pytest.raises(SignatureExpired, match="ahead of this clock"):
        verify(header, BODY, SECRET)


def test_verify_rejects_another_body() -> None:
    with pytest.raises(SignatureMismatch):
        verify(sign(BODY, SECRET), BODY + b" ", SECRET)


def test_verify_rejects_another_secret() -> None:
    with pytest.raises(SignatureMismatch):
        verify(sign(BODY, SECRET), BODY, "whsec_other")


def test_verify_accepts_any_matching_v1_of_several() -> None:
    stamp = int(time.time())
    header = sign(BODY, SECRET, timestamp=stamp).replace("v1=", "v1=00ff,v1=", 1)
    assert verify(header, BODY, SECRET) == stamp


def test_verify_rejects_several_v1_when_none_matches() -> None:
    other = sign(BODY, "whsec_other").partition("v1=")[2]
    header = sign(BODY + b" ", SECRET).replace("v1=", f"v1=00ff,v1={other},v1=", 1)
    with pytest.raises(SignatureMismatch):
        verify(header, BODY, SECRET)


@pytest.mark.parametrize(
    "header",
    [None, "", "garbage", "t=soon,v1=abcd", "v1=abcd", "t=1700000000", "t=1,t=2,v1=ab"],
)
def test_verify_rejects_a_malformed_header(header: str | None) -> None:
    with pytest.raises(MalformedSignature):
        verify(header, BODY, SECRET)


def test_an_empty_secret_is_refused() -> None:
    with pytest.raises(ValueError, match="non-empty"):
        sign(BODY, "")


@pytest.fixture
def receiver() -> Iterator[tuple[str, list[tuple[bytes, str]]]]:
    """A receiver that keeps each delivery only when stripe-python accepts its signature."""
    kept: list[tuple[bytes, str]] = []

    async def take(request: Request) -> Response:
        body = await request.body()
        header = request.headers.get("stalwart-signature", "")
        try:
            stripe.WebhookSignature.verify_header(body, header, SECRET, tolerance=300)
        except stripe.SignatureVerificationError:
            return Response(status_code=400)
        kept.append((body, header))
        return Response(status_code=204)

    async def fail(request: Request) -> Response:
        return Response(status_code=503)

    async def slow(request: Request) -> Response:
        await asyncio.sleep(2)
        return Response(status_code=204)

    app = Starlette(
        routes=[
            Route("/hook", take, methods=["POST"]),
            Route("/fail", fail, methods=["POST"]),
            Route("/slow", slow, methods=["POST"]),
        ]
    )
    with serving(app) as url:
        yield url, kept


async def test_webhook_posts_the_pause_signed(receiver: tuple[str, list[Any]]) -> None:
    url, kept = receiver
    await Webhook(f"{url}/hook", SECRET)("u-17", confirm_pause())
    [(body, header)] = kept
    assert verify(header, body, SECRET)
    assert InterruptNotice.model_validate_json(body).interrupt.id == "p-1"


async def test_webhook_names_the_resume_url_under_the_public_url(
    receiver: tuple[str, list[Any]],
) -> None:
    url, kept = receiver
    hook = Webhook(f"{url}/hook", SECRET, public_url="https://bot.example.com/agent/")
    await hook("u 17", confirm_pause())
    notice = json.loads(kept[0][0])
    assert notice["resume_url"] == "https://bot.example.com/agent/threads/u%2017/resume"


async def test_webhook_without_a_public_url_has_no_resume_url(
    receiver: tuple[str, list[Any]],
) -> None:
    url, kept = receiver
    await Webhook(f"{url}/hook", SECRET)("u-17", confirm_pause())
    assert json.loads(kept[0][0])["resume_url"] is None


async def test_a_receiver_error_raises_webhook_error_naming_the_url(
    receiver: tuple[str, list[Any]],
) -> None:
    url, _ = receiver
    with pytest.raises(WebhookError, match="503") as caught:
        await Webhook(f"{url}/fail", SECRET)("u-17", confirm_pause())
    assert caught.value.url == f"{url}/fail"


async def test_a_slow_receiver_times_out(receiver: tuple[str, list[Any]]) -> None:
    url, _ = receiver
    started = time.monotonic()
    with pytest.raises(WebhookError, match=r"within 0\.3 seconds"):
        await Webhook(f"{url}/slow", SECRET, timeout=0.3)("u-17", confirm_pause())
    assert time.monotonic() - started < 1.5


async def test_an_unreachable_receiver_raises_webhook_error() -> None:
    with pytest.raises(WebhookError, match="could not be reached"):
        await Webhook(f"http://127.0.0.1:{free_port()}/hook", SECRET)("u-17", confirm_pause())


def test_a_webhook_url_must_be_http() -> None:
    with pytest.raises(ValueError, match="http:// or https://"):
        Webhook("ftp://example.com/hook", SECRET)
