"""The files routes on real loopback servers, both stores: owner and staff only, ids never paths,
and the headers a browser needs to open a file safely or download it."""

from __future__ import annotations

import http.client
import json
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from starlette.applications import Starlette

from stalwart_agents.desk import Desk
from stalwart_agents.serve import make_app
from stalwart_agents.serve._pairing import PairingCode

from .test_staff_only import ELSEWHERE, client, pair, store_as_url

KEEPER = Path(__file__).resolve().parents[2] / "fixtures" / "files_agent"

Serving = Callable[[Starlette], AbstractContextManager[str]]


@pytest.fixture
def keeper(tmp_path: Path, store_url: str) -> Path:
    """The Keeper agent in a folder of its own, saving to saved/ there, its runs in the store."""
    folder = tmp_path / "keeper"
    shutil.copytree(KEEPER, folder, ignore=shutil.ignore_patterns("__pycache__"))
    path = folder / "agent.yaml"
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    spec["agents"][0]["files"] = "saved"
    spec["storage"] = store_as_url(store_url)
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture
def pairing() -> PairingCode:
    return PairingCode()


@pytest.fixture
def served(keeper: Path, loopback: Serving, pairing: PairingCode) -> Iterator[str]:
    """The Keeper served on loopback, with pairing on; its base URL."""
    with loopback(make_app(Desk(keeper), pairing=pairing)) as url:
        yield url


def keep(url: str, *files: dict[str, Any], thread: str = "t-files") -> list[str]:
    """One turn that saves the files, as the owner; the ids the tool gave them."""
    with client(url) as owner:
        response = owner.post(f"/threads/{thread}/messages", json={"text": json.dumps(files)})
    assert response.status_code == 200, response.text
    # The reply says each call's result, the id among it.
    return list(dict.fromkeys(re.findall(r"f-[0-9a-f]{24}", response.json()["reply"])))


