"""The fourth self-check set (turns.yaml, written before the fourth round of reader changes)."""

from __future__ import annotations

from pathlib import Path

from ..blind import load as load_file
from ..heldout import Turn

TURNS = Path(__file__).parent / "turns.yaml"


def load() -> list[Turn]:
    """Every fourth-set turn as a held-out turn."""
    return load_file(TURNS)
