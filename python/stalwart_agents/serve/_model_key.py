"""The owner's AI key: whether the host has one, and checking and keeping one the owner gives.

The key comes from the environment variable agent.yaml's `model:` names; where that is unset,
from the key saved on this computer (ai_key.py). A key saved while the host runs is used at
once where the host built its model itself from no key; where the variable is set (it wins)
or the application gave the desk its own model, it is used from the next start.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents._generated.models import ModelKeySaved
from stalwart_agents.ai_key import SavedKey
from stalwart_agents.desk import Desk
from stalwart_agents.model import (
    ModelError,
    ModelRejected,
    ModelSettings,
    ModelUnauthorized,
    check_key,
    provider_for,
)
from stalwart_agents.serve._problems import ProblemError

__all__ = ["KeySource", "ModelKey"]

# What stands for the key wherever a provider's message repeats it.
_HIDDEN = "[your key]"


class KeySource(StrEnum):
    """Where the desk's model got its key when the host started."""

    ENVIRONMENT = "environment"
    GIVEN = "given"
    NONE = "none"


@dataclass
class ModelKey:
    """One desk's AI key: the variable it comes from, and the key saved on this computer."""

    desk: Desk
    settings: ModelSettings
    saved: SavedKey
    source: KeySource

    @classmethod
    def of(cls, desk: Desk, environ: Mapping[str, str] = os.environ) -> ModelKey | None:
        """The desk's key, where its agent has a `model:`; how its model got one so far."""
        settings = desk.agent.model
        if settings is None:
            return None
        if environ.get(settings.api_key_env, "").strip():
            source = KeySource.ENVIRONMENT
        elif desk.model is not None:
            source = KeySource.GIVEN
        else:
            source = KeySource.NONE
        return cls(desk, settings, SavedKey(desk.agent.name, settings.api_key_env), source)

    @property
    def swappable(self) -> bool:
        """The host built no model from a key of its own, so a saved key may take its place."""
        return self.source is KeySource.NONE

    @property
    def missing(self) -> bool:
        """No model to read a delegated turn with."""
        return self.desk.model is None

    async def load(self) -> None:
        """Use the key saved on this computer, where the host has no model and may take one.

        Each worker calls this before it might need a model, so a key one worker saved reaches
        the others without a restart.
        """
        if not (self.swappable and self.missing):
            return
        key = await asyncio.to_thread(self.saved.read)
        if key is not None and self.missing:
            self.desk.model = provider_for(self.settings, key)

    async def save(self, key: str) -> ModelKeySaved:
        """Check the key with the provider, keep it on this computer, and use it where the host can.

        Raises:
            ProblemError: 422 where the provider refused the key; 502 model_rejected where it
                refused the check itself (a 4xx that does not name the key, such as no API at
                the address), 502 model_unreachable where it could not be asked: neither is the
                person's fault. The key is then not kept, and the message never repeats it.
        """
        try:
            await check_key(self.settings, key)
        except ModelError as error:
            detail = str(error).replace(key, _HIDDEN)
            raise ProblemError(_code(error), f"The key was not saved: {detail}") from None
        place = await asyncio.to_thread(self.saved.save, key)
        if self.swappable:
            self.desk.model = provider_for(self.settings, key)
        return ModelKeySaved(in_use=self.swappable, kept_in=place)

    def shown(self) -> dict[str, object]:
        """What config.json says of the key: its variable and whether it is missing, never it."""
        return {"variable": self.settings.api_key_env, "missing": self.missing}


def _code(error: ModelError) -> ErrorCode:
    """The problem code of a key check that failed: only a refused key is the person's to fix."""
    if isinstance(error, ModelUnauthorized):
        return ErrorCode.INVALID_REQUEST
    if isinstance(error, ModelRejected):
        return ErrorCode.MODEL_REJECTED
    return ErrorCode.MODEL_UNREACHABLE
