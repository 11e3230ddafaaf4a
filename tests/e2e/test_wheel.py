"""`pip install ./` and the wheel bring the interface: a fresh venv's `stalwart serve` serves it."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from served import REPO, UNSET, Server, get, serve_shop

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
    """Run a command as a person would, without a PYTHONPATH that puts the checkout first."""
    environment = {key: value for key, value in os.environ.items() if key not in UNSET}
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def fresh_venv(folder: Path) -> Path:
    """A venv without the project, whose third-party packages come from the test venv.

    They are named in a .pth file: a plain path, so that folder's own .pth files (the editable
    install's) are not read. The build backend is among them, so nothing is fetched.
    """
    fresh = folder / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", fresh, cwd=folder)
    (site_packages,) = fresh.glob("lib/python*/site-packages")
    (site_packages / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return fresh


def pip_install(fresh: Path, source: Path, cwd: Path) -> None:
    """`pip install SOURCE` into `fresh`, offline: no index, no build isolation, no dependencies."""
    offline = ["--no-deps", "--no-index", "--no-build-isolation"]
    run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        fresh / "bin" / "python",
        "install",
        *offline,
        source,
        cwd=cwd,
    )


@pytest.fixture(scope="module", params=["wheel", "folder"])
def venv(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding this checkout, installed from the wheel it builds or from its folder."""
    folder = tmp_path_factory.mktemp(request.param)
    fresh = fresh_venv(folder)
    if request.param == "wheel":
        build = ["-m", "build", "--wheel", "--no-isolation", "--outdir", folder / "dist", REPO]
        run(sys.executable, *build, cwd=folder)
        (source,) = (folder / "dist").glob("stalwart_agents-*.whl")
    else:
        source = REPO
    pip_install(fresh, source, cwd=folder)
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
def test_the_installed_host_serves_the_installed_copy_of_each_file(
    installed: Server, venv: Path, path: str, name: str
) -> None:
    response = get(f"{installed.url}{path}")

    assert response.status_code == 200
    (shipped,) = venv.glob(f"lib/python*/site-packages/stalwart_agents/ui/{name}")
    assert response.content == shipped.read_bytes()
    assert response.content == (PACKAGE / name).read_bytes()


def test_the_installed_command_prints_the_projects_version(venv: Path, tmp_path: Path) -> None:
    version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    assert run(venv / "bin" / "stalwart", "--version", cwd=tmp_path) == f"stalwart {version}\n"


def test_init_from_the_install_writes_an_agent_that_checks_clean(
    venv: Path, tmp_path: Path
) -> None:
    stalwart = venv / "bin" / "stalwart"
    run(stalwart, "init", "notes", cwd=tmp_path)

    checked = run(stalwart, "check", "notes/agent.yaml", cwd=tmp_path)

    assert checked == "notes/agent.yaml: no problems found.\n"
    (template,) = venv.glob(
        "lib/python*/site-packages/stalwart_agents/templates/init/tools.py.tmpl"
    )
    assert (tmp_path / "notes" / "tools.py").read_text() == template.read_text()
