"""The ninth blind set (heldout/blind9.yaml): 320 shop turns written blind to the vocabulary, the
reader and the earlier sets, each with the category of shop talk it stands for."""

from __future__ import annotations

from pathlib import Path

from ..blind import load as load_blind
from ..heldout import Turn

TURNS = Path(__file__).parents[1] / "heldout" / "blind9.yaml"


def load() -> list[Turn]:
    """Every turn of the ninth blind set, as held-out turns under their own categories."""
    return load_blind(TURNS)
