"""The docs build under `mkdocs build --strict`, and every example in them runs as shown.

What this test does with each fence a page uses:

- ```python runs in a fresh namespace, in a fresh folder holding a copy of examples/; a block
  that starts with `>>>` runs through doctest instead.
- ``` { .python title="not run" } is counted and compiled, never run: it starts something
  long-lived. Its imports from stalwart_agents must exist.
- ``` { .LANG title="FILE" } is a file the page shows: it is written into the folder of every
  example of the same page (the latest version shown before the example, else the first after).
- ``` { .text title="output" } is what the example before it prints, compared as doctest does.
- ```sh runs with bash when every command in it is `curl` to the served shop, `python
  examples/…` or `stalwart … --help`; other shell blocks are for the reader's machine (set-up,
  long-lived servers, other hosts).
- A tutorial (TUTORIALS) runs its examples in order in one folder, as the reader's terminal
  does, so each step sees what the steps before it made; there `stalwart init`, `stalwart
  check` and `python -m pytest` run too.
- ```html, ```css and ```js are checked against spec/elements.yaml, spec/theme.yaml,
  spec/strings.yaml and the package's exports; ```json and ```yaml must parse.

An example that talks to http://127.0.0.1:8700 talks to a real `stalwart serve` of the shop
example, started once for all pages as `bash scripts/serve-shop` starts it; so each page's
examples use threads of their own.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import importlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from pydantic import BaseModel

from stalwart_agents.config import (
    AgentFile,
    AgentSpec,
    ArgumentSpec,
    ConfirmRule,
    ExpiresSpec,
    FactsSpec,
    Precondition,
    RefuseRule,
    Rules,
    RunsSpec,
    ScheduleSpec,
    ShowsSpec,
    ToolSpec,
    UndoSpec,
)
from stalwart_agents.model import ModelSettings
from stalwart_agents.server_spec import ServerSpec
from tests.loopback import free_port
from tests.reader_pytest import as_a_reader

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
EXAMPLES = REPO / "examples"
PACKAGE = REPO / "js" / "agent-ui"
SPEC = REPO / "spec"

# The address the pages give for `bash scripts/serve-shop`, and the operator token they start it
# with; the test serves the shop on a free port and puts that port in their place.
SERVED = "http://127.0.0.1:8700"
OPERATOR_TOKEN = "op-example-token"
# The pages that build one thing step by step, and the commands their steps run.
TUTORIALS = frozenset({"first-agent.md"})
TUTORIAL_COMMANDS = ("stalwart init ", "stalwart check ", "python -m pytest ")
# A page may show a few examples that start a server; more than this and the docs drift unseen.
MAX_NOT_RUN = 6
# A shell block's time, and the served shop's to start: a loaded machine is slow, not broken
# (`python -m pytest` took over 60 s in CI, and the shop over 60 s to answer on a busy machine).
SHELL_SECONDS = 240
DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

_FENCE = re.compile(
    r"^(?P<fence>`{3,})(?P<info>[^`\n]*)\n(?P<code>.*?)^(?P=fence)[ \t]*$", re.M | re.S
)
_ATTRS = re.compile(r"^\{\s*\.(?P<lang>[\w-]+)(?P<rest>[^}]*)\}$")
_TITLE = re.compile(r'title="(?P<title>[^"]*)"')


@dataclass(frozen=True)
class Block:
    """One fenced block of a page."""

    page: str
    line: int
    lang: str
    title: str | None
    code: str

    @property
    def where(self) -> str:
        return f"docs/{self.page}:{self.line}"

    @property
    def kind(self) -> str:
        """What the test does with it: python, doctest, shell, file, output, not run, or shown."""
        if self.title == "not run":
            return "not run"
        if self.title == "output":
            return "output"
        if self.title:
            return "file"
        if self.lang == "python":
            return "doctest" if self.code.lstrip().startswith(">>>") else "python"
        quick = ("python examples/", *(TUTORIAL_COMMANDS if self.page in TUTORIALS else ()))
        if self.lang == "sh" and all(_ends(command, quick) for command in _commands(self.code)):
            return "shell"
        return "shown"


def _ends(command: str, quick: tuple[str, ...]) -> bool:
    """Whether the test runs a command: quick ones, and requests to the served shop only."""
    if command.startswith("curl "):
        return SERVED in command
    return command.startswith(quick) or (
        command.startswith("stalwart ") and command.endswith("--help")
    )


def _commands(code: str) -> list[str]:
    joined = re.sub(r"\\\n\s*", " ", code)
    lines = (line.split(" #")[0].strip() for line in joined.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def _blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        info = match["info"].strip()
        attrs = _ATTRS.match(info)
        title = _TITLE.search(attrs["rest"]) if attrs else None
        found.append(
            Block(
                page=page.relative_to(DOCS).as_posix(),
                line=text.count("\n", 0, match.start()) + 1,
                lang=attrs["lang"] if attrs else info,
                title=title["title"] if title else None,
                code=match["code"],
            )
        )
    return found


PAGES = sorted(path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md"))
BLOCKS = [block for page in PAGES for block in _blocks(DOCS / page)]
RUN_PAGES = [
    page
    for page in PAGES
    if any(b.page == page and b.kind in ("python", "doctest", "shell") for b in BLOCKS)
]


def _of_kind(*kinds: str) -> list[Block]:
    return [block for block in BLOCKS if block.kind in kinds]


def _ids(blocks: list[Block]) -> list[str]:
    return [block.where for block in blocks]


# The site.


def test_the_docs_build_under_mkdocs_strict(tmp_path: Path) -> None:
    built = subprocess.run(
        [
            *(sys.executable, "-m", "mkdocs", "build", "--strict"),
            *("--config-file", str(REPO / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_no_fence_is_indented_where_markdown_would_not_see_it() -> None:
    indented = [
        f"docs/{page}:{number}"
        for page in PAGES
        for number, line in enumerate((DOCS / page).read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r"^[ \t]+`{3}", line)
    ]
    assert indented == [], "Python-Markdown reads fences only at the start of a line"


# The examples that run.


@dataclass(frozen=True)
class Served:
    """The shop as `bash scripts/serve-shop` serves it: its address, its folder, its shell."""

    url: str
    folder: Path
    env: dict[str, str]


@contextlib.contextmanager
def _serving_shop(folder: Path) -> Iterator[Served]:
    """`stalwart serve examples/shop/agent.yaml` on a free port, on a copy of the shop."""
    shutil.copytree(EXAMPLES, folder / "examples", ignore=shutil.ignore_patterns("__pycache__"))
    port = free_port()
    env = _environment(folder)
    log_path = folder / "serve.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "stalwart_agents.cli", "serve", "examples/shop/agent.yaml"),
                *("--port", str(port), "--operator-token", OPERATOR_TOKEN),
            ],
            cwd=folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_healthy(base, process, log_path)
            yield Served(base, folder, env)
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


def _wait_until_healthy(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    """Poll through one client (a new one per poll cost 55 ms of CPU), as long as a shell block."""
    deadline = time.monotonic() + SHELL_SECONDS
    with httpx.Client(timeout=5) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"stalwart serve stopped:\n{log.read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if client.get(f"{base}/healthz").status_code == 200:
                    return
            time.sleep(0.05)
    pytest.fail(f"stalwart serve did not answer within {SHELL_SECONDS} seconds:\n{log.read_text()}")


def _environment(folder: Path) -> dict[str, str]:
    """The reader's shell: the venv first on PATH, the shop's data in `folder`, no model key.

    No saved key either: the per-user folders are the folder's own, and no keyring is asked;
    and a pytest it starts loads the reader's plugins, not this project's.
    """
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["XDG_CONFIG_HOME"] = str(folder / ".config")
    env["XDG_DATA_HOME"] = str(folder / ".data")
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    env["STALWART_SHOP_DB"] = str(folder / "examples" / "shop" / "shop.db")
    return as_a_reader(env)


def _prepare(folder: Path, files: dict[str, str]) -> None:
    """A folder as a reader's clone: examples/, and the files the page has shown so far."""
    if not (folder / "examples").exists():
        ignored = shutil.ignore_patterns("__pycache__")
        shutil.copytree(EXAMPLES, folder / "examples", ignore=ignored)
    for name, text in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def _files_for(blocks: list[Block], index: int) -> dict[str, str]:
    """The page's files as the example at `index` sees them: the latest shown before it, else
    the first shown after it (a page may show a file its first example already uses)."""
    files: dict[str, str] = {}
    for block in reversed(blocks[index:]):
        if block.kind == "file" and block.title is not None:
            files[block.title] = block.code
    for block in blocks[:index]:
        if block.kind == "file" and block.title is not None:
            files[block.title] = block.code
    return files


