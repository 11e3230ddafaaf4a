"""Which model reads unread turns: the `model:` section of agent.yaml."""

from __future__ import annotations

import ipaddress
from typing import Final, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["DEFAULT_BASE_URLS", "ModelSettings"]

# Each provider's public API base; `base_url` replaces it for a proxy or a local server.
DEFAULT_BASE_URLS: Final[dict[str, str]] = {
    "openai": "https://api.openai.com/v1",
    "anthropic": "https://api.anthropic.com",
}

# Each provider's name, as a person knows the company behind its public API.
_COMPANIES: Final[dict[str, str]] = {"openai": "OpenAI", "anthropic": "Anthropic"}


class ModelSettings(BaseModel):
    """The provider, the model, and where its key is; the key itself never sits in a file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provider: Literal["openai", "anthropic"] = Field(
        description="openai: an OpenAI-compatible chat-completions API; anthropic: messages."
    )
    model: str = Field(min_length=1, description="The model name the provider knows.")
    api_key_env: str = Field(
        min_length=1, description="The environment variable that holds the API key."
    )
    base_url: str | None = Field(
        default=None,
        description="The API base for a proxy or a local server; unset, the public API.",
    )
    timeout: float = Field(default=30.0, gt=0, description="Seconds to wait for an answer.")
    steps: int = Field(
        default=4,
        ge=1,
        le=20,
        description=(
            "How often the model may be asked for one turn: each question back, and each "
            "answer whose reads go back to it, asks again."
        ),
    )

    stream: bool = Field(
        default=False,
        description=(
            "Ask for the answer as it is written (server-sent events): the timeout then bounds "
            "each pause between pieces, not the whole answer, for a slow local model."
        ),
    )

    @property
    def base(self) -> str:
        """The API base requests go to, without a trailing slash."""
        return (self.base_url or DEFAULT_BASE_URLS[self.provider]).rstrip("/")

    @property
    def local(self) -> bool:
        """The base is on this machine (a loopback address or `localhost`): text stays here."""
        host = urlsplit(self.base).hostname or ""
        if host == "localhost" or host.endswith(".localhost"):
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False

    @property
    def provider_name(self) -> str:
        """Who reads, as a person knows them: the company for its public API, else the host."""
        if self.base_url is None:
            return _COMPANIES[self.provider]
        return urlsplit(self.base).hostname or self.base
