"""Pause ids every worker computes alike, tokens only the store's secret can mint, and fresh ids."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any, Final

import orjson
import rfc8785

__all__ = [
    "SAFE_INTEGER",
    "canonical",
    "idempotency_key",
    "new_id",
    "pause_id",
    "pause_token",
    "position",
    "session_handle",
    "tokens_match",
]

# How many hex digits of a session's hash name it in `stalwart staff list` and in decisions.
HANDLE_LENGTH = 12


# The largest integer RFC 8785 writes as it is: past it, a JSON number is no longer exact, so
# it is also the largest a person's answer may be.
SAFE_INTEGER: Final = 2**53 - 1


def canonical(value: Any) -> bytes:
    """RFC 8785 JSON, so equal arguments hash equally on every worker and in every language.

    Values of only strings, safe integers, booleans and nulls, in objects whose keys sort the
    same by code point as by UTF-16 unit (none from U+E000 on), come out the same from orjson
    with sorted keys, several times faster; anything else (a float, say) goes to rfc8785.
    """
    if _orjson_canonical(value):
        try:
            return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except orjson.JSONEncodeError:  # a lone surrogate: rfc8785 says what is wrong
            pass
    return rfc8785.dumps(value)


def _orjson_canonical(value: Any) -> bool:
    """Whether orjson's sorted output of `value` is its RFC 8785 form."""
    if value is None or isinstance(value, str | bool):
        return True
    if isinstance(value, int):
        return -SAFE_INTEGER <= value <= SAFE_INTEGER
    if isinstance(value, dict):
        return all(
            isinstance(key, str) and (not key or max(key) < "\ue000") and _orjson_canonical(item)
            for key, item in value.items()
        )
    if isinstance(value, list | tuple):
        return all(_orjson_canonical(item) for item in value)
    return False


def position(step: int, attempt: int = 0) -> str:
    """A point in a run: the step, and which attempt at it (a call sent again is a new point)."""
    return str(step) if attempt == 0 else f"{step}/{attempt}"


Arguments = Mapping[str, Any] | bytes
"""Arguments, or their canonical JSON already made (so the id and the token share one)."""


def _sealed(args: Arguments) -> bytes:
    return args if isinstance(args, bytes) else canonical(args)


def pause_id(thread: str, run: str, at: str, tool: str | None, args: Arguments, kind: str) -> str:
    """A pure function of what paused and why, so the same pause has the same id on any worker."""
    head = canonical({"thread": thread, "run": run, "at": at, "tool": tool, "kind": kind})
    return hashlib.sha256(head + b"\n" + _sealed(args)).hexdigest()


def pause_token(secret: bytes, pause: str, tool: str | None, args: Arguments, at: str) -> str:
    """An HMAC over exactly what the person was shown, so an answer approves that and no more."""
    head = canonical({"pause": pause, "tool": tool, "at": at})
    return hmac.new(secret, head + b"\n" + _sealed(args), hashlib.sha256).hexdigest()


def tokens_match(shown: str, given: str) -> bool:
    """Constant-time comparison, so a wrong token reveals nothing about the right one."""
    return hmac.compare_digest(shown.encode(), given.encode())


def idempotency_key(run: str, step: int) -> str:
    """The same key every time a step is sent, so an idempotent tool can drop the repeats."""
    return hashlib.sha256(f"{run}:{step}".encode()).hexdigest()[:32]


def new_id() -> str:
    """A fresh random id (128 bits) for runs, messages, leases and sessions."""
    return secrets.token_hex(16)


def session_handle(session: str) -> str:
    """What names a session to people: a hash, so no listing or record ever shows the secret."""
    return hashlib.sha256(session.encode()).hexdigest()[:HANDLE_LENGTH]
