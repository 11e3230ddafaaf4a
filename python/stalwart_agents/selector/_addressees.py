"""Who an email goes to, named right before its address: "email the supplier x@…", "manda um
email pro fornecedor x@…". The name says whose the address is and nothing more, so where a turn
reads no other way it is read again without it; named anywhere else ("did the supplier reply?")
it stays a word of the turn.
"""

from __future__ import annotations

from typing import Final

from stalwart_agents.selector._profile import words
from stalwart_agents.selector._turn import TokenizedTurn

__all__ = ["addressed"]

# The people a shop writes to by their role, by language.
_ROLES: Final = {
    "en": words("supplier suppliers vendor vendors courier couriers wholesaler distributor"),
    "pt-BR": words(
        "fornecedor fornecedora fornecedores transportadora distribuidor distribuidora atacadista"
    ),
}


def addressed(turn: TokenizedTurn) -> TokenizedTurn | None:
    """The turn with each role named right before an address blanked, or None where none is."""
    roles = _ROLES.get(turn.profile.tag, frozenset())
    named = [
        at
        for at in range(len(turn.tokens) - 1)
        if turn.norms[at] in roles and "@" in turn.norms[at + 1]
    ]
    return turn.blanked(named) if named else None
