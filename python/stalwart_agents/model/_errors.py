"""Errors of a model provider, each a full sentence a person can act on.

ModelError
├── ModelUnauthorized   the provider refused the key (401, 403)
├── ModelTimeout        no answer within the configured timeout
├── ModelUnavailable    the provider is down, overloaded or unreachable (5xx, 429, connection)
├── ModelRejected       the provider refused the request itself (another 4xx: unknown model)
└── ModelMalformed      an answer not in the expected shape, an unknown tool, bad arguments
"""

from __future__ import annotations

from stalwart_agents.errors import StalwartError

__all__ = [
    "ModelError",
    "ModelMalformed",
    "ModelRejected",
    "ModelTimeout",
    "ModelUnauthorized",
    "ModelUnavailable",
]


class ModelError(StalwartError):
    """The model could not propose calls; the run fails cleanly with this message."""


class ModelUnauthorized(ModelError):
    """The provider refused the API key: it is wrong, revoked, or lacks access to the model."""


class ModelTimeout(ModelError):
    """The provider did not answer within the configured timeout."""


class ModelUnavailable(ModelError):
    """The provider could not be reached or could not serve the request now; later may work."""


class ModelRejected(ModelError):
    """The provider refused the request as sent, such as a model name it does not know."""


class ModelMalformed(ModelError):
    """The provider answered, but not with calls the agent can take."""
