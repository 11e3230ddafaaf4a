"""Pairing a phone: the owner's one-time code as a QR code, the phone's visit, and revoking staff.

A code is 24 URL-safe characters (144 random bits), so it cannot be guessed and needs no
throttle; the run store keeps only its hash, with its expiry, so any worker honours it once.
"""

from __future__ import annotations

import hashlib
import html
import io
import logging
import secrets
from datetime import UTC, datetime

import segno
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents._generated.models import PhoneCode, Staff, StaffList
from stalwart_agents._generated.spec import REPLIES
from stalwart_agents.home import config_folder
from stalwart_agents.ids import HANDLE_LENGTH, session_handle
from stalwart_agents.serve._certificate import phone_certificate
from stalwart_agents.serve._lan import lan_address
from stalwart_agents.serve._pairing import CODE_LIFETIME
from stalwart_agents.serve._problems import ProblemError, problem_response
from stalwart_agents.serve._staff import is_owner, revoke
from stalwart_agents.serve._state import host_of
from stalwart_agents.serve._static import allowing_style
from stalwart_agents.store import PairingUse

__all__ = ["PAIRED_BY_PHONE", "PHONE_ROUTES"]

logger = logging.getLogger("stalwart_agents.serve")

# How a session paired, as `stalwart staff list` shows it.
PAIRED_BY_PHONE = "phone"
# 18 random bytes: 24 URL-safe characters.
_CODE_BYTES = 18
_CODE_LENGTH = 24
_CODE_PATTERN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
# How long a spent or expired code is remembered, to tell a late phone why it fails.
_CODES_REMEMBERED = 86_400.0
# Each way a code fails, by the key of its sentence in spec/strings.yaml's replies.
_REFUSALS = {
    PairingUse.USED: "pairing_used",
    PairingUse.EXPIRED: "pairing_expired",
    PairingUse.UNKNOWN: "pairing_unknown",
}
# The page a phone's browser shows for a refused code: the theme's colours, light or dark, and
# type a small screen reads at arm's length. Its style passes the policy by its hash alone.
_REFUSED_STYLE = (
    "body{max-width:32rem;margin:0 auto;padding:2rem 1.25rem;background:var(--stalwart-bg);"
    "color:var(--stalwart-fg);font:1.125rem/1.5 var(--stalwart-font)}"
    "h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}"
)
_REFUSED_POLICY = allowing_style(_REFUSED_STYLE)
_REFUSED_PAGE = (
    '<!doctype html><html lang="{language}"><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    '<meta name="color-scheme" content="light dark">'
    '<link rel="stylesheet" href="{base}/theme.css"><style>{style}</style>'
    "<title>{title}</title><h1>{title}</h1><p>{sentence}</p></html>"
)


def _owner_only(request: Request) -> None:
    if not is_owner(request):
        raise ProblemError(
            ErrorCode.FORBIDDEN,
            "Only the owner, in a browser on the computer that runs the bot, may do this.",
        )


