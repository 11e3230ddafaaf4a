"""The eleventh blind set (heldout/blind11.yaml): 320 shop turns written blind to the vocabulary,
the reader and the earlier sets, each with the category of shop talk it stands for."""

from __future__ import annotations

from pathlib import Path

from ..blind import load as load_blind
from ..heldout import Turn

TURNS = Path(__file__).parents[1] / "heldout" / "blind11.yaml"


def load() -> list[Turn]:
    """Every turn of the eleventh blind set, as held-out turns under their own categories."""
    return load_blind(TURNS)