@contextlib.contextmanager
def _own_imports(folder: Path) -> Iterator[None]:
    """The example imports its folder's modules (tools, shop, …), and none of them outlive it."""
    path = list(sys.path)
    local = {p.stem for p in folder.rglob("*.py")}
    hidden = {name: sys.modules.pop(name) for name in local if name in sys.modules}
    before = set(sys.modules)
    try:
        yield
    finally:
        for name in set(sys.modules) - before:
            file = getattr(sys.modules[name], "__file__", None)
            if file and os.path.abspath(file).startswith(str(folder)):
                del sys.modules[name]
        sys.modules.update(hidden)
        sys.path[:] = path


def _run_python(block: Block, folder: Path, code: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run one example and give what it printed; fail with its page and line when it breaks."""
    for name, value in _environment(folder).items():
        monkeypatch.setenv(name, value)
    for name in [name for name in os.environ if name.endswith("_API_KEY")]:
        monkeypatch.delenv(name)
    monkeypatch.chdir(folder)
    printed = io.StringIO()
    filename = str(DOCS / block.page)
    with _own_imports(folder), contextlib.redirect_stdout(printed):
        if block.kind == "doctest":
            test = doctest.DocTestParser().get_doctest(code, {}, block.where, filename, block.line)
            report = io.StringIO()
            runner = doctest.DocTestRunner(optionflags=DOCTEST_FLAGS)
            runner.run(test, out=report.write)
            if runner.failures:
                pytest.fail(f"{block.where}: the doctest failed:\n{report.getvalue()}")
            return ""
        try:
            exec(compile("\n" * block.line + code, filename, "exec"), {"__name__": "docs"})
        except Exception:
            pytest.fail(f"{block.where}: the example failed:\n{traceback.format_exc()}")
    return printed.getvalue()


def _run_shell(block: Block, folder: Path, code: str, env: dict[str, str]) -> str:
    ran = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", code],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=SHELL_SECONDS,
    )
    if ran.returncode != 0:
        pytest.fail(f"{block.where}: the commands failed ({ran.returncode}):\n{ran.stderr}")
    return ran.stdout


def _check_output(block: Block, expected: Block, printed: str) -> None:
    checker = doctest.OutputChecker()
    if not checker.check_output(expected.code, printed, DOCTEST_FLAGS):
        pytest.fail(
            f"{block.where} printed what {expected.where} does not show:\n"
            f"--- shown\n{expected.code}--- printed\n{printed}"
        )


@pytest.fixture(scope="module")
def served_shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One `stalwart serve` of the shop for every page; each page's examples use own threads."""
    with _serving_shop(tmp_path_factory.mktemp("served")) as served:
        yield served


@pytest.mark.parametrize("page", RUN_PAGES)
def test_every_example_of_the_page_runs(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    blocks = [block for block in BLOCKS if block.page == page]
    for index, block in enumerate(blocks):
        if page in TUTORIALS and block.kind == "file" and block.title is not None:
            _prepare(tmp_path / "tutorial", {block.title: block.code})
        if block.kind not in ("python", "doctest", "shell"):
            continue
        if block.kind == "shell" and SERVED in block.code:
            served: Served = request.getfixturevalue("served_shop")
            code = block.code.replace(SERVED, served.url)
            printed = _run_shell(block, served.folder, code, served.env)
        else:
            code = block.code
            if SERVED in code:
                code = code.replace(SERVED, request.getfixturevalue("served_shop").url)
            if page in TUTORIALS:
                folder = tmp_path / "tutorial"
                _prepare(folder, {})
            else:
                folder = tmp_path / f"line-{block.line}"
                _prepare(folder, _files_for(blocks, index))
            if block.kind == "shell":
                printed = _run_shell(block, folder, code, _environment(folder))
            else:
                printed = _run_python(block, folder, code, monkeypatch)
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if following is not None and following.kind == "output":
            _check_output(block, following, printed)


def test_every_output_block_follows_an_example() -> None:
    orphans = []
    for page in PAGES:
        blocks = [block for block in BLOCKS if block.page == page]
        for before, block in zip([None, *blocks], blocks, strict=False):
            if block.kind == "output" and (
                before is None or before.kind not in ("python", "shell")
            ):
                orphans.append(block.where)
    assert orphans == []


def test_every_file_a_page_shows_is_used_by_an_example_of_the_page() -> None:
    pages_with_examples = {b.page for b in _of_kind("python", "doctest", "shell")}
    unused = [block.where for block in _of_kind("file") if block.page not in pages_with_examples]
    assert unused == []


def test_the_examples_that_do_not_run_are_few() -> None:
    assert len(_of_kind("not run")) <= MAX_NOT_RUN, _ids(_of_kind("not run"))


def test_an_example_that_does_not_run_still_compiles_and_imports() -> None:
    for block in _of_kind("not run"):
        tree = ast.parse("\n" * block.line + block.code, str(DOCS / block.page))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("stalwart_"):
                module = importlib.import_module(node.module or "")
                missing = [alias.name for alias in node.names if not hasattr(module, alias.name)]
                assert missing == [], f"{block.where}: {node.module} has no {missing}"


# The examples that are checked against the spec and the package.


@cache
def _spec(name: str) -> Any:
    """A spec file as plain data, read once for every block checked against it."""
    return yaml.load((SPEC / name).read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


@cache
def _elements() -> dict[str, dict[str, list[str]]]:
    spec = _spec("elements.yaml")["elements"]
    return {
        tag: {
            key: [item["name"] for item in element.get(key) or []]
            for key in ("attributes", "properties", "events", "parts", "slots")
        }
        for tag, element in spec.items()
    }


@pytest.mark.parametrize("block", _of_kind("shown"), ids=_ids(_of_kind("shown")))
def test_a_shown_example_agrees_with_the_spec(block: Block) -> None:
    if block.lang == "html":
        _check_html(block)
    elif block.lang == "css":
        _check_css(block)
    elif block.lang == "js":
        _check_js(block)
    elif block.lang == "json":
        json.loads(block.code)
    elif block.lang == "yaml":
        yaml.safe_load(block.code)


def _check_html(block: Block) -> None:
    elements = _elements()
    for tag, attributes in re.findall(r"<(stalwart-[a-z-]+)([^>]*)>", block.code):
        assert tag in elements, f"{block.where}: no element <{tag}>"
        for name in re.findall(r"([a-z-]+)(?:=\"[^\"]*\")?", attributes):
            known = elements[tag]["attributes"]
            assert name in known, f"{block.where}: <{tag}> has no attribute {name!r}"


def _check_css(block: Block) -> None:
    theme = _spec("theme.yaml")["properties"]
    for name in re.findall(r"(--stalwart-[a-z-]+)", block.code):
        assert name in theme, f"{block.where}: {name} is not a custom property of the theme"
    elements = _elements()
    for tag, part in re.findall(r"(stalwart-[a-z-]+)::part\(([a-z-]+)\)", block.code):
        assert part in elements[tag]["parts"], f"{block.where}: <{tag}> has no part {part!r}"


def _exports(file: Path) -> set[str]:
    text = file.read_text(encoding="utf-8")
    names = set(re.findall(r"export\s+(?:const|let|function|class)\s+(\w+)", text))
    for group in re.findall(r"export\s*\{([^}]*)\}", text):
        names.update(part.split(" as ")[-1].strip() for part in group.split(",") if part.strip())
    return names


def _check_js(block: Block) -> None:
    modules = {
        "@stalwart-agents/agent-ui": PACKAGE / "index.js",
        "@stalwart-agents/agent-ui/locales/pt-BR": PACKAGE / "locales" / "pt-BR.js",
    }
    for module in re.findall(r"import\s*\"([^\"]+)\"", block.code):
        assert module in modules, f"{block.where}: {module} is not a module of the package"
    for names, module in re.findall(r"import\s*\{([^}]*)\}\s*from\s*\"([^\"]+)\"", block.code):
        assert module in modules, f"{block.where}: {module} is not a module of the package"
        exported = _exports(modules[module])
        for name in (part.strip() for part in names.split(",") if part.strip()):
            assert name in exported, f"{block.where}: {module} does not export {name}"
    keys = _spec("strings.yaml")["strings"]
    for literal in re.findall(r"setStrings\(\{([^}]*)\}\)", block.code):
        for key in re.findall(r"(\w+)\s*:", literal):
            assert key in keys, f"{block.where}: {key!r} is not a string key of the interface"
    checked = subprocess.run(
        ["node", "--input-type=module", "--check"],
        input=block.code,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, f"{block.where}: not a valid module:\n{checked.stderr}"


# The agent.yaml reference against the schema it documents.


def _keys(model: type[BaseModel]) -> set[str]:
    return {field.alias or name for name, field in model.model_fields.items() if not field.exclude}


@pytest.mark.parametrize(
    "model",
    [
        AgentFile,
        AgentSpec,
        ModelSettings,
        ToolSpec,
        ArgumentSpec,
        UndoSpec,
        FactsSpec,
        Precondition,
        ShowsSpec,
        Rules,
        RefuseRule,
        ConfirmRule,
        RunsSpec,
        ScheduleSpec,
        ExpiresSpec,
        ServerSpec,
    ],
    ids=lambda model: model.__name__,
)
def test_every_key_of_agent_yaml_is_in_its_reference(model: type[BaseModel]) -> None:
    page = (DOCS / "agent-yaml.md").read_text(encoding="utf-8")
    missing = sorted(key for key in _keys(model) if f"| `{key}` |" not in page)
    assert missing == [], f"docs/agent-yaml.md has no row for {model.__name__}'s {missing}"


def test_no_example_reaches_through_a_root_model() -> None:
    """A pause, an origin and a decision read as the chapter shows them: no `.root` to unwrap."""
    unwrapping = [
        f"docs/{block.page}:{node.lineno}"
        for block in _of_kind("python", "not run")
        for node in ast.walk(ast.parse("\n" * block.line + block.code))
        if isinstance(node, ast.Attribute) and node.attr == "root"
    ]
    assert unwrapping == []
