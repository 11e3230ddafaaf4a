"""The owner's AI key on this computer: in the OS keyring, or else in a file only they can read.

The OS keyring is one of the stores the keyring package itself ships (the macOS Keychain, the
Windows Credential Locker, the Secret Service, KWallet), or the backend the person named with
PYTHON_KEYRING_BACKEND or keyring's config file. A backend a plugin brings only by being
installed (keyrings.alt's plaintext file, a test extra here) is passed over for the 0600 file, so
where the key goes never depends on what else the environment holds.

The key never goes to the run store, a log, an event or config.json: it is read from here when
the host starts (where its environment variable is unset) and written here by the key form.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Final

import keyring
import keyring.core
from keyring.backend import KeyringBackend
from keyring.backends import fail, null
from keyring.backends.chainer import ChainerBackend
from keyring.errors import KeyringError

from stalwart_agents.home import APP, config_folder

__all__ = ["KeyPlace", "SavedKey"]

logger = logging.getLogger("stalwart_agents.ai_key")

# Only the user may list the folder, read or write the file.
_FOLDER_MODE: Final = 0o700
_FILE_MODE: Final = 0o600


class KeyPlace(StrEnum):
    """Where a saved key went."""

    KEYRING = "keyring"
    FILE = "file"


@dataclass(frozen=True)
class SavedKey:
    """One agent's key for one provider variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, …)."""

    agent: str
    variable: str

    @property
    def account(self) -> str:
        """The keyring's user name for it, under the service stalwart-agents."""
        return f"{self.agent}/{self.variable}"

    @property
    def file(self) -> Path:
        """The 0600 file used where no keyring works: in the agent's per-user config folder."""
        return config_folder(self.agent) / f"{self.variable}.key"

    def read(self) -> str | None:
        """The saved key, from the keyring first, then the file; None where neither has one."""
        store = _keyring()
        with contextlib.suppress(KeyringError):
            found = store.get_password(APP, self.account) if store is not None else None
            if found:
                return found
        try:
            text = self.file.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return None
        except OSError as error:
            # Every request asks while there is no key: one that cannot be read is none, said why.
            logger.warning("The saved AI key %s cannot be read: %s.", self.file, error.strerror)
            return None
        return text or None

    def save(self, key: str) -> KeyPlace:
        """Keep the key in the keyring where one works, else in the 0600 file; where it went."""
        store = _keyring()
        if store is not None:
            with contextlib.suppress(KeyringError):
                store.set_password(APP, self.account, key)
                # A copy from a time without a keyring must not outlive the key that replaced it.
                self.file.unlink(missing_ok=True)
                return KeyPlace.KEYRING
        self._write_file(key)
        return KeyPlace.FILE

    def _write_file(self, key: str) -> None:
        """Write whole or not at all, the file private from its first byte."""
        folder = self.file.parent
        folder.mkdir(mode=_FOLDER_MODE, parents=True, exist_ok=True)
        folder.chmod(_FOLDER_MODE)
        # mkstemp makes the file 0600 before anything is written to it.
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".key-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(key)
            os.chmod(temporary, _FILE_MODE)
            os.replace(temporary, self.file)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


def _keyring() -> KeyringBackend | None:
    """The keyring the key goes to, where there is one: named by the person, else the OS's own."""
    chosen = keyring.get_keyring()
    if os.environ.get("PYTHON_KEYRING_BACKEND") or keyring.core.load_config() is not None:
        return chosen
    members = chosen.backends if isinstance(chosen, ChainerBackend) else [chosen]
    return next((member for member in members if _os_store(member)), None)


def _os_store(backend: KeyringBackend) -> bool:
    """One of the stores keyring itself ships, not a stand-in that stores nothing."""
    return type(backend).__module__.startswith("keyring.backends.") and not isinstance(
        backend, fail.Keyring | null.Keyring | ChainerBackend
    )
