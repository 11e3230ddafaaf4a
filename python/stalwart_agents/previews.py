"""A tool's preview: a dry run, before the pause, of what its call will change.

The function named by `preview:` gets the arguments the card shows and returns rows of
`{label, before, after}`; it must not write. One that raises, times out or returns another
shape leaves the card a plain note, so a preview never blocks or fails a run.

An async preview that times out is cancelled. A sync one cannot be stopped from outside, so each
runs on a thread of its own, apart from the threads the tools run on, and at most
HANGING_AT_MOST run at once: one that hangs holds its thread until it returns, and while every
such thread is held, a card gets its note at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import threading
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from stalwart_agents.config import ToolSpec
from stalwart_agents.language import say
from stalwart_agents.wording import phrase, shown, title

__all__ = ["HANGING_AT_MOST", "preview"]

logger = logging.getLogger("stalwart_agents.previews")

# How many sync previews may run at once, the hung ones included.
HANGING_AT_MOST = 8
_threads = threading.BoundedSemaphore(HANGING_AT_MOST)


async def preview(
    function: Callable[..., Any],
    spec: ToolSpec,
    name: str,
    args: Mapping[str, Any],
    language: str,
) -> dict[str, Any]:
    """The pause's `preview` and `preview_note`: the rows as a person reads them, or a note."""
    kwargs = dict(args)
    if "language" in inspect.signature(function).parameters and "language" not in spec.arguments:
        kwargs["language"] = language
    try:
        async with asyncio.timeout(spec.timeout):
            if inspect.iscoroutinefunction(function):
                rows = await function(**kwargs)
            else:
                rows = await _on_its_thread(functools.partial(function, **kwargs))
        return {"preview": _rows(rows, spec.currency, language), "preview_note": None}
    except Exception as error:
        # The card only says the preview failed; the team reads why here.
        logger.warning("the preview of %s failed: %r", name, error)
        note = phrase(language, "preview_failed", tool=title(spec, name, language))
        return {"preview": None, "preview_note": note}


async def _on_its_thread(call: Callable[[], Any]) -> Any:
    """The sync preview's result, from a daemon thread of its own, which a hang cannot outlive."""
    if not _threads.acquire(blocking=False):
        raise RuntimeError(f"all {HANGING_AT_MOST} preview threads are held by previews running")
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Any] = loop.create_future()

    def settle(outcome: Any, error: BaseException | None) -> None:
        if done.cancelled():
            return
        if error is None:
            done.set_result(outcome)
        else:
            done.set_exception(error)

    def run() -> None:
        try:
            outcome, error = call(), None
        except Exception as raised:
            outcome, error = None, raised
        finally:
            _threads.release()
        # A loop closed while the preview hung has no card left to tell.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, outcome, error)

    threading.Thread(target=run, name="preview", daemon=True).start()
    return await done


def _rows(rows: Any, currency: str | None, language: str) -> list[dict[str, str | None]]:
    """Each row's label, before and after in the language; ValueError on any other shape."""
    if not isinstance(rows, list | tuple):
        raise ValueError("a preview returns a list of rows")
    out: list[dict[str, str | None]] = []
    for row in rows:
        if not isinstance(row, Mapping) or "label" not in row or "after" not in row:
            raise ValueError("a preview row is a mapping with a label and an after")
        before = row.get("before")
        after = _value(row["after"], currency, language)
        if before is None and _positive(row["after"]):
            after = f"+{after}"
        out.append(
            {
                "label": _value(row["label"], None, language),
                "before": None if before is None else _value(before, currency, language),
                "after": after,
            }
        )
    return out


def _value(value: Any, currency: str | None, language: str) -> str:
    """A row's value: words per language, money in the tool's currency, else as shown."""
    if isinstance(value, Mapping):
        if not all(isinstance(text, str) for text in value.values()) or not value:
            raise ValueError("a preview value given per language is text in each")
        return say(value, language)
    if isinstance(value, str):
        return value
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        return shown(value, language, currency)
    raise ValueError(f"a preview value is text, a number or words per language, not {value!r}")


def _positive(value: Any) -> bool:
    """A change given without a before that adds (+$40.00)."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool) and value > 0
