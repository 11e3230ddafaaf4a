"""The Python client in clients/python: openapi-python-client's package for spec/openapi.yaml.

`python -m codegen.client` writes it again; `--check` fails, listing the files, when it is stale.
The generator runs locally from the spec, so it needs no network.
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["CLIENT", "KEPT", "PACKAGE", "generate", "main", "stale", "write"]

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec" / "openapi.yaml"
CLIENT = ROOT / "clients" / "python"
PACKAGE = "stalwart_agents_client"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")
RUFF = Path(sys.executable).with_name("ruff")
# Written by hand next to the generated modules, and kept when they are written again.
KEPT = frozenset({"events.py", "py.typed"})
# The pinned ruff formats the output, ignoring any configuration, so it is the same everywhere.
_CONFIG = (
    f"post_hooks: ['{RUFF} format --isolated --no-cache --line-length 100 --quiet .']\n"
    f"package_name_override: {PACKAGE}\n"
)


def generate(into: Path, spec: Path = SPEC) -> Path:
    """Generate the package for `spec` into a new folder `into`/PACKAGE, and return that folder."""
    config = into / "generator.yaml"
    config.write_text(_CONFIG, encoding="utf-8")
    package = into / PACKAGE
    done = subprocess.run(
        [
            str(GENERATOR),
            "generate",
            f"--path={spec}",
            f"--output-path={package}",
            "--meta=none",
            f"--config={config}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0 or not package.is_dir():
        raise RuntimeError(f"openapi-python-client failed:\n{done.stdout}{done.stderr}")
    return package


def _files(folder: Path) -> set[str]:
    return {
        str(path.relative_to(folder))
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def stale(package: Path = CLIENT / PACKAGE, spec: Path = SPEC) -> list[str]:
    """The files of `package` that differ from what `spec` generates now, missing or extra."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp), spec)
        have = _files(package) - KEPT
        want = _files(fresh)
        differ = {
            name
            for name in have & want
            if not filecmp.cmp(package / name, fresh / name, shallow=False)
        }
        return sorted(differ | (have ^ want))


def write(package: Path = CLIENT / PACKAGE) -> None:
    """Write the generated modules into `package`, keeping the hand-written ones in KEPT."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp))
        for name in _files(package) - KEPT if package.is_dir() else set():
            (package / name).unlink()
        shutil.copytree(fresh, package, dirs_exist_ok=True)
        for folder in sorted(package.rglob("*"), reverse=True):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()


def main(argv: list[str]) -> int:
    """Write the client, or with --check say which files are stale and exit 1."""
    if argv == ["--check"]:
        differ = stale()
        for name in differ:
            print(f"codegen.client: stale {CLIENT / PACKAGE / name}", file=sys.stderr)
        return 1 if differ else 0
    write()
    print(f"codegen.client: wrote {CLIENT / PACKAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
