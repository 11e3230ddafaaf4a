"""Reading a request before anything is looked up: its size, its JSON, then its schema."""

from __future__ import annotations

import json
from typing import Any, TypeVar, get_args

from pydantic import BaseModel, ValidationError
from starlette.convertors import PathConvertor, register_url_convertor
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents._generated.spec import MAX_EVENT_ID
from stalwart_agents.door import check_thread_id
from stalwart_agents.serve._problems import ProblemError
from stalwart_agents.webhook import SIGNATURE_HEADER, SignatureError, verify

__all__ = [
    "DEFAULT_MAX_BODY",
    "THREAD_PATH",
    "last_event_id",
    "model_response",
    "parse_json",
    "read_body",
    "read_model",
    "read_signed_body",
    "require_json",
    "thread_id",
    "validate_model",
]

DEFAULT_MAX_BODY = 64 * 1024
# How many digits a Last-Event-ID may have: as many as the spec's largest event id.
_DIGITS = len(str(MAX_EVENT_ID))
Model = TypeVar("Model", bound=BaseModel)


class _AnyText(PathConvertor):
    """Any text, newlines too: a bad thread id must reach thread_id() and its 422, not a 404."""

    regex = "(?s:.*)"


register_url_convertor("any_text", _AnyText())
# The prefix of every route about one thread.
THREAD_PATH = "/threads/{id:any_text}"


def _explain(error: ValidationError, prefix: str = "") -> str:
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(part) for part in item["loc"]) or "the body"
        parts.append(f"{prefix}{where}: {item['msg']}")
    more = len(error.errors()) - 3
    return "; ".join(parts) + (f"; and {more} more." if more > 0 else ".")


def thread_id(request: Request) -> str:
    """The thread named in the path, checked against the spec's pattern: the one check it gets."""
    return check_thread_id(request.path_params["id"])


async def read_body(request: Request, limit: int) -> bytes:
    """The raw body, refused with 413 as soon as it passes the limit."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise _too_large(limit)
    except ClientDisconnect:
        raise ProblemError(
            ErrorCode.INVALID_REQUEST, "The client went away mid-body.", status=400
        ) from None
    return bytes(body)


def require_json(request: Request) -> None:
    """Refuse a body not sent as JSON: a page on another site can POST text/plain without asking."""
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        shown = f"as {media_type}" if media_type else "without a Content-Type"
        raise ProblemError(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            f"The body was sent {shown}; send it as application/json.",
        )


def _too_large(limit: int) -> ProblemError:
    return ProblemError(
        ErrorCode.PAYLOAD_TOO_LARGE, f"The body is over the limit of {limit} bytes."
    )


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _check_text(value: Any) -> None:
    """Refuse lone surrogates, which JSON escapes allow and no store can keep."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            item.encode("utf-8")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _refuse_nulls(model: type[BaseModel], data: Any) -> None:
    """Refuse null for an optional field: the spec writes a nullable field as a required one.

    The generated models take None for every optional field, so without this a body such as
    {"text": "hi", "language": null} would pass although the spec does not allow it.
    """
    if not isinstance(data, dict):
        return
    for name, field in model.model_fields.items():
        key = field.alias or name
        if key not in data or data[key] is not None or field.is_required():
            continue
        if Any in get_args(field.annotation) or field.annotation is Any:
            continue
        raise ProblemError(ErrorCode.INVALID_REQUEST, f"{key}: may be left out, but not null.")


def parse_json(raw: bytes) -> Any:
    """The body as JSON, or 400: strict JSON in UTF-8, whose strings any store can keep."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
        _check_text(data)
    except (UnicodeError, ValueError, RecursionError):
        raise ProblemError(
            ErrorCode.INVALID_REQUEST, "The body is not JSON in UTF-8.", status=400
        ) from None
    return data


def validate_model(data: Any, model: type[Model]) -> Model:
    """Parsed JSON against the model, or 422 naming what is wrong."""
    _refuse_nulls(model, data)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ProblemError(ErrorCode.INVALID_REQUEST, _explain(error)) from None


async def read_model(request: Request, model: type[Model], limit: int) -> Model:
    """Read and validate a JSON body in one step."""
    require_json(request)
    return validate_model(parse_json(await read_body(request, limit)), model)


def last_event_id(request: Request) -> int:
    """Where a stream resumes: the Last-Event-ID header, else the last_event_id query, else 0.

    Both are checked when both are sent, so a bad one is never hidden behind the other.
    """
    header = request.headers.get("last-event-id")
    if header is not None and not (
        header.isascii() and header.isdigit() and len(header) <= _DIGITS
    ):
        raise ProblemError(
            ErrorCode.INVALID_REQUEST, f"Last-Event-ID must be an event id: 1 to {_DIGITS} digits."
        )
    query = request.query_params.getlist("last_event_id")
    for value in query:
        if not (value.isascii() and value.isdigit()) or int(value) > MAX_EVENT_ID:
            raise ProblemError(
                ErrorCode.INVALID_REQUEST,
                f"last_event_id must be a whole number from 0 to {MAX_EVENT_ID}.",
            )
    if header is not None:
        return int(header)
    return int(query[-1]) if query else 0


async def read_signed_body(request: Request, limit: int, secret: str | None) -> bytes:
    """A JSON body's bytes; with a secret, only once its signature proves the channel sent it."""
    require_json(request)
    raw = await read_body(request, limit)
    if secret is not None:
        try:
            verify(request.headers.get(SIGNATURE_HEADER), raw, secret)
        except SignatureError as error:
            raise ProblemError(
                ErrorCode.UNAUTHORIZED,
                f"This server takes answers only from the channel that holds its secret: {error}",
            ) from None
    return raw


def model_response(model: BaseModel) -> Response:
    """A generated model as the JSON the spec describes: the bytes pydantic's serializer writes,
    which Starlette sends as they are (model_dump_json would decode them to text, and the
    response encode it back)."""
    return Response(model.__pydantic_serializer__.to_json(model), media_type="application/json")
