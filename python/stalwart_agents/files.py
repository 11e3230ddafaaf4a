"""What tools save for the person: bytes in the agent's folder on this computer, known by an id.

A tool that names a `files` parameter is given a `Files`; `files.save(name, data)` writes the
bytes at once, under a name a person recognises in the folder, and the call's end indexes them
in the run store (so every worker lists them, newest first, with the run that saved them).
Routes name a file by its id only, never by a path.
"""

from __future__ import annotations

import hashlib
import hmac
import mimetypes
import re
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from stalwart_agents.store import FileRecord

__all__ = ["FILE_ID", "Files", "SavedFile", "shown_inline", "stored_name"]

FILE_ID: Final = re.compile(r"^f-[0-9a-f]{24}$")
"""Every file id: nothing a path could be made of."""

# What a browser shows without running anything: images but SVG (it carries script), PDF, text.
_INLINE: Final = frozenset(
    {
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/webp",
        "image/avif",
        "image/bmp",
        "application/pdf",
        "text/plain",
    }
)
_MEDIA_TYPE: Final = re.compile(r"^[a-z0-9][a-z0-9!#$&^_.+-]*/[a-z0-9][a-z0-9!#$&^_.+-]*$")
# Characters no file name on Windows, macOS or Linux may hold, and control characters.
_UNSAFE: Final = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
_LONGEST_NAME: Final = 200
DEFAULT_TYPE: Final = "application/octet-stream"


def shown_inline(media_type: str) -> bool:
    """Whether a browser may open the file in place: never HTML, SVG or anything that runs."""
    return media_type in _INLINE


def stored_name(name: str, fallback: str) -> str:
    """The file's name in the folder: the person's name, made one safe path segment."""
    cleaned = _UNSAFE.sub("-", unicodedata.normalize("NFC", name)).strip(" .")
    stem, dot, suffix = cleaned.rpartition(".")
    if not dot or not stem:
        stem, suffix = cleaned, ""
    stem = stem[: _LONGEST_NAME - len(suffix) - 1].rstrip(" .")
    if not stem:
        stem = fallback
    return f"{stem}.{suffix}" if suffix else stem


@dataclass(frozen=True)
class SavedFile:
    """One file a tool saved, as `Files.save` returns it."""

    id: str
    name: str
    type: str
    size: int
    path: Path


class Files:
    """Given to a tool that names a `files` parameter: `save` keeps bytes for the person.

    Its ids come from the call's idempotency key under the store's secret: a step sent again
    saves under the same ids, and the index keeps each file once.
    """

    def __init__(
        self,
        folder: Path,
        *,
        agent: str,
        secret: bytes,
        key: str,
        thread: str | None = None,
        run: str | None = None,
        step: int | None = None,
    ) -> None:
        self.folder = folder
        self.agent = agent
        self._secret = secret
        self._key = key
        self._where = (thread, run, step)
        self.saved: list[FileRecord] = []

    def save(self, name: str, data: bytes, type: str | None = None) -> SavedFile:
        """Write `data` to the agent's folder as `name`; it shows in the chat's files panel.

        Args:
            name: what a person reads, as `Receipt 4411.pdf`; a name, not a path.
            data: the file's bytes.
            type: its media type; guessed from the name's extension where not given.

        Raises:
            ValueError: the name is empty or a path, or the type is not a media type.
            TypeError: data is not bytes.
            OSError: the folder cannot be written to.
        """
        name = _checked_name(name)
        if not isinstance(data, bytes | bytearray | memoryview):
            raise TypeError(f"save() takes the file's bytes, not a {_type_name(data)}.")
        media_type = _checked_type(type, name)
        ident = self._next_id()
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = _write_new(self.folder, stored_name(name, ident), bytes(data))
        thread, run, step = self._where
        self.saved.append(
            FileRecord(
                id=ident,
                agent=self.agent,
                name=name,
                type=media_type,
                size=len(data),
                saved_at=time.time(),
                thread=thread,
                run=run,
                step=step,
                folder=str(self.folder),
                stored=path.name,
            )
        )
        return SavedFile(ident, name, media_type, len(data), path)

    def _next_id(self) -> str:
        message = f"{self._key}\0{len(self.saved)}".encode()
        return "f-" + hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:24]


def _type_name(value: object) -> str:
    return type(value).__name__


def _checked_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError("A saved file needs a name a person can read, as 'Receipt 4411.pdf'.")
    if "/" in name or "\\" in name or "\x00" in name or name.strip() in (".", ".."):
        raise ValueError(f"{name!r} is a path; give the file a name, as 'Receipt 4411.pdf'.")
    return name.strip()


def _checked_type(given: str | None, name: str) -> str:
    if given is None:
        return mimetypes.guess_type(name, strict=False)[0] or DEFAULT_TYPE
    media_type = given.strip().lower()
    if not _MEDIA_TYPE.match(media_type):
        raise ValueError(f"{given!r} is not a media type, as 'application/pdf' or 'text/plain'.")
    return media_type


def _write_new(folder: Path, stored: str, data: bytes) -> Path:
    """Write the bytes under `stored`, or `stored (2)`… where a file has that name already."""
    stem, dot, suffix = stored.rpartition(".")
    if not dot or not stem:
        stem, dot, suffix = stored, "", ""
    number = 1
    while True:
        candidate = folder / (stored if number == 1 else f"{stem} ({number}){dot}{suffix}")
        try:
            out = candidate.open("xb")
        except FileExistsError:
            number += 1
            continue
        with out:
            try:
                out.write(data)
            except OSError:
                # A half-written file is no file: leave the folder as it was.
                candidate.unlink(missing_ok=True)
                raise
        return candidate
