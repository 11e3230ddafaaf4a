"""The blind held-out shop turns (turns.yaml, written without the reader) in the held-out terms.

turns.yaml gives each typed argument its value and its agent.yaml type (`string`, `number`), so
heldout.score reads them with the one scorer. A `number` is any Python number equal to the value:
a whole one is accepted as int or as float, since agent.yaml's type does not tell them apart.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any

import yaml

from stalwart_agents.yaml_loader import Loader

from ..heldout import Read, Turn

TURNS = Path(__file__).parent / "turns.yaml"


def _forms(type_name: str, value: Any) -> tuple[tuple[Any, str], ...]:
    """The Python values, with their type names, that an agent.yaml type accepts for `value`."""
    if type_name == "string":
        return ((str(value), "str"),)
    if float(value).is_integer():
        return ((int(value), "int"), (float(value), "float"))
    return ((float(value), "float"),)


def _calls(call: dict[str, Any]) -> list[tuple[str, tuple[tuple[str, tuple[Any, str, str]], ...]]]:
    """Every form of one call, as compared, that reads it right."""
    arguments = sorted(call["arguments"].items())
    choices = product(*(_forms(argument["type"], argument["value"]) for _, argument in arguments))
    return [
        (
            call["tool"],
            tuple(
                (name, (value, type_name, "typed"))
                for (name, _), (value, type_name) in zip(arguments, choice, strict=True)
            ),
        )
        for choice in choices
    ]


def _reads(plan: list[dict[str, Any]]) -> tuple[Read, ...]:
    """Every plan, as compared, that reads the turn right; the first is the one shown."""
    return tuple(product(*(_calls(call) for call in plan)))


def load(path: Path = TURNS) -> list[Turn]:
    """Every blind turn as a held-out turn, its category its own `category:` where it gives
    one, or else the first tool it plans (or unread).

    A turn's `also` lists other plans that read it right too, after its own `plan`.
    """
    document = yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)
    entries: list[dict[str, Any]] = document["turns"]
    turns = []
    for entry in entries:
        plans = [entry["plan"], *entry.get("also", [])]
        accepted = tuple(read for plan in plans for read in _reads(plan))
        category = entry.get("category") or (
            entry["plan"][0]["tool"] if entry["plan"] else "unread"
        )
        turns.append(Turn(entry["text"], entry["language"], category, accepted[0], accepted))
    return turns
