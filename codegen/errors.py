"""The one error codegen raises for a broken spec, so the CLI can print it without a traceback."""

from __future__ import annotations


class SpecError(Exception):
    """A spec file is missing, malformed or inconsistent; the message names the file and the key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        where = f"{file}: {key}" if key else file
        super().__init__(f"{where}: {problem}")
