"""The wheel carries the interface: installed in a fresh venv, `stalwart serve` serves its files."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest
from served import REPO, Server, get, serve_shop

pytestmark = pytest.mark.e2e

PACKAGE = REPO / "js" / "agent-ui"
# Each path the page loads, and the file of js/agent-ui it must be.
SERVED = {
    "/": "index.html",
    "/index.js": "index.js",
    "/app.js": "app.js",
    "/src/chat/chat.js": "src/chat/chat.js",
    "/locales/pt-BR.js": "locales/pt-BR.js",
}
WHERE = """
import stalwart_agents
from stalwart_agents.serve._static import ui_directory
print(stalwart_agents.__file__)
print(ui_directory())
"""


def run(*command: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, check=True, capture_output=True, text=True
    )
    return done.stdout


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel built from this checkout, and the wheel alone of the project.

    Its third-party dependencies come from the test venv's site-packages, named in a .pth file:
    a plain path, so that folder's own .pth files (the editable install's) are not read.
    """
    folder = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "build", "--wheel", "--outdir", folder / "dist", REPO, cwd=folder)
    (wheel,) = (folder / "dist").glob("stalwart_agents-*.whl")
    fresh = folder / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", fresh, cwd=folder)
    install: list[str | Path] = ["install", "--no-deps", "--no-index", wheel]
    run(sys.executable, "-m", "pip", "--python", fresh / "bin" / "python", *install, cwd=folder)
    (site_packages,) = fresh.glob("lib/python*/site-packages")
    (site_packages / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return fresh


@pytest.fixture(scope="module")
def installed(venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`stalwart serve` from the fresh venv, on a copy of the shop outside the checkout."""
    server = serve_shop(tmp_path_factory.mktemp("served-wheel"), stalwart=venv / "bin" / "stalwart")
    try:
        yield server
    finally:
        server.stop()


def test_the_package_and_its_interface_load_from_the_fresh_venv(venv: Path, tmp_path: Path) -> None:
    module, ui = run(venv / "bin" / "python", "-c", WHERE, cwd=tmp_path).split()

    assert Path(module).is_relative_to(venv)
    assert Path(ui).is_relative_to(venv)
    assert not Path(module).is_relative_to(REPO)


@pytest.mark.parametrize(("path", "name"), SERVED.items())
def test_the_installed_host_serves_the_wheels_copy_of_each_file(
    installed: Server, venv: Path, path: str, name: str
) -> None:
    response = get(f"{installed.url}{path}")

    assert response.status_code == 200
    (shipped,) = venv.glob(f"lib/python*/site-packages/stalwart_agents/ui/{name}")
    assert response.content == shipped.read_bytes()
    assert response.content == (PACKAGE / name).read_bytes()


def test_the_installed_command_prints_the_wheels_version(venv: Path, tmp_path: Path) -> None:
    (wheel,) = venv.parent.glob("dist/stalwart_agents-*.whl")
    version = wheel.name.split("-")[1]
    assert run(venv / "bin" / "stalwart", "--version", cwd=tmp_path) == f"stalwart {version}\n"


def test_init_from_the_wheel_writes_an_agent_that_checks_clean(venv: Path, tmp_path: Path) -> None:
    stalwart = venv / "bin" / "stalwart"
    run(stalwart, "init", "notes", cwd=tmp_path)

    checked = run(stalwart, "check", "notes/agent.yaml", cwd=tmp_path)

    assert checked == "notes/agent.yaml: no problems found.\n"
    (template,) = venv.glob(
        "lib/python*/site-packages/stalwart_agents/templates/init/tools.py.tmpl"
    )
    assert (tmp_path / "notes" / "tools.py").read_text() == template.read_text()
