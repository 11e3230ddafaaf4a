"""The chat page at /: the @stalwart-agents/agent-ui files shipped in the package, nothing else."""

from __future__ import annotations

import base64
import hashlib
import os
from importlib import resources
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stalwart_agents._generated.enums import ErrorCode
from stalwart_agents.serve._problems import problem_response

__all__ = [
    "CACHE_CONTROL",
    "CONTENT_SECURITY_POLICY",
    "SecurityHeaders",
    "allowing_style",
    "ui_directory",
    "ui_routes",
]

# Everything from this host, nothing inline, nothing from any other host; images may also be
# data a reply carries (an MCP server's), which makes no request.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'self'"
)


def allowing_style(style: str) -> str:
    """The policy with one inline style let through by its hash, for a page the server writes."""
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    return CONTENT_SECURITY_POLICY.replace(
        "style-src 'self'", f"style-src 'self' 'sha256-{digest}'"
    )


# The files are not named by their content, so a browser asks again each time (a 304 when
# unchanged): an upgraded host never serves a page half old, half new.
CACHE_CONTROL = "no-cache"
# Smaller files gain nothing from gzip.
_GZIP_MINIMUM = 256
# The top-level files the page loads; folders are served whole below.
_FILES = ("index.html", "index.js", "app.js", "theme.css", "page.css", "favicon.svg")
_FOLDERS = ("src", "locales")


def ui_directory() -> Path:
    """Where the UI files are: in the installed wheel, or the repo's js/agent-ui when editable."""
    packaged = Path(str(resources.files("stalwart_agents"))) / "ui"
    if (packaged / "index.html").is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "js" / "agent-ui"


class _UiFile:
    """One file of the page, with its ETag, so a browser that has it gets a 304."""

    def __init__(self, file: Path) -> None:
        self.file = file

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = self._response(Request(scope))
        await response(scope, receive, send)

    def _response(self, request: Request) -> Response:
        if not self.file.is_file():
            return _missing(self.file)
        found = FileResponse(self.file, stat_result=os.stat(self.file))
        if request.headers.get("if-none-match") == found.headers["etag"]:
            return Response(status_code=304, headers={"etag": found.headers["etag"]})
        return found


class _Cached:
    """Adds the page's Cache-Control to what a UI route answers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_cache(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                MutableHeaders(scope=message)["Cache-Control"] = CACHE_CONTROL
            await send(message)

        await self.app(scope, receive, with_cache)


def _served(app: ASGIApp) -> ASGIApp:
    """Compressed and cached. Starlette's own gzip: no new dependency, and since it wraps only
    these routes, the event stream and the API never go through it."""
    return GZipMiddleware(_Cached(app), minimum_size=_GZIP_MINIMUM)


def _file_route(path: str, file: Path) -> Route:
    return Route(path, _served(_UiFile(file)), methods=["GET", "HEAD"], name=f"ui:{file.name}")


def _missing(file: Path) -> Response:
    return problem_response(
        ErrorCode.NOT_FOUND,
        f"The interface file {file.name} is not installed; reinstall stalwart-agents.",
    )


def ui_routes(directory: Path | None = None) -> list[BaseRoute]:
    """The routes that serve the page and its files, under whatever base the app is mounted at."""
    root = ui_directory() if directory is None else directory
    routes: list[BaseRoute] = [_file_route("/", root / "index.html")]
    routes += [_file_route(f"/{name}", root / name) for name in _FILES]
    routes += [
        Mount(
            f"/{folder}",
            app=_served(StaticFiles(directory=root / folder, check_dir=False)),
            name=folder,
        )
        for folder in _FOLDERS
    ]
    return routes


class SecurityHeaders:
    """Adds the Content-Security-Policy and no-sniff headers to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                # A page with its own inline style sets the policy that lets it through.
                headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
            await send(message)

        await self.app(scope, receive, with_headers)
