"""Who may read a staff-only bot's threads: its owner at this machine, and the staff they paired.

The owner is a browser on this machine: a loopback peer that names this host by a loopback name
(a DNS-rebinding page reaches a loopback peer too, but under its own name). Staff are sessions
the owner paired; the run store keeps them, so every worker knows them and a restart keeps them.
"""

from __future__ import annotations

from datetime import UTC, datetime

from starlette.requests import Request

from stalwart_agents._generated.enums import Viewer
from stalwart_agents._generated.spec import STRINGS
from stalwart_agents.desk import Desk
from stalwart_agents.errors import Forbidden
from stalwart_agents.ids import HANDLE_LENGTH, session_handle
from stalwart_agents.serve._guard import ON_LAN, host_name, is_loopback
from stalwart_agents.serve._sessions import Sessions
from stalwart_agents.store import People, StaffRecord

__all__ = [
    "admit",
    "is_owner",
    "revoke",
    "staff_lines",
    "staff_only",
    "viewer",
]


def is_owner(request: Request) -> bool:
    """A browser on this machine: a loopback peer that names this host by a loopback name.

    Never a request over the phone's LAN listener, whatever its peer: that one is for staff.
    """
    if request.scope.get(ON_LAN):
        return False
    peer = request.client.host if request.client else ""
    return is_loopback(peer) and is_loopback(host_name(request.headers.get("host", "")))


def staff_only(desk: Desk, request: Request) -> bool:
    """Whether only the owner and staff may read threads: staff_only, or over the LAN listener.

    The owner opened the LAN for their phone, not for everyone on the same Wi-Fi.
    """
    return desk.agent.staff_only or bool(request.scope.get(ON_LAN))


async def viewer(store: People, request: Request) -> Viewer:
    """Who asks: the owner, staff the owner paired, or a guest."""
    if is_owner(request):
        return Viewer.OWNER
    session = Sessions.named(request)
    if session is not None and await store.is_staff(session):
        return Viewer.STAFF
    return Viewer.GUEST


async def admit(desk: Desk, request: Request) -> None:
    """Let a request at a thread through, unless the bot is staff-only and a guest asks.

    Raises:
        Forbidden: staff_only is set (or the request came over the LAN) and the request is
            neither the owner's nor staff's; the message is the staffOnly sentence in the
            host's language.
    """
    if staff_only(desk, request) and await viewer(desk.roles.people, request) is Viewer.GUEST:
        raise Forbidden(STRINGS[await desk.language()]["staffOnly"])


async def revoke(store: People, handle: str) -> bool:
    """End the staff standing of the session `stalwart staff list` names by handle."""
    for record in await store.staff():
        if session_handle(record["session"]) == handle:
            return await store.revoke_staff(record["session"])
    return False


def staff_lines(records: list[StaffRecord]) -> list[str]:
    """`stalwart staff list`'s table: each staff's handle, when it paired (UTC) and how."""
    lines = [f"{'STAFF':<{HANDLE_LENGTH}}  {'PAIRED (UTC)':<19}  BY"]
    for record in records:
        since = datetime.fromtimestamp(record["since"], UTC).strftime("%Y-%m-%d %H:%M:%S")
        lines.append(f"{session_handle(record['session'])}  {since}  {record['paired_by']}")
    return lines
