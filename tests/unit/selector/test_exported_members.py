"""The public surface of the selector and the model packages is exactly what `__all__` names."""

from __future__ import annotations

from types import ModuleType

import pytest

import stalwart_agents.model
import stalwart_agents.selector


@pytest.mark.parametrize("module", [stalwart_agents.selector, stalwart_agents.model])
def test_all_names_every_public_member(module: ModuleType) -> None:
    public = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and not isinstance(value, ModuleType) and name != "annotations"
    }

    assert set(module.__all__) == public
