"""What a person reads of a tool, in the run's language: titles, labels, values, questions, replies.

agent.yaml gives each tool's words (`title`, `question`, `reply`, each argument's `label`,
each result key's `label` and `values`); where it gives none, the words are made from the
names, so a tool without any still reads as "Charge card?" and never as `charge_card: k: v`.
Money is a number with a currency (`currency:` on the argument, the result key or the tool),
written as the locale writes it through Babel: `$40.00` in en, `US$ 40,00` in pt-BR.
"""

from __future__ import annotations

import datetime as dt
import functools
import string
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal, InvalidOperation, localcontext
from typing import Any, Final

from babel import Locale
from babel.dates import format_date, format_time
from babel.numbers import (
    format_compact_decimal,
    format_currency,
    format_decimal,
    format_scientific,
)

from stalwart_agents._generated.enums import Kind
from stalwart_agents._generated.spec import LANGUAGES, REPLIES
from stalwart_agents.check import Action
from stalwart_agents.config import AgentFile, AgentSpec, GroupSpec, Rules, ToolSpec
from stalwart_agents.errors import StalwartError
from stalwart_agents.ids import SAFE_INTEGER
from stalwart_agents.language import say
from stalwart_agents.tools import OutOfRange

__all__ = [
    "BadTemplate",
    "arguments_shown",
    "call_words",
    "fill",
    "group_words",
    "humanise",
    "label",
    "labelled",
    "phrase",
    "placeholders",
    "question",
    "reply_sentence",
    "result_items",
    "result_shown",
    "shown",
    "template_problems",
    "title",
    "value_problem",
    "why",
]

# Integer digits past which a number is written in scientific notation: no amount of money has
# them, and the digits of a float that large are not the ones the person meant.
_EXACT_DIGITS: Final = 30
# What a value reads as where it is missing from a question (an optional argument left out).
_MISSING: Final = "—"
# The check's own reasons (DESIGN: The check), each worded by spec/strings.yaml's why_<reason>.
_BUILT_IN: Final = ("write", "argument_origin", "tainted_call")
# The placeholder each built-in reason's sentence may name: none for write.
_REASON_VALUES: Final = {"argument_origin": ["argument"], "tainted_call": ["tool"]}


class BadTemplate(StalwartError, ValueError):
    """A template that is not `{name}` placeholders in text; the message says what is wrong."""


def phrase(language: str, key: str, **values: Any) -> str:
    """One of the server's sentences (spec/strings.yaml, replies:) in the run's language."""
    table = REPLIES.get(language, REPLIES[LANGUAGES[0]])
    return table[key].format(**values)


def humanise(name: str) -> str:
    """A name as words, for where agent.yaml gives none: `charge_card` reads `Charge card`."""
    words = name.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else name


def placeholders(template: str) -> list[str]:
    """The names a template's `{name}` placeholders use; BadTemplate for anything else."""
    names: list[str] = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as error:
        raise BadTemplate(f"{error}; write {{{{ and }}}} for a brace itself.") from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise BadTemplate(f"{{{name}}} is not a placeholder: write a name, as {{amount}}.")
        names.append(name)
    return names


def fill(template: str, values: Mapping[str, str]) -> str:
    """A template with each placeholder replaced by its value as a person reads it."""
    return "".join(
        text + (values.get(name, _MISSING) if name is not None else "")
        for text, name, _, _ in string.Formatter().parse(template)
    )


def title(tool: ToolSpec | None, name: str, language: str) -> str:
    """A tool's name as a person reads it: its `title`, else its name in words."""
    if tool is not None and tool.title is not None:
        return say(tool.title, language)
    return humanise(name)


def group_words(agent: AgentSpec, name: str, language: str) -> tuple[str, str | None]:
    """A group's heading and description in the language; the heading defaults to its name."""
    given = agent.groups.get(name)
    if isinstance(given, GroupSpec):
        heading = say(given.label, language) if given.label is not None else humanise(name)
        return heading, say(given.description, language) or None
    return humanise(name), say(given, language) if given is not None else None


def label(tool: ToolSpec, name: str, language: str) -> str:
    """An argument's or result key's name as a person reads it: its `label`, else in words."""
    argument = tool.arguments.get(name)
    field = tool.result.get(name)
    for spec in (argument, field):
        if spec is not None and spec.label is not None:
            return say(spec.label, language)
    return humanise(name)


