"""The page's session: an HttpOnly, SameSite=Strict cookie, or the Stalwart-Session header.

A page on this host keeps the cookie; an embedder on another origin reads the Stalwart-Session
response header and sends it back as a request header. A session the server never handed out
counts as none, so a made-up one gets a fresh session, and a thumb from it is refused.

A fresh session is kept in the store only once a response hands it out: a request that fails
(a stale answer, a bad body) leaves no row behind. One nobody uses for SESSION_AGE is forgotten
by the sweeper.
"""

from __future__ import annotations

import time

from starlette.requests import Request
from starlette.responses import Response

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents.ids import new_id
from stalwart_agents.serve._problems import ProblemError
from stalwart_agents.store import SESSION_AGE, People

__all__ = ["COOKIE", "HEADER", "MAX_LENGTH", "Sessions"]

COOKIE = "stalwart_session"
HEADER = "Stalwart-Session"
# As the spec's SessionHeader says.
MAX_LENGTH = 128
# How often a worker notes that a session it knows was used again: at most once a day each.
NOTED_EVERY = 24 * 3600
# A session outlives a browser restart, as a person expects of a chat they come back to; the
# store keeps it a day longer than the cookie, as a use may be noted a day late.
COOKIE_AGE = SESSION_AGE - NOTED_EVERY
# Sessions this worker has seen; the oldest is forgotten first, and is looked up again.
KNOWN = 65_536


class Sessions:
    """Finds a request's session, hands out new ones, and sets them on responses.

    Sessions are kept in the run store, so every worker knows the ones any worker handed out.
    A session found once is remembered with when this worker last noted its use, so a
    conversation's requests cost the store no round trip for it, and one write a day.
    """

    def __init__(self, store: People) -> None:
        self._store = store
        self._known: dict[str, float] = {}

    async def new(self) -> str:
        """A new session, kept at once: pairing makes it staff before the response goes."""
        session = new_id()
        await self._keep(session)
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
        self._remember(named, noted=0.0)
        return named

    def _remember(self, session: str, noted: float) -> None:
        self._known.pop(session, None)
        if len(self._known) >= KNOWN:
            del self._known[next(iter(self._known))]
        self._known[session] = noted

    async def _keep(self, session: str) -> bool:
        """Keep the session, or note its use, unless this worker noted it within a day; whether
        it did."""
        now = time.time()
        if now - self._known.get(session, 0.0) < NOTED_EVERY:
            return False
        await self._store.keep_session(session, now)
        self._remember(session, noted=now)
        return True

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
        """The request's session, or a fresh one, kept only when `give` hands it out."""
        return await self.find(request) or new_id()

    async def give(self, response: Response, session: str, request: Request) -> Response:
        """Keep the session, and set it on the response as the header, and as the cookie where
        the request's cookie is another or none, or its use was just noted (so the cookie's age
        runs from the note, as the store's does): a cookie set again unchanged costs every
        response its building, and the browser nothing."""
        noted = await self._keep(session)
        response.headers[HEADER] = session
        if not noted and request.cookies.get(COOKIE) == session:
            return response
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
