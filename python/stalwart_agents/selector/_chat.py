"""Chat around a request: clauses a reader may step past when the turn reads no other way.

"Morning! Quick one - is order 7760 paid?" holds a request after two clauses of greeting. Such a
clause is chat when it names no tool (no word few tools' phrases require, as typed or one typo
off), holds no number (in digits or words), no address, no field's label after a comma
(", cc:"), no negation, and no word that makes it a supposition or another's words ("if",
"said", "se", "disse"). The reader then reads the turn again with those clauses as it reads marks
between calls: skipped, and counted as skipped. A short clause that exclaims ("ugh what a day",
"gente que calor") is chat though its "what" or "que" asks elsewhere, and a word that parts
clauses may open the turn ("anyway refund ch-2035 $27").
"""

from __future__ import annotations

import dataclasses
from typing import Final

from stalwart_agents.selector._durations import durations
from stalwart_agents.selector._numbers import read_number
from stalwart_agents.selector._slots import closing_quote
from stalwart_agents.selector._text import FINAL_MARKS, Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = [
    "clauses",
    "closer_size",
    "closing",
    "conjunctions",
    "hedged",
    "names_a_tool",
    "past_chat",
]

# A word names a tool in chat when it is this long at least: "was" and "é" are chat's words too.
_NAMING: Final = 4
# A clause that exclaims is this short at most: "gente que calor hoje".
_EXCLAIMED: Final = 4
# The words a verb of writing may take before the colon of what it quotes ("wrote to us:").
_QUOTING: Final = 3
# The word that opens what a report tells in the teller's words ("said that", "falou que").
_THAT: Final = {"en": "that", "pt-BR": "que"}
# The fewest words such a report tells before the comma that ends it.
_TOLD_WORDS: Final = 2


def conjunctions(turn: TokenizedTurn) -> list[int]:
    """Where a word parts two clauses as a mark does: "no rush but cancel it", "sem pressa mas
    cancela"."""
    words = turn.profile.conjunctions
    return [at for at, norm in enumerate(turn.norms) if norm in words]


def clauses(turn: TokenizedTurn) -> list[range]:
    """The stretches of the turn between its marks and conjunctions."""
    clauses: list[range] = []
    start = 0
    parting = set(conjunctions(turn))
    for at, token in enumerate(turn.tokens):
        if token.kind is Kind.BREAK or at in parting:
            if at > start:
                clauses.append(range(start, at))
            start = at + 1
    if start < len(turn.tokens):
        clauses.append(range(start, len(turn.tokens)))
    return clauses


def names_a_tool(turn: TokenizedTurn, at: int, telling: frozenset[str]) -> bool:
    """Whether the word at `at` names a tool: a telling word, as typed or one typo off, of
    `_NAMING` letters or more."""
    norm = turn.norms[at]
    return len(norm) >= _NAMING and bool(norm in telling or turn.corrections[at] & telling)


