"""POST /threads/{id}/feedback: a thumb on a reply, from the session shown the reply only."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from stalwart_agents._generated.models import Feedback
from stalwart_agents._generated.spec import THUMBS
from stalwart_agents.errors import Forbidden, InvalidRequest, NotFound
from stalwart_agents.serve._bodies import read_model, thread_id
from stalwart_agents.serve._state import host_of
from stalwart_agents.store import ReplyFeedback

__all__ = ["keep_thumb", "post_feedback"]


async def keep_thumb(
    store: ReplyFeedback, thread: str, message: str, thumb: str, session: str | None
) -> None:
    """Keep a thumb on a reply, from the session the reply was shown to and no other.

    Raises:
        InvalidRequest: the thumb is not one of the spec's.
        NotFound: no such reply in the thread.
        Forbidden: the reply was shown to another session.
    """
    if thumb not in THUMBS:
        raise InvalidRequest(f"{thumb!r} is not a thumb; thumbs are {', '.join(THUMBS)}.")
    shown = await store.message(thread, message)
    if shown is None:
        raise NotFound(f"There is no reply {message!r} in the thread {thread!r}.")
    if session is None or shown["session"] != session:
        raise Forbidden("A thumb is taken only from the session that was shown the reply.")
    await store.put_feedback(shown, thumb)


async def post_feedback(request: Request) -> Response:
    """The route: 204 once the thumb is kept."""
    thread = thread_id(request)
    host = host_of(request)
    thumb = await read_model(request, Feedback, host.max_body)
    host.sessions.check(request)
    await host.admit(request)
    desk = await host.open_door()
    session = await host.sessions.find(request)
    await keep_thumb(desk.roles.feedback, thread, thumb.message, thumb.thumb, session)
    return Response(status_code=204)
