"""The store's own options in a postgres:// URL, taken out before psycopg reads the rest."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote, urlsplit

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
        # Split by hand: libpq reads a + as itself, where parse_qsl would make it a space.
        pairs = [pair for pair in parts.query.split("&") if pair]
        mine = {unquote(k): unquote(v) for k, _, v in (p.partition("=") for p in pairs)}
        mine = {key: value for key, value in mine.items() if key in _OPTIONS}
        if not mine:
            return cls(url, url, pooled=False)
        rest = [pair for pair in pairs if unquote(pair.partition("=")[0]) not in _OPTIONS]
        base = f"{parts.scheme}://{parts.netloc}{parts.path}"
        plain = f"{base}?{'&'.join(rest)}" if rest else base
        pooled = mine.get("pgbouncer", "false").lower()
        if pooled not in ("true", "false"):
            raise StoreError(f"pgbouncer={mine['pgbouncer']!r}: say true or false.")
        if "listen_host" not in mine and "listen_port" not in mine:
            return cls(plain, None if pooled == "true" else plain, pooled == "true")
        # The direct address replaces the host and port wherever the URL gave them.
        user = parts.netloc.rpartition("@")[0]
        given = {unquote(k): unquote(v) for k, _, v in (p.partition("=") for p in rest)}
        host = mine.get("listen_host", given.get("host", parts.hostname or ""))
        port = mine.get("listen_port", given.get("port", str(parts.port or "")))
        kept = [p for p in rest if unquote(p.partition("=")[0]) not in ("host", "port")]
        direct = [f"host={quote(host)}"] * bool(host) + [f"port={quote(port)}"] * bool(port)
        netloc = f"{user}@" if user else ""
        listen = f"{parts.scheme}://{netloc}{parts.path}?{'&'.join([*kept, *direct])}"
        return cls(plain, listen, pooled == "true")
