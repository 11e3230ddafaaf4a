"""The store's own options in a postgres:// URL, taken out before psycopg reads the rest."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import SplitResult, parse_qsl, quote, urlencode, urlsplit

from stalwart_agents.errors import StoreError

__all__ = ["Address"]

_OPTIONS = ("pgbouncer", "listen_host", "listen_port")


@dataclass(frozen=True)
class Address:
    """Where the store connects, and how.

    Behind a pooler in transaction mode (`?pgbouncer=true`, the spelling other tools use) a
    connection may reach a different server connection at each transaction: a prepared
    statement made in one is missing in the next, and a LISTEN hears nothing once its
    transaction ends. So such a store prepares nothing, and listens on a direct connection to
    the server (`listen_host`, `listen_port`) when it is given one, else it looks every
    `poll_seconds` at the threads its streams follow.
    """

    url: str
    """What psycopg connects to: the URL without the store's options."""
    listen_url: str | None
    """Where LISTEN goes; None when it cannot work (a pooler and no direct address)."""
    pooled: bool

    @classmethod
    def parse(cls, url: str) -> Address:
        url = url.replace("postgres://", "postgresql://", 1)
        if "://" not in url:
            return cls(url, url, pooled=False)  # libpq's key=value form: no options of ours
        parts = urlsplit(url)
        query = parse_qsl(parts.query, keep_blank_values=True)
        mine = {key: value for key, value in query if key in _OPTIONS}
        rest = urlencode([(k, v) for k, v in query if k not in _OPTIONS], quote_via=quote)
        plain = _join(parts, rest)
        pooled = mine.get("pgbouncer", "false").lower()
        if pooled not in ("true", "false"):
            raise StoreError(f"pgbouncer={mine['pgbouncer']!r}: say true or false.")
        if "listen_host" in mine or "listen_port" in mine:
            direct = {"host": mine.get("listen_host"), "port": mine.get("listen_port")}
            pairs = [*parse_qsl(rest), *((k, v) for k, v in direct.items() if v)]
            listen = urlencode(pairs, quote_via=quote)
            return cls(plain, _join(parts, listen), pooled == "true")
        return cls(plain, None if pooled == "true" else plain, pooled == "true")


def _join(parts: SplitResult, query: str) -> str:
    """The URL again with another query; urlunsplit would drop the // of postgresql:///db."""
    url = f"{parts.scheme}://{parts.netloc}{parts.path}"
    return f"{url}?{query}" if query else url
