"""A model whose host nobody listens on, on a real `stalwart serve`: approving the delegate card
gets the sentence that the provider could not be reached, in English and Portuguese, on a
desktop, a laptop and a phone, light and dark."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml
from layout import SIDES, SIZES, read_in, shot, view_as
from playwright.sync_api import Page, expect
from served import ShopChanges, answer, replies, send, waiting

from stalwart_agents._generated.spec import REPLIES
from tests.loopback import free_port

pytestmark = pytest.mark.e2e

UNREAD = {
    "en": "settle what I still owe the shop, please",
    "pt-BR": "acerte o que ainda devo à loja",
}


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    """The copy's model is at a loopback port nobody listens on, its key in the environment."""

    def change(folder: Path) -> Mapping[str, str]:
        agent_file = folder / "agent.yaml"
        spec = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
        model = spec["agents"][0]["model"]
        model["base_url"] = f"http://127.0.0.1:{free_port()}/v1"
        agent_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
        read_in(folder, language)
        return {model["api_key_env"]: "sk-e2e-nobody-reads-it"}

    return change


def test_a_host_nobody_listens_on_is_the_unreachable_sentence_at_every_size(
    chat: Page, language: str, artifacts: Path
) -> None:
    send(chat, UNREAD[language])

    answer(waiting(chat), "approve")

    reply = replies(chat).last
    expect(reply.locator("p").first).to_have_text(REPLIES[language]["model_unreachable"])
    expect(waiting(chat)).to_have_count(0)
    for size in SIZES:
        for side in SIDES:
            # One run, six looks: the log is scrolled to the reply as each person would have it.
            view_as(chat, size, side)
            reply.scroll_into_view_if_needed()
            expect(reply.locator("p").first).to_be_in_viewport()
            name = f"model-failed-no-host-{size}-{side}-{language}"
            shot(chat, artifacts, name, kept=size == "phone")
