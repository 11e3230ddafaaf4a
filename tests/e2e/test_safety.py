"""Text from tools, the model or the server is never markup; no request leaves the page's host."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from page_traffic import Traffic
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

IMG = '<img src=x onerror="window.ran = (window.ran || 0) + 1">'
SCRIPT = "<script>window.ran = (window.ran || 0) + 1</script>"
LINK = "javascript:window.ran=(window.ran||0)+1"

# Every field a pause, a refusal, a rollback and a step show, each holding a payload.
HOSTILE_ELEMENTS = f"""
() => {{
  const img = {IMG!r}, script = {SCRIPT!r};
  const pause = {{
    ...samples.pauses.saga_stuck, tool: img, wording: script,
    arguments: [
      {{ name: img, value: script, origin: img }},
      {{ name: 'x', value: {{ html: img }}, origin: 'typed' }},
    ],
    reasons: [img, script], error: img,
    pending: [
      {{ step: 0, tool: img, undo_tool: script, arguments: {{ [img]: script }}, error: img }},
    ],
  }};
  document.getElementById('confirm').interrupt = {{ ...pause, kind: 'confirm', wording: img }};
  document.getElementById('saga_stuck').interrupt = pause;
  document.getElementById('ask').interrupt = {{ ...samples.pauses.ask, question: img }};
  document.getElementById('delegate').interrupt = {{ ...samples.pauses.delegate, text: script }};
  const decision = document.getElementById('decision');
  for (const name of ['sentence', 'rule', 'contact']) decision.setAttribute(name, img);
  decision.setAttribute('staff', '');
  const undo = {{ step: 1, tool: img, undo_tool: script, arguments: {{}}, error: img }};
  document.getElementById('rollback').report = {{
    ...samples.rollback, undone: [undo], not_undoable: [undo], stuck: [undo], waiting: pause,
  }};
  document.getElementById('trace').events = [
    {{ id: 1, type: img, data: {{ step: 0, tool: img, kind: script, decision: img }} }},
  ];
}}
"""

HOSTILE_REPLY = f"""
() => {{
  const img = {IMG!r}, script = {SCRIPT!r}, link = {LINK!r};
  backend.turns['hostile'] = {{
    reply: `${{img}} ${{script}}`,
    sources: [
      {{ title: img, url: link, server: script }},
      {{ title: script, url: '/ui/x', server: img }},
    ],
    images: [{{ url: link, alt: img }}, {{ url: '/pages/receipt.svg', alt: script }}],
    files: [{{ name: img, url: link }}, {{ name: script, url: '/pages/receipt.svg' }}],
    // The card and the refusal say their own words, so the bubble keeps the reply's payload whole.
    refusal: {{ tool: img, sentence: `${{script}}${{img}}`, rule: img, contact: script }},
    waiting: [
      {{
        ...pauses.confirm, wording: `${{img}}${{script}}`,
        arguments: [{{ name: img, value: script }}],
      }},
    ],
  }};
  chat.bot = {{
    ...chat.bot, name: img, purpose: script, about: img, contact: script,
    help_url: link, privacy_url: link,
    capabilities: [
      {{ tool: img, group: script, description: img, asks_first: true, examples: [script] }},
    ],
  }};
}}
"""

# Anything a payload would have made: an element parsed from it, or a javascript: link.
MADE_FROM_PAYLOADS = """
() => [
  ...deepAll(document.querySelector('main'), 'img[src=x], script'),
  ...deepAll(document.querySelector('main'), 'a[href^="javascript:" i]'),
].map((node) => node.outerHTML)
"""


# Resolves once every image in the page has loaded or failed to: by then a payload's onerror
# (registered before these listeners, so called before them) has run.
IMAGES_SETTLED = """
() => Promise.all(deepAll(document, 'img').map((img) => img.complete || new Promise((done) => {
  img.addEventListener('load', done, { once: true });
  img.addEventListener('error', done, { once: true });
})))
"""


def no_payload_ran(page: Page) -> None:
    page.evaluate(IMAGES_SETTLED)
    assert page.evaluate("window.ran") is None
    assert page.evaluate(MADE_FROM_PAYLOADS) == []


@pytest.fixture
def elements(open_page: Callable[[str], Page]) -> Page:
    """The page with its CSP off, so that a payload parsed as HTML would really run."""
    page = open_page("elements.html?csp=off")
    page.evaluate(HOSTILE_ELEMENTS)
    return page


@pytest.fixture
def chat(open_page: Callable[[str], Page]) -> Page:
    page = open_page("chat.html?csp=off")
    page.evaluate(HOSTILE_REPLY)
    page.locator("stalwart-chat textarea").fill("hostile")
    page.locator("stalwart-chat textarea").press("Enter")
    expect(page.locator("stalwart-chat [part=log] .reply")).to_have_count(1)
    return page


def test_payloads_in_a_pause_a_refusal_a_rollback_and_steps_never_run(elements: Page) -> None:
    no_payload_ran(elements)


def test_payloads_in_a_pause_show_as_text(elements: Page) -> None:
    expect(elements.locator("#confirm [part=wording]")).to_have_text(IMG)
    expect(elements.locator("#confirm [part=arguments] dt").first).to_have_text(IMG)
    expect(elements.locator("#confirm [part=arguments] .value").first).to_have_text(SCRIPT)


def test_payloads_in_a_refusal_show_as_text(elements: Page) -> None:
    expect(elements.locator("#decision .sentence")).to_have_text(IMG)


def test_payloads_in_a_reply_its_sources_and_the_bot_never_run(chat: Page) -> None:
    no_payload_ran(chat)


def test_payloads_in_a_reply_show_as_text(chat: Page) -> None:
    expect(chat.locator("stalwart-chat [part=log] .reply p").first).to_contain_text(
        f"{IMG} {SCRIPT}"
    )


def test_a_javascript_link_from_the_server_is_left_out(chat: Page) -> None:
    expect(chat.locator("stalwart-chat [part=help]")).to_have_count(0)
    expect(chat.locator("stalwart-chat [part=sources] a")).to_have_count(1)


def test_payloads_from_the_bots_config_show_as_text(chat: Page) -> None:
    expect(chat.locator("stalwart-chat [part=name]")).to_have_text(IMG)


def test_every_request_stays_on_the_pages_host(
    open_page: Callable[[str], Page], traffic: Traffic
) -> None:
    page = open_page("chat.html")
    page.evaluate(
        """() => {
          backend.turns['outside'] = {
            reply: 'See these.',
            images: [{ url: 'https://images.example/a.png', alt: 'an outside image' }],
            sources: [{ title: 'Outside', url: 'https://docs.example/a', server: 'docs.example' }],
          };
        }"""
    )
    page.locator("stalwart-chat textarea").fill("outside")
    page.locator("stalwart-chat textarea").press("Enter")
    # The reply's place is drawn first, empty, and replaced once reply.js is in.
    expect(page.locator("stalwart-chat [part=log] .reply")).to_contain_text("See these.")
    page.locator("stalwart-chat [part=log] .reply").screenshot()
    assert traffic.blocked == []
    assert {urlsplit(url).hostname for url in traffic.urls} == {"127.0.0.1"}


def test_a_request_past_loopback_is_refused_by_the_browsers_proxy_and_named(
    open_page: Callable[[str], Page], traffic: Traffic
) -> None:
    page = open_page("chat.html?csp=off")
    with page.expect_event("requestfailed") as failed:
        outcome = page.evaluate(
            """() => fetch('http://203.0.113.7/').then(() => 'answered', () => 'refused')"""
        )
    assert outcome == "refused"
    assert failed.value.failure == "net::ERR_PROXY_CONNECTION_FAILED"
    assert traffic.blocked == ["http://203.0.113.7/"]


def test_an_outside_image_is_a_link_not_a_request(open_page: Callable[[str], Page]) -> None:
    page = open_page("chat.html")
    page.evaluate(
        """() => {
          const images = [{ url: 'https://images.example/a.png', alt: 'outside' }];
          backend.turns['outside'] = { reply: 'See.', images };
        }"""
    )
    page.locator("stalwart-chat textarea").fill("outside")
    page.locator("stalwart-chat textarea").press("Enter")
    expect(page.locator("stalwart-chat [part=log] .reply a")).to_have_text("outside")
    expect(page.locator("stalwart-chat [part=image]")).to_have_count(0)
