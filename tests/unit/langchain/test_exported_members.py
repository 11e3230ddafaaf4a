"""The door's public surface is declared once, and the package and server.py agree on it."""

from __future__ import annotations

import stalwart_agents.langchain as package
from stalwart_agents.langchain import server


def test_all_lists_every_public_name_of_the_package() -> None:
    public = {name for name in dir(package) if not name.startswith("_")} - {"server"}
    assert set(package.__all__) == public


def test_the_package_exports_what_server_exports() -> None:
    assert package.__all__ == server.__all__
    assert all(getattr(package, name) is getattr(server, name) for name in server.__all__)
