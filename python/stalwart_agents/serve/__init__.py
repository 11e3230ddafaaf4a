"""stalwart serve's application, to run as is or mount in any ASGI server."""

from stalwart_agents.outbox import Retries
from stalwart_agents.serve._app import make_app
from stalwart_agents.webhook import Webhook, sign, verify

__all__ = ["Retries", "Webhook", "make_app", "sign", "verify"]
