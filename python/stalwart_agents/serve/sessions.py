"""The page's session: an HttpOnly, SameSite=Strict cookie, or the Stalwart-Session header.

A page on this host keeps the cookie; an embedder on another origin reads the Stalwart-Session
response header and sends it back as a request header. A session the server never handed out
counts as none, so a made-up one gets a fresh session, and a thumb from it is refused.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response

from stalwart_agents.serve.problems import ProblemError

__all__ = ["COOKIE", "HEADER", "MAX_LENGTH", "Sessions"]

COOKIE = "stalwart_session"
HEADER = "Stalwart-Session"
# As the spec's SessionHeader says.
MAX_LENGTH = 128
# A session outlives a browser restart, as a person expects of a chat they come back to.
COOKIE_AGE = 30 * 24 * 3600


class Sessions:
    """Finds a request's session, hands out new ones, and sets them on responses."""

    def __init__(
        self,
        exists: Callable[[str], Awaitable[bool]],
        create: Callable[[], Awaitable[str]],
    ) -> None:
        self._exists = exists
        self._create = create

    async def find(self, request: Request) -> str | None:
        """The session the request names, when this server handed it out; else None."""
        named = self.named(request)
        if named is None:
            return None
        return named if await self._exists(named) else None

    @staticmethod
    def check(request: Request) -> None:
        """Refuse a Stalwart-Session header the spec does not allow, before any lookup."""
        header = request.headers.get(HEADER)
        if header is not None and len(header) > MAX_LENGTH:
            raise ProblemError("invalid_request", f"{HEADER} is at most {MAX_LENGTH} characters.")

    @classmethod
    def named(cls, request: Request) -> str | None:
        """What the request names as its session, the header first, then the cookie."""
        cls.check(request)
        return request.headers.get(HEADER) or request.cookies.get(COOKIE) or None

    async def ensure(self, request: Request) -> str:
        """The request's session, or a new one when it has none."""
        return await self.find(request) or await self._create()

    def give(self, response: Response, session: str, request: Request) -> Response:
        """Set the session on the response as both the cookie and the header."""
        response.headers[HEADER] = session
        response.set_cookie(
            COOKIE,
            session,
            max_age=COOKIE_AGE,
            # Under whatever prefix the app is mounted at, and no wider.
            path=request.scope.get("root_path") or "/",
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )
        return response
