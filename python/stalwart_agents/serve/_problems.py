"""Every error the routes give, as RFC 9457 problem JSON with a stable machine code."""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents._generated.spec import ERROR_CODES
from stalwart_agents.errors import StalwartError

__all__ = ["ProblemError", "exception_handlers", "problem_response"]

logger = logging.getLogger("stalwart_agents.serve")

MEDIA_TYPE = "application/problem+json"
# Starlette raises plain HTTPExceptions for routing (404, 405); each gets the code of its status.
_CODE_BY_STATUS = {status: ErrorCode(code) for code, status in ERROR_CODES.items()} | {
    400: ErrorCode.INVALID_REQUEST
}


class ProblemError(StalwartError):
    """An error a route answers with: a code from the spec, a sentence, and its HTTP status."""

    code: ErrorCode

    def __init__(
        self,
        code: ErrorCode,
        detail: str,
        *,
        status: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"{code!r} is not an error code of the spec: {sorted(ERROR_CODES)}.")
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = ERROR_CODES[code] if status is None else status
        self.headers = headers or {}


def problem_response(
    code: ErrorCode,
    detail: str,
    *,
    status: int | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """Render one problem; the title is the status's phrase, as RFC 9457 asks for about:blank."""
    error = ProblemError(code, detail, status=status, headers=headers)
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": HTTPStatus(error.status).phrase,
        "status": error.status,
        "code": error.code,
        "detail": error.detail,
    }
    return JSONResponse(
        body, status_code=error.status, headers=error.headers, media_type=MEDIA_TYPE
    )


async def _on_problem(request: Request, exc: Exception) -> Response:
    if not isinstance(exc, ProblemError):
        raise TypeError(f"Expected a ProblemError, got {type(exc).__name__}.")
    return problem_response(exc.code, exc.detail, status=exc.status, headers=exc.headers)


async def _on_http(request: Request, exc: Exception) -> Response:
    if not isinstance(exc, HTTPException):
        raise TypeError(f"Expected an HTTPException, got {type(exc).__name__}.")
    code = _CODE_BY_STATUS.get(exc.status_code, ErrorCode.INVALID_REQUEST)
    detail = _HTTP_DETAILS.get(exc.status_code, exc.detail)
    return problem_response(code, detail, status=exc.status_code, headers=dict(exc.headers or {}))


async def _on_stalwart(request: Request, exc: Exception) -> Response:
    """A desk or door error names its own code; one without a code is a crash."""
    code = getattr(exc, "code", None)
    if code is None:
        return await _on_crash(request, exc)
    return problem_response(code, str(exc))


async def _on_crash(request: Request, exc: Exception) -> Response:
    # Starlette's ServerErrorMiddleware re-raises after this answers, so the server logs it too.
    logger.exception("%s %s failed", request.method, request.url.path, exc_info=exc)
    return problem_response(
        ErrorCode.INTERNAL_ERROR, "Something went wrong on the server; it has been logged."
    )


_HTTP_DETAILS = {
    404: "Nothing is served at this path.",
    405: "This path does not take that method; the Allow header lists the ones it takes.",
}


def exception_handlers() -> dict[Any, Any]:
    """The handlers every app installs, so no error leaves without problem JSON."""
    return {
        ProblemError: _on_problem,
        HTTPException: _on_http,
        StalwartError: _on_stalwart,
        Exception: _on_crash,
    }