def _hashed(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


async def start_phone(request: Request) -> Response:
    """POST /phone: the LAN listener opened, and a new one-time code as a URL and its QR code."""
    _owner_only(request)
    host = host_of(request)
    settings = host.phone
    address = settings.address or lan_address()
    if address is None:
        return _no_network()
    desk = await host.open_door()
    certificate = phone_certificate(
        settings.folder or config_folder(desk.agent.name), desk.agent.name, address
    )
    if host.names is not None:
        # The phone names this computer by its address; the guard lets that name through.
        host.names.add(address.lower())
    try:
        origin = await host.lan.open(request.app, address, settings.port, certificate)
    except OSError as error:
        # An address this computer cannot listen on is one no phone reaches it at.
        logger.warning("The phone listener cannot listen on %s: %s", address, error)
        return _no_network()
    code, now = secrets.token_urlsafe(_CODE_BYTES), settings.clock()
    expires = now + CODE_LIFETIME
    await desk.roles.people.add_pairing_code(
        _hashed(code), expires, forget_before=now - _CODES_REMEMBERED
    )
    url = f"{origin}{host.base_for(request)}/phone/{code}"
    qr = _qr_svg(url)
    body = PhoneCode(
        network=True,
        url=url,
        qr=qr,
        fingerprint=certificate.fingerprint,
        fingerprint_start=certificate.fingerprint_start,
        expires_at=datetime.fromtimestamp(expires, UTC),
    )
    return JSONResponse(body.model_dump(mode="json"))


def _no_network() -> Response:
    """What the panel shows as phoneNoNetwork."""
    return JSONResponse(PhoneCode(network=False).model_dump(mode="json", exclude_none=True))


def _qr_svg(url: str) -> str:
    """The URL's QR code as an SVG document, dark on white whatever the page's theme."""
    drawn = io.BytesIO()
    segno.make(url, error="m").save(
        drawn, kind="svg", xmldecl=False, nl=False, scale=1, border=4, dark="#000", light="#fff"
    )
    return drawn.getvalue().decode()


async def pair_phone(request: Request) -> Response:
    """GET /phone/{code}: a good code makes this browser staff and sends it to the chat."""
    host = host_of(request)
    code = request.path_params["code"]
    if len(code) != _CODE_LENGTH or not set(code) <= _CODE_PATTERN:
        raise ProblemError(
            ErrorCode.INVALID_REQUEST, "A pairing code is 24 letters, digits, - and _."
        )
    desk = await host.open_door()
    used = await desk.roles.people.use_pairing_code(_hashed(code), host.phone.clock())
    if used is not PairingUse.PAIRED:
        return _refused(request, _REFUSALS[used], await desk.language())
    session = await host.sessions.new()
    await desk.roles.people.make_staff(session, PAIRED_BY_PHONE)
    response = RedirectResponse(f"{host.base_for(request)}/", status_code=303)
    return await host.sessions.give(response, session, request)


def _refused(request: Request, refusal: str, language: str) -> Response:
    """401 in the bot's language: a page for the phone's browser, problem JSON for anything else."""
    sentence = REPLIES[language][refusal]
    if "text/html" not in request.headers.get("accept", ""):
        return problem_response(ErrorCode.UNAUTHORIZED, sentence)
    page = _REFUSED_PAGE.format(
        language=language,
        base=html.escape(host_of(request).base_for(request)),
        style=_REFUSED_STYLE,
        title=html.escape(REPLIES[language]["pairing_refused"]),
        sentence=html.escape(sentence),
    )
    return HTMLResponse(page, status_code=401, headers={"Content-Security-Policy": _REFUSED_POLICY})


async def list_staff(request: Request) -> Response:
    """GET /staff: the staff the owner paired, each by its handle."""
    _owner_only(request)
    desk = await host_of(request).open_door()
    staff = [
        Staff(
            handle=session_handle(record["session"]),
            since=datetime.fromtimestamp(record["since"], UTC),
            paired_by=record["paired_by"],
        )
        for record in await desk.roles.people.staff()
    ]
    return JSONResponse(StaffList(staff=staff).model_dump(mode="json"))


async def revoke_staff(request: Request) -> Response:
    """DELETE /staff/{handle}: that staff session is a guest from its next request."""
    _owner_only(request)
    handle = request.path_params["handle"]
    if len(handle) != HANDLE_LENGTH or not set(handle) <= set("0123456789abcdef"):
        raise ProblemError(
            ErrorCode.INVALID_REQUEST, f"A staff handle is {HANDLE_LENGTH} lowercase hex digits."
        )
    desk = await host_of(request).open_door()
    if not await revoke(desk.roles.people, handle):
        raise ProblemError(ErrorCode.NOT_FOUND, f"No staff has the handle {handle}.")
    return Response(status_code=204)


PHONE_ROUTES = (
    Route("/phone", start_phone, methods=["POST"]),
    Route("/phone/{code}", pair_phone, methods=["GET"]),
    Route("/staff", list_staff, methods=["GET"]),
    Route("/staff/{handle}", revoke_staff, methods=["DELETE"]),
)
