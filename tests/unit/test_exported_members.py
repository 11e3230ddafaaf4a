"""The public surface is declared once, and every name in it exists."""

from __future__ import annotations

import stalwart_agents


def test_all_lists_exactly_the_public_names() -> None:
    public = {
        name
        for name, value in vars(stalwart_agents).items()
        if not name.startswith("_")
        and getattr(value, "__module__", "").startswith("stalwart_agents")
    }
    assert set(stalwart_agents.__all__) == public


def test_every_exported_name_is_importable() -> None:
    for name in stalwart_agents.__all__:
        assert getattr(stalwart_agents, name) is not None
