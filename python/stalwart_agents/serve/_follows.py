"""--follows: keep this host on the bot version saved in the console (docs/follows-protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import enum
import hashlib
import json
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import yaml

from stalwart_agents.errors import ConfigError, StalwartError
from stalwart_agents.loading import load_agent_file
from stalwart_agents.tls import tls

__all__ = [
    "FOLLOW_FILE",
    "FollowError",
    "FollowSettings",
    "Follower",
    "Outcome",
    "removals",
]

logger = logging.getLogger("stalwart_agents.serve._follows")

FOLLOW_FILE = "stalwart-follows.json"
DEFAULT_POLL = 60.0
# The console may ask for a different pace, within these bounds.
MIN_POLL, MAX_POLL = 1.0, 3600.0
_NAMED = ("name", "tool", "id")
_RELEASE = re.compile(r"^(\d+(?:\.\d+)*)")


class FollowError(StalwartError):
    """Following cannot start or go on; the message says what to fix."""


class Outcome(enum.Enum):
    """What one look at the console came to."""

    CURRENT = "current"  # this host runs the newest version
    APPLIED = "applied"  # a newer version was written; the host starts again with it
    HELD = "held"  # a newer version takes something away and waits for the owner
    REJECTED = "rejected"  # a newer version is not a valid agent file; this host keeps its own


@dataclass(frozen=True)
class FollowSettings:
    """What Run it on my computer wrote next to agent.yaml: which bot, where, and how far along."""

    console: str
    bot: str
    key: str
    version: int

    @classmethod
    def read(cls, agent_file: Path, default_console: str) -> FollowSettings:
        """Read stalwart-follows.json beside the agent file, naming what is wrong with it."""
        path = agent_file.parent / FOLLOW_FILE
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FollowError(
                f"--follows needs {path}, which the console's Run it on my computer writes; "
                "install the bot from the console, or start without --follows."
            ) from None
        except (OSError, ValueError) as error:
            raise FollowError(f"{path} cannot be read as JSON: {error}") from None
        if not isinstance(raw, dict):
            raise FollowError(f"{path} must hold a JSON object.")
        bot, key, version = raw.get("bot"), raw.get("key"), raw.get("version", 0)
        console = raw.get("console", default_console)
        if not isinstance(bot, str) or not bot:
            raise FollowError(f'{path} must name the bot: "bot": "<id>".')
        if not isinstance(key, str) or not key:
            raise FollowError(f'{path} must carry the follow key: "key": "<key>".')
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise FollowError(f'{path}: "version" must be a whole number, 0 or more.')
        if not isinstance(console, str) or not console.startswith(("http://", "https://")):
            raise FollowError(f'{path}: "console" must be an http:// or https:// address.')
        return cls(console.rstrip("/"), bot, key, version)

    def write(self, agent_file: Path) -> None:
        """Record the version now installed, so a restart does not apply it again."""
        path = agent_file.parent / FOLLOW_FILE
        body = {"console": self.console, "bot": self.bot, "key": self.key, "version": self.version}
        _replace_file(path, json.dumps(body, indent=2) + "\n")


def removals(old: Any, new: Any, path: str = "") -> list[str]:
    """What the new agent file takes away: keys, named items and listed values the old one had."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [path or "(the whole file)"]
        found: list[str] = []
        for key, value in old.items():
            where = f"{path}.{key}" if path else str(key)
            found += [where] if key not in new else removals(value, new[key], where)
        return found
    if isinstance(old, list):
        if not isinstance(new, list):
            return [path]
        named_old, named_new = _by_name(old), _by_name(new)
        if named_old is not None and named_new is not None:
            return removals(named_old, named_new, path)
        return [f"{path}: {item!r}" for item in old if _hashable(item) and item not in new]
    return []


def _by_name(items: list[Any]) -> dict[str, Any] | None:
    for field in _NAMED:
        if items and all(isinstance(item, dict) and field in item for item in items):
            return {str(item[field]): item for item in items}
    return None


def _hashable(item: Any) -> bool:
    return not isinstance(item, dict | list)


def _replace_file(path: Path, text: str) -> None:
    """Write the whole file or nothing, so a crash never leaves half an agent file."""
    temporary = path.with_name(f".{path.name}.partial")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _release_parts(version: str) -> tuple[int, ...] | None:
    match = _RELEASE.match(version)
    return tuple(int(part) for part in match.group(1).split(".")) if match else None


def installed_release() -> str:
    """The stalwart-agents release this host runs."""
    try:
        return metadata.version("stalwart-agents")
    except metadata.PackageNotFoundError:
        return "0"


