"""The third blind set (heldout/blind3.yaml): 320 shop turns written blind to the vocabulary, the
reader and the earlier sets, each with the category of shop talk it stands for.

It is read with the blind set's loader, but a turn's category is its own `category:` (question,
polite, money, dont_x_just_y, negation, chitchat, …) rather than the first tool it plans.
"""

from __future__ import annotations

from pathlib import Path

from ..blind import load as load_blind
from ..heldout import Turn

TURNS = Path(__file__).parents[1] / "heldout" / "blind3.yaml"


def load() -> list[Turn]:
    """Every turn of the third blind set, as held-out turns under their own categories."""
    return load_blind(TURNS)
