"""scripts/setup says what it does, and skips pip while pyproject.toml and constraints.txt hold."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The files setup reads, beside a real venv that has no pip, so any pip run fails loudly."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(REPO / "scripts" / "setup", tmp_path / "scripts" / "setup")
    for name in ("pyproject.toml", "constraints.txt"):
        shutil.copy(REPO / name, tmp_path / name)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", tmp_path / ".venv"], check=True)
    return tmp_path


def setup(checkout: Path, what: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "scripts/setup", what], cwd=checkout, capture_output=True, text=True, timeout=120
    )


def stamp(checkout: Path, what: str) -> None:
    """What a finished install leaves: the hash of the two files it installed from."""
    wanted = subprocess.run(
        "cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1",
        shell=True,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (checkout / ".venv" / f".stalwart-installed-{what}").write_text(wanted)


def test_an_unchanged_install_skips_pip_and_says_so(checkout: Path) -> None:
    stamp(checkout, "serve")

    done = setup(checkout, "serve")

    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert (
        lines[0]
        == "setup: Python packages up to date (pyproject.toml and constraints.txt unchanged)"
    )
    assert re.fullmatch(r"setup: done in \d+ s", lines[-1])


def test_the_test_install_covers_the_serve_install(checkout: Path) -> None:
    stamp(checkout, "test")
    assert "up to date" in setup(checkout, "serve").stdout


def test_a_changed_constraints_file_runs_pip_again(checkout: Path) -> None:
    stamp(checkout, "serve")
    with (checkout / "constraints.txt").open("a") as constraints:
        constraints.write("# changed\n")

    done = setup(checkout, "serve")

    assert done.stdout.splitlines()[0].startswith("setup: installing pip, then the package")
    # The venv has no pip: the attempt is what shows the install was not skipped.
    assert "No module named pip" in done.stderr
    assert done.returncode != 0


def serve_shop(checkout: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """scripts/serve-shop on the checkout, its venv's stalwart being the one running the tests."""
    (checkout / ".venv" / "bin" / "stalwart").symlink_to(Path(sys.executable).with_name("stalwart"))
    shutil.copy(REPO / "scripts" / "serve-shop", checkout / "scripts" / "serve-shop")
    shutil.copytree(REPO / "examples" / "shop", checkout / "examples" / "shop")
    for name in ("shop.db", "runs.db"):
        (checkout / "examples" / "shop" / name).write_text("kept")
    stamp(checkout, "serve")
    return subprocess.run(
        ["bash", "scripts/serve-shop", *argv, "--help"],
        cwd=checkout,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_serve_shop_fresh_starts_the_shop_over(checkout: Path) -> None:
    done = serve_shop(checkout, "--fresh")

    assert done.returncode == 0, done.stderr
    removed = "examples/shop/shop.db and examples/shop/runs.db"
    assert f"serve-shop: started the shop over (removed {removed})" in done.stdout
    assert not (checkout / "examples" / "shop" / "shop.db").exists()
    assert not (checkout / "examples" / "shop" / "runs.db").exists()


def test_serve_shop_keeps_the_shop_and_says_how_to_start_over(checkout: Path) -> None:
    done = serve_shop(checkout)

    assert done.returncode == 0, done.stderr
    assert "bash scripts/serve-shop --fresh starts it over" in done.stdout
    assert (checkout / "examples" / "shop" / "shop.db").read_text() == "kept"
