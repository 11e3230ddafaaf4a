"""The --dev-pair code: six digits, printed once, good for ten minutes and one exchange."""

from __future__ import annotations

import hmac
import math
import secrets
import time
from collections import deque
from collections.abc import Callable

from stalwart_agents.errors import StalwartError

__all__ = [
    "CODE_LIFETIME",
    "PairingCode",
    "PairingError",
    "PairingExpired",
    "PairingThrottled",
    "PairingUsed",
    "PairingWrong",
]

CODE_LIFETIME = 600.0
# Five wrong tries a minute from one client, so a stranger's guesses never lock the console out;
# twenty a minute from all clients together: over ten minutes, 200 guesses of a million codes.
MAX_FAILURES = 5
MAX_FAILURES_IN_ALL = 20
FAILURE_WINDOW = 60.0


class PairingError(StalwartError):
    """A code that does not pair; the message says why in a full sentence."""


class PairingWrong(PairingError):
    """The code is not the one printed."""


class PairingExpired(PairingError):
    """The code is past its ten minutes."""


class PairingUsed(PairingError):
    """The code has paired a browser already; it pairs one only."""


class PairingThrottled(PairingError):
    """Too many wrong codes lately; no code is tried until the window passes."""

    def __init__(self, retry_after: int, *, everyone: bool = False) -> None:
        whose = "from every client together" if everyone else "from this client"
        super().__init__(
            f"Too many wrong codes {whose} in the last minute; try again in {retry_after} seconds."
        )
        self.retry_after = retry_after


class PairingCode:
    """The one code this host printed, and the record of attempts at it."""

    def __init__(
        self,
        *,
        lifetime: float = CODE_LIFETIME,
        max_failures: int = MAX_FAILURES,
        max_failures_in_all: int = MAX_FAILURES_IN_ALL,
        window: float = FAILURE_WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.code = f"{secrets.randbelow(10**6):06d}"
        self._clock = clock
        self._expires = clock() + lifetime
        self._max_failures = max_failures
        self._max_failures_in_all = max_failures_in_all
        self._window = window
        self._failures: dict[str, deque[float]] = {}
        self._all_failures: deque[float] = deque()
        self._used = False

    def exchange(self, code: str, client: str = "") -> None:
        """Accept the code once; raise PairingError for anything else.

        `client` names who tries (its address), so each client's wrong codes count on their own.
        """
        now = self._clock()
        self._forget_before(now - self._window)
        mine = self._failures.get(client, deque())
        # Throttled before comparing, so a right guess in a flood is not told apart.
        if len(mine) >= self._max_failures:
            raise PairingThrottled(math.ceil(mine[0] + self._window - now))
        if len(self._all_failures) >= self._max_failures_in_all:
            retry = math.ceil(self._all_failures[0] + self._window - now)
            raise PairingThrottled(retry, everyone=True)
        if not hmac.compare_digest(code.encode(), self.code.encode()):
            self._failures.setdefault(client, mine).append(now)
            self._all_failures.append(now)
            raise PairingWrong("That is not the code this host printed.")
        if self._used:
            raise PairingUsed("That code has paired a browser already; restart with --dev-pair.")
        if now >= self._expires:
            raise PairingExpired("That code is more than ten minutes old; restart with --dev-pair.")
        self._used = True

    def _forget_before(self, moment: float) -> None:
        """Drop failures older than the window, and the clients left with none."""
        while self._all_failures and self._all_failures[0] <= moment:
            self._all_failures.popleft()
        for client, failures in list(self._failures.items()):
            while failures and failures[0] <= moment:
                failures.popleft()
            if not failures:
                del self._failures[client]

    def banner(self, url: str) -> str:
        """What the host prints for the person at the console."""
        return (
            f"Pairing code: {self.code}\n"
            f"Enter it in the console to pair a browser with {url}. "
            "It works once, for ten minutes."
        )
