"""How cards arrive on the served shop, on a desktop, a laptop and a phone, light and dark, in
English and Portuguese: a write whose answer was lost names its call and speaks in the past tense,
a single new card takes the focus, and of two cards waiting the first is read in full while the
status line says how many wait and takes the person to the next."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import SIZES, each_side, reading, shot, view_as
from playwright.sync_api import Locator, Page, expect
from served import Server, ShopChanges, answer, english_on, replies, send, wait_closed, waiting

from stalwart_agents.wording import phrase

pytestmark = pytest.mark.e2e

Strings = dict[str, dict[str, str]]

CANCEL = {"en": "cancel order {order}", "pt-BR": "cancelar o pedido {order}"}
# The call as the card's title tells it, and the shop's reply once it did happen.
CANCELLING = {"en": "Cancel order {order}", "pt-BR": "Cancelar o pedido {order}"}
CANCELLED = {"en": "Cancelled order {order}.", "pt-BR": "Cancelei o pedido {order}."}
CHARGE = {"en": "charge 40 to order {order}", "pt-BR": "cobrar 40,00 do pedido {order}"}
BOTH = {
    "en": "charge 40 to order {order} and email maria@example.com about {subject} saying {body}",
    "pt-BR": "cobrar 40,00 do pedido {order} e mande um e-mail para maria@example.com"
    " sobre {subject} dizendo {body}",
}
# Both cards' titles, in the order the turn asked for them: the charge, then its receipt.
TITLES = {
    "en": ["Charge $40.00 to order {order}?", "Send the email “{subject}” to maria@example.com?"],
    "pt-BR": [
        "Cobrar US$\xa040,00 do pedido {order}?",
        "Enviar o e-mail “{subject}” para maria@example.com?",
    ],
}
# The e-mail's subject and body, as the person typed them.
MAIL = {"en": ("your receipt", "paid"), "pt-BR": ("seu recibo", "pago")}

# Which of a card's parts lie outside the part of the log a person sees: its title and the
# values of its arguments.
_UNSEEN = """(card) => {
  const log = card.closest("[part=log]").getBoundingClientRect();
  const top = Math.max(0, log.top) - 1;
  const bottom = Math.min(innerHeight, log.bottom) + 1;
  return [...card.shadowRoot.querySelectorAll("[part=wording], [part=arguments] dd")]
    .filter((node) => {
      const box = node.getBoundingClientRect();
      return box.height === 0 || box.top < top || box.bottom > bottom;
    })
    .map((node) => node.textContent);
}"""


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


def unseen(card: Locator) -> list[str]:
    """The card's title and argument values that a person does not see in the log."""
    found: list[str] = card.evaluate(_UNSEEN)
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_a_lost_answer_names_its_call_and_tells_what_it_used(
    chat: Page,
    served: Server,
    language: str,
    strings: Strings,
    artifacts: Path,
    size: str,
) -> None:
    view_as(chat, size, "light")
    words = strings[language]
    order = served.shop.unpaid_order(1200)
    served.shop.switch("lose-next-answer", True)
    typed = CANCEL[language].format(order=order)
    send(chat, typed)
    approved = waiting(chat).element_handle()
    answer(waiting(chat), "approve")
    wait_closed(chat, approved)
    closed = chat.locator("stalwart-chat [part=log] > stalwart-confirm[inert]")
    unknown = waiting(chat)
    call = CANCELLING[language].format(order=order)

    for side in each_side(chat, size):
        # The approved card above says so, as it will after a reload.
        expect(closed.locator("[part=decided]")).to_be_visible()
        # The chapter's question, with the call told: the card's title.
        expect(unknown.locator("[part=wording]")).to_have_text(
            words["unknownTitle"].format(tool=call)
        )
        # It was sent: what it used, in the past tense.
        expect(unknown.locator("[part=arguments] h4")).to_have_text(words["argumentsUsedTitle"])
        # Why it needs a person now: not that writes wait, but that sending again could do it twice.
        expect(unknown.locator("[part=reasons] li")).to_have_text([phrase(language, "why_unknown")])
        expect(unknown.locator("[data-decision]")).to_have_text(
            [words["happened"], words["didNotHappen"]]
        )
        assert unseen(unknown) == []
        shot(chat, artifacts, f"outcome_unknown-{size}-{side}-{language}")
        assert english_on(chat, served, language, typed) == []

    answer(unknown, "happened")

    expect(replies(chat).last).to_contain_text(CANCELLED[language].format(order=order))
    expect(waiting(chat)).to_have_count(0)
    assert served.shop.order_status(order) == "cancelled"


