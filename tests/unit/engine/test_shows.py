"""A reply shows the sources, images and files its completed calls' results name (shows:)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from stalwart_agents.config import ShowsSpec, ToolSpec
from stalwart_agents.desk import Desk
from stalwart_agents.engine._ledger import new_entry
from stalwart_agents.engine._shows import gather, told
from stalwart_agents.store import RunStore, StepStatus

from .helpers import plan

# The tools below are this module's functions, so the file names the module they are in.
AGENT = """\
agents:
  - name: library
tools:
  find_order:
    function: {module}:find_order
    arguments:
      order_id: {{type: string}}
    shows: {{sources: result.sources, images: result.images, files: result.files}}
  search:
    function: {module}:search
    arguments:
      query: {{type: string}}
    shows: {{sources: result}}
  garbled:
    function: {module}:garbled
    shows: {{sources: result.sources}}
  charge:
    function: {module}:charge
    write: true
    arguments:
      order_id: {{type: string}}
"""

ADMIN = {"title": "Order 4411 in the admin", "url": "https://admin.shop.example/orders/4411"}
PHOTO = {"url": "/orders/4411/parcel.png", "alt": "The parcel, packed"}
INVOICE = {"name": "invoice-4411.pdf", "url": "/orders/4411/invoice.pdf"}
POLICY = {"title": "Shipping policy", "url": "/help/shipping"}


def find_order(order_id: str) -> dict[str, Any]:
    return {
        "order_id": order_id,
        "status": "paid",
        "sources": [ADMIN],
        "images": [PHOTO],
        "files": [INVOICE],
    }


def search(query: str) -> list[dict[str, str]]:
    return [POLICY, ADMIN]


def garbled() -> dict[str, Any]:
    return {"sources": {"title": "Not a list", "url": "https://example.com/"}}


def charge(order_id: str) -> dict[str, str]:
    return {"charge_id": f"ch-{order_id}"}


@pytest.fixture
async def desk(tmp_path: Path, new_store: Callable[..., RunStore]) -> AsyncIterator[Desk]:
    path = tmp_path / "agent.yaml"
    path.write_text(AGENT.format(module=__name__), encoding="utf-8")
    async with Desk(path, store=new_store()) as opened:
        yield opened


def outside(item: dict[str, str], server: str | None) -> dict[str, Any]:
    return {**item, "server": server}


LOOK_UP = plan(("find_order", {"order_id": "4411"}))


async def test_a_completed_call_shows_its_sources_images_and_files(desk: Desk) -> None:
    reply = await desk.turn("t-1", LOOK_UP)
    assert [source.model_dump() for source in reply.sources] == [
        outside(ADMIN, "admin.shop.example")
    ]
    assert [image.model_dump() for image in reply.images] == [PHOTO]
    assert [file.model_dump() for file in reply.files] == [INVOICE]


async def test_the_reply_event_carries_what_the_reply_shows(desk: Desk) -> None:
    await desk.turn("t-1", LOOK_UP)
    [event] = [event for event in await desk.events("t-1") if event["type"] == "reply"]
    assert event["data"]["sources"] == [outside(ADMIN, "admin.shop.example")]
    assert (event["data"]["images"], event["data"]["files"]) == ([PHOTO], [INVOICE])


async def test_the_reply_kept_for_any_worker_shows_the_same(desk: Desk) -> None:
    reply = await desk.turn("t-1", LOOK_UP)
    snapshot = await desk.store.load(reply.run)
    assert snapshot is not None
    kept = snapshot.run["reply"]
    assert kept is not None
    assert kept["sources"] == [source.model_dump() for source in reply.sources]
    assert (kept["images"], kept["files"]) == ([PHOTO], [INVOICE])


async def test_the_words_leave_out_what_the_reply_shows(desk: Desk) -> None:
    reply = await desk.turn("t-1", LOOK_UP)
    assert reply.reply == "Done: Find order (Order id: 4411; Status: paid)."


async def test_a_tool_that_returns_the_list_shows_it_whole_and_a_relative_url_is_ours(
    desk: Desk,
) -> None:
    reply = await desk.turn("t-1", plan(("search", {"query": "shipping"})))
    assert [source.model_dump() for source in reply.sources] == [
        outside(POLICY, None),
        outside(ADMIN, "admin.shop.example"),
    ]
    assert reply.reply == "Done: Search."


async def test_the_same_source_from_two_calls_is_shown_once(desk: Desk) -> None:
    reply = await desk.turn(
        "t-1", plan(("find_order", {"order_id": "4411"}), ("search", {"query": "shipping"}))
    )
    assert [source.url for source in reply.sources] == [ADMIN["url"], POLICY["url"]]


async def test_only_calls_completed_for_this_reply_show(desk: Desk) -> None:
    first = await desk.turn(
        "t-1", plan(("find_order", {"order_id": "4411"}), ("charge", {"order_id": "4411"}))
    )
    assert [source.url for source in first.sources] == [ADMIN["url"]]
    approved = await desk.answer("t-1", "approve")
    assert "ch-4411" in approved.reply
    assert (approved.sources, approved.images, approved.files) == ([], [], [])


async def test_a_tool_without_shows_shows_nothing(desk: Desk) -> None:
    await desk.turn("t-1", plan(("charge", {"order_id": "4411"})))
    reply = await desk.answer("t-1", "approve")
    assert (reply.sources, reply.images, reply.files) == ([], [], [])


async def test_a_result_of_the_wrong_shape_is_not_shown_and_the_turn_goes_on(
    desk: Desk, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="stalwart_agents.engine"):
        reply = await desk.turn("t-1", plan(("garbled", {})))
    assert reply.sources == []
    assert reply.reply == "Done: Garbled."
    assert "The tool garbled returned a dict where shows.sources expects a list" in caplog.text


# Reading one result, whatever the store.


def done(result: Any, shows: dict[str, str]) -> Any:
    """What `gather` finds in one completed call of a tool with these `shows`."""
    entry = new_entry(0, "tool", False)
    entry["status"] = StepStatus.DONE
    entry["result"] = result
    tool = ToolSpec(function="tools:tool", shows=ShowsSpec.model_validate(shows))
    return gather([(0, "tool", told(result, tool.shows))], {0: entry}, {"tool": tool})


@pytest.mark.parametrize(
    ("url", "server"),
    [
        ("https://Admin.Shop.example:8443/orders/4411", "admin.shop.example"),
        ("http://track.example/4411", "track.example"),
        ("//cdn.example/4411", "cdn.example"),
        ("/orders/4411", None),
        ("orders/4411", None),
    ],
)
def test_a_source_names_the_host_of_an_absolute_url_only(url: str, server: str | None) -> None:
    shown = done([{"title": "Order", "url": url}], {"sources": "result"})
    assert shown["sources"] == [{"title": "Order", "url": url, "server": server}]


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "mailto:maria@example.com", "data:text/html,hi", "", 7]
)
def test_a_source_whose_url_is_no_web_link_is_left_out(
    url: object, caplog: pytest.LogCaptureFixture
) -> None:
    shown = done([{"title": "Order", "url": url}, POLICY], {"sources": "result"})
    assert shown["sources"] == [outside(POLICY, None)]
    assert "The tool tool gave shows.sources[0]" in caplog.text


@pytest.mark.parametrize(
    ("kind", "item"),
    [
        ("sources", {"url": "/a"}),
        ("sources", {"title": " ", "url": "/a"}),
        ("images", {"url": "/a.png", "alt": 3}),
        ("files", {"url": "/a.pdf"}),
        ("files", "invoice.pdf"),
    ],
)
def test_an_item_missing_its_kind_s_text_is_left_out(kind: str, item: object) -> None:
    assert done({"shown": [item]}, {kind: "result.shown"})[kind] == []


def test_an_image_without_alt_text_is_shown_with_an_empty_one() -> None:
    shown = done({"photo": [{"url": "/parcel.png"}]}, {"images": "result.photo"})
    assert shown["images"] == [{"url": "/parcel.png", "alt": ""}]


def test_a_nested_path_reaches_into_the_result_and_its_words_keep_the_rest() -> None:
    result = {"order": {"id": "4411", "links": [ADMIN]}}
    shows = ShowsSpec(sources="result.order.links")
    assert told(result, shows) == {"order": {"id": "4411"}}
    assert done(result, {"sources": "result.order.links"})["sources"] == [
        outside(ADMIN, "admin.shop.example")
    ]


def test_a_result_without_the_path_shows_nothing_and_warns_of_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    assert done({"order_id": "4411"}, {"sources": "result.sources"})["sources"] == []
    assert caplog.text == ""
