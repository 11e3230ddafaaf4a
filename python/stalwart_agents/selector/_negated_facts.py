"""Negated clauses that tell a fact rather than refuse: someone else's doing ("the customer
didn't like it", "o cliente não gostou") and a thing the person does not want or need ("I don't
need order 8395 now", "não preciso do pedido 4471"). Neither says no to the request beside it;
an act either names is still barred by the clause's scope.
"""

from __future__ import annotations

from collections.abc import Mapping

from stalwart_agents.selector._facts import past
from stalwart_agents.selector._grammar import Grammar
from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["befell", "corrected", "denials", "digits", "someone", "turned_down"]


def corrected(turn: TokenizedTurn, clause: range, grammar: Grammar) -> int | None:
    """Where the values a negated clause says are not the ones meant start: the clause holds
    values, their things' names and words that say which is meant, and nothing else ("não é o
    3518", "not 9271", "it's 3581 not 3518"): a correction, which refuses no act; the values
    after its negation are no thing of the request's. None for any other clause."""
    profile = turn.profile
    norms = turn.norms
    plain = grammar.heads | profile.connectives | profile.copulas
    negation = next(at for at in clause if profile.negates(norms[at]))
    valued = [digits(norms[at]) for at in clause]
    rest = [
        norm
        for norm, digit in zip((norms[at] for at in clause), valued, strict=True)
        if norm and not digit and not profile.negates(norm) and norm not in plain
    ]
    told = any(valued[at - clause.start] for at in range(negation + 1, clause.stop))
    denied = norms[negation] in profile.denials
    return negation if denied and told and not rest and _parted(turn, clause) else None


def _parted(turn: TokenizedTurn, clause: range) -> bool:
    """Whether a mark, a word that parts clauses or the turn's end follows the clause: a
    correction is said apart ("não é o 3518, é o 3581"); "not a 40 refund of ch-4411" runs on
    into the act it refuses."""
    after = clause.stop
    tokens = turn.tokens
    return (
        after >= len(tokens)
        or tokens[after].kind is not Kind.WORD
        or turn.norms[after] in turn.profile.conjunctions
    )


def someone(turn: TokenizedTurn, clause: range, grammar: Grammar) -> bool:
    """Whether the negation of a clause follows someone or something else as its subject, right
    before it ("the customer didn't like it", "o cliente não gostou", "it never came"): a fact
    of theirs, not the person's "no"; "I don't", "before I forget" and "you can't" have the
    person or the reader as subject; "cancel 4411? better not" has no verb after its "not"."""
    profile = turn.profile
    norms = turn.norms
    negation = next(at for at in clause if profile.negates(norms[at]))
    if negation == clause.start or negation == clause.stop - 1:
        return False
    norm, verb = norms[negation - 1], norms[negation + 1]
    plain = profile.framing | profile.courtesy | profile.connectives | grammar.fillers
    # A thing's name is no one ("order no need to, 4411"), and "no need" no doing.
    if norm in grammar.heads or not verb.isalpha() or verb in profile.needs | profile.connectives:
        return False
    return (norm.isalpha() and norm not in plain) or norm in profile.pronouns


def turned_down(turn: TokenizedTurn, clause: range, heads: frozenset[str]) -> bool:
    """Whether a negated clause turns a thing down, as "no longer" does: a word of wanting right
    after its negation, then the thing by its name and value ("I don't need order 8395 now",
    "não preciso do pedido 4471"); "I don't want to" turns down no thing, and says no."""
    profile = turn.profile
    norms = turn.norms
    wanting = profile.wishing | profile.needs
    for at in clause:
        if at + 1 in clause and profile.negates(norms[at]) and norms[at + 1] in wanting:
            return any(
                norms[k] in heads and k + 1 in clause and any(ch.isdigit() for ch in norms[k + 1])
                for k in range(at + 2, clause.stop)
            )
    return False


def denials(
    turn: TokenizedTurn, negated: list[range], affirmed: set[int], grammar: Grammar
) -> set[int] | None:
    """The words of each correction from its negation on ("3518" in "é o 3581, não o 3518"),
    whose values are not the ones meant; None where an affirmed clause asks for such a value
    itself ("cancel 4410? not 4410"), which says no to the correction."""
    norms = turn.norms
    found: set[int] = set()
    for clause in negated:
        start = corrected(turn, clause, grammar)
        found.update(range(0) if start is None else range(start, clause.stop))
    values = {norms[at] for at in found if digits(norms[at])}
    return None if values & {norms[at] for at in affirmed} else found


def digits(norm: str) -> bool:
    """Whether a word holds a digit: an id, an order's number or an amount."""
    return any(ch.isdigit() for ch in norm)


def befell(turn: TokenizedTurn, clause: range, acts: Mapping[str, frozenset[str]]) -> bool:
    """Whether a negated clause tells what did not happen to a thing: after its negation, a
    word of the past or of a state comes before any act's word ("no receipt got printed", "não
    saiu o recibo impresso", "ninguém cobrou o 2718"), where a thing's name right after a "no"
    is no act ("no receipt"); a wish or a need said no to ("no receipt needed") is no fact."""
    profile = turn.profile
    norms = turn.norms
    negation = next(at for at in clause if profile.negates(norms[at]))
    for at in range(negation + 1, clause.stop):
        norm = norms[at]
        if norm in profile.wishing | profile.needs:
            return False
        if past(turn, at):
            return True
        named = at == negation + 1 and norms[negation] in profile.nobody | profile.denials
        if acts.get(norm) and not named:
            return False
    return False
