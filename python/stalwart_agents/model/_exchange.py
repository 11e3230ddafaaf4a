"""What both providers share: the instructions, one HTTP exchange, and checking proposed calls."""

from __future__ import annotations

import json
import ssl
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Final

import httpx
from babel import Locale

from stalwart_agents._generated.enums import Origin
from stalwart_agents.model._errors import (
    ModelMalformed,
    ModelRejected,
    ModelTimeout,
    ModelUnauthorized,
    ModelUnavailable,
)
from stalwart_agents.model._schema import ToolSchema
from stalwart_agents.plan import Call, Value

__all__ = ["MODEL", "calls_from", "get_json", "instructions", "post_json"]

# Whatever the model proposes, the model wrote; the check asks a person about it.
MODEL: Final = Origin.MODEL

# How much of a provider's error text a message repeats.
_DETAIL: Final = 300


def instructions(language: str) -> str:
    """The system prompt: call the listed tools in order, with only what the person wrote."""
    name = Locale.parse(language.replace("-", "_")).get_display_name("en")
    return (
        f"A person wrote the request below, in {name}. Answer only by calling the tools given, "
        "one call per action, in the order the request asks for them. Use only values the "
        "person wrote; leave out an argument the request does not give. If no tool fits, call "
        "no tool."
    )


def _detail(response: httpx.Response) -> str:
    try:
        body = response.json()
        message = body["error"]["message"]
    except (ValueError, KeyError, TypeError):
        message = response.text
    text = " ".join(str(message).split())
    return text[:_DETAIL] or response.reason_phrase


@cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every request: loading the CA bundle costs a fifth of a second."""
    return httpx.create_ssl_context()


async def post_json(
    url: str, headers: Mapping[str, str], body: Mapping[str, Any], timeout: float, who: str
) -> Any:
    """POST a JSON body and return the JSON answer, turning every failure into a ModelError.

    Args:
        who: the provider as messages name it ("the Anthropic API at https://…").
    """
    return await _exchange("POST", url, headers, body, timeout, who)


async def get_json(url: str, headers: Mapping[str, str], timeout: float, who: str) -> Any:
    """GET and return the JSON answer, every failure a ModelError, as post_json does."""
    return await _exchange("GET", url, headers, None, timeout, who)


async def _exchange(
    method: str,
    url: str,
    headers: Mapping[str, str],
    body: Mapping[str, Any] | None,
    timeout: float,
    who: str,
) -> Any:
    try:
        async with httpx.AsyncClient(timeout=httpx.Timeout(timeout), verify=_tls()) as client:
            response = await client.request(method, url, headers=dict(headers), json=body)
    except httpx.TimeoutException:
        raise ModelTimeout(f"{who} did not answer within {timeout:g} s.") from None
    except httpx.TransportError as error:
        raise ModelUnavailable(
            f"{who} could not be reached: {error or type(error).__name__}."
        ) from None
    status = response.status_code
    if status in (401, 403):
        raise ModelUnauthorized(f"{who} refused the API key ({status}): {_detail(response)}.")
    if status == 429 or status >= 500:
        raise ModelUnavailable(f"{who} could not answer now ({status}): {_detail(response)}.")
    if status >= 400:
        raise ModelRejected(f"{who} refused the request ({status}): {_detail(response)}.")
    try:
        return response.json()
    except ValueError:
        raise ModelMalformed(f"{who} answered with something other than JSON.") from None


def calls_from(
    proposals: Iterable[tuple[object, object]], tools: Sequence[ToolSchema], who: str
) -> list[Call]:
    """Check each proposed (tool, arguments) against the catalogue, and mark every value `model`."""
    catalogue = {tool.name: tool for tool in tools}
    calls: list[Call] = []
    for name, arguments in proposals:
        tool = catalogue.get(name) if isinstance(name, str) else None
        if tool is None:
            raise ModelMalformed(
                f"{who} proposed the tool {name!r}, which the agent does not have."
            )
        if not isinstance(arguments, dict):
            raise ModelMalformed(f"{who} gave {tool.name} arguments that are not a JSON object.")
        known = tool.parameters.get("properties", {})
        for argument in arguments:
            if argument not in known:
                raise ModelMalformed(
                    f"{who} gave {tool.name} the argument {argument!r}, which it does not take."
                )
        args = {key: Value(value=value, origin=MODEL) for key, value in arguments.items()}
        calls.append(Call(tool=tool.name, args=args))
    return calls


def decode_arguments(raw: object, tool: object, who: str) -> object:
    """Arguments come as a JSON string (OpenAI's wire format), or as an object from some servers."""
    if isinstance(raw, str):
        try:
            return json.loads(raw) if raw.strip() else {}
        except ValueError:
            raise ModelMalformed(f"{who} gave {tool} arguments that are not valid JSON.") from None
    return raw
