"""A turn nothing reads: the served page asks before the model may have it (on_unread: ask)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect
from served import (
    Server,
    ShopChanges,
    answer,
    replies,
    send,
    shown_arguments,
    waiting,
)

from tests.fake_provider import Calls, FakeProvider, running

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

KEY = "sk-e2e-not-a-real-key"
UNREAD = "settle what I still owe the shop, please"


@pytest.fixture(scope="module")
def fake_model() -> Iterator[FakeProvider]:
    with running() as fake:
        yield fake


@pytest.fixture(scope="module")
def shop_changes(fake_model: FakeProvider) -> ShopChanges:
    """The copy's model is the fake on loopback, with its key in the environment."""

    def change(folder: Path) -> Mapping[str, str]:
        agent_file = folder / "agent.yaml"
        spec = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
        model = spec["agents"][0]["model"]
        model["base_url"] = f"{fake_model.base}/v1"
        agent_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
        return {model["api_key_env"]: KEY}

    return change


@pytest.fixture(autouse=True)
def _fresh_model(fake_model: FakeProvider) -> None:
    fake_model.reset()
    fake_model.key = KEY


def test_an_unread_turn_waits_before_the_model_sees_it(
    chat: Page, fake_model: FakeProvider, strings: Strings
) -> None:
    send(chat, UNREAD)

    delegate = waiting(chat)
    expect(delegate.locator("[part=wording]")).to_have_text(strings["en"]["delegateTitle"])
    expect(delegate.locator("[data-decision]")).to_have_text(
        [strings["en"]["delegateApprove"], strings["en"]["decline"]]
    )
    assert fake_model.received == []


def test_declining_keeps_the_turn_from_the_model(chat: Page, fake_model: FakeProvider) -> None:
    send(chat, UNREAD)

    answer(waiting(chat), "decline")

    expect(replies(chat).last).to_have_text("I can't help with that.")
    assert fake_model.received == []


def test_approving_hands_the_turn_to_the_model_whose_charge_waits_as_its_own(
    chat: Page, served: Server, fake_model: FakeProvider, strings: Strings
) -> None:
    order = served.shop.unpaid_order(4000)
    fake_model.then(Calls(("charge_card", {"amount": 40, "order_id": order})))
    send(chat, UNREAD)

    answer(waiting(chat), "approve")

    confirm = waiting(chat)
    expect(confirm.locator("[part=wording]")).to_have_text(f"Charge $40.00 to order {order}?")
    by_model = strings["en"]["origin_model"]
    assert {
        name: shown for name, shown in shown_arguments(confirm).items() if by_model in shown
    } == {
        "Amount": f"$40.00 ({by_model})",
        "Order": f"{order} ({by_model})",
    }
    # Each reason as a sentence: the write, and each argument the model wrote.
    expect(confirm.locator("[part=reasons] li")).to_contain_text(
        ["This changes something", "comes from an assistant"]
    )
    [asked] = [request.body for request in fake_model.received]
    assert asked["messages"][-1] == {"role": "user", "content": UNREAD}
    assert "charge_card" in [tool["function"]["name"] for tool in asked["tools"]]
    assert served.shop.charges(order) == []

    answer(confirm, "approve")

    expect(replies(chat).last).to_contain_text(f"ch-{order}")
    assert len(served.shop.charges(order)) == 1
