"""The fake provider's streamed answers: each API's server-sent events, as the real ones send them.

OpenAI (`stream: true`): `data:` lines of `chat.completion.chunk`s, the first delta carrying the
role, content in pieces, each tool call's `index`, `id`, `type` and `function.name` in its first
delta and its `arguments` in fragments after, a chunk with the `finish_reason`; with
`stream_options.include_usage`, `"usage": null` on every chunk and a last chunk with empty
`choices` and the `usage`; then `data: [DONE]`. An error mid-stream is a `data:` line of an
error object.
Anthropic: named events `message_start` (the message, empty content, input usage),
`content_block_start` (`text` with empty text, `tool_use` with empty input), `ping`,
`content_block_delta` (`text_delta`, `input_json_delta` with `partial_json`),
`content_block_stop`, `message_delta` (`stop_reason`, output usage), `message_stop`; an error
mid-stream is `event: error` with the error object.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

__all__ = ["anthropic_events", "openai_events", "pieces"]


def pieces(text: str, size: int = 7) -> list[str]:
    """Text cut into fragments, as a model's tokens arrive."""
    return [text[start : start + size] for start in range(0, len(text), size)]


def _arguments(arguments: Any) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def openai_events(
    model: str,
    text: str,
    calls: tuple[tuple[str, Any], ...],
    usage: dict[str, int] | None,
    error: dict[str, Any] | None = None,
) -> Iterator[str]:
    """The `data:` lines of a streamed chat completion; `usage` None leaves out its chunk, and
    an `error` object stops the stream with it after the first piece."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        body = {
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": 1_765_000_000,
            "model": model,
            "choices": [choice],
        }
        if usage is not None:
            body["usage"] = None
        return f"data: {json.dumps(body)}\n\n"

    yield chunk({"role": "assistant", "content": "", "refusal": None})
    if error is not None:
        yield f"data: {json.dumps({'error': error})}\n\n"
        return
    for piece in pieces(text):
        yield chunk({"content": piece})
    for index, (name, arguments) in enumerate(calls):
        start = {"index": index, "id": f"call_{index}", "type": "function"}
        yield chunk({"tool_calls": [start | {"function": {"name": name, "arguments": ""}}]})
        for fragment in pieces(_arguments(arguments)):
            yield chunk({"tool_calls": [{"index": index, "function": {"arguments": fragment}}]})
    yield chunk({}, "tool_calls" if calls else "stop")
    if usage is not None:
        last = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "model": model}
        yield f"data: {json.dumps(last | {'choices': [], 'usage': usage})}\n\n"
    yield "data: [DONE]\n\n"


def anthropic_events(
    model: str,
    text: str,
    calls: tuple[tuple[str, Any], ...],
    usage: dict[str, int],
    error: dict[str, Any] | None = None,
) -> Iterator[str]:
    """The named events of a streamed message; an `error` object stops it after the start."""

    def event(name: str, data: dict[str, Any]) -> str:
        return f"event: {name}\ndata: {json.dumps({'type': name} | data)}\n\n"

    message = {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": usage["input_tokens"], "output_tokens": 1},
    }
    yield event("message_start", {"message": message})
    if error is not None:
        yield event("error", {"error": error})
        return
    yield event("ping", {})
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    if text:
        deltas = [{"type": "text_delta", "text": piece} for piece in pieces(text)]
        blocks.append(({"type": "text", "text": ""}, deltas))
    for index, (name, arguments) in enumerate(calls):
        start = {"type": "tool_use", "id": f"toolu_{index}", "name": name, "input": {}}
        fragments = pieces(_arguments(arguments))
        blocks.append((start, [{"type": "input_json_delta", "partial_json": f} for f in fragments]))
    for index, (start, deltas) in enumerate(blocks):
        yield event("content_block_start", {"index": index, "content_block": start})
        for delta in deltas:
            yield event("content_block_delta", {"index": index, "delta": delta})
        yield event("content_block_stop", {"index": index})
    stop = {"stop_reason": "tool_use" if calls else "end_turn", "stop_sequence": None}
    yield event(
        "message_delta", {"delta": stop, "usage": {"output_tokens": usage["output_tokens"]}}
    )
    yield event("message_stop", {})