@pytest.mark.parametrize("size", list(SIZES))
def test_a_single_new_card_takes_the_focus_on_its_least_destructive_answer(
    chat: Page,
    served: Server,
    language: str,
    strings: Strings,
    artifacts: Path,
    size: str,
) -> None:
    view_as(chat, size, "light")
    typed = CHARGE[language].format(order=served.shop.unpaid_order(4000))
    # Sent from the keyboard, so the focus it moves shows as it does for one who types.
    composer = chat.locator("stalwart-chat [part=composer] textarea")
    composer.fill(typed)
    composer.press("Enter")

    card = waiting(chat)
    for side in each_side(chat, size):
        expect(card.get_by_role("button", name=strings[language]["skip"])).to_be_focused()
        assert unseen(card) == []
        shot(chat, artifacts, f"focus-{size}-{side}-{language}")
        assert english_on(chat, served, language, typed) == []


@pytest.mark.parametrize("size", list(SIZES))
def test_two_cards_wait_in_the_order_asked_the_first_in_view_and_the_next_one_press_away(
    chat: Page,
    served: Server,
    language: str,
    strings: Strings,
    artifacts: Path,
    size: str,
) -> None:
    view_as(chat, size, "light")
    subject, body = MAIL[language]
    order = served.shop.unpaid_order(4000)
    typed = BOTH[language].format(order=order, subject=subject, body=body)
    send(chat, typed)

    cards = waiting(chat)
    first, second = cards.first, cards.last
    titles = [title.format(order=order, subject=subject) for title in TITLES[language]]
    for _side in each_side(chat, size):
        expect(cards).to_have_count(2)
        expect(second.locator("[part=wording]")).to_be_visible()
        expect(cards.locator("[part=wording]")).to_have_text(titles)
        if size == "desktop":
            # The charge whole, and the title of the e-mail below it.
            assert unseen(first) == []
            assert titles[1] not in unseen(second)
    # Keyboard first: the first card's first answer, once reached, brings the whole card in view.
    first.locator("button[data-decision]").first.focus()
    expect(first.locator("button[data-decision]").first).to_be_focused()
    chat.wait_for_timeout(400)
    status = chat.locator("stalwart-chat [part=status]")
    hint = chat.locator("stalwart-chat [part=waiting-next]")
    for side in each_side(chat, size):
        expect(first.locator("button[data-decision]").first).to_be_focused()
        assert unseen(first) == []
        # The status line stays the chapter's, and beside it how many wait, in the person's words.
        expect(status).to_have_text(strings[language]["waiting"])
        expect(hint).to_have_text(strings[language]["waitingNext"].format(count=2))
        expect(hint).to_be_in_viewport()
        shot(chat, artifacts, f"two_waiting-{size}-{side}-{language}")
        assert english_on(chat, served, language, typed, subject, body) == []

    # Pressed, it brings the next card whole into view, its first answer ready for the keyboard.
    hint.click()
    expect(second.locator("button[data-decision]").first).to_be_focused()
    chat.wait_for_timeout(400)
    for _side in each_side(chat, size):
        expect(second.locator("button[data-decision]").first).to_be_focused()
        assert unseen(second) == []

    # A reload shows them in the same order, and still how many wait.
    chat.reload()
    for _side in each_side(chat, size):
        expect(cards.locator("[part=wording]")).to_have_text(titles)
        expect(hint).to_have_text(strings[language]["waitingNext"].format(count=2))

    # One decided, one waits: nothing is left to show next.
    decided = cards.last.element_handle()
    answer(cards.last, "skip")
    wait_closed(chat, decided)
    for _side in each_side(chat, size):
        expect(cards).to_have_count(1)
        expect(hint).to_be_hidden()