def listed(url: str) -> dict[str, Any]:
    with client(url) as owner:
        response = owner.get("/files")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def raw_status(url: str, path: str) -> int:
    """The status of a path sent exactly as written: no client tidies `..` or `%2F` first."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_saved_file_is_listed_with_its_folder_and_opened_in_place(
    served: str, keeper: Path
) -> None:
    [ident] = keep(served, {"name": "Receipt 4411.txt", "text": "Order 4411: paid $40.00"})
    body = listed(served)
    assert body["folder"] == str((keeper.parent / "saved").resolve())
    [shown] = body["files"]
    assert shown | {"saved_at": None} == {
        "id": ident,
        "name": "Receipt 4411.txt",
        "type": "text/plain",
        "size": len(b"Order 4411: paid $40.00"),
        "saved_at": None,
        "thread": "t-files",
        "run": shown["run"],
        "inline": True,
        "url": f"/files/{ident}",
        "download_url": f"/files/{ident}/download",
    }
    assert (keeper.parent / "saved" / "Receipt 4411.txt").read_bytes() == b"Order 4411: paid $40.00"
    with client(served) as owner:
        opened = owner.get(shown["url"])
        downloaded = owner.get(shown["download_url"])
    assert opened.status_code == 200
    assert opened.content == b"Order 4411: paid $40.00"
    assert opened.headers["content-type"] == "text/plain; charset=utf-8"
    assert opened.headers["content-disposition"] == 'inline; filename="Receipt 4411.txt"'
    assert opened.headers["x-content-type-options"] == "nosniff"
    assert downloaded.content == opened.content
    assert downloaded.headers["content-disposition"] == 'attachment; filename="Receipt 4411.txt"'
    assert downloaded.headers["x-content-type-options"] == "nosniff"


def test_files_are_listed_newest_first(served: str) -> None:
    first = keep(served, {"name": "a.txt", "text": "one"}, thread="t-a")
    second = keep(served, {"name": "b.txt", "text": "two"}, {"name": "c.txt", "text": "3"})
    assert [file["id"] for file in listed(served)["files"]] == [*reversed(second), *first]


@pytest.mark.parametrize(
    ("name", "given", "served_as", "disposition"),
    [
        ("page.html", None, "text/html; charset=utf-8", "attachment"),
        ("logo.svg", None, "image/svg+xml", "attachment"),
        ("drawing.png", None, "image/png", "inline"),
        ("invoice.pdf", None, "application/pdf", "inline"),
        ("data", "application/json", "application/json", "attachment"),
        ("notes.bin", None, "application/octet-stream", "attachment"),
    ],
)
def test_only_types_a_browser_shows_safely_open_in_place(
    served: str, name: str, given: str | None, served_as: str, disposition: str
) -> None:
    [ident] = keep(served, {"name": name, "text": "<script>alert(1)</script>", "type": given})
    with client(served) as owner:
        opened = owner.get(f"/files/{ident}")
        downloaded = owner.get(f"/files/{ident}/download")
    assert opened.headers["content-type"] == served_as
    assert opened.headers["content-disposition"].split(";")[0] == disposition
    assert downloaded.headers["content-disposition"].split(";")[0] == "attachment"
    assert opened.headers["x-content-type-options"] == "nosniff"


def test_a_name_beyond_ascii_gets_a_fallback_and_its_utf8_form(served: str) -> None:
    [ident] = keep(served, {"name": 'Recibo "março" 4411.txt', "text": "pago"})
    with client(served) as owner:
        header = owner.get(f"/files/{ident}/download").headers["content-disposition"]
    assert header == (
        'attachment; filename="Recibo _marco_ 4411.txt"; '
        "filename*=UTF-8''Recibo%20%22mar%C3%A7o%22%204411.txt"
    )


def test_anyone_but_the_owner_and_staff_gets_403_whatever_staff_only_says(served: str) -> None:
    [ident] = keep(served, {"name": "secret.txt", "text": "for the owner"})
    with client(served, ELSEWHERE) as stranger:
        responses = [
            stranger.get(path) for path in ("/files", f"/files/{ident}", f"/files/{ident}/download")
        ]
    assert [(r.status_code, r.json()["code"]) for r in responses] == [(403, "forbidden")] * 3
    assert all("secret" not in r.text for r in responses)


def test_paired_staff_list_open_and_download_files(served: str, pairing: PairingCode) -> None:
    [ident] = keep(served, {"name": "shared.txt", "text": "for staff too"})
    session = pair(served, pairing)
    with client(served, ELSEWHERE, session) as staff:
        assert [file["id"] for file in staff.get("/files").json()["files"]] == [ident]
        assert staff.get(f"/files/{ident}").content == b"for staff too"
        assert staff.get(f"/files/{ident}/download").content == b"for staff too"


def test_a_path_is_never_a_file_id(served: str) -> None:
    [ident] = keep(served, {"name": "kept.txt", "text": "kept"})
    tries = [
        "/files/..",
        "/files/%2e%2e",
        "/files/..%2F..%2Fetc%2Fpasswd",
        "/files/%2Fetc%2Fpasswd",
        "/files/..%5C..%5Cagent.yaml",
        "/files/kept.txt",
        f"/files/{ident}%2F..%2F..%2Fagent.yaml",
        f"/files/../files/{ident}/../../agent.yaml",
        "/files/f-000000000000000000000000",
        "/files/f-000000000000000000000000/download",
        f"/files/{ident.upper()}",
    ]
    assert {path: raw_status(served, path) for path in tries} == dict.fromkeys(tries, 404)
    assert raw_status(served, f"/files/{ident}") == 200


def test_a_file_gone_from_its_folder_is_not_listed_and_answers_404(
    served: str, keeper: Path
) -> None:
    [ident] = keep(served, {"name": "gone.txt", "text": "soon gone"})
    (keeper.parent / "saved" / "gone.txt").unlink()
    assert listed(served)["files"] == []
    with client(served) as owner:
        response = owner.get(f"/files/{ident}")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
    assert "gone.txt is no longer in" in response.json()["detail"]


def test_a_file_saved_before_its_tool_failed_is_listed(served: str) -> None:
    keep(served, {"name": "half.txt", "text": "saved first", "fail": True})
    assert [file["name"] for file in listed(served)["files"]] == ["half.txt"]


@pytest.mark.parametrize("target", ["/etc/passwd", "saved/other.txt"])
def test_a_saved_file_replaced_by_a_link_answers_404_on_both_routes(
    served: str, keeper: Path, target: str
) -> None:
    [ident, _] = keep(
        served, {"name": "receipt.txt", "text": "ok"}, {"name": "other.txt", "text": "x"}
    )
    saved = keeper.parent / "saved" / "receipt.txt"
    saved.unlink()
    saved.symlink_to(target if target.startswith("/") else keeper.parent / target)
    statuses = {
        path: raw_status(served, path) for path in (f"/files/{ident}", f"/files/{ident}/download")
    }
    assert statuses == dict.fromkeys(statuses, 404)
    assert [file["name"] for file in listed(served)["files"]] == ["other.txt"]
