"""clients/python holds what openapi-python-client makes of spec/openapi.yaml today."""

from __future__ import annotations

from pathlib import Path

from codegen.client import CLIENT, KEPT, PACKAGE, stale, write


def test_the_committed_client_is_what_the_spec_generates_now() -> None:
    assert stale() == [], "run `python -m codegen.client` to write clients/python again"


def test_an_edited_generated_module_is_found_stale(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE
    write(package)
    assert stale(package) == []
    (package / "api" / "threads" / "resume.py").write_text("# edited by hand\n")
    (package / "models" / "leftover.py").write_text("")
    assert stale(package) == ["api/threads/resume.py", "models/leftover.py"]


def test_the_hand_written_modules_are_kept_when_it_is_written_again(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE
    write(package)
    for name in KEPT:
        (package / name).write_text((CLIENT / PACKAGE / name).read_text())
    write(package)
    assert {name for name in KEPT if (package / name).exists()} == KEPT
    assert stale(package) == []
