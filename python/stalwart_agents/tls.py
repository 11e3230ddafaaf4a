"""One TLS context for every outgoing request: loading the CA bundle costs a fifth of a second."""

from __future__ import annotations

import ssl
from functools import cache

import httpx

__all__ = ["tls"]


@cache
def tls() -> ssl.SSLContext:
    """The process's context, made on first use; httpx makes a new one for every client."""
    return httpx.create_ssl_context()