def _currency(tool: ToolSpec, name: str) -> str | None:
    """The currency a value is money in: its argument's or result key's, else the tool's."""
    return tool.money(name)


@functools.cache
def _locale(language: str) -> Locale:
    """Parsed once per language: every value shown in a reply needs it."""
    return Locale.parse(language, sep="-")


def shown(value: Any, language: str, currency: str | None = None, *, date: bool = False) -> str:
    """A value as a person reads it in the language: money, numbers, dates, yes and no.

    A string is read as a date only for an argument typed `date`: an id that looks like one
    stays as it is.
    """
    if isinstance(value, str) and currency is not None:
        try:
            return shown(Decimal(value.strip()), language, currency)
        except InvalidOperation:
            return value
    if isinstance(value, bool):
        return phrase(language, "yes" if value else "no")
    if isinstance(value, int | float | Decimal):
        return _number_shown(value, language, currency)
    if isinstance(value, str) and date:
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            return value
        return format_date(day, format="medium", locale=_locale(language))
    if isinstance(value, str):
        return value
    if value is None:
        return _MISSING
    return _in_words(value, language)


def _in_words(value: Any, language: str) -> str:
    """A nested value told in words, never as raw data: "Spam: no", "urgent, billing"."""
    if not value:
        return _MISSING
    if isinstance(value, Mapping):
        return "; ".join(
            f"{humanise(str(key))}: {shown(item, language)}" for key, item in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(shown(item, language) for item in value)
    return str(value)


def _moment(value: str, language: str) -> str | None:
    """An ISO 8601 date and time from a result, as the language writes one; None for other text."""
    if "T" not in value:
        return None
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        return None
    locale = _locale(language)
    return f"{format_date(moment, 'medium', locale)} {format_time(moment, 'short', locale=locale)}"


def _number_shown(value: float | Decimal, language: str, currency: str | None) -> str:
    """A number as the locale writes it, as money where it has a currency; never raises."""
    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    if number.is_snan():
        number = Decimal("NaN")
    return _decimal_shown(number, str(number), language, currency)


@functools.lru_cache(maxsize=4096)
def _decimal_shown(number: Decimal, written: str, language: str, currency: str | None) -> str:
    """Formatted once per written form: every card and reply shows the same amounts again.

    Babel rounds under the decimal context, whose 28 digits a 30-digit amount overflows; past
    _EXACT_DIGITS integer digits, the number is written in scientific notation instead.
    """
    locale = _locale(language)
    if number.is_finite() and number.adjusted() >= _EXACT_DIGITS:
        scientific = format_scientific(number, locale=locale)
        return scientific if currency is None else f"{scientific} {currency}"
    with localcontext() as context:
        context.prec = _EXACT_DIGITS + 10
        if currency is not None:
            return format_currency(number, currency, locale=locale)
        return format_decimal(number, locale=locale, group_separator=False)


def value_problem(kind: str, value: Any, error: ValueError, language: str) -> str:
    """What is wrong with a value given for an argument of `kind`, in the language."""
    if isinstance(error, OutOfRange):
        low, high = (
            format_compact_decimal(bound, format_type="long", locale=_locale(language))
            for bound in (-SAFE_INTEGER, SAFE_INTEGER)
        )
        return phrase(language, "out_of_range", value=repr(value), low=low, high=high)
    return phrase(language, f"not_{kind}", value=repr(value))


def _shown_in(tool: ToolSpec, name: str, value: Any, language: str) -> str:
    """A value of one of the tool's arguments or result keys, with its words where it has some."""
    field = tool.result.get(name)
    words = field.values.get(str(value)) if field is not None else None
    if words is not None:
        return say(words, language)
    argument = tool.arguments.get(name)
    is_date = argument is not None and argument.type == "date"
    return shown(value, language, _currency(tool, name), date=is_date)


def _shown_of(tool: ToolSpec, values: Mapping[str, Any], language: str) -> dict[str, str]:
    return {name: _shown_in(tool, name, value, language) for name, value in values.items()}


def arguments_shown(
    tool: ToolSpec | None, arguments: Iterable[Mapping[str, Any]], language: str
) -> list[dict[str, Any]]:
    """Arguments as the interface lists them, each with its label and its value as shown."""
    spec = tool if tool is not None else ToolSpec(function="none:none")
    return [
        {
            **argument,
            "label": label(spec, argument["name"], language),
            "shown": _shown_in(spec, argument["name"], argument["value"], language),
        }
        for argument in arguments
    ]


def result_shown(tool: ToolSpec, result: Mapping[str, Any], language: str) -> list[dict[str, Any]]:
    """The result keys its tool labels (`result:`), in that order, each as a person reads it."""
    return [
        {
            "name": key,
            "label": label(tool, key, language),
            "value": result[key],
            "shown": _shown_in(tool, key, result[key], language),
        }
        for key in tool.result
        if key in result
    ]


def question(tool: ToolSpec, name: str, values: Mapping[str, Any], language: str) -> str:
    """What a confirmation asks, with the values as shown: "Charge $40.00 to order 4411?"."""
    if tool.question is None:
        return phrase(language, Kind.CONFIRM, tool=title(tool, name, language))
    return fill(say(tool.question, language), _shown_of(tool, values, language))


def call_words(tool: ToolSpec | None, name: str, values: Mapping[str, Any], language: str) -> str:
    """A call as a title names it, with its values: "Cancel order 7013", its question told."""
    if tool is None or tool.question is None:
        return title(tool, name, language)
    return question(tool, name, values, language).rstrip().removesuffix("?").rstrip()


def _reason_sentence(
    reason: str, agent: AgentSpec | None, rules: Rules | None, language: str
) -> tuple[str | None, str]:
    """The reason's own sentence where the agent or its rule gives one, and its key."""
    key = reason.partition(":")[0].strip()
    own = agent.reasons.get(key) if agent is not None else None
    if own is None and rules is not None:
        rule = next((rule for rule in rules.confirm if rule.reason == key), None)
        own = rule.sentence if rule is not None else None
    return (say(own, language) if own is not None else None), key


def _built_in(
    key: str,
    tool: ToolSpec | None,
    source: ToolSpec | None,
    values: Mapping[str, str],
    language: str,
) -> str:
    """A check's own reason in words; where an MCP server's hint is behind it, naming the hint."""
    hints = tool.hints if tool is not None else None
    if key == "write" and hints is not None and (hints.irreversible or hints.write):
        said = "why_write_not_undoable" if hints.irreversible else "why_write_hint"
        return phrase(language, said, server=hints.server)
    read = source.hints if source is not None else None
    if key == "tainted_call" and read is not None and read.untrusted:
        return phrase(language, "why_tainted_call_hint", tool=values["tool"], server=read.server)
    return phrase(language, f"why_{key}", **values)


def why(
    reasons: Iterable[str],
    tool: ToolSpec | None,
    tools: Mapping[str, ToolSpec],
    language: str,
    agent: AgentSpec | None = None,
    rules: Rules | None = None,
) -> list[str]:
    """Each reason as a sentence in the language, in the reasons' order."""
    sentences = []
    for reason in reasons:
        own, key = _reason_sentence(reason, agent, rules, language)
        detail = reason.partition(":")[2].strip()
        source = detail.removeprefix("untrusted:")
        values = {
            "argument": label(tool, detail, language) if tool else humanise(detail),
            "tool": title(tools.get(source), source, language),
            "reason": humanise(key).lower(),
        }
        if own is not None:
            sentences.append(fill(own, values))
        elif key in _BUILT_IN:
            sentences.append(_built_in(key, tool, tools.get(source), values, language))
        else:
            sentences.append(phrase(language, "why_rule", reason=values["reason"]))
    return sentences


def _result_value(tool: ToolSpec, name: str, value: Any, language: str) -> str:
    """A result's value: its words, money, a date and time, or a nested value in words."""
    field = tool.result.get(name)
    has_words = field is not None and str(value) in field.values
    if isinstance(value, str) and not has_words and _currency(tool, name) is None:
        moment = _moment(value, language)
        if moment is not None:
            return moment
    return _shown_in(tool, name, value, language)


def _rows(tool: ToolSpec, item: Any, language: str) -> list[dict[str, str]]:
    if isinstance(item, Mapping):
        return [
            {
                "name": str(key),
                "label": label(tool, str(key), language),
                "shown": _result_value(tool, str(key), value, language),
            }
            for key, value in item.items()
        ]
    return [{"name": "", "label": "", "shown": shown(item, language)}]


def _templated(tool: ToolSpec, args: Mapping[str, Any], result: Any, language: str) -> str | None:
    """The tool's `reply:` filled, where it names only what the call and its result give."""
    if tool.reply is None:
        return None
    values = {**args, **(result if isinstance(result, Mapping) else {})}
    template = say(tool.reply, language)
    if all(key in values for key in placeholders(template)):
        return fill(template, _shown_of(tool, values, language))
    return None


def _listed(result: Any) -> list[Any]:
    return result if isinstance(result, list) else [result]


def _empty(result: Any) -> bool:
    return result is None or result == {} or result == []


def result_items(
    tool: ToolSpec, args: Mapping[str, Any], result: Any, language: str
) -> list[list[dict[str, str]]]:
    """What a reply shows as tables of labelled values: none where the tool's reply tells it."""
    if _empty(result) or _templated(tool, args, result, language) is not None:
        return []
    return [_rows(tool, item, language) for item in _listed(result)]


def labelled(tool: ToolSpec, result: Any, language: str) -> str:
    """A result as a labelled list, "Charge: ch-4411; Amount: $40.00", each item of a list apart."""
    return " / ".join(
        "; ".join(
            f"{row['label']}: {row['shown']}" if row["label"] else row["shown"] for row in rows
        )
        for rows in [_rows(tool, item, language) for item in _listed(result)]
    )


def reply_sentence(
    tool: ToolSpec, name: str, args: Mapping[str, Any], result: Any, language: str
) -> str:
    """The reply's sentence for one completed call: the tool's template, else a labelled list."""
    own = _templated(tool, args, {} if _empty(result) else result, language)
    if own is not None:
        return own
    tool_title = title(tool, name, language)
    if _empty(result):
        return phrase(language, "done", tool=tool_title)
    return phrase(language, "result", tool=tool_title, result=labelled(tool, result, language))


Problem = tuple[tuple[str | int, ...], str, str]
"""Where in the agent file (a key path), what is wrong, and the fix."""


def _template_problems(
    where: tuple[str | int, ...], words: str | Mapping[str, str], known: list[str], whose: str
) -> Iterator[Problem]:
    """Each language's template of one key, checked against the placeholders it may name."""
    given = {None: words} if isinstance(words, str) else dict(words)
    offer = f"name one of {', '.join(known)}" if known else "take the braces out"
    for language, template in given.items():
        at = where if language is None else (*where, language)
        try:
            names = placeholders(template)
        except BadTemplate as error:
            yield at, str(error), f"{offer}, in braces."
            continue
        for name in names:
            if name not in known:
                yield at, f"{{{name}}} names no {whose}.", f"{offer}."


def template_problems(spec: AgentFile) -> Iterator[Problem]:
    """Every template of the file whose placeholders name nothing it can fill, with the fix."""
    for name, tool in spec.tools.items():
        arguments = list(tool.arguments)
        if tool.question is not None:
            yield from _template_problems(
                ("tools", name, "question"), tool.question, arguments, f"argument of {name}"
            )
        if tool.reply is not None:
            known = [*arguments, *(key for key in tool.result if key not in arguments)]
            whose = f"argument of {name} or key under its result:"
            yield from _template_problems(("tools", name, "reply"), tool.reply, known, whose)
    rules = [rule.reason for rule in spec.rules.confirm]
    for index, rule in enumerate(spec.rules.confirm):
        if rule.sentence is not None:
            yield from _template_problems(
                ("rules", Action.CONFIRM, index, "sentence"), rule.sentence, [], "value"
            )
    for index, agent in enumerate(spec.agents):
        for reason, sentence in agent.reasons.items():
            where: tuple[str | int, ...] = ("agents", index, "reasons", reason)
            if reason not in (*_BUILT_IN, *rules):
                yield (
                    where,
                    f"{reason!r} is no reason a pause gives.",
                    f"name one of {', '.join((*_BUILT_IN, *rules))}.",
                )
                continue
            known = _REASON_VALUES.get(reason, [])
            yield from _template_problems(where, sentence, known, f"value of {reason}")
