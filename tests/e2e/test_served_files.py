"""The files panel on a real `stalwart serve` of the shop, in English and Portuguese: the owner
asks for receipts, opens the panel, sees them newest first under the real folder, opens one in
place and downloads another, byte for byte; screenshots of the panel at every size and side."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import SIDES, SIZES, reading, shot
from playwright.sync_api import Locator, Page, expect
from served import Server, ShopChanges, answer, get, post, replies, send, waiting

pytestmark = pytest.mark.e2e

RECEIPT = {"en": "save the receipt for order {order}", "pt-BR": "salvar o recibo do pedido {order}"}
CHARGE = {"en": "charge 40 to order {order}", "pt-BR": "cobrar 40,00 do pedido {order}"}
NAME = {"en": "Receipt for order {order}.txt", "pt-BR": "Recibo do pedido {order}.txt"}


@pytest.fixture(scope="module")
def shop_changes(language: str) -> ShopChanges:
    return reading(language)


def panel(page: Page) -> Locator:
    return page.locator("stalwart-chat .files-panel")


def toggle(page: Page) -> None:
    page.locator("stalwart-chat [part=files-button]").click()


def turn(page: Page, words: str, count: int) -> None:
    send(page, words)
    expect(replies(page)).to_have_count(count)


def test_the_owner_saves_receipts_and_opens_and_downloads_them_from_the_files_panel(
    chat: Page,
    served: Server,
    language: str,
    strings: dict[str, dict[str, str]],
    artifacts: Path,
) -> None:
    said = strings[language]
    listed = get(f"{served.url}/files")
    assert listed.status_code == 200, listed.text
    folder = listed.json()["folder"]
    button = chat.locator("stalwart-chat [part=files-button]")
    expect(button).to_have_text(said["filesTitle"])
    expect(button).not_to_have_attribute("aria-expanded", "true")

    toggle(chat)
    expect(panel(chat).locator("h2")).to_have_text(said["filesTitle"])
    expect(panel(chat).locator("p")).to_have_text(
        [said["filesWhere"].format(folder=folder), said["filesNone"]]
    )
    expect(button).to_have_attribute("aria-expanded", "true")
    # Open while the bot saves a file: the panel reads the files again with the reply.
    turn(chat, RECEIPT[language].format(order="4412"), 1)
    expect(panel(chat).locator("li.file strong")).to_have_text(
        [NAME[language].format(order="4412")]
    )
    toggle(chat)
    expect(panel(chat)).to_be_hidden()

    order = served.shop.unpaid_order(4000)
    send(chat, CHARGE[language].format(order=order))
    answer(waiting(chat), "approve")
    expect(replies(chat)).to_have_count(3)
    turn(chat, RECEIPT[language].format(order=order), 4)

    toggle(chat)
    files = panel(chat).locator("li.file")
    names = [NAME[language].format(order=order), NAME[language].format(order="4412")]
    expect(files.locator("strong")).to_have_text(names)
    expect(files.nth(0).locator("a")).to_have_text([said["filesOpen"], said["filesDownload"]])
    expect(panel(chat).locator("p")).to_have_text(said["filesWhere"].format(folder=folder))
    kept = Path(folder) / names[0]
    assert kept.is_file()

    with chat.context.expect_page() as opened:
        files.nth(0).get_by_text(said["filesOpen"], exact=True).click()
    receipt = opened.value
    receipt.wait_for_load_state()
    expect(receipt.locator("body")).to_contain_text(f"{order}")
    assert receipt.locator("body").inner_text().strip() == kept.read_text(encoding="utf-8").strip()
    receipt.close()

    with chat.expect_download() as downloading:
        files.nth(1).get_by_text(said["filesDownload"], exact=True).click()
    download = downloading.value
    assert download.suggested_filename == names[1]
    assert Path(download.path()).read_bytes() == (Path(folder) / names[1]).read_bytes()

    for size, (width, height) in SIZES.items():
        chat.set_viewport_size({"width": width, "height": height})
        for side in SIDES:
            chat.emulate_media(color_scheme=side)
            expect(files).to_have_count(2)
            shot(chat, artifacts, f"files-{size}-{side}-{language}")


def test_a_reply_from_elsewhere_while_the_panel_is_open_lists_its_file_and_keeps_the_focus(
    chat: Page, served: Server, thread: str, language: str, strings: dict[str, dict[str, str]]
) -> None:
    before = len(get(f"{served.url}/files").json()["files"])
    turn(chat, RECEIPT[language].format(order="4412"), 1)
    toggle(chat)
    files = panel(chat).locator("li.file")
    expect(files).to_have_count(before + 1)
    download = files.nth(0).get_by_text(strings[language]["filesDownload"], exact=True)
    download.focus()

    words = {"text": RECEIPT[language].format(order="4412"), "language": language}
    assert post(f"{served.url}/threads/{thread}/messages", words).status_code == 200
    expect(replies(chat)).to_have_count(2)
    expect(files).to_have_count(before + 2)
    # The link under the focus was drawn again; the focus moved to the panel's heading, not away.
    expect(panel(chat).locator("h2")).to_be_focused()
