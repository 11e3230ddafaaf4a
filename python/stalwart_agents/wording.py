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
import json
import string
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_currency, format_decimal

from stalwart_agents._generated.enums import Kind
from stalwart_agents._generated.spec import LANGUAGES, REPLIES
from stalwart_agents.check import Action
from stalwart_agents.config import AgentFile, AgentSpec, GroupSpec, Rules, ToolSpec
from stalwart_agents.errors import StalwartError
from stalwart_agents.language import say

__all__ = [
    "BadTemplate",
    "arguments_shown",
    "fill",
    "group_words",
    "humanise",
    "label",
    "labelled",
    "phrase",
    "placeholders",
    "question",
    "reply_sentence",
    "result_shown",
    "shown",
    "template_problems",
    "title",
    "why",
]

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
    argument = tool.arguments.get(name)
    field = tool.result.get(name)
    own = (argument.currency if argument else None) or (field.currency if field else None)
    if own is None and argument is not None and argument.type == "number":
        own = tool.currency
    return None if own == "none" else own


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
        if currency is not None:
            return format_currency(value, currency, locale=_locale(language))
        return format_decimal(value, locale=_locale(language), group_separator=False)
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
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


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
            sentences.append(phrase(language, f"why_{key}", **values))
        else:
            sentences.append(phrase(language, "why_rule", reason=values["reason"]))
    return sentences


def labelled(tool: ToolSpec, result: Any, language: str) -> str:
    """A result as a labelled list, "Charge: ch-4411; Amount: $40.00", for a tool with no reply."""
    if isinstance(result, Mapping):
        return "; ".join(
            f"{label(tool, key, language)}: {_shown_in(tool, key, value, language)}"
            for key, value in result.items()
        )
    if isinstance(result, list):
        return "; ".join(shown(item, language) for item in result)
    return shown(result, language)


def reply_sentence(
    tool: ToolSpec, name: str, args: Mapping[str, Any], result: Any, language: str
) -> str:
    """The reply's sentence for one completed call: the tool's template, else a labelled list."""
    if result is None or result == {} or result == []:
        values: dict[str, Any] = dict(args)
    else:
        values = {**args, **(result if isinstance(result, Mapping) else {})}
    if tool.reply is not None:
        template = say(tool.reply, language)
        if all(key in values for key in placeholders(template)):
            return fill(template, _shown_of(tool, values, language))
    tool_title = title(tool, name, language)
    if result is None or result == {} or result == []:
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
