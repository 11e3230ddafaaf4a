from pathlib import Path

import pytest

from stalwart_agents.home import config_folder, data_folder


@pytest.fixture(autouse=True)
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def test_each_agent_has_its_own_folders_under_the_users_platform_folders(homes: Path) -> None:
    assert config_folder("shop") == homes / "config" / "stalwart-agents" / "shop"
    assert data_folder("shop") == homes / "data" / "stalwart-agents" / "shop"


@pytest.mark.parametrize("name", ["../../etc", "/abs", "a/b", "..", "   ", "ação"])
def test_no_agent_name_reaches_outside_the_apps_folder(homes: Path, name: str) -> None:
    folder = config_folder(name)
    assert folder.parent == homes / "config" / "stalwart-agents"
    assert folder.name not in {"", ".", ".."}
