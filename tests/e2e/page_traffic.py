"""What the pages of one browser context asked for, shared by the fixtures and the tests."""

from __future__ import annotations

import socket
from dataclasses import dataclass, field
from functools import cache
from urllib.parse import urlsplit

import psutil


@cache
def this_machine() -> frozenset[str]:
    """The hosts a page may reach: loopback, and this machine's own addresses, where the phone
    and guest tests meet the bot as another device on the network would."""
    hosts = {"localhost"}
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family in {socket.AF_INET, socket.AF_INET6}:
                hosts.add(address.address.split("%")[0])
    return frozenset(hosts)


@dataclass
class Traffic:
    """Every request the pages of one context made."""

    urls: list[str] = field(default_factory=list)

    @property
    def blocked(self) -> list[str]:
        """The requests aimed past this machine, each of which the browser's proxy refused."""
        return [url for url in self.urls if _away(url)]


def _away(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname not in this_machine()
