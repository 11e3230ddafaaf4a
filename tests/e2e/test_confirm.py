"""<stalwart-confirm>: a pause of each kind, its words, its answers, the focus and the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# The string key of each answer's button, by kind (spec/strings.yaml).
BUTTONS = {
    "confirm": {"approve": "approve", "skip": "skip", "cancel_all": "cancelAll"},
    "outcome_unknown": {"happened": "happened", "did_not_happen": "didNotHappen"},
    "saga_stuck": {"retry": "retry", "done_by_hand": "doneByHand", "abandon": "abandon"},
    "delegate": {"approve": "delegateApprove", "decline": "decline"},
}
# The answer the focus starts on: the one that does least outside the run.
SAFEST = {
    "confirm": "skip",
    "outcome_unknown": "happened",
    "saga_stuck": "abandon",
    "delegate": "decline",
}
ANSWERS = [(kind, answer) for kind, answers in BUTTONS.items() for answer in answers]

Strings = dict[str, dict[str, str]]


@pytest.fixture
def elements(open_page: Callable[[str], Page]) -> Page:
    return open_page("elements.html")


def sample(page: Page, kind: str) -> dict[str, Any]:
    pause: dict[str, Any] = page.evaluate("(kind) => samples.pauses[kind]", kind)
    return pause


def single(page: Page, kind: str) -> None:
    page.evaluate("(kind) => { document.getElementById(kind).single = true; }", kind)


@pytest.mark.parametrize("kind", list(BUTTONS))
def test_each_kind_has_one_button_per_answer_it_takes(
    elements: Page, strings: Strings, kind: str
) -> None:
    labels = [strings["en"][key] for key in BUTTONS[kind].values()]
    expect(elements.locator(f"#{kind} [part=choices] button")).to_have_text(labels)


@pytest.mark.parametrize(("kind", "answer"), ANSWERS)
def test_pressing_an_answer_dispatches_the_pause_and_the_answer(
    elements: Page, strings: Strings, kind: str, answer: str
) -> None:
    elements.locator(f"#{kind}").get_by_role(
        "button", name=strings["en"][BUTTONS[kind][answer]], exact=True
    ).click()
    assert elements.evaluate("window.decisions") == [
        {"interrupt": sample(elements, kind), "decision": answer}
    ]


def test_the_decision_event_bubbles_and_crosses_shadow_roots(elements: Page) -> None:
    flags = elements.evaluate(
        """() => new Promise((resolve) => {
          const heard = (event) => resolve([event.bubbles, event.composed]);
          document.addEventListener("stalwart-decision", heard, { once: true });
          const card = document.getElementById("confirm");
          card.shadowRoot.querySelector("[data-decision=skip]").click();
        })"""
    )
    assert flags == [True, True]


def test_ask_sends_the_typed_answer_as_its_type(elements: Page) -> None:
    field = elements.locator("#ask input")
    field.fill("4411")
    field.press("Enter")
    assert elements.evaluate("window.decisions") == [
        {"interrupt": sample(elements, "ask"), "decision": "answer", "value": 4411}
    ]


def test_ask_shows_its_question(elements: Page) -> None:
    expect(elements.locator("#ask [part=wording]")).to_have_text(
        sample(elements, "ask")["question"]
    )


def test_ask_labels_its_field_with_the_question(elements: Page) -> None:
    question = sample(elements, "ask")["question"]
    expect(elements.get_by_role("textbox", name=question)).to_be_visible()


def test_confirm_without_wording_asks_the_tool_as_a_question(
    elements: Page, strings: Strings
) -> None:
    title = strings["en"]["confirmTitle"].replace("{tool}", "charge_card")
    expect(elements.locator("#confirm [part=wording]")).to_have_text(title)


def test_confirm_shows_the_tools_own_wording(elements: Page) -> None:
    expect(elements.locator("#irreversible [part=wording]")).to_have_text(
        "Send the receipt to c-208?"
    )


@pytest.mark.parametrize(
    ("kind", "key"),
    [("outcome_unknown", "unknownTitle"), ("saga_stuck", "stuck"), ("delegate", "delegateTitle")],
)
def test_other_kinds_show_their_title(
    elements: Page, strings: Strings, kind: str, key: str
) -> None:
    title = strings["en"][key].replace("{tool}", "charge_card")
    expect(elements.locator(f"#{kind} [part=wording]")).to_have_text(title)


def test_delegate_shows_the_turn_the_model_would_get(elements: Page) -> None:
    expect(elements.locator("#delegate [part=turn]")).to_contain_text("make it cheaper somehow")


def test_each_argument_shows_its_value_and_its_origin_in_words(
    elements: Page, strings: Strings
) -> None:
    rows = elements.locator("#confirm [part=arguments] dd")
    expect(rows).to_have_text(
        [
            f"40 ({strings['en']['origin_typed']})",
            f"4411 ({strings['en']['origin_typed']})",
            f"visa-0019 ({strings['en']['origin_context']})",
            f"paid late ({strings['en']['origin_result']})",
        ]
    )


def test_the_reasons_show_as_the_check_gave_them(elements: Page, strings: Strings) -> None:
    reasons = elements.locator("#confirm [part=reasons]")
    expect(reasons.locator("h4")).to_have_text(strings["en"]["reasonsTitle"])
    expect(reasons.locator("li")).to_have_text(["write", "argument_origin: amount"])


def test_an_irreversible_tool_carries_the_warning(elements: Page, strings: Strings) -> None:
    expect(elements.locator("#irreversible [part=irreversible]")).to_have_text(
        strings["en"]["irreversible"]
    )


def test_a_reversible_tool_has_no_warning(elements: Page) -> None:
    expect(elements.locator("#confirm [part=irreversible]")).to_be_hidden()


def test_saga_stuck_lists_what_still_needs_undoing(elements: Page) -> None:
    # The undo still to make, its values, and the tool's own error under Details.
    pending = elements.locator("#saga_stuck .pending li")
    expect(pending).to_contain_text(["refund_card ch-4411"])
    expect(pending.locator("details")).to_contain_text("refund service down")


def test_outcome_unknown_shows_what_made_it_unknown(elements: Page) -> None:
    expect(elements.locator("#outcome_unknown")).to_contain_text(
        "The card network timed out after sending."
    )


@pytest.mark.parametrize("kind", list(SAFEST))
def test_a_single_pause_focuses_its_least_destructive_answer(
    elements: Page, strings: Strings, kind: str
) -> None:
    single(elements, kind)
    focused = elements.locator(f"#{kind}").get_by_role(
        "button", name=strings["en"][BUTTONS[kind][SAFEST[kind]]], exact=True
    )
    expect(focused).to_be_focused()


def test_a_single_question_focuses_its_field(elements: Page) -> None:
    single(elements, "ask")
    expect(elements.locator("#ask input")).to_be_focused()


def test_enter_on_the_focused_answer_sends_it(elements: Page) -> None:
    single(elements, "confirm")
    elements.keyboard.press("Enter")
    assert [d["decision"] for d in elements.evaluate("window.decisions")] == ["skip"]


def test_arrow_keys_move_between_the_answers(elements: Page) -> None:
    single(elements, "confirm")
    elements.keyboard.press("ArrowRight")
    elements.keyboard.press("Space")
    assert [d["decision"] for d in elements.evaluate("window.decisions")] == ["cancel_all"]


def test_arrow_keys_wrap_around(elements: Page) -> None:
    single(elements, "confirm")
    elements.keyboard.press("ArrowRight")
    elements.keyboard.press("ArrowRight")
    elements.keyboard.press("Enter")
    assert [d["decision"] for d in elements.evaluate("window.decisions")] == ["approve"]


def test_tab_reaches_every_answer_in_order(elements: Page, strings: Strings) -> None:
    elements.locator("#confirm [data-decision=approve]").focus()
    elements.keyboard.press("Tab")
    expect(elements.locator("#confirm [data-decision=skip]")).to_be_focused()
    elements.keyboard.press("Tab")
    expect(elements.locator("#confirm [data-decision=cancel_all]")).to_be_focused()


def test_answers_disable_while_one_is_on_its_way(elements: Page) -> None:
    elements.locator("#confirm [data-decision=approve]").click()
    expect(elements.locator("#confirm button")).to_have_count(3)
    for button in elements.locator("#confirm button").all():
        expect(button).to_be_disabled()


def test_a_second_press_sends_nothing_more(elements: Page) -> None:
    elements.evaluate(
        """() => {
          const buttons = document.getElementById("confirm").shadowRoot.querySelectorAll("button");
          buttons[0].click();
          buttons[0].disabled = false;
          buttons[0].click();
        }"""
    )
    assert len(elements.evaluate("window.decisions")) == 1


def test_setting_the_same_pause_again_makes_it_answerable(elements: Page) -> None:
    elements.locator("#ask input").fill("forty")
    elements.locator("#ask input").press("Enter")
    elements.evaluate("() => { ask.interrupt = { ...ask.interrupt }; }")
    expect(elements.locator("#ask input")).to_be_enabled()
    expect(elements.locator("#ask input")).to_have_value("forty")


def test_another_pause_draws_the_card_again(elements: Page, strings: Strings) -> None:
    elements.evaluate("document.getElementById('confirm').interrupt = samples.pauses.delegate")
    expect(elements.locator("#confirm [part=wording]")).to_have_text(strings["en"]["delegateTitle"])


def test_labels_change_the_words_of_this_card_only(elements: Page, strings: Strings) -> None:
    elements.evaluate("document.getElementById('confirm').labels = { approve: 'Charge it' }")
    expect(elements.locator("#confirm [data-decision=approve]")).to_have_text("Charge it")
    expect(elements.locator("#irreversible [data-decision=approve]")).to_have_text(
        strings["en"]["approve"]
    )


def test_a_pause_without_choices_is_refused_with_a_clear_error(elements: Page) -> None:
    message = elements.evaluate(
        """() => {
          try { document.getElementById('confirm').interrupt = { kind: 'confirm' }; }
          catch (error) { return `${error.name}: ${error.message}`; }
        }"""
    )
    assert message.startswith("TypeError: interrupt must be a pause")


def test_no_pause_shows_nothing(elements: Page) -> None:
    elements.evaluate("document.getElementById('confirm').interrupt = null")
    expect(elements.locator("#confirm [part]")).to_have_count(0)


def test_a_pause_that_expires_says_when_and_what_it_then_takes(
    elements: Page, strings: Strings
) -> None:
    elements.evaluate(
        """(pause) => {
          document.getElementById("confirm").interrupt = {
            ...pause, id: "expiring", expires_at: "2026-12-04T09:30:00Z", expiry_answer: "skip",
          };
        }""",
        sample(elements, "confirm"),
    )
    line = elements.locator("#confirm [part=expires]")
    expect(line).to_be_visible()
    said = strings["en"]["expires"].split("{time}")
    expect(line).to_contain_text(said[0])
    expect(line).to_contain_text("Dec 4, 2026")
    expect(line).to_contain_text(said[1].replace("{answer}", strings["en"]["skip"]))


def test_a_pause_that_waits_for_good_says_nothing_of_expiry(elements: Page) -> None:
    expect(elements.locator("#confirm [part=expires]")).to_be_hidden()


def show_preview(page: Page, **preview: Any) -> None:
    """The sample confirm again, with the preview fields the server sends."""
    page.evaluate(
        """([pause, preview]) => {
          document.getElementById("confirm").interrupt = { ...pause, id: "previewed", ...preview };
        }""",
        [sample(page, "confirm"), preview],
    )


def test_a_preview_shows_each_change_as_before_an_arrow_and_after(
    elements: Page, strings: Strings
) -> None:
    rows = [
        {"label": "Order 4411", "before": "unpaid", "after": "paid"},
        {"label": "Card visa-0019", "before": None, "after": "+$40.00"},
    ]
    show_preview(elements, preview=rows, preview_note=None)

    part = elements.locator("#confirm [part=preview]")
    expect(part.locator("h4")).to_have_text(strings["en"]["previewTitle"])
    expect(part.locator("dt")).to_have_text(["Order 4411", "Card visa-0019"])
    expect(part.locator("dd")).to_have_text(["unpaid → paid", "+$40.00"])
    expect(part.locator(".arrow")).to_have_count(1)
    expect(part.locator(".preview-note")).to_be_hidden()


def test_a_preview_that_failed_shows_its_note_and_no_rows(elements: Page) -> None:
    note = (
        "Couldn't preview “Charge an order” just now, "
        "so check what it will change yourself before deciding."
    )
    show_preview(elements, preview=None, preview_note=note)

    part = elements.locator("#confirm [part=preview]")
    expect(part.locator(".preview-note")).to_have_text(note)
    expect(part.locator("dt")).to_have_count(0)
    expect(elements.locator("#confirm [part=choices] button")).to_have_count(3)


def test_a_confirm_without_a_preview_hides_its_part(elements: Page) -> None:
    expect(elements.locator("#confirm [part=preview]")).to_be_hidden()
