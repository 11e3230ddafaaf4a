"""The field types of agent.yaml: words, money, durations and expressions, checked at load."""

from __future__ import annotations

import re
from typing import Annotated, Any, Final

from babel.numbers import get_currency_name
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from stalwart_agents._generated.spec import LANGUAGES
from stalwart_agents.rules import (
    CHECK_NAMES,
    COMPUTE_NAMES,
    FACTS_NAMES,
    Expression,
    ExpressionError,
)

__all__ = [
    "CheckExpression",
    "ComputeExpression",
    "Currency",
    "FactsExpression",
    "Seconds",
    "Strict",
    "Words",
]

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")
_UNIT_SECONDS: Final = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def _known_languages(words: str | dict[str, str]) -> str | dict[str, str]:
    if isinstance(words, dict):
        if not words:
            raise ValueError(f"give the text in at least one language: {', '.join(LANGUAGES)}.")
        unknown = [tag for tag in words if tag not in LANGUAGES]
        if unknown:
            raise ValueError(
                f"{unknown[0]!r} is not a language; languages are {', '.join(LANGUAGES)}."
            )
    return words


# Text a person reads: one string for every language, or one per language (`en:`, `pt-BR:`).
Words = Annotated[str | dict[str, str], AfterValidator(_known_languages)]


def _currency(code: str | None) -> str | None:
    """An ISO 4217 code Babel knows (upper case), or `none`: a number that is not money."""
    if code is None or code == "none":
        return code
    if not (len(code) == 3 and code.isalpha() and code.isupper()):
        raise ValueError(f"{code!r} must be an ISO 4217 currency code in capitals, as USD or BRL.")
    if get_currency_name(code, locale="en") == code:
        raise ValueError(f"{code!r} is not a currency Babel knows; write one such as USD or BRL.")
    return code


Currency = Annotated[str | None, AfterValidator(_currency)]


def _expression(names: tuple[str, ...]) -> Any:
    def compile_it(value: Any) -> Expression:
        if isinstance(value, Expression):
            return value
        try:
            return Expression(value, names)
        except ExpressionError as error:
            raise ValueError(str(error)) from None

    return BeforeValidator(compile_it)


def _seconds(value: Any) -> Any:
    """A duration as seconds: a number, or one with a unit (`90s`, `30m`, `24h`, `2d`)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    match = _DURATION.match(value) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"{value!r} is not a duration; write one as 90s, 30m, 24h or 2d.")
    return float(match[1]) * _UNIT_SECONDS[match[2]]


Seconds = Annotated[float, BeforeValidator(_seconds), Field(gt=0)]
"""A duration from agent.yaml, in seconds."""

CheckExpression = Annotated[Expression, _expression(CHECK_NAMES)]
ComputeExpression = Annotated[Expression, _expression(COMPUTE_NAMES)]
FactsExpression = Annotated[Expression, _expression(FACTS_NAMES)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)
