"""The --dev-pair code: six digits, printed on the owner's terminal, good for one exchange.

A code that meets too many wrong guesses is retired, and a fresh one is printed in its place, so
guessers spread over many addresses start over instead of locking the owner out.
"""

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
    "MAX_WRONG_PER_CODE",
    "PairingCode",
    "PairingError",
    "PairingExpired",
    "PairingThrottled",
    "PairingUsed",
    "PairingWrong",
]

CODE_LIFETIME = 600.0
# Five wrong tries a minute from one client, so a stranger's guesses never lock the console out.
MAX_FAILURES = 5
FAILURE_WINDOW = 60.0
# Wrong guesses one code meets, from all clients together, before it is retired: each code is
# guessed with odds of at most 20 in a million, whatever the number of addresses guessing.
MAX_WRONG_PER_CODE = 20


class PairingError(StalwartError):
    """A code that does not pair; the message says why in a full sentence."""


class PairingWrong(PairingError):
    """The code is not the one printed."""


class PairingExpired(PairingError):
    """The code is past its ten minutes."""


class PairingUsed(PairingError):
    """The code has paired a browser already; it pairs one only."""


class PairingThrottled(PairingError):
    """Too many wrong codes from this client lately; none is tried until the window passes."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            "Too many wrong codes from this client in the last minute; "
            f"try again in {retry_after} seconds."
        )
        self.retry_after = retry_after


def _new_code() -> str:
    return f"{secrets.randbelow(10**6):06d}"


class PairingCode:
    """The code this host printed last, and the record of attempts at it.

    Args:
        on_new_code: told each fresh code that replaces a retired one, to print it for the owner.
    """

    def __init__(
        self,
        *,
        lifetime: float = CODE_LIFETIME,
        max_failures: int = MAX_FAILURES,
        max_wrong_per_code: int = MAX_WRONG_PER_CODE,
        window: float = FAILURE_WINDOW,
        clock: Callable[[], float] = time.monotonic,
        on_new_code: Callable[[str], None] | None = None,
    ) -> None:
        self.code = _new_code()
        self.retired = 0
        self._clock = clock
        # A fresh code keeps the first one's ten minutes, so guessing never outlasts them.
        self._expires = clock() + lifetime
        self._max_failures = max_failures
        self._max_wrong_per_code = max_wrong_per_code
        self._window = window
        self._on_new_code = on_new_code
        self._failures: dict[str, deque[float]] = {}
        self._wrong_at_this_code = 0
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
        if not hmac.compare_digest(code.encode(), self.code.encode()):
            self._failures.setdefault(client, mine).append(now)
            self._wrong_at_this_code += 1
            if self._wrong_at_this_code >= self._max_wrong_per_code and not self._used:
                self._retire()
            raise PairingWrong("That is not the code this host printed.")
        if self._used:
            raise PairingUsed("That code has paired a browser already; restart with --dev-pair.")
        if now >= self._expires:
            raise PairingExpired("That code is more than ten minutes old; restart with --dev-pair.")
        self._used = True

    def _retire(self) -> None:
        """Replace the code with a fresh one, and hand it to whoever prints it for the owner."""
        self.code = _new_code()
        self.retired += 1
        self._wrong_at_this_code = 0
        if self._on_new_code is not None:
            self._on_new_code(self.code)

    def _forget_before(self, moment: float) -> None:
        """Drop failures older than the window, and the clients left with none."""
        for client, failures in list(self._failures.items()):
            while failures and failures[0] <= moment:
                failures.popleft()
            if not failures:
                del self._failures[client]

    def banner(self, url: str) -> str:
        """What the host prints for the person at the console, first and after each retirement."""
        if not self.retired:
            return (
                f"Pairing code: {self.code}\n"
                f"Enter it in the console to pair a browser with {url}. "
                "It works once, for ten minutes."
            )
        return (
            f"{self._max_wrong_per_code} wrong codes were tried, so the last code no longer "
            "pairs. If that was not you, someone is guessing.\n"
            f"Pairing code: {self.code}\n"
            f"Enter it in the console to pair a browser with {url}. "
            "It works once, within the first code's ten minutes."
        )
