"""The JS package's generated modules: string tables, theme CSS, element API lists, spec names."""

from __future__ import annotations

from codegen.openapi import OPENAPI_FILE
from codegen.render import header, render
from codegen.spec import ELEMENTS_FILE, STRINGS_FILE, THEME_FILE, Spec

GENERATED = "js/agent-ui/src/generated"
STRINGS = {"en": f"{GENERATED}/strings.en.js", "pt-BR": f"{GENERATED}/strings.pt-BR.js"}
THEME_JS = f"{GENERATED}/theme.js"
THEME_CSS = "js/agent-ui/theme.css"
MANIFEST_JS = f"{GENERATED}/manifest.js"
SPEC_JS = f"{GENERATED}/spec.js"
ENUMS_JS = f"{GENERATED}/enums.js"


def strings(spec: Spec, language: str) -> str:
    """One language's frozen table of every interface string, in the spec's order."""
    texts = {text.key: text.en if language == "en" else text.pt_br for text in spec.strings}
    return render("strings.js.j2", header=header("//", STRINGS_FILE), texts=texts)


def theme_js(spec: Spec) -> str:
    """CSS for a shadow root: private --_ properties that a value set on any ancestor overrides."""
    return render("theme.js.j2", header=header("//", THEME_FILE), theme=spec.theme)


def theme_css(spec: Spec) -> str:
    """The same defaults for a page's own stylesheet, following the theme attribute as well."""
    return render(
        "theme.css.j2",
        header=header("/*", THEME_FILE, ELEMENTS_FILE, close="*/"),
        theme=spec.theme,
        tags=[element.tag for element in spec.elements],
    )


def manifest_js(spec: Spec) -> str:
    """Each element's API names, so a component never retypes its attributes, events or parts."""
    return render("manifest.js.j2", header=header("//", ELEMENTS_FILE), elements=spec.elements)


def spec_js(spec: Spec) -> str:
    """Kinds with their answers, event types and thumbs, so the JS never retypes them."""
    return render("spec.js.j2", header=header("//", OPENAPI_FILE), api=spec.api)


def enums_js(spec: Spec) -> str:
    """The spec's enums as frozen objects with their JSDoc types, so the JS names a member."""
    return render("enums.js.j2", header=header("//", OPENAPI_FILE), api=spec.api)
