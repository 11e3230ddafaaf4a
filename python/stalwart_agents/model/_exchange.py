"""What both providers share: the instructions, one HTTP exchange, and checking proposed calls."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Final

import httpx
from babel import Locale

from stalwart_agents._generated.enums import Origin
from stalwart_agents.model._errors import (
    ModelMalformed,
    ModelRateLimited,
    ModelRejected,
    ModelTimeout,
    ModelUnauthorized,
    ModelUnavailable,
    ModelUnknownTool,
    ModelWrongArgument,
)
from stalwart_agents.model._provider import ASK_PERSON, ModelAnswer, Question, Usage
from stalwart_agents.model._schema import ToolSchema
from stalwart_agents.plan import Call, Value
from stalwart_agents.tls import tls

__all__ = [
    "MODEL",
    "calls_from",
    "decode_arguments",
    "get_json",
    "instructions",
    "model_answer",
    "post_json",
    "reaching",
    "refuse",
    "result_text",
]

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
        "no tool, and say in one short sentence, in the person's language, what you can do."
    )


# What OpenAI's error `code` and Anthropic's error `type` call a wrong key: a server that answers
# it with 400 (some OpenAI-compatible ones do) still says the key is the fault.
_NAMES_THE_KEY: Final = frozenset({"invalid_api_key", "authentication_error"})


def _names_the_key(response: httpx.Response) -> bool:
    """The error object says the key was wrong, as OpenAI's `code` or Anthropic's `type`."""
    try:
        error = response.json()["error"]
        named = {error.get("code"), error.get("type")}
    except (ValueError, KeyError, TypeError, AttributeError):
        return False
    return not named.isdisjoint(_NAMES_THE_KEY)


def _detail(response: httpx.Response) -> str:
    try:
        body = response.json()
        message = body["error"]["message"]
    except (ValueError, KeyError, TypeError):
        message = response.text
    text = " ".join(str(message).split())
    return text[:_DETAIL] or response.reason_phrase


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
    with reaching(who, timeout):
        async with httpx.AsyncClient(timeout=httpx.Timeout(timeout), verify=tls()) as client:
            response = await client.request(method, url, headers=dict(headers), json=body)
    refuse(response, who)
    try:
        return response.json()
    except ValueError:
        raise ModelMalformed(f"{who} answered with something other than JSON.") from None


@contextmanager
def reaching(who: str, timeout: float) -> Iterator[None]:
    """httpx's timeouts and failures to connect, as the ModelErrors a reply names.

    Raises:
        ModelTimeout: nothing came within `timeout` seconds.
        ModelUnavailable: the provider could not be reached.
    """
    try:
        yield
    except httpx.TimeoutException:
        raise ModelTimeout(f"{who} did not answer within {timeout:g} s.") from None
    except httpx.TransportError as error:
        raise ModelUnavailable(
            f"{who} could not be reached: {error or type(error).__name__}."
        ) from None


def refuse(response: httpx.Response, who: str) -> None:
    """Raise the ModelError an error status stands for; a success passes.

    Raises:
        ModelError: the status is 400 or more, as the kind of failure it names; a 400 whose
            error object names the key is a refused key.
    """
    status = response.status_code
    if status in (401, 403) or (status == 400 and _names_the_key(response)):
        raise ModelUnauthorized(f"{who} refused the API key ({status}): {_detail(response)}.")
    if status == 429:
        wait = response.headers.get("retry-after")
        after = f" It asks to wait {wait} s." if wait else ""
        raise ModelRateLimited(f"{who} took too many requests (429): {_detail(response)}.{after}")
    if status >= 500:
        raise ModelUnavailable(f"{who} could not answer now ({status}): {_detail(response)}.")
    if status >= 400:
        raise ModelRejected(f"{who} refused the request ({status}): {_detail(response)}.")


def calls_from(
    proposals: Iterable[tuple[object, object]], tools: Sequence[ToolSchema], who: str
) -> list[Call]:
    """Check each proposed (tool, arguments) against the catalogue, and mark every value `model`.

    Raises:
        ModelUnknownTool: a tool the agent does not have.
        ModelWrongArgument: an argument the tool does not take, or a value not of its type.
    """
    catalogue = {tool.name: tool for tool in tools}
    calls: list[Call] = []
    for name, arguments in proposals:
        tool = catalogue.get(name) if isinstance(name, str) else None
        if tool is None:
            raise ModelUnknownTool(
                f"{who} proposed the tool {name!r}, which the agent does not have.", str(name)
            )
        if not isinstance(arguments, dict):
            raise ModelMalformed(f"{who} gave {tool.name} arguments that are not a JSON object.")
        known = tool.parameters.get("properties", {})
        for argument, value in arguments.items():
            if argument not in known:
                raise ModelWrongArgument(
                    f"{who} gave {tool.name} the argument {argument!r}, which it does not take.",
                    tool.name,
                    argument,
                )
            expected = known[argument].get("type")
            if expected == "string" and type(value) is int:
                # A model often writes a number-like id (an order's 4411) as a JSON number.
                arguments = {**arguments, argument: str(value)}
            elif not _fits(value, expected):
                raise ModelWrongArgument(
                    f"{who} gave {tool.name} {argument}={value!r}, not of type {expected}.",
                    tool.name,
                    argument,
                )
        args = {key: Value(value=value, origin=MODEL) for key, value in arguments.items()}
        calls.append(Call(tool=tool.name, args=args))
    return calls


# Each JSON Schema type an argument may have, as the Python types JSON decodes it to.
_JSON_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
}


def _fits(value: object, expected: object) -> bool:
    """The value is of the schema's type; JSON's true is no number, and 2.0 is an integer."""
    if not isinstance(expected, str) or expected not in _JSON_TYPES:
        return True
    if isinstance(value, bool):
        return expected == "boolean"
    if expected == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _JSON_TYPES[expected])


def model_answer(
    proposals: Sequence[tuple[str, object, object]],
    words: str,
    tools: Sequence[ToolSchema],
    answer: Any,
    counts: tuple[str, str],
    who: str,
) -> ModelAnswer:
    """The answer from (call id, tool, arguments) proposals: a question back where the model
    called ask_person, else its checked calls; with the token counts the provider's `usage`
    gives under its own two names."""
    usage = answer.get("usage") if isinstance(answer, dict) else None
    given = usage if isinstance(usage, dict) else {}
    read, wrote = (_count(given.get(name)) for name in counts)
    spent = Usage(input_tokens=read, output_tokens=wrote)
    for ident, name, arguments in proposals:
        if name == ASK_PERSON.name:
            asked = arguments.get("question") if isinstance(arguments, dict) else None
            if not isinstance(asked, str) or not asked.strip():
                raise ModelWrongArgument(
                    f"{who} asked the person a question without its text.", name, "question"
                )
            question = Question(id=ident, text=asked.strip())
            return ModelAnswer(text=words, usage=spent, question=question)
    calls = calls_from([(name, arguments) for _, name, arguments in proposals], tools, who)
    ids = [ident for ident, _, _ in proposals]
    return ModelAnswer(calls=calls, ids=ids, text=words, usage=spent)


def result_text(result: object) -> str:
    """A read's result as the model reads it: JSON text, as both APIs take a tool's result."""
    return json.dumps(result, ensure_ascii=False, default=str)


def _count(value: object) -> int | None:
    """A provider's token count, where it is one: a whole number, never negative."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def decode_arguments(raw: object, tool: object, who: str) -> object:
    """Arguments come as a JSON string (OpenAI's wire format), or as an object from some servers."""
    if isinstance(raw, str):
        try:
            return json.loads(raw) if raw.strip() else {}
        except ValueError:
            raise ModelMalformed(f"{who} gave {tool} arguments that are not valid JSON.") from None
    return raw
