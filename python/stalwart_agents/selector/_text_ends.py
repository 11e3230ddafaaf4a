"""Where free text ends before words that are not its own: a sign-off after its sentence ("it
ships today. Thanks in advance!", "chega hoje. obrigadaa"), and the "?" of a request asked as a
question ("can you email kim saying it's ready?"): a body is what the customer reads, and the
person's thanks or question is said to us.
"""

from __future__ import annotations

from typing import Final

from stalwart_agents.selector._text import Kind
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["asked_as_question", "signed_off"]

# The marks that end a sentence a sign-off may follow; "?" asks, and a question stays the text's.
_STOPS: Final = frozenset((".", "!", "..."))

# How a request asked as a question opens ("can you", "poderia"), folded.
_ASKING: Final = {
    "en": (
        ("can", "you"),
        ("could", "you"),
        ("would", "you"),
        ("will", "you"),
        ("can", "u"),
        ("could", "u"),
        ("would", "u"),
        ("can", "i", "ask", "you", "to"),
        ("could", "i", "ask", "you", "to"),
    ),
    "pt-BR": (
        ("pode",),
        ("poderia",),
        ("podia",),
        ("consegue",),
        ("conseguiria",),
        ("voce", "pode"),
        ("vc", "pode"),
        ("da", "pra"),
        ("tem", "como"),
    ),
}


def _plain(norm: str) -> str:
    """The word with a drawn-out last letter cut back ("obrigadaa", "thankss", "valeuu")."""
    while len(norm) > 2 and norm[-1] == norm[-2] and norm[-1].isalpha():
        norm = norm[:-1]
    return norm


def _sign_off(turn: TokenizedTurn, words: list[int]) -> bool:
    """Whether `words` are only closers and courtesy of the turn's language, read from the end."""
    profile = turn.profile
    norms = [turn.norms[at] for at in words]
    while norms:
        size = next(
            (
                len(closer)
                for closer in profile.closers
                if len(closer) <= len(norms)
                and all(
                    word in (said, _plain(said))
                    for said, word in zip(norms[-len(closer) :], closer, strict=True)
                )
            ),
            0,
        )
        if not size and not {norms[-1], _plain(norms[-1])} & profile.courtesy:
            return False
        del norms[-max(size, 1) :]
    return True


def signed_off(turn: TokenizedTurn, pos: int) -> int:
    """One past the last token free text from `pos` may hold: the end of its sentence where only
    a sign-off follows it, else the end of the turn."""
    for at in range(pos, len(turn.tokens)):
        if turn.norms[at] not in _STOPS:
            continue
        after = [
            later
            for later in range(at + 1, len(turn.tokens))
            if turn.tokens[later].kind is Kind.WORD
        ]
        if after and _sign_off(turn, after):
            return at
    return len(turn.tokens)


def asked_as_question(turn: TokenizedTurn, marked: int) -> bool:
    """Whether the marks before `marked` end the turn with a "?" and the turn opens by asking
    for the request ("could you ...?", "pode ...?"): the "?" is the person's, not the text's."""
    if marked < len(turn.tokens) or "?" not in turn.norms[-1:]:
        return False
    words = [turn.norms[at] for at in turn.word_positions()]
    courtesy = turn.profile.courtesy
    while words and words[0] in courtesy:
        words.pop(0)
    return any(
        tuple(words[: len(opening)]) == opening for opening in _ASKING.get(turn.profile.tag, ())
    )
