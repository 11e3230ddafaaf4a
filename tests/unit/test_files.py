"""Files.save: bytes in the agent's folder under a name a person knows, an id that is no path."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalwart_agents.config import AgentSpec
from stalwart_agents.errors import ConfigError
from stalwart_agents.files import FILE_ID, Files, shown_inline, stored_name
from stalwart_agents.home import data_folder
from stalwart_agents.loading import load_agent_file
from stalwart_agents.serve._files import content_disposition

SECRET = b"s" * 32


def files_in(folder: Path, key: str = "run-1:0") -> Files:
    return Files(folder, agent="Keeper", secret=SECRET, key=key, thread="t-1", run="r-1", step=0)


def test_save_writes_the_bytes_under_the_persons_name_and_records_it(tmp_path: Path) -> None:
    files = files_in(tmp_path / "saved")
    saved = files.save("Receipt 4411.pdf", b"%PDF-1.4 receipt")
    assert saved.path == tmp_path / "saved" / "Receipt 4411.pdf"
    assert saved.path.read_bytes() == b"%PDF-1.4 receipt"
    assert (saved.name, saved.type, saved.size) == ("Receipt 4411.pdf", "application/pdf", 16)
    assert FILE_ID.match(saved.id)
    [record] = files.saved
    assert record["id"] == saved.id
    assert (record["thread"], record["run"], record["step"]) == ("t-1", "r-1", 0)
    assert (record["folder"], record["stored"]) == (str(tmp_path / "saved"), "Receipt 4411.pdf")


def test_a_name_taken_in_the_folder_gets_a_number_and_nothing_is_overwritten(
    tmp_path: Path,
) -> None:
    first = files_in(tmp_path).save("receipt.txt", b"one")
    second = files_in(tmp_path, key="run-2:0").save("receipt.txt", b"two")
    third = files_in(tmp_path, key="run-3:0").save("receipt.txt", b"three")
    assert [f.path.name for f in (first, second, third)] == [
        "receipt.txt",
        "receipt (2).txt",
        "receipt (3).txt",
    ]
    assert first.path.read_bytes() == b"one"


def test_ids_come_from_the_call_so_a_step_sent_again_saves_under_the_same_ids(
    tmp_path: Path,
) -> None:
    once = files_in(tmp_path, key="run-1:4")
    again = files_in(tmp_path, key="run-1:4")
    other = files_in(tmp_path, key="run-1:5")
    ids = [once.save("a.txt", b"a").id, once.save("b.txt", b"b").id]
    assert [again.save("a.txt", b"a").id, again.save("b.txt", b"b").id] == ids
    assert len(set(ids)) == 2
    assert other.save("a.txt", b"a").id not in ids


@pytest.mark.parametrize(
    "name", ["../agent.yaml", "a/b.txt", "..\\x.txt", "..", "", "  ", "a\x00b"]
)
def test_a_path_or_an_empty_name_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="name"):
        files_in(tmp_path).save(name, b"x")
    assert not tmp_path.joinpath("agent.yaml").exists()


def test_data_must_be_bytes_and_a_type_a_media_type(tmp_path: Path) -> None:
    files = files_in(tmp_path)
    with pytest.raises(TypeError, match="bytes, not a str"):
        files.save("a.txt", "text")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not a media type"):
        files.save("a.txt", b"x", "text plain")
    assert files.save("a", b"x", "Text/Plain").type == "text/plain"
    assert files.save("blob", b"x").type == "application/octet-stream"
    assert files.saved and list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("name", "stored"),
    [
        ("Recibo: março?.txt", "Recibo- março-.txt"),
        ("...hidden", "hidden"),
        ("con|tro\x07l.pdf", "con-tro-l.pdf"),
        ("x" * 300 + ".pdf", "x" * 196 + ".pdf"),
        ("???", "---"),
        (". .", "f-1"),
    ],
)
def test_the_stored_name_is_one_safe_segment(name: str, stored: str) -> None:
    assert stored_name(name, "f-1") == stored


@pytest.mark.parametrize(
    ("media_type", "inline"),
    [
        ("image/png", True),
        ("image/jpeg", True),
        ("application/pdf", True),
        ("text/plain", True),
        ("image/svg+xml", False),
        ("text/html", False),
        ("application/xhtml+xml", False),
        ("text/javascript", False),
        ("application/octet-stream", False),
    ],
)
def test_only_images_but_svg_pdf_and_text_open_in_place(media_type: str, inline: bool) -> None:
    assert shown_inline(media_type) is inline


@pytest.mark.parametrize(
    ("name", "header"),
    [
        ("receipt.pdf", 'inline; filename="receipt.pdf"'),
        ("Ação.pdf", "inline; filename=\"Acao.pdf\"; filename*=UTF-8''A%C3%A7%C3%A3o.pdf"),
        ('a"b\\c.txt', "inline; filename=\"a_b-c.txt\"; filename*=UTF-8''a%22b-c.txt"),
        ("领收.txt", "inline; filename=\".txt\"; filename*=UTF-8''%E9%A2%86%E6%94%B6.txt"),
        ("€", "inline; filename=\"file\"; filename*=UTF-8''%E2%82%AC"),
        (
            "a\r\nSet-Cookie: x",
            "inline; filename=\"a__Set-Cookie: x\"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x",
        ),
    ],
)
def test_content_disposition_gives_a_safe_ascii_name_and_the_utf8_one(
    name: str, header: str
) -> None:
    assert content_disposition("inline", name) == header


def test_files_default_to_the_data_folder_or_files_relative_to_agent_yaml(tmp_path: Path) -> None:
    (tmp_path / "agent.yaml").write_text(
        "agents:\n  - name: A\n  - name: B\n    files: receipts/2026\n", encoding="utf-8"
    )
    loaded = load_agent_file(tmp_path / "agent.yaml")
    assert loaded.files_folder(loaded.agent("A")) == data_folder("A")
    assert loaded.files_folder(loaded.agent("B")) == (tmp_path / "receipts" / "2026").resolve()


def test_files_naming_a_file_stops_the_load_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file", encoding="utf-8")
    (tmp_path / "agent.yaml").write_text(
        "agents:\n  - name: A\n    files: taken/receipts\n", encoding="utf-8"
    )
    with pytest.raises(ConfigError) as raised:
        load_agent_file(tmp_path / "agent.yaml")
    assert raised.value.line == 3
    assert "inside" in str(raised.value) and "which is a file, not a folder" in str(raised.value)


def test_files_must_name_a_folder_on_this_computer() -> None:
    with pytest.raises(ValueError, match="must be a folder on this computer"):
        AgentSpec(name="A", files="https://example.com/files")
