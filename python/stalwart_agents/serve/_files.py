"""The files routes: what the agent's tools saved, for its owner and their staff only.

A file is named by its id, never by a path: the id is looked up in the run store's index, and
the bytes are read from where they were saved. A browser opens in place only what it shows
without running anything (images but SVG, PDF, plain text); the rest, HTML and SVG included,
is always a download.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from stalwart_agents._generated.enums import Viewer
from stalwart_agents._generated.models import FileList
from stalwart_agents.desk import Desk
from stalwart_agents.errors import Forbidden, NotFound
from stalwart_agents.files import FILE_ID, shown_inline
from stalwart_agents.serve._staff import viewer
from stalwart_agents.serve._state import host_of
from stalwart_agents.store import FileRecord

__all__ = ["FILE_ROUTES", "content_disposition"]

_NOT_YOURS: Final = (
    "Only this bot's owner, at this computer, and the staff they paired see its files."
)
# What a quoted filename may hold as it is: printable ASCII but the quote and the backslash.
_PLAIN: Final = frozenset(chr(code) for code in range(0x20, 0x7F)) - {'"', "\\"}


def content_disposition(disposition: str, name: str) -> str:
    """`inline` or `attachment` with the name: an ASCII fallback, and RFC 5987's UTF-8 form
    where the name needs it (RFC 6266)."""
    single = name.replace("/", "-").replace("\\", "-")
    ascii_name = unicodedata.normalize("NFKD", single).encode("ascii", "ignore").decode()
    fallback = "".join(char if char in _PLAIN else "_" for char in ascii_name).strip() or "file"
    header = f'{disposition}; filename="{fallback}"'
    if fallback != single:
        header += f"; filename*=UTF-8''{quote(single, safe='')}"
    return header


async def _desk_for_staff(request: Request) -> Desk:
    """The desk, once the request is the owner's or paired staff's; 403 for anyone else."""
    host = host_of(request)
    desk = await host.open_door()
    if await viewer(desk.roles.people, request) is Viewer.GUEST:
        raise Forbidden(_NOT_YOURS)
    return desk


def _shown(record: FileRecord, base: str) -> dict[str, Any]:
    url = f"{base}/files/{record['id']}"
    return {
        "id": record["id"],
        "name": record["name"],
        "type": record["type"],
        "size": record["size"],
        "saved_at": datetime.fromtimestamp(record["saved_at"], UTC).isoformat(),
        "thread": record["thread"],
        "run": record["run"],
        "inline": shown_inline(record["type"]),
        "url": url,
        "download_url": f"{url}/download",
    }


def _bytes_of(record: FileRecord, folder: Path) -> Path | None:
    """Where the file's bytes are, or None when they are gone from the agent's folder.

    A link is never followed, nor a path that resolves outside the folder: whoever can swap a
    saved file for a link must not make this route serve what the link points at.
    """
    if Path(record["stored"]).name != record["stored"]:
        return None
    path = Path(record["folder"]) / record["stored"]
    if path.is_symlink() or not path.is_file():
        return None
    return path if path.resolve().parent == folder.resolve() else None


async def list_files(request: Request) -> Response:
    """GET /files: the agent's saved files, newest first, and the folder new ones go to."""
    desk = await _desk_for_staff(request)
    base = host_of(request).base_for(request)
    records = await desk.roles.files.files(desk.agent.name)
    folder = desk.agent_file.files_folder(desk.agent)
    body = FileList.model_validate(
        {
            "folder": str(folder),
            "files": [_shown(record, base) for record in records if _bytes_of(record, folder)],
        }
    )
    return JSONResponse(body.model_dump(mode="json"), headers={"Cache-Control": "no-store"})


async def _file(request: Request, *, download: bool) -> Response:
    desk = await _desk_for_staff(request)
    ident = request.path_params["id"]
    record = await desk.roles.files.file(desk.agent.name, ident) if FILE_ID.match(ident) else None
    if record is None:
        raise NotFound(f"No file has the id {ident!r}.")
    path = _bytes_of(record, desk.agent_file.files_folder(desk.agent))
    if path is None:
        raise NotFound(f"{record['name']} is no longer in {record['folder']}.")
    inline = not download and shown_inline(record["type"])
    return FileResponse(
        path,
        media_type=record["type"],
        headers={
            "Content-Disposition": content_disposition(
                "inline" if inline else "attachment", record["name"]
            ),
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "private, no-store",
        },
    )


async def open_file(request: Request) -> Response:
    """GET /files/{id}: in place where a browser shows the type safely, else a download."""
    return await _file(request, download=False)


async def download_file(request: Request) -> Response:
    """GET /files/{id}/download: always a download."""
    return await _file(request, download=True)


FILE_ROUTES = (
    Route("/files", list_files, methods=["GET"]),
    Route("/files/{id}", open_file, methods=["GET"]),
    Route("/files/{id}/download", download_file, methods=["GET"]),
)
