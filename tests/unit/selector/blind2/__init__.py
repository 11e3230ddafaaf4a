"""The second blind set of shop turns (turns.yaml), read by the blind set's loader and scorer.

Written without the reader, its vocabulary or the other sets, from how shop owners and staff write
in chat; `also` gives the other plans a turn may read, as the affirmed part of a negated turn.
"""

from __future__ import annotations

from pathlib import Path

from ..blind import load as load_blind
from ..heldout import Turn

TURNS = Path(__file__).parent / "turns.yaml"


def load() -> list[Turn]:
    """Every turn of the second blind set, as held-out turns."""
    return load_blind(TURNS)
