"""The page's session: an HttpOnly, SameSite=Strict cookie, or the Stalwart-Session header.

A page on this host keeps the cookie; an embedder on another origin reads the Stalwart-Session
response header and sends it back as a request header. A session the server never handed out
counts as none, so a made-up one gets a fresh session, and a thumb from it is refused.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents.ids import new_id
from stalwart_agents.serve._problems import ProblemError
from stalwart_agents.store._base import RunStore

__all__ = ["COOKIE", "HEADER", "MAX_LENGTH", "Sessions"]

COOKIE = "stalwart_session"
HEADER = "Stalwart-Session"
# As the spec's SessionHeader says.
MAX_LENGTH = 128
# A session outlives a browser restart, as a person expects of a chat they come back to.
COOKIE_AGE = 30 * 24 * 3600
# Sessions this worker has seen; the oldest is forgotten first, and is looked up again.
KNOWN = 65_536


class Sessions:
    """Finds a request's session, hands out new ones, and sets them on responses.

    Sessions are kept in the run store, so every worker knows the ones any worker handed out.
    A session is never deleted, so one found once is remembered and not looked up again: a
    conversation's requests cost the store no round trip for it.
    """

    def __init__(self, store: RunStore) -> None:
        self._store = store
        self._known: dict[str, None] = {}

    async def new(self) -> str:
        """A new session for a page; a thumb is taken only from the session shown the reply."""
        session = new_id()
        await self._store.new_session(session)
        self._remember(session)
        return session

    async def find(self, request: Request) -> str | None:
        """The session the request names, when this server handed it out; else None."""
        named = self.named(request)
        if named is None:
            return None
        if named in self._known:
            return named
        if not await self._store.session_exists(named):
            return None
        self._remember(named)
        return named

    def _remember(self, session: str) -> None:
        if len(self._known) >= KNOWN:
            del self._known[next(iter(self._known))]
        self._known[session] = None

    @staticmethod
    def check(request: Request) -> None:
        """Refuse a Stalwart-Session header the spec does not allow, before any lookup."""
        header = request.headers.get(HEADER)
        if header is not None and len(header) > MAX_LENGTH:
            raise ProblemError(
                ErrorCode.INVALID_REQUEST, f"{HEADER} is at most {MAX_LENGTH} characters."
            )

    @classmethod
    def named(cls, request: Request) -> str | None:
        """What the request names as its session, the header first, then the cookie."""
        cls.check(request)
        return request.headers.get(HEADER) or request.cookies.get(COOKIE) or None

    async def ensure(self, request: Request) -> str:
        """The request's session, or a new one when it has none."""
        return await self.find(request) or await self.new()

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
