"""What the pages of one browser context asked for, shared by the fixtures and the tests."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Traffic:
    """Every request the pages of one context made, and the ones kept from leaving loopback."""

    urls: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
