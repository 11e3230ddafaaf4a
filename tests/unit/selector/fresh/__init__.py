"""The fresh held-out shop turns (turns.yaml, written blind to the reader) in the held-out terms.

turns.yaml names each typed argument by its value alone; here each becomes the held-out files'
(value, type name, origin) so heldout.score reads them with the one scorer. Turns whose request
carries a language the reader does not have are kept apart: the reader refuses those outright.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from stalwart_agents.yaml_loader import Loader

from ..heldout import Read, Turn

TURNS = Path(__file__).parent / "turns.yaml"
READ_LANGUAGES = ("en", "pt-BR")


def _plan(plan: list[dict[str, Any]]) -> Read:
    """A plan of turns.yaml as compared: every argument typed, its type the value's own."""
    return tuple(
        (
            call["tool"],
            tuple(
                sorted(
                    (name, (value, type(value).__name__, "typed"))
                    for name, value in call["args"].items()
                )
            ),
        )
        for call in plan
    )


def _entries() -> list[dict[str, Any]]:
    document = yaml.load(TURNS.read_text(encoding="utf-8"), Loader=Loader)
    entries: list[dict[str, Any]] = document["turns"]
    return entries


def load() -> list[Turn]:
    """Every fresh turn in a language the reader reads, as held-out turns."""
    turns = []
    for entry in _entries():
        if entry["language"] in READ_LANGUAGES:
            plan = _plan(entry["plan"])
            turns.append(Turn(entry["text"], entry["language"], entry["kind"], plan, (plan,)))
    return turns


def other_language_turns() -> list[tuple[str, str]]:
    """(text, language) of the fresh turns sent with a language the reader does not have."""
    return [
        (entry["text"], entry["language"])
        for entry in _entries()
        if entry["language"] not in READ_LANGUAGES
    ]
