"""The MCP example served: its ledger's cards as a person sees them, at every size, side and
language, with the reasons naming the server's hints."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from layout import LANGUAGES, SIZES, each_side, out_of_view, read_in, shot, view_as
from playwright.sync_api import Page, expect
from served import REPO, UNSET, Server, Shop, answer, send, waiting

from tests.loopback import free_port

pytestmark = pytest.mark.e2e

EXAMPLE = REPO / "examples" / "mcp"
# The screenshots docs/mcp.md shows, kept in docs/images when scripts/screenshots asks.
KEPT = {("desktop", "light", "en"), ("phone", "dark", "en"), ("phone", "light", "pt-BR")}
NOTHING_OUT = {"title": [], "arguments": [], "reasons": [], "answers": []}
TURNS = {
    "transfer": {
        "en": "transfer 25 from acc-1 to acc-2",
        "pt-BR": "transferir 25 de acc-1 para acc-2",
    },
    "close": {"en": "close acc-2", "pt-BR": "encerrar a conta acc-2"},
}
# What the card's reason says, from spec/strings.yaml, for each card in each language.
REASONS = {
    ("transfer", "en"): "The ledger server does not mark this as read-only",
    ("transfer", "pt-BR"): "O servidor ledger não marca isto como somente leitura",
    ("close", "en"): "The ledger server marks this as not undoable",
    ("close", "pt-BR"): "O servidor ledger marca isto como impossível de desfazer",
}


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    chosen: str = request.param
    return chosen


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, language: str) -> Iterator[Server]:
    """`stalwart serve` on a copy of examples/mcp reading the language; its ledger over stdio."""
    folder = tmp_path_factory.mktemp("mcp")
    shutil.copytree(EXAMPLE, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.db*"))
    read_in(folder, language)
    environment = {name: value for name, value in os.environ.items() if name not in UNSET}
    environment.update(
        LEDGER_DB=str(folder / "ledger.db"),
        NO_PROXY="127.0.0.1,localhost",
        XDG_CONFIG_HOME=str(folder / ".config"),
        XDG_DATA_HOME=str(folder / ".data"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )
    server = Server(Shop(folder, environment), free_port(), folder / "serve.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("card", list(TURNS))
def test_a_ledger_card_names_the_servers_hint_and_fits_the_view(
    chat: Page, language: str, artifacts: Path, card: str, size: str
) -> None:
    view_as(chat, size, "light")
    send(chat, TURNS[card][language])
    pause = waiting(chat)
    expect(pause).to_have_count(1)

    for side in each_side(chat, size):
        expect(pause.locator("[part=reasons]")).to_contain_text(REASONS[(card, language)])
        expect(pause.locator("[part=irreversible]")).to_be_visible(visible=card == "close")
        chat.locator("stalwart-chat [part=composer] textarea").blur()
        kept = (size, side, language) in KEPT
        shot(chat, artifacts, f"mcp-{card}-{size}-{side}-{language}", kept)
        assert out_of_view(chat) == NOTHING_OUT
    answer(pause, "skip")
    expect(waiting(chat)).to_have_count(0)


STATEMENT = {"en": "statement of acc-1", "pt-BR": "extrato da conta acc-1"}
FROM_LEDGER = {"en": "from outside: ledger", "pt-BR": "de fora: ledger"}


def test_a_statement_is_quoted_naming_the_server_with_its_image(
    chat: Page, language: str, artifacts: Path
) -> None:
    view_as(chat, "phone", "light")
    send(chat, STATEMENT[language])
    quoted = chat.locator("stalwart-chat [part~=outside]").last
    image = quoted.locator("img[part=image]")
    for side in each_side(chat, "phone"):
        expect(quoted.locator(".outside-note")).to_have_text(FROM_LEDGER[language])
        expect(quoted).to_contain_text("Statement for acc-1 (open)")
        expect(image).to_have_attribute("src", re.compile(r"^data:image/png;base64,"))
        # Drawn, not blocked: the page's policy lets a reply's data images through.
        chat.wait_for_function(
            "img => img.complete && img.naturalWidth === 160", arg=image.element_handle()
        )
        chat.locator("stalwart-chat [part=composer] textarea").blur()
        shot(chat, artifacts, f"mcp-statement-phone-{side}-{language}", False)
