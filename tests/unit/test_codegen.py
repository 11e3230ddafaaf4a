"""`python -m codegen`: it checks the spec, writes every artefact from it, --check finds drift."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from codegen import SpecError, generate, write
from codegen.__main__ import main
from stalwart_agents._generated import models, spec

REPO = Path(__file__).resolve().parents[2]
JS = "js/agent-ui"
STRINGS_JS = {
    "en": f"{JS}/src/generated/strings.en.js",
    "pt-BR": f"{JS}/src/generated/strings.pt-BR.js",
}
MANIFEST_JS = f"{JS}/src/generated/manifest.js"
THEME_JS = f"{JS}/src/generated/theme.js"


@cache
def load(name: str) -> Any:
    """A spec file as plain data, read without codegen, so the tests don't grade its reading."""
    return yaml.load((REPO / "spec" / name).read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def schemas() -> dict[str, Any]:
    return load("openapi.yaml")["components"]["schemas"]


def kind_schemas() -> list[dict[str, Any]]:
    """Each pause kind's schema, its allOf parts merged, in the order Interrupt lists them."""
    merged = []
    for variant in schemas()["Interrupt"]["oneOf"]:
        schema = schemas()[variant["$ref"].rsplit("/", 1)[-1]]
        properties: dict[str, Any] = dict(schema.get("properties", {}))
        for part in schema.get("allOf", []):
            properties.update(part.get("properties", {}))
        merged.append({**schema, "properties": properties})
    return merged


# The generated ES modules the tests read through Node, by their path under js/agent-ui.
NODE_MODULES = (STRINGS_JS["en"], STRINGS_JS["pt-BR"], MANIFEST_JS, THEME_JS)


@cache
def node_imports() -> dict[str, dict[str, Any]]:
    """Each generated ES module's exports, as Node reads them: one Node for them all."""
    script = (
        "const read = {};"
        "for (const url of process.argv.slice(1)) {"
        "  read[url] = Object.fromEntries(Object.entries(await import(url)));"
        "}"
        "process.stdout.write(JSON.stringify(read));"
    )
    urls = [(REPO / path).as_uri() for path in NODE_MODULES]
    result = subprocess.run(
        ["node", "--input-type=module", "-e", script, *urls],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    read = json.loads(result.stdout)
    return {path: read[url] for path, url in zip(NODE_MODULES, urls, strict=True)}


def node_import(path: str) -> dict[str, Any]:
    """A generated ES module's exports, as Node reads them."""
    return node_imports()[path]


def table(name: str) -> list[list[str]]:
    """The rows of a generated docs table, each cell as text with code spans and escapes undone."""
    pattern = re.compile(
        rf"<!-- codegen:begin {re.escape(name)} -->\n(.*?)<!-- codegen:end {re.escape(name)} -->",
        re.S,
    )
    for page in sorted((REPO / "docs").rglob("*.md")):
        found = pattern.search(page.read_text(encoding="utf-8"))
        if found:
            lines = [line for line in found.group(1).splitlines() if line.startswith("|")]
            return [_cells(line) for line in lines[2:]]
    raise AssertionError(f"no docs page holds the {name} table")


def _cells(line: str) -> list[str]:
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [html.unescape(cell.strip().replace("\\|", "|")) for cell in cells]


def names(cell: str) -> list[str]:
    """A cell of comma-separated code spans as the names it lists; an em dash lists none."""
    return [] if cell == "—" else [part.strip().strip("`") for part in cell.split(", ")]


@dataclass(frozen=True)
class Generated:
    """A copy of spec/ and docs/ (its pages, not its images), and what codegen made of it."""

    root: Path
    outputs: dict[str, str]


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Generated:
    """Every output, generated once into a copy of spec/ and docs/ less the images codegen skips."""
    root = tmp_path_factory.mktemp("pristine")
    shutil.copytree(REPO / "spec", root / "spec")
    shutil.copytree(REPO / "docs", root / "docs", ignore=shutil.ignore_patterns("*.png"))
    outputs = generate(root)
    write(root, outputs)
    return Generated(root, outputs)


@pytest.fixture
def tree(generated: Generated, tmp_path: Path) -> Path:
    """A copy of the generated copy, for a test to break."""
    root = tmp_path / "repo"
    shutil.copytree(generated.root, root)
    return root


def edit(root: Path, name: str, change: Callable[[Any], None]) -> None:
    """Change one spec file through its data, as an author editing it would."""
    path = root / "spec" / name
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    change(data)
    dumped = yaml.dump(data, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False)
    path.write_text(dumped, encoding="utf-8")


# The command


def test_check_is_clean_on_the_repo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check", "--root", str(REPO)]) == 0, capsys.readouterr().out


def test_check_fails_with_a_diff_naming_the_stale_file(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(tree, "strings.yaml", lambda data: data["strings"]["send"].update(en="Send it"))
    assert main(["--check", "--root", str(tree)]) == 1
    out = capsys.readouterr().out
    assert f"stale: {STRINGS_JS['en']}" in out
    assert '-  "send": "Send",' in out
    assert '+  "send": "Send it",' in out


def test_check_writes_nothing(tree: Path) -> None:
    edit(tree, "strings.yaml", lambda data: data["strings"]["send"].update(en="Send it"))
    before = (tree / STRINGS_JS["en"]).read_bytes()
    main(["--check", "--root", str(tree)])
    assert (tree / STRINGS_JS["en"]).read_bytes() == before


def test_check_lists_a_missing_file(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / JS / "theme.css").unlink()
    assert main(["--check", "--root", str(tree)]) == 1
    assert f"missing: {JS}/theme.css" in capsys.readouterr().out


def test_a_mismatched_placeholder_fails_naming_strings_yaml_and_the_key(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(tree, "strings.yaml", lambda data: data["strings"]["step"].update({"pt-BR": "Passo {n}"}))
    assert main(["--root", str(tree)]) == 2
    err = capsys.readouterr().err
    assert "spec/strings.yaml: strings.step: placeholders differ" in err
    assert "{step}" in err and "{n}" in err


def test_a_translation_may_leave_a_placeholder_out(tree: Path) -> None:
    edit(tree, "strings.yaml", lambda data: data["strings"]["step"].update({"pt-BR": "Passo"}))
    assert main(["--root", str(tree)]) == 0


def test_output_is_byte_identical_across_two_runs(tree: Path) -> None:
    first = {path: (tree / path).read_bytes() for path in generate(tree)}
    assert write(tree, generate(tree)) == []
    assert {path: (tree / path).read_bytes() for path in first} == first


def test_every_output_has_lf_endings_and_one_trailing_newline(generated: Generated) -> None:
    for path, text in generated.outputs.items():
        assert "\r" not in text, path
        assert text.endswith("\n") and not text.endswith("\n\n"), path


def test_every_generated_file_but_the_manifest_says_it_is_generated(
    generated: Generated,
) -> None:
    for path, text in generated.outputs.items():
        if path.startswith("docs/") or path.endswith(".json"):
            continue
        assert "Generated by `python -m codegen` from spec/" in text.splitlines()[0], path
        assert "Do not edit." in text.splitlines()[0], path


# A broken spec is refused with the file and the key


def _drop(mapping: dict[str, Any], key: str) -> None:
    del mapping[key]


BROKEN: dict[str, tuple[str, Callable[[Any], None], str]] = {
    "empty string": (
        "strings.yaml",
        lambda d: d["strings"]["send"].update({"pt-BR": " "}),
        "spec/strings.yaml: strings.send.pt-BR: is empty",
    ),
    "missing translation": (
        "strings.yaml",
        lambda d: _drop(d["strings"]["send"], "pt-BR"),
        "spec/strings.yaml: strings.send.pt-BR: is missing",
    ),
    "undescribed part": (
        "elements.yaml",
        lambda d: _drop(d["elements"]["stalwart-chat"]["parts"][0], "description"),
        "spec/elements.yaml: elements.stalwart-chat.parts[0].description: is missing",
    ),
    "undescribed event": (
        "elements.yaml",
        lambda d: d["elements"]["stalwart-confirm"]["events"][0].update(description=""),
        "spec/elements.yaml: elements.stalwart-confirm.events[0].description: is empty",
    ),
    "theme without dark": (
        "theme.yaml",
        lambda d: _drop(d["properties"]["--stalwart-bg"], "dark"),
        "spec/theme.yaml: properties.--stalwart-bg.dark: is missing",
    ),
    "option without does": (
        "cli.yaml",
        lambda d: _drop(d["options"][0], "does"),
        "spec/cli.yaml: options[0].does: is missing",
    ),
    "kind without x-when": (
        "openapi.yaml",
        lambda d: _drop(d["components"]["schemas"]["ConfirmInterrupt"], "x-when"),
        "spec/openapi.yaml: components.schemas.ConfirmInterrupt.x-when: is missing",
    ),
    "operation without x-does": (
        "openapi.yaml",
        lambda d: _drop(d["paths"]["/healthz"]["get"], "x-does"),
        "spec/openapi.yaml: paths./healthz.get.x-does: is missing",
    ),
    "operation without operationId": (
        "openapi.yaml",
        lambda d: _drop(d["paths"]["/healthz"]["get"], "operationId"),
        "spec/openapi.yaml: paths./healthz.get.operationId: is missing",
    ),
    "invalid OpenAPI": (
        "openapi.yaml",
        lambda d: d["paths"]["/healthz"]["get"].update(responses=5),
        'spec/openapi.yaml: paths./healthz.get.responses: 5 is not of type "object"',
    ),
    "a text cut at an unquoted comma": (
        "openapi.yaml",
        lambda d: d["components"]["schemas"]["Feedback"].update({"as JSON.": None}),
        "spec/openapi.yaml: components.schemas.Feedback.as JSON.: is not a JSON Schema keyword",
    ),
    "an origin without its words": (
        "openapi.yaml",
        lambda d: _add_origin(d, "partner"),
        "spec/strings.yaml: strings.origin_partner: missing: the interface says every Origin",
    ),
    "an origin no argument can carry": (
        "openapi.yaml",
        lambda d: _add_origin(d, "partner", travels=False),
        "components.schemas.ArgumentOrigin.pattern: must take every Origin",
    ),
    "an error code without its when": (
        "openapi.yaml",
        lambda d: _add_error(d, "gone", 410, when=None),
        "spec/openapi.yaml: components.schemas.ErrorCode.x-when: must say when each code",
    ),
    "an event type without its data": (
        "openapi.yaml",
        lambda d: d["components"]["schemas"]["EventType"]["enum"].append("nap"),
        "spec/openapi.yaml: components.schemas.EventType.x-data: must describe exactly",
    ),
    "a pause field without a description": (
        "openapi.yaml",
        lambda d: _drop(
            d["components"]["schemas"]["InterruptBase"]["properties"]["run"], "description"
        ),
        "components.schemas.InterruptBase.properties.run.description: is missing",
    ),
    "a safest answer the kind does not take": (
        "openapi.yaml",
        lambda d: d["components"]["schemas"]["ConfirmInterrupt"].update({"x-safest": "retry"}),
        "ConfirmInterrupt.x-safest: must be one of the kind's choices: approve, skip, cancel_all",
    ),
    "a kind's title that is no string": (
        "openapi.yaml",
        lambda d: d["components"]["schemas"]["DelegateInterrupt"].update({"x-title": "nope"}),
        "components.schemas.DelegateInterrupt.x-title: names no string of spec/strings.yaml",
    ),
    "a kind without x-agent-raises": (
        "openapi.yaml",
        lambda d: _drop(d["components"]["schemas"]["AskInterrupt"], "x-agent-raises"),
        "spec/openapi.yaml: components.schemas.AskInterrupt.x-agent-raises: is missing",
    ),
    "an event id longer than Last-Event-ID takes": (
        "openapi.yaml",
        lambda d: d["components"]["schemas"]["EventId"].update(maximum=10**19),
        "must take 1 to 20 digits, as EventId's maximum has",
    ),
    "an answer without its button's words": (
        "openapi.yaml",
        lambda d: _add_answer(d, "saga_stuck", "postpone"),
        "spec/strings.yaml: strings.postpone: missing: the interface's button for saga_stuck's",
    ),
    "a decision no kind takes": (
        "openapi.yaml",
        lambda d: d["components"]["schemas"]["Decision"]["enum"].append("maybe"),
        "spec/openapi.yaml: components.schemas.Decision.enum: must list every kind's answers",
    ),
}


POSTPONE_WORDS = {"en": "Later", "pt-BR": "Depois", "where": "the button that answers later"}


def _add_answer(document: Any, kind: str, answer: str) -> None:
    """A new answer for one card kind: in Decision, in the kind's choices and in its Resume."""
    schemas = document["components"]["schemas"]
    name = "".join(part.capitalize() for part in kind.split("_"))
    schemas["Decision"]["enum"].append(answer)
    schemas[f"{name}Interrupt"]["allOf"][1]["properties"]["choices"]["items"]["enum"].append(answer)
    schemas[f"{name}Resume"]["properties"]["decision"]["enum"].append(answer)


def _add_origin(document: Any, origin: str, travels: bool = True) -> None:
    """A new origin; with travels, ArgumentOrigin's pattern takes it too."""
    origins = document["components"]["schemas"]["Origin"]
    origins["enum"].append(origin)
    origins["x-from"][origin] = "a partner's system"
    if travels:
        argument = document["components"]["schemas"]["ArgumentOrigin"]
        argument["pattern"] = argument["pattern"].replace("^(", f"^({origin}|", 1)


def _add_error(document: Any, code: str, status: int, when: str | None) -> None:
    errors = document["components"]["schemas"]["ErrorCode"]
    errors["enum"].append(code)
    errors["x-status"][code] = status
    if when is not None:
        errors["x-when"][code] = when


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_spec_is_refused_naming_the_file_and_key(tree: Path, case: str) -> None:
    name, change, message = BROKEN[case]
    edit(tree, name, change)
    with pytest.raises(SpecError) as error:
        generate(tree)
    assert message in str(error.value)


def test_a_new_error_code_reaches_the_docs_table_and_every_generated_file(tree: Path) -> None:
    edit(tree, "openapi.yaml", lambda d: _add_error(d, "gone", 410, "The thread was deleted."))
    outputs = generate(tree)
    assert "| `gone` | 410 | The thread was deleted. |" in outputs["docs/serve.md"]
    assert '"gone": 410' in outputs["python/stalwart_agents/_generated/spec.py"]
    assert '"gone"' in outputs["js/agent-ui/index.d.ts"]
    assert 'GONE = "gone"' in outputs["python/stalwart_agents/_generated/enums.py"]
    assert 'GONE: "gone",' in outputs["js/agent-ui/src/generated/enums.js"]


def test_a_new_origin_with_its_words_reaches_the_docs_and_the_strings(tree: Path) -> None:
    edit(tree, "openapi.yaml", lambda d: _add_origin(d, "partner"))
    edit(
        tree,
        "strings.yaml",
        lambda d: d["strings"].update(
            origin_partner={"en": "from a partner", "pt-BR": "de um parceiro", "where": "confirm"}
        ),
    )
    outputs = generate(tree)
    assert "| `partner` | a partner's system |" in outputs["docs/people-in-the-loop.md"]
    assert "from a partner" in outputs["js/agent-ui/src/generated/strings.en.js"]
    assert 'PARTNER = "partner"' in outputs["python/stalwart_agents/_generated/enums.py"]
    assert 'PARTNER: "partner",' in outputs["js/agent-ui/src/generated/enums.js"]


def test_a_new_answer_of_a_kind_reaches_the_enums_the_table_and_its_rules(tree: Path) -> None:
    def postpone(document: Any) -> None:
        schemas = document["components"]["schemas"]
        schemas["Decision"]["enum"].append("postpone")
        choices = schemas["ConfirmInterrupt"]["allOf"][1]["properties"]["choices"]["items"]
        choices["enum"].append("postpone")
        schemas["ConfirmInterrupt"]["x-safest"] = "postpone"
        schemas["ConfirmResume"]["properties"]["decision"]["enum"].append("postpone")

    edit(tree, "openapi.yaml", postpone)
    edit(tree, "strings.yaml", lambda d: d["strings"].update(postpone=POSTPONE_WORDS))
    outputs = generate(tree)
    assert "`approve`, `skip`, `cancel_all`, `postpone` |" in outputs["docs/people-in-the-loop.md"]
    assert 'POSTPONE = "postpone"' in outputs["python/stalwart_agents/_generated/enums.py"]
    constants = outputs["python/stalwart_agents/_generated/spec.py"]
    assert "safest=Decision.POSTPONE" in constants
    assert '"confirm": ("approve", "skip", "cancel_all", "postpone")' in constants
    assert 'safest: "postpone"' in outputs["js/agent-ui/src/generated/spec.js"]


def test_a_new_answer_the_kind_resume_does_not_take_is_refused(tree: Path) -> None:
    def postpone(document: Any) -> None:
        schemas = document["components"]["schemas"]
        schemas["Decision"]["enum"].append("postpone")
        choices = schemas["ConfirmInterrupt"]["allOf"][1]["properties"]["choices"]["items"]
        choices["enum"].append("postpone")

    edit(tree, "openapi.yaml", postpone)
    with pytest.raises(
        SpecError, match=r"ConfirmResume\.properties\.decision: must take confirm's"
    ):
        generate(tree)


def test_words_for_an_origin_that_is_not_one_are_refused(tree: Path) -> None:
    edit(
        tree,
        "strings.yaml",
        lambda d: d["strings"].update(
            origin_partner={"en": "from a partner", "pt-BR": "de um parceiro", "where": "confirm"}
        ),
    )
    with pytest.raises(SpecError, match=r"strings\.origin_partner: names no Origin"):
        generate(tree)


def test_an_unknown_docs_marker_is_refused(tree: Path) -> None:
    page = tree / "docs" / "extra.md"
    page.write_text("# Extra\n\n<!-- codegen:begin colours -->\n<!-- codegen:end colours -->\n")
    with pytest.raises(SpecError, match=r"docs/extra\.md: line 3: unknown table 'colours'"):
        generate(tree)


def test_a_table_no_page_holds_is_refused(tree: Path) -> None:
    for page in (tree / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(re.sub(r"<!-- codegen:(begin|end) options -->", "", text))
    with pytest.raises(SpecError, match="options: no page holds this table"):
        generate(tree)


# Every artefact agrees with the spec


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_js_string_table_equals_strings_yaml_in_order(language: str) -> None:
    shipped = node_import(STRINGS_JS[language])["default"]
    expected = {key: texts[language] for key, texts in load("strings.yaml")["strings"].items()}
    assert list(shipped.items()) == list(expected.items())


def test_js_manifest_equals_elements_yaml() -> None:
    shipped = node_import(MANIFEST_JS)["elements"]
    groups = ("attributes", "properties", "events", "parts", "slots")
    expected = {
        tag: {group: [item["name"] for item in element[group] or []] for group in groups}
        for tag, element in load("elements.yaml")["elements"].items()
    }
    assert shipped == expected


def test_theme_js_gives_each_property_its_defaults_under_a_private_name() -> None:
    css = node_import(THEME_JS)["themeCss"]
    for name, values in load("theme.yaml")["properties"].items():
        private = "--_" + name.removeprefix("--")
        assert f"{private}: var({name}, {values['light']});" in css
        assert f"{private}: var({name}, {values['dark']});" in css
    assert ':host([theme="dark"])' in css
    assert '@media (prefers-color-scheme: dark) {\n  :host(:not([theme="light"]))' in css


def test_theme_css_gives_the_page_each_default() -> None:
    css = (REPO / JS / "theme.css").read_text(encoding="utf-8")
    for name, values in load("theme.yaml")["properties"].items():
        assert f"  {name}: {values['light']};" in css
        assert f"  {name}: {values['dark']};" in css


def test_custom_elements_manifest_equals_elements_yaml() -> None:
    manifest = json.loads((REPO / JS / "custom-elements.json").read_text(encoding="utf-8"))
    assert manifest["schemaVersion"] == "2.1.0"
    elements = load("elements.yaml")["elements"]
    declared = {}
    for module in manifest["modules"]:
        (declaration,) = module["declarations"]
        short = declaration["tagName"].removeprefix("stalwart-")
        assert module["path"] == f"src/{short}/{short}.component.js"
        assert {export["kind"] for export in module["exports"]} == {
            "js",
            "custom-element-definition",
        }
        declared[declaration["tagName"]] = declaration
    assert list(declared) == list(elements)
    for tag, element in elements.items():
        declaration = declared[tag]
        assert declaration["name"] == element["class"]
        assert declaration["customElement"] is True
        for group, key in (
            ("attributes", "attributes"),
            ("properties", "members"),
            ("events", "events"),
            ("parts", "cssParts"),
            ("slots", "slots"),
        ):
            listed = [(item["name"], item["description"]) for item in declaration[key]]
            assert listed == [(item["name"], item["description"]) for item in element[group] or []]


def test_custom_elements_manifest_lists_every_custom_property_with_its_light_default() -> None:
    manifest = json.loads((REPO / JS / "custom-elements.json").read_text(encoding="utf-8"))
    expected = [(name, v["light"]) for name, v in load("theme.yaml")["properties"].items()]
    for module in manifest["modules"]:
        properties = module["declarations"][0]["cssProperties"]
        assert [(p["name"], p["default"]) for p in properties] == expected


def test_type_declarations_name_every_string_key_and_element() -> None:
    declarations = (REPO / JS / "index.d.ts").read_text(encoding="utf-8")
    union = declarations.split("export type StringKey =", 1)[1].split(";", 1)[0]
    assert re.findall(r'"([^"]+)"', union) == list(load("strings.yaml")["strings"])
    for tag, element in load("elements.yaml")["elements"].items():
        assert f"export declare class {element['class']} extends HTMLElement {{" in declarations
        assert f'"{tag}": {element["class"]};' in declarations


def test_constants_equal_the_openapi_enums() -> None:
    enums = {name: tuple(schema["enum"]) for name, schema in schemas().items() if "enum" in schema}
    assert enums["Decision"] == spec.DECISIONS
    assert enums["Origin"] == spec.ORIGINS
    assert enums["Reason"] == spec.REASONS
    assert enums["Language"] == spec.LANGUAGES
    assert enums["Thumb"] == spec.THUMBS
    assert enums["OnUnread"] == spec.ON_UNREAD
    assert enums["EventType"] == spec.EVENT_TYPES
    assert schemas()["ErrorCode"]["x-status"] == spec.ERROR_CODES
    assert tuple(spec.ERROR_CODES) == enums["ErrorCode"]


def test_constants_give_each_kind_its_answers_in_order() -> None:
    expected = {
        schema["properties"]["kind"]["const"]: tuple(
            schema["properties"]["choices"]["items"]["enum"]
        )
        for schema in kind_schemas()
    }
    assert tuple(expected) == spec.KINDS
    assert expected == spec.ANSWERS


def test_constants_list_every_operation_in_file_order() -> None:
    expected = [
        (method.upper(), path, operation["operationId"], operation["x-does"])
        for path, item in load("openapi.yaml")["paths"].items()
        for method, operation in item.items()
        if method in ("get", "put", "post", "delete", "patch")
    ]
    assert [tuple(route) for route in spec.ROUTES] == expected


def test_constants_list_every_option_of_cli_yaml() -> None:
    expected = [
        (
            option["name"],
            None
            if option["type"] == "flag" or option["default"] is None
            else str(option["default"]),
            option["env"],
            option["type"] == "flag",
            option["help"],
            option["type"],
            option["metavar"],
            option["does"],
        )
        for option in load("cli.yaml")["options"]
    ]
    assert [tuple(option) for option in spec.OPTIONS] == expected


def test_docs_routes_table_has_every_chapter_route() -> None:
    expected = [
        [f"{method.upper()} {path}", " ".join(operation["x-does"].split())]
        for path, item in load("openapi.yaml")["paths"].items()
        for method, operation in item.items()
        if method in ("get", "put", "post", "delete", "patch") and operation.get("x-chapter", True)
    ]
    assert [[route.strip("`"), does] for route, does in table("routes")] == expected


def test_docs_errors_table_has_every_code_with_its_status() -> None:
    codes = schemas()["ErrorCode"]
    rows = {(row[0].strip("`"), int(row[1])) for row in table("errors")}
    assert {(code, codes["x-status"][code]) for code in codes["enum"]} <= rows
    assert {code for code, _ in rows} == set(codes["enum"])


def test_docs_events_table_has_every_event_type() -> None:
    assert [row[0].strip("`") for row in table("events")] == schemas()["EventType"]["enum"]


def test_docs_origins_table_has_every_origin() -> None:
    shown = [row[0].strip("`").removesuffix(":<step>") for row in table("origins")]
    assert shown == schemas()["Origin"]["enum"]


def test_docs_pause_fields_table_has_every_field_of_a_pause() -> None:
    fields = [row[0].strip("`") for row in table("pause-fields") if not row[0].startswith("`ask")]
    base = schemas()["InterruptBase"]["properties"]
    assert set(base) | {"kind", "choices"} <= set(fields)


def test_docs_answers_table_has_every_kind() -> None:
    expected = [
        [
            schema["properties"]["kind"]["const"],
            schema["x-when"],
            schema["properties"]["choices"]["items"]["enum"],
        ]
        for schema in kind_schemas()
    ]
    rows = table("answers")
    assert [[kind.strip("`"), when, names(answers)] for kind, when, answers in rows] == expected


def test_docs_options_table_has_every_option() -> None:
    expected = [[option["name"], option["does"]] for option in load("cli.yaml")["options"]]
    assert [[name.strip("`"), does] for name, does in table("options")] == expected


def test_docs_elements_table_has_every_element() -> None:
    groups = ("attributes", "properties", "events", "parts", "slots")
    expected = [
        [f"<{tag}>", element["summary"], *[[i["name"] for i in element[g] or []] for g in groups]]
        for tag, element in load("elements.yaml")["elements"].items()
    ]
    rows = [
        [row[0].strip("`"), row[1], *[names(cell) for cell in row[2:]]] for row in table("elements")
    ]
    assert rows == expected


def test_docs_properties_table_has_every_custom_property() -> None:
    expected = [
        [name, v["light"], v["dark"]] for name, v in load("theme.yaml")["properties"].items()
    ]
    assert [[cell.strip("`") for cell in row] for row in table("properties")] == expected


@pytest.mark.parametrize(("name", "language"), [("strings", "en"), ("strings-pt-BR", "pt-BR")])
def test_docs_strings_table_has_every_string(name: str, language: str) -> None:
    expected = [[key, texts[language]] for key, texts in load("strings.yaml")["strings"].items()]
    assert [[key.strip("`"), text] for key, text in table(name)] == expected


# The models


CONFIRM = {
    "id": "p-1",
    "kind": "confirm",
    "token": "t-1",
    "thread": "u-17",
    "run": "r-1",
    "step": 0,
    "tool": "charge_card",
    "wording": None,
    "arguments": [
        {"name": "amount", "value": 40, "origin": "typed"},
        {"name": "order_id", "value": "4411", "origin": "typed"},
    ],
    "reasons": ["write"],
    "irreversible": False,
    "choices": ["approve", "skip", "cancel_all"],
}
UNDONE = {
    "step": 0,
    "tool": "charge_card",
    "undo_tool": "refund_card",
    "arguments": {"charge_id": "ch-4411"},
    "error": None,
}


def test_models_validate_a_turn_request() -> None:
    turn = models.TurnRequest.model_validate(
        {"text": "cobrar 40,00 do pedido 4411", "language": "pt-BR"}
    )
    assert turn.text == "cobrar 40,00 do pedido 4411"


def test_models_validate_a_turn_reply_that_waits_on_a_confirmation() -> None:
    reply = models.TurnReply.model_validate(
        {
            "thread": "u-17",
            "run": "r-1",
            "message": "m-1",
            "reply": "",
            "waiting": [CONFIRM],
            "refusal": None,
            "rollback": None,
            "skipped": [],
            "not_notified": [],
            "sources": [],
            "images": [],
            "files": [],
            "suggestions": [],
        }
    )
    (waiting,) = reply.waiting
    assert isinstance(waiting, models.ConfirmInterrupt)
    assert [argument.origin for argument in waiting.arguments] == ["typed", "typed"]


def test_models_validate_a_resume_request() -> None:
    resume = models.ResumeRequest.model_validate(
        {"interrupt_id": "p-1", "decision": "approve", "token": "t-1"}
    )
    assert resume.decision == "approve"


def test_models_reject_a_resume_request_with_an_unknown_decision() -> None:
    with pytest.raises(ValidationError, match="decision"):
        models.ResumeRequest.model_validate(
            {"interrupt_id": "p-1", "decision": "maybe", "token": "t-1"}
        )


def test_models_validate_feedback() -> None:
    feedback = models.Feedback.model_validate({"message": "m-1", "thumb": "up"})
    assert feedback.thumb == "up"


def test_models_validate_a_config() -> None:
    config = models.Config.model_validate(
        {
            "name": "Shop",
            "purpose": "I take orders and charge cards.",
            "base": "/agent",
            "language": "en",
            "contact": "help@shop.example",
            "staff_only": False,
            "viewer": "guest",
            "thumbs": True,
            "capabilities": [
                {
                    "tool": "charge_card",
                    "group": None,
                    "description": "charge a card",
                    "asks_first": True,
                    "examples": ["charge 40 to order 4411"],
                }
            ],
        }
    )
    assert config.capabilities[0].asks_first is True


def test_models_validate_a_rollback_report() -> None:
    report = models.RollbackReport.model_validate(
        {
            "thread": "u-17",
            "run": "r-1",
            "undone": [UNDONE],
            "not_undoable": [],
            "stuck": [],
            "waiting": None,
        }
    )
    assert report.undone[0].undo_tool == "refund_card"
