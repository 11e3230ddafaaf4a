"""The agent file's MCP servers: how each is reached, and which facts its annotations gave."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

__all__ = ["KEY_ARGUMENT", "OnServer", "ServerSpec", "ToolHints"]

# An MCP tool's input schema property of this name is given the call's idempotency key, as a
# Python tool's parameter is, and is not an argument a person sees.
KEY_ARGUMENT: Final = "idempotency_key"


class ServerSpec(BaseModel):
    """An MCP server the agent's tools come from: a command (stdio) or a URL (streamable HTTP)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    command: tuple[str, ...] | None = Field(
        default=None, min_length=1, description="The program and its arguments, run over stdio."
    )
    url: str | None = Field(default=None, description="A streamable HTTP endpoint.")
    headers: dict[str, str] = Field(
        default_factory=dict, description="HTTP headers; ${VAR} reads the environment."
    )
    untrusted: bool = Field(
        default=False, description="Everything its tools return is text from outside."
    )

    @model_validator(mode="after")
    def _one_way(self) -> ServerSpec:
        if (self.command is None) == (self.url is None):
            raise ValueError("give a server either command: (stdio) or url: (streamable HTTP).")
        if self.url is not None and not self.url.startswith(("http://", "https://")):
            raise ValueError(f"{self.url!r} must start with http:// or https://.")
        if self.headers and self.url is None:
            raise ValueError("headers: go with url:; a command server takes none.")
        return self


@dataclass(frozen=True)
class ToolHints:
    """Which of an MCP tool's facts came from its server's annotations, for the card's words."""

    server: str
    name: str
    """The tool's name on its server."""
    write: bool = False
    irreversible: bool = False
    untrusted: bool = False
    key_argument: bool = False
    """Its input schema takes KEY_ARGUMENT, which is given the call's key."""
    read: tuple[str, ...] = ()
    """The annotations its server gave, as `readOnlyHint: true`, for `stalwart check`."""


class OnServer(BaseModel):
    """The keys of a tool that puts it on an MCP server, and the facts its server gave."""

    server: str | None = Field(default=None, description="The MCP server the tool is on.")
    tool: str | None = Field(default=None, description="Its name on the server; the key's own.")
    _hints: ToolHints | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _one_source(self) -> Self:
        # The tool's other source is ToolSpec's function:, so a tool has exactly one.
        if (getattr(self, "function", None) is None) == (self.server is None):
            raise ValueError("give a tool either function: (Python) or server: (MCP).")
        if self.tool is not None and self.server is None:
            raise ValueError("tool: names a tool on an MCP server; give server: too.")
        return self

    @property
    def hints(self) -> ToolHints | None:
        """For an MCP tool, the facts its server's annotations gave; None for a Python tool."""
        return self._hints

    def hinted(self, hints: ToolHints, **update: Any) -> Self:
        """A copy with the facts the server gave merged in, remembering which came from it."""
        merged = self.model_copy(update=update)
        merged._hints = hints
        return merged
