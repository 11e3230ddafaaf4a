"""Numbered, append-only schema changes per backend; a migrations table records which ran."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Migration"]


class Migration(NamedTuple):
    """One schema step; its index in its backend's list is its version, so never reorder or edit."""

    statements: tuple[str, ...]
    seed: str | None = None
    """A statement run once with a fresh instance secret as its `secret` parameter."""
