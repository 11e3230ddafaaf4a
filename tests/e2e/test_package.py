"""The package as a page imports it, and the page `stalwart serve` shows at /."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from page_traffic import Traffic
from playwright.sync_api import BrowserContext, Page, Route, expect

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "js" / "agent-ui"
INSTALLED = "node_modules/@stalwart-agents/agent-ui"

CONFIG: dict[str, Any] = {
    "name": "Shop",
    "purpose": "I look up and charge orders.",
    "base": "/",
    "language": "en",
    "contact": None,
    "staff_only": False,
    "thumbs": True,
    "capabilities": [],
}
VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


@pytest.fixture
def blank(open_page: Callable[[str], Page]) -> Page:
    return open_page("blank.html")


@pytest.fixture
def app(context: BrowserContext, page: Page, server: str) -> Callable[..., Page]:
    """The page at / with a config of the test's choosing; its backend routes answer 404."""
    context.add_init_script(VIOLATIONS)

    def open_app(**config: Any) -> Page:
        body = json.dumps({**CONFIG, **config})

        def answer(route: Route) -> None:
            route.fulfill(status=200, content_type="application/json", body=body)

        page.route("**/ui/config.json", answer)
        page.goto(f"{server}/ui/index.html")
        expect(page.locator("stalwart-chat [part=name]")).to_have_text(config.get("name", "Shop"))
        return page

    return open_app


def test_importing_defines_every_element(blank: Page) -> None:
    defined = blank.evaluate(
        """async () => {
          await import('/ui/index.js');
          const tags = ['chat', 'confirm', 'decision', 'rollback', 'trace'];
          return tags.map((tag) => customElements.get(`stalwart-${tag}`) !== undefined);
        }"""
    )
    assert defined == [True] * 5


def test_a_second_copy_of_the_package_keeps_the_first_definitions(blank: Page) -> None:
    kept = blank.evaluate(
        """async () => {
          const first = await import('/ui/index.js');
          const second = await import('/copy/index.js');
          return second.StalwartChat !== first.StalwartChat
            && customElements.get('stalwart-chat') === first.StalwartChat;
        }"""
    )
    assert kept is True


def test_the_package_exports_the_classes_and_the_strings(blank: Page) -> None:
    names = blank.evaluate("async () => Object.keys(await import('/ui/index.js')).sort()")
    assert names == [
        "StalwartChat",
        "StalwartConfirm",
        "StalwartDecision",
        "StalwartRollback",
        "StalwartTrace",
        "setStrings",
        "strings",
    ]


def test_the_strings_export_follows_set_strings(blank: Page) -> None:
    text = blank.evaluate(
        """async () => {
          const ui = await import('/ui/index.js');
          ui.setStrings({ send: 'Go' });
          return ui.strings.send;
        }"""
    )
    assert text == "Go"


def test_one_element_alone_brings_what_it_shows(blank: Page) -> None:
    defined = blank.evaluate(
        """async () => {
          await import('/ui/src/rollback/rollback.js');
          const defined = (tag) => customElements.get(tag) !== undefined;
          return [defined('stalwart-confirm'), defined('stalwart-chat')];
        }"""
    )
    assert defined == [True, False]


def test_a_property_set_before_the_definition_is_kept(blank: Page, strings: Strings) -> None:
    blank.evaluate(
        """async () => {
          const { pauses } = await import('/pages/samples.js');
          const card = document.createElement('stalwart-confirm');
          card.interrupt = pauses.confirm;
          document.querySelector('main').append(card);
          await import('/ui/index.js');
        }"""
    )
    expect(blank.locator("stalwart-confirm [data-decision=approve]")).to_have_text(
        strings["en"]["approve"]
    )


def test_the_page_holds_a_strict_csp(app: Callable[..., Page]) -> None:
    page = app()
    expect(page.locator("stalwart-chat [part=greeting]")).to_be_visible()
    assert page.evaluate("window.violations") == []


def test_a_new_thread_is_fresh_until_its_first_turn_makes_it(app: Callable[..., Page]) -> None:
    page = app()
    thread = page.locator("stalwart-chat").get_attribute("thread")
    expect(page.locator("stalwart-chat")).to_have_attribute("fresh", "")
    assert thread and thread.startswith("t-")


def test_the_page_keeps_a_thread_it_opened_across_visits(
    app: Callable[..., Page], server: str
) -> None:
    page = app()
    page.goto(f"{server}/ui/index.html?thread=t-linked")
    expect(page.locator("stalwart-chat")).to_have_attribute("thread", "t-linked")
    page.goto(f"{server}/ui/index.html")
    expect(page.locator("stalwart-chat")).to_have_attribute("thread", "t-linked")
    expect(page.locator("stalwart-chat")).not_to_have_attribute("fresh", "")