def hedged(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` supposes or reports: a word of report in a sentence that ends
    with a full stop before another begins tells a story that is over ("she said the vase was
    chipped. refund 29.99 on ch-4315"), never "she said: cancel 4411"; a verb of writing
    reports only the words it quotes ("she wrote: reopen 4411")."""
    norm = turn.norms[at]
    if norm in turn.profile.writing:
        return _quotes(turn, at) and not _told(turn, at)
    if norm not in turn.profile.hedges or _indirect(turn, at):
        return False
    return norm not in turn.profile.reports or not _told(turn, at)


def _indirect(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` is a report in the teller's own words, or its "that", over at a
    comma before more words and naming no value ("falou que quer o pedido dele de volta, reabre
    o 4718"): what was said ends there; "she said, cancel 4411" quotes her and stays hers."""
    that = _THAT.get(turn.profile.tag)
    norms = turn.norms
    reports = turn.profile.reports
    report = at if norms[at] in reports and norms[at] != that else at - 1
    if report < 0 or norms[report] not in reports or norms[report] == that:
        return False
    if report + 1 >= len(norms) or norms[report + 1] != that:
        return False
    end = next(
        (k for k in range(report + 2, len(norms)) if turn.tokens[k].kind is Kind.BREAK), None
    )
    if end is None or norms[end] != "," or end - report - 2 < _TOLD_WORDS:
        return False
    if any(ch.isdigit() for k in range(report + 2, end) for ch in norms[k]):
        return False  # "disse que o pedido 6185 foi cancelado": a thing only she vouches for
    return any(turn.tokens[k].kind is Kind.WORD for k in range(end + 1, len(norms)))


def _quotes(turn: TokenizedTurn, at: int) -> bool:
    """Whether a colon or an opening quote follows the verb at `at` within `_QUOTING` words
    ("wrote to us: ...", 'escreveu "..."'), before any other mark."""
    tokens = turn.tokens
    for k in range(at + 1, min(at + 2 + _QUOTING, len(tokens))):
        if tokens[k].kind is Kind.BREAK:
            return tokens[k].norm == ":"
        if closing_quote(turn, k) is not None:
            return True
    return False


def _told(turn: TokenizedTurn, at: int) -> bool:
    """Whether the sentence holding `at` ends with a full stop or "!" and another follows that
    says more than thanks or a sign-off ("she said: cancel 4411. thanks" is still her words)."""
    for k in range(at + 1, len(turn.tokens)):
        if turn.tokens[k].kind is Kind.BREAK and turn.norms[k] in FINAL_MARKS:
            # A word read past (blanked: no norm) says nothing more.
            rest = [
                n
                for n in range(k + 1, len(turn.tokens))
                if turn.tokens[n].kind is Kind.WORD and turn.norms[n]
            ]
            return turn.norms[k] != "?" and bool(rest) and not closing(turn, rest)
    return False


def closing(turn: TokenizedTurn, words: list[int]) -> bool:
    """Whether the words at `words` are only courtesy and closers ("that's all, cheers"); a word
    read past (blanked) is none."""
    profile = turn.profile
    end = len(words)
    while end:
        if turn.norms[words[end - 1]] in profile.courtesy or not turn.norms[words[end - 1]]:
            end -= 1
            continue
        size = closer_size(turn, words[:end])
        if not size:
            return False
        end -= size
    return True


def closer_size(turn: TokenizedTurn, words: list[int]) -> int:
    """How many of the last `words` one closer of the turn's language is, or 0."""
    for closer in turn.profile.closers_to.get(turn.norms[words[-1]], ()) if words else ():
        if turn.says(words[-len(closer) :], closer):
            return len(closer)
    return 0


def _number(turn: TokenizedTurn, at: int) -> bool:
    """A number starts here; but "one", "um" and "uma" on their own are words ("quick one")."""
    return any(
        end > at + 1 or value != 1 or turn.norms[at].isdigit()
        for end, value in read_number(turn.tokens, at, turn.profile)
    )


def _exclaimed(turn: TokenizedTurn, clause: range) -> bool:
    """Whether a short clause exclaims ("what a day", "que calor hoje"): at most `_EXCLAIMED`
    words, one word that exclaims, and no other word that asks or supposes."""
    profile = turn.profile
    words = [turn.norms[at] for at in clause if turn.tokens[at].kind is Kind.WORD]
    exclaiming = [word for word in words if word in profile.exclaims]
    hedging = [word for word in words if word in profile.hedges or word in profile.questions]
    return len(words) <= _EXCLAIMED and len(exclaiming) == 1 and hedging == exclaiming


def _exclaiming(turn: TokenizedTurn, at: int) -> bool:
    """Whether the word at `at` is the one that exclaims in a short clause ("what a week"):
    there it names no tool, though "what is order 8406" opens a look."""
    return turn.norms[at] in turn.profile.exclaims and any(
        at in clause and _exclaimed(turn, clause) for clause in clauses(turn)
    )


def _wished(turn: TokenizedTurn, clause: range) -> bool:
    """Whether the clause opens wishing the person well ("hope you're having a good day",
    "espero que esteja tudo bem"): its words wish, they name no tool."""
    words = [at for at in clause if turn.tokens[at].kind is Kind.WORD]
    return any(turn.says(words[: len(wish)], wish) for wish in turn.profile.wishes)


def _chat(turn: TokenizedTurn, clause: range, telling: frozenset[str]) -> bool:
    profile = turn.profile
    exclaimed = _exclaimed(turn, clause)
    wished = _wished(turn, clause)
    # How long ("já faz 10 dias", "it's been a week") names no value and no tool.
    lasting = durations(turn, clause)
    for at in clause:
        norm = turn.norms[at]
        if at in lasting:
            continue
        if (
            profile.negates(norm)
            or (hedged(turn, at) and not exclaimed)
            or any(ch.isdigit() or ch == "@" for ch in norm)
            or _number(turn, at)
            or turn.tokens[at].kind is Kind.CURRENCY
            or (at in turn.colons and clause.start > 0 and turn.norms[clause.start - 1] in ",;")
            or (names_a_tool(turn, at, telling) and not wished and not _exclaiming(turn, at))
        ):
            return False
    return True


def past_chat(turn: TokenizedTurn, telling: frozenset[str]) -> TokenizedTurn | None:
    """The turn with its clauses of chat skippable, or None when it has none; a word that
    parts clauses opening the turn is skipped with them ("anyway refund ch-2035 $27")."""
    parts = clauses(turn)
    parting = conjunctions(turn)
    opening = [at for at in parting if not any(turn.norms[:at])]
    if len(parts) < 2 and not opening:
        return None
    chat = [at for clause in parts if _chat(turn, clause, telling) for at in clause]
    if not (chat or opening) or len(chat) == sum(len(clause) for clause in parts):
        return None
    between = list(turn.between)
    for at in [*chat, *parting]:
        between[at] = True
    return dataclasses.replace(turn, between=tuple(between), numbers={}, slot_readings={})
