"""The owner's AI key on this computer: a real keyring backend where one works, else a 0600 file.

The keyring path uses keyrings.alt's PlaintextKeyring, a real file-backed backend that keyring
loads like any other; the test checks its file, not this module's word, for the key.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail
from keyrings.alt.file import PlaintextKeyring

from stalwart_agents.ai_key import KeyPlace, SavedKey
from stalwart_agents.home import config_folder

KEY = "sk-test-ai-key-0123456789"


@pytest.fixture
def plaintext_keyring(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[PlaintextKeyring]:
    """A file-backed backend in tmp, named by PYTHON_KEYRING_BACKEND as a person names one."""
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
    backend = PlaintextKeyring()
    backend.file_path = str(tmp_path / "keyring" / "keyring_pass.cfg")
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(fail.Keyring())


def test_without_a_keyring_the_key_goes_to_a_file_only_the_user_can_read() -> None:
    saved = SavedKey("shop", "OPENAI_API_KEY")

    assert saved.read() is None
    assert saved.save(KEY) is KeyPlace.FILE

    assert saved.file.parent == config_folder("shop")
    assert saved.file.read_text(encoding="utf-8") == KEY
    assert stat.S_IMODE(saved.file.stat().st_mode) == 0o600
    assert stat.S_IMODE(saved.file.parent.stat().st_mode) == 0o700
    # Nothing else in the folder: no temporary copy is left behind.
    assert [path.name for path in saved.file.parent.iterdir()] == ["OPENAI_API_KEY.key"]
    assert saved.read() == KEY


def test_a_new_key_replaces_the_file_and_a_wider_file_is_made_private_again() -> None:
    saved = SavedKey("shop", "OPENAI_API_KEY")
    saved.save("sk-old")
    saved.file.chmod(0o644)

    saved.save(KEY)

    assert saved.read() == KEY
    assert stat.S_IMODE(saved.file.stat().st_mode) == 0o600


def test_with_a_keyring_the_key_goes_to_it_and_no_file_is_written(
    plaintext_keyring: PlaintextKeyring,
) -> None:
    saved = SavedKey("shop", "ANTHROPIC_API_KEY")

    assert saved.save(KEY) is KeyPlace.KEYRING

    assert not saved.file.exists()
    # Another instance of the backend, reading its own file, finds it under the app's service.
    assert PlaintextKeyring().get_password("stalwart-agents", "shop/ANTHROPIC_API_KEY") is None
    reader = PlaintextKeyring()
    reader.file_path = plaintext_keyring.file_path
    assert reader.get_password("stalwart-agents", "shop/ANTHROPIC_API_KEY") == KEY
    assert saved.read() == KEY


def test_a_key_saved_to_the_keyring_removes_the_copy_an_earlier_file_kept(
    plaintext_keyring: PlaintextKeyring,
) -> None:
    saved = SavedKey("shop", "OPENAI_API_KEY")
    keyring.set_keyring(fail.Keyring())
    saved.save("sk-from-before")
    keyring.set_keyring(plaintext_keyring)

    saved.save(KEY)

    assert not saved.file.exists()
    assert saved.read() == KEY


def test_each_agent_and_variable_has_its_own_key() -> None:
    SavedKey("shop", "OPENAI_API_KEY").save(KEY)

    assert SavedKey("shop", "ANTHROPIC_API_KEY").read() is None
    assert SavedKey("desk", "OPENAI_API_KEY").read() is None


def test_a_key_file_that_cannot_be_read_is_no_key_and_the_log_says_why(
    caplog: pytest.LogCaptureFixture,
) -> None:
    saved = SavedKey("shop", "OPENAI_API_KEY")
    saved.file.mkdir(parents=True)

    assert saved.read() is None
    assert f"The saved AI key {saved.file} cannot be read" in caplog.text


def test_a_keyring_a_plugin_brings_by_being_installed_is_passed_over_for_the_file(
    tmp_path: Path,
) -> None:
    """keyrings.alt (a test extra) is installed here and no OS keyring runs: keyring would pick
    its plaintext file by itself, and the key must go to the 0600 file instead."""
    env = {key: value for key, value in os.environ.items() if "KEYRING" not in key}
    env |= {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env |= {"XDG_DATA_HOME": str(tmp_path / "data")}
    save = (
        "import keyring; from stalwart_agents.ai_key import SavedKey; "
        "print(type(keyring.get_keyring()).__module__, "
        "SavedKey('shop', 'OPENAI_API_KEY').save('k'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", save], env=env, capture_output=True, text=True, timeout=60
    )

    assert done.stdout.split() == ["keyrings.alt.file", "file"], done.stderr
    assert (tmp_path / "config" / "stalwart-agents" / "shop" / "OPENAI_API_KEY.key").is_file()
    assert not (tmp_path / "data" / "python_keyring").exists()
