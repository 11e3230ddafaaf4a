"""A streamed answer: the provider's server-sent events, put back together as its whole answer.

With `stream: true` both APIs send the answer in pieces as it is written, so a slow model (a
local server on a small machine) never leaves the connection idle for the whole timeout. The
pieces are assembled into the shape the non-streaming answer has, so reading it is one path.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import httpx
from httpx_sse import SSEError, aconnect_sse

from stalwart_agents.model._errors import (
    ModelError,
    ModelMalformed,
    ModelRateLimited,
    ModelUnauthorized,
    ModelUnavailable,
)
from stalwart_agents.model._exchange import reaching, refuse
from stalwart_agents.tls import tls

__all__ = ["anthropic_whole", "openai_whole", "post_events"]

Event = tuple[str, Any]


async def post_events(
    url: str, headers: Mapping[str, str], body: Mapping[str, Any], timeout: float, who: str
) -> list[Event]:
    """POST a JSON body that asks for a stream, and return its events, read to the end, as
    (event name, JSON data); OpenAI's closing `[DONE]` is the event `done`.

    The timeout bounds each wait for the next piece, not the whole answer.

    Raises:
        ModelError: the provider failed, or sent something other than JSON events.
    """
    events: list[Event] = []
    with reaching(who, timeout):
        async with (
            httpx.AsyncClient(timeout=httpx.Timeout(timeout), verify=tls()) as client,
            aconnect_sse(client, "POST", url, headers=dict(headers), json=body) as source,
        ):
            if source.response.status_code >= 400:
                await source.response.aread()
                refuse(source.response, who)
            try:
                async for event in source.aiter_sse():
                    if event.data.startswith("[DONE]"):
                        events.append(("done", None))
                        break
                    events.append((event.event, _decoded(event.data, who)))
            except SSEError:
                raise ModelMalformed(
                    f"{who} answered with something other than a stream of events."
                ) from None
    return events


def _decoded(data: str, who: str) -> Any:
    """One event's data, which both APIs send as JSON."""
    try:
        return json.loads(data)
    except ValueError:
        raise ModelMalformed(f"{who} streamed an event that is not JSON.") from None


def _failed(data: Any, who: str) -> ModelError:
    """The error an `error` event reports, as the kind of failure its type names."""
    error = data.get("error") if isinstance(data, dict) else None
    given = error if isinstance(error, dict) else {}
    kind = str(given.get("type") or given.get("code") or "")
    words = " ".join(str(given.get("message") or kind or "no reason given").split())
    said = f"{who} stopped its answer with an error: {words}."
    if "rate_limit" in kind:
        return ModelRateLimited(said)
    if kind in ("authentication_error", "permission_error", "invalid_api_key"):
        return ModelUnauthorized(said)
    return ModelUnavailable(said)


def openai_whole(events: list[Event], who: str) -> dict[str, Any]:
    """A `chat.completion` from `chat.completion.chunk`s: content deltas joined, each tool
    call's id, name and argument fragments joined by its index, usage from the last chunk
    (`choices` empty there, or null from some local servers).

    Raises:
        ModelError: an error event, a chunk not in the shape, or a stream cut before `[DONE]`.
    """
    content: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    usage: Any = None
    for name, data in events:
        if name == "done":
            message: dict[str, Any] = {"role": "assistant", "content": "".join(content)}
            message["tool_calls"] = [calls[index] for index in sorted(calls)]
            return {"choices": [{"message": message}], "usage": usage}
        if name == "error" or (isinstance(data, dict) and data.get("error")):
            raise _failed(data, who)
        try:
            usage = data.get("usage") or usage
            for choice in data.get("choices") or []:
                delta = choice["delta"]
                content.append(delta.get("content") or "")
                for piece in delta.get("tool_calls") or []:
                    call = calls.setdefault(
                        int(piece["index"]), {"id": "", "function": {"name": "", "arguments": ""}}
                    )
                    call["id"] = piece.get("id") or call["id"]
                    function = piece.get("function") or {}
                    call["function"]["name"] += function.get("name") or ""
                    call["function"]["arguments"] += function.get("arguments") or ""
        except (KeyError, TypeError, AttributeError, ValueError):
            raise ModelMalformed(
                f"{who} streamed a chunk not in the chat.completion.chunk shape."
            ) from None
    raise ModelMalformed(f"{who} stopped streaming before its answer's end.")


def anthropic_whole(events: list[Event], who: str) -> dict[str, Any]:
    """A `message` from its events: each content block from its start and its `text_delta`s or
    `input_json_delta`s, input tokens from `message_start`, output tokens from `message_delta`.

    Raises:
        ModelError: an error event, an event not in the shape, or a stream cut before
            `message_stop`.
    """
    blocks: dict[int, dict[str, Any]] = {}
    inputs: dict[int, str] = {}
    usage: dict[str, Any] = {}
    for name, data in events:
        if name == "error" or (isinstance(data, dict) and data.get("type") == "error"):
            raise _failed(data, who)
        try:
            kind = data["type"]
            if kind == "message_start":
                usage.update(data["message"].get("usage") or {})
            elif kind == "content_block_start":
                blocks[int(data["index"])] = dict(data["content_block"])
            elif kind == "content_block_delta":
                index, delta = int(data["index"]), data["delta"]
                if delta["type"] == "text_delta":
                    blocks[index]["text"] = blocks[index].get("text", "") + delta["text"]
                elif delta["type"] == "input_json_delta":
                    inputs[index] = inputs.get(index, "") + delta["partial_json"]
            elif kind == "message_delta":
                usage.update(data.get("usage") or {})
            elif kind == "message_stop":
                return {"content": _with_inputs(blocks, inputs, who), "usage": usage}
        except (KeyError, TypeError, AttributeError, ValueError):
            raise ModelMalformed(f"{who} streamed an event not in the messages shape.") from None
    raise ModelMalformed(f"{who} stopped streaming before its answer's end.")


def _with_inputs(blocks: dict[int, dict[str, Any]], inputs: dict[int, str], who: str) -> list[Any]:
    """The blocks in order, each `tool_use` with the input its JSON fragments make."""
    for index, text in inputs.items():
        try:
            blocks[index]["input"] = json.loads(text) if text.strip() else {}
        except ValueError:
            raise ModelMalformed(
                f"{who} gave {blocks[index].get('name')} arguments that are not valid JSON."
            ) from None
    return [blocks[index] for index in sorted(blocks)]
