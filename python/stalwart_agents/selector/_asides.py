"""An aside in brackets: where it holds words only ("cancel order 2214 (wrong colour) and reopen
2210"), its brackets part it from its clause as commas would, so it reads as a clause of its own
(a reason); where it holds a value ("my mug (order 5521) never showed up"), it names the thing of
its clause, and its brackets are dropped as quotes are."""

from __future__ import annotations

__all__ = ["parted_asides"]


def parted_asides(text: str) -> frozenset[int]:
    """Where each bracket of an aside of words only stands in `text`: an opening one, the
    closing one after it, and no digit between."""
    if "(" not in text:
        return frozenset()
    found: set[int] = set()
    start = text.find("(")
    while start != -1:
        end = text.find(")", start + 1)
        if end == -1:
            break
        inside = text[start + 1 : end]
        if "(" not in inside and not any(ch.isdigit() for ch in inside):
            found.update((start, end))
        start = text.find("(", start + 1)
    return frozenset(found)
