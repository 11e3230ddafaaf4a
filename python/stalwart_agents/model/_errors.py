"""Errors of a model provider, each a full sentence a person can act on, and its problem code.

ModelError
├── ModelUnauthorized   the provider refused the key (401, 403, a 400 that names the key)
├── ModelTimeout        no answer within the configured timeout
├── ModelUnavailable    the provider is down or unreachable (5xx, connection)
│   └── ModelRateLimited    too many requests (429)
├── ModelRejected       the provider refused the request itself (another 4xx: unknown model,
│                       no API at base_url)
└── ModelMalformed      an answer not in the expected shape
    ├── ModelUnknownTool    a call to a tool the agent does not have
    └── ModelWrongArgument  an argument the tool does not take, or a value of the wrong type
"""

from __future__ import annotations

from typing import ClassVar

from stalwart_agents._generated.models import ModelProblem
from stalwart_agents.errors import StalwartError

__all__ = [
    "ModelError",
    "ModelMalformed",
    "ModelRateLimited",
    "ModelRejected",
    "ModelTimeout",
    "ModelUnauthorized",
    "ModelUnavailable",
    "ModelUnknownTool",
    "ModelWrongArgument",
]


class ModelError(StalwartError):
    """The model could not propose calls; the reply says which way, in the person's language."""

    problem: ClassVar[ModelProblem] = "unreachable"
    """The spec's ModelProblem code: the API's name for it, and the key of its reply."""


class ModelUnauthorized(ModelError):
    """The provider refused the API key: it is wrong, revoked, or lacks access to the model."""

    problem: ClassVar[ModelProblem] = "key_refused"


class ModelTimeout(ModelError):
    """The provider did not answer within the configured timeout."""

    problem: ClassVar[ModelProblem] = "timeout"


class ModelUnavailable(ModelError):
    """The provider could not be reached or could not serve the request now; later may work."""

    problem: ClassVar[ModelProblem] = "unreachable"


class ModelRateLimited(ModelUnavailable):
    """The provider took too many requests lately (429); later will work."""

    problem: ClassVar[ModelProblem] = "rate_limited"


class ModelRejected(ModelError):
    """The provider refused the request as sent, such as a model name it does not know."""

    problem: ClassVar[ModelProblem] = "rejected"


class ModelMalformed(ModelError):
    """The provider answered, but not with calls the agent can take."""

    problem: ClassVar[ModelProblem] = "malformed"


class ModelUnknownTool(ModelMalformed):
    """The model called a tool the agent does not have."""

    problem: ClassVar[ModelProblem] = "unknown_tool"

    def __init__(self, message: str, tool: str) -> None:
        super().__init__(message)
        self.tool = tool


class ModelWrongArgument(ModelMalformed):
    """The model gave a tool an argument it does not take, or a value of the wrong type."""

    problem: ClassVar[ModelProblem] = "wrong_argument"

    def __init__(self, message: str, tool: str, argument: str) -> None:
        super().__init__(message)
        self.tool = tool
        self.argument = argument