def test_the_page_follows_the_bots_thumbs_setting(app: Callable[..., Page]) -> None:
    expect(app(thumbs=False).locator("stalwart-chat")).not_to_have_attribute("thumbs", "")


def test_a_portuguese_bot_gets_a_portuguese_page(
    app: Callable[..., Page], strings: Strings
) -> None:
    page = app(language="pt-BR")
    expect(page.locator("stalwart-chat [part=composer] button")).to_have_text(
        strings["pt-BR"]["send"]
    )
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")


def test_the_page_talks_only_to_its_own_host(
    app: Callable[..., Page], page: Page, server: str, traffic: Traffic
) -> None:
    # A new thread has no stream yet: the page asks for its config and nothing else.
    with page.expect_request("**/ui/config.json"):
        app()
    assert traffic.blocked == []
    assert all(url.startswith(f"{server}/ui/") for url in traffic.urls)
    assert {urlsplit(url).hostname for url in traffic.urls} == {"127.0.0.1"}


def spec_names() -> dict[str, Any]:
    """Each pause kind's answers in order and its rules, the event types and the thumbs."""
    schemas = yaml.safe_load((REPO / "spec/openapi.yaml").read_text(encoding="utf-8"))
    schemas = schemas["components"]["schemas"]
    kinds, rules = {}, {}
    for variant in schemas["Interrupt"]["oneOf"]:
        schema = schemas[variant["$ref"].rsplit("/", 1)[-1]]
        properties = {}
        for part in [schema, *schema.get("allOf", [])]:
            properties.update(part.get("properties", {}))
        kind = properties["kind"]["const"]
        kinds[kind] = properties["choices"]["items"]["enum"]
        rules[kind] = {
            "sends": schema["x-sends"],
            "safest": schema["x-safest"],
            "title": schema["x-title"],
            "agentRaises": schema["x-agent-raises"],
        }
    return {
        "KINDS": kinds,
        "KIND_RULES": rules,
        "EVENT_TYPES": schemas["EventType"]["enum"],
        "THUMBS": schemas["Thumb"]["enum"],
    }


def test_the_spec_names_the_package_acts_on_are_the_specs(blank: Page) -> None:
    shipped = blank.evaluate("async () => ({ ...(await import('/ui/src/generated/spec.js')) })")
    assert shipped == spec_names()


def npm(*argv: str | Path, cwd: Path, cache: Path) -> str:
    """npm offline, on a cache of the test's own: the package has no runtime dependencies."""
    command = ["npm", "--no-audit", "--no-fund", "--offline", f"--cache={cache}", *argv]
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, check=True, capture_output=True, text=True
    )
    return done.stdout


@pytest.fixture(scope="module")
def packed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh npm folder with the package installed from the tarball `npm pack` makes."""
    folder = tmp_path_factory.mktemp("npm")
    cache = folder / "npm-cache"
    npm("pack", f"--pack-destination={folder}", "--silent", cwd=PACKAGE, cache=cache)
    (tarball,) = folder.glob("stalwart-agents-agent-ui-*.tgz")
    app = folder / "app"
    app.mkdir()
    npm("install", tarball, cwd=app, cache=cache)
    return app / INSTALLED


def shipped_files(root: Path) -> dict[str, bytes]:
    """Each file under the package's `files:` list, by its path in the package."""
    listed = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["files"]
    found = {}
    for entry in listed:
        for path in [root / entry] if (root / entry).is_file() else (root / entry).rglob("*"):
            if path.is_file():
                found[path.relative_to(root).as_posix()] = path.read_bytes()
    return found


def test_npm_pack_installs_every_file_the_package_lists(packed: Path) -> None:
    assert not packed.is_symlink()
    assert shipped_files(packed) == shipped_files(PACKAGE)


def test_a_page_imports_the_installed_copy(blank: Page, packed: Path) -> None:
    blank.route(
        "**/installed/**",
        lambda route: route.fulfill(path=packed / route.request.url.split("/installed/", 1)[1]),
    )
    defined = blank.evaluate(
        """async () => {
          const ui = await import('/installed/index.js');
          return [typeof ui.setStrings, customElements.get('stalwart-chat') === ui.StalwartChat];
        }"""
    )
    assert defined == ["function", True]


def test_npm_install_of_the_folder_resolves_the_packages_exports(tmp_path: Path) -> None:
    app = tmp_path / "app"
    app.mkdir()
    npm("install", PACKAGE, cwd=app, cache=tmp_path / "npm-cache")
    script = (
        "const { ptBR } = await import('@stalwart-agents/agent-ui/locales/pt-BR');"
        "console.log(ptBR.send);"
    )
    shown = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        cwd=app,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert (app / INSTALLED).resolve() == PACKAGE
    assert shown.strip() == "Enviar"
