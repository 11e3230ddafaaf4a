"""The --dev-pair code: six digits, printed once, good for ten minutes and one exchange."""

from __future__ import annotations

import hmac
import math
import secrets
import time
from collections import deque
from collections.abc import Callable

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
# Five wrong tries a minute: over ten minutes, 50 guesses of a million codes.
MAX_FAILURES = 5
FAILURE_WINDOW = 60.0


class PairingError(Exception):
    """A code that does not pair; the message says why in a full sentence."""


class PairingWrong(PairingError):
    """The code is not the one printed."""


class PairingExpired(PairingError):
    """The code is past its ten minutes."""


class PairingUsed(PairingError):
    """The code has paired a browser already; it pairs one only."""


class PairingThrottled(PairingError):
    """Too many wrong codes lately; no code is tried until the window passes."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            f"Too many wrong codes in the last minute; try again in {retry_after} seconds."
        )
        self.retry_after = retry_after


class PairingCode:
    """The one code this host printed, and the record of attempts at it."""

    def __init__(
        self,
        *,
        lifetime: float = CODE_LIFETIME,
        max_failures: int = MAX_FAILURES,
        window: float = FAILURE_WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.code = f"{secrets.randbelow(10**6):06d}"
        self._clock = clock
        self._expires = clock() + lifetime
        self._max_failures = max_failures
        self._window = window
        self._failures: deque[float] = deque()
        self._used = False

    def exchange(self, code: str) -> None:
        """Accept the code once; raise PairingError for anything else."""
        now = self._clock()
        while self._failures and self._failures[0] <= now - self._window:
            self._failures.popleft()
        if len(self._failures) >= self._max_failures:
            # Throttled before comparing, so a right guess in a flood is not told apart.
            raise PairingThrottled(math.ceil(self._failures[0] + self._window - now))
        if not hmac.compare_digest(code.encode(), self.code.encode()):
            self._failures.append(now)
            raise PairingWrong("That is not the code this host printed.")
        if self._used:
            raise PairingUsed("That code has paired a browser already; restart with --dev-pair.")
        if now >= self._expires:
            raise PairingExpired("That code is more than ten minutes old; restart with --dev-pair.")
        self._used = True

    def banner(self, url: str) -> str:
        """What the host prints for the person at the console."""
        return (
            f"Pairing code: {self.code}\n"
            f"Enter it in the console to pair a browser with {url}. "
            "It works once, for ten minutes."
        )
