"""Errors of the selector's configuration.

ValueError
└── VocabularyError   a vocabulary file that cannot be used, with its file, line and key
"""

from __future__ import annotations

from pathlib import Path

from stalwart_agents.errors import StalwartError

__all__ = ["VocabularyError"]


class VocabularyError(StalwartError, ValueError):
    """A vocabulary refused at load, so a mistake in it never surfaces as a misread turn."""

    def __init__(self, path: Path | str, line: int | None, key: str | None, problem: str) -> None:
        self.path = str(path)
        self.line = line
        self.key = key
        self.problem = problem
        where = self.path if line is None else f"{self.path}:{line}"
        subject = f" {key}:" if key else ""
        super().__init__(f"{where}:{subject} {problem}")