class Follower:
    """Polls the console's bot-version endpoint and applies, holds or tells of what it finds."""

    def __init__(
        self,
        agent_file: Path,
        settings: FollowSettings,
        *,
        on_applied: Callable[[int], None],
        poll: float = DEFAULT_POLL,
        timeout: float = 10.0,
    ) -> None:
        self.agent_file = agent_file
        self.settings = settings
        self.release_notice: str | None = None
        self.poll = poll
        self._on_applied = on_applied
        self._timeout = timeout
        self._reported: set[int] = set()
        self._rejected: set[int] = set()

    @property
    def _bot_url(self) -> str:
        return f"{self.settings.console}/v1/bots/{quote(self.settings.bot, safe='')}"

    async def check_once(self, client: httpx.AsyncClient) -> Outcome:
        """One look at the console; raises FollowError when following cannot go on."""
        latest = await self._get(client, f"{self._bot_url}/version")
        self._note_release(latest.get("release"))
        self._note_poll(latest.get("poll"))
        version = latest.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise FollowError("The console's version answer carries no whole-number version.")
        if version <= self.settings.version or version in self._rejected:
            return Outcome.CURRENT
        saved = await self._get(client, f"{self._bot_url}/versions/{version}")
        text = saved.get("agent_yaml")
        if not isinstance(text, str) or saved.get("sha256") != _sha256(text):
            raise FollowError(f"Version {version} arrived without its agent file, or damaged.")
        try:
            self._check(text)
        except ConfigError as error:
            logger.error(
                "Version %d is not a valid agent file, so it is not applied: %s", version, error
            )
            self._rejected.add(version)
            return Outcome.REJECTED
        taken = removals(self._current(), yaml.safe_load(text))
        if taken and latest.get("approved") is not True:
            await self._hold(client, version, taken)
            return Outcome.HELD
        self._apply(version, text)
        return Outcome.APPLIED

    async def run(self) -> None:
        """Look at the console every poll seconds until a version is applied or following fails."""
        async with httpx.AsyncClient(timeout=self._timeout, verify=tls()) as client:
            while True:
                try:
                    if await self.check_once(client) is Outcome.APPLIED:
                        return
                except FollowError as error:
                    logger.error("Following the console stopped: %s", error)
                    return
                except httpx.HTTPError as error:
                    logger.warning("The console could not be reached (%s); trying again.", error)
                await asyncio.sleep(self.poll)

    async def _get(self, client: httpx.AsyncClient, url: str) -> dict[str, Any]:
        response = await client.get(url, headers=self._headers())
        if response.status_code in (401, 403):
            raise FollowError("The console refused the follow key; install the bot again.")
        if response.status_code == 404:
            raise FollowError(f"The console has no bot {self.settings.bot!r} any more.")
        response.raise_for_status()
        try:
            body = response.json()
        except ValueError:
            raise FollowError(
                f"The console answered {url} with something other than JSON."
            ) from None
        if not isinstance(body, dict):
            raise FollowError(f"The console answered {url} with something other than an object.")
        return body

    async def _hold(self, client: httpx.AsyncClient, version: int, taken: list[str]) -> None:
        if version in self._reported:
            return
        logger.warning(
            "Version %d takes away %s, so it waits for the owner to approve it in the console.",
            version,
            ", ".join(taken),
        )
        response = await client.post(
            f"{self._bot_url}/versions/{version}/held",
            json={"removes": taken, "running": self.settings.version},
            headers=self._headers(),
        )
        response.raise_for_status()
        self._reported.add(version)

    def _apply(self, version: int, text: str) -> None:
        _replace_file(self.agent_file, text)
        self.settings = replace(self.settings, version=version)
        self.settings.write(self.agent_file)
        logger.info("Applied version %d of the bot; starting again with it.", version)
        self._on_applied(version)

    def _check(self, text: str) -> None:
        """Load the new version as the engine would, beside the old one so relative paths hold."""
        candidate = self.agent_file.with_name(f".{self.agent_file.name}.candidate")
        candidate.write_text(text, encoding="utf-8")
        try:
            load_agent_file(candidate)
        finally:
            candidate.unlink(missing_ok=True)

    def _current(self) -> Any:
        with contextlib.suppress(OSError, yaml.YAMLError):
            return yaml.safe_load(self.agent_file.read_text(encoding="utf-8"))
        return None

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.settings.key}", "Accept": "application/json"}

    def _note_release(self, release: Any) -> None:
        if not isinstance(release, dict) or not isinstance(release.get("version"), str):
            self.release_notice = None
            return
        newest, running = release["version"], installed_release()
        newer, ours = _release_parts(newest), _release_parts(running)
        if newer is None or ours is None or newer <= ours:
            self.release_notice = None
            return
        self.release_notice = (
            f"stalwart-agents {newest} is out; this host runs {running}. "
            "Update with: pip install -U stalwart-agents"
        )

    def _note_poll(self, seconds: Any) -> None:
        if isinstance(seconds, int | float) and not isinstance(seconds, bool):
            self.poll = min(max(float(seconds), MIN_POLL), MAX_POLL)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
