"""A turn's reply carries its suggestions, and one sent back as a turn plans like any other."""

from __future__ import annotations

from stalwart_agents.desk import Desk

from .helpers import SIGNED_IN

CLOSE = "suss out order 4411 for me mate"


async def test_an_unread_turn_replies_with_its_suggestions(desk: Desk) -> None:
    reply = await desk.turn("t-1", CLOSE, context=SIGNED_IN)

    assert reply.suggestions == ["Find the order 4411"]
    assert [pause.kind for pause in reply.waiting] == ["delegate"]


async def test_the_stream_tells_the_suggestions_with_the_reply(desk: Desk) -> None:
    await desk.turn("t-1", CLOSE, context=SIGNED_IN)

    [said] = [e["data"] for e in await desk.events("t-1") if e["type"] == "reply"]
    assert said["suggestions"] == ["Find the order 4411"]


async def test_a_suggestion_sent_as_a_turn_runs_its_call(desk: Desk) -> None:
    reply = await desk.turn("t-1", CLOSE, context=SIGNED_IN)
    reply = await desk.turn("t-1", reply.suggestions[0], context=SIGNED_IN)

    assert "4411" in reply.reply
    assert reply.suggestions == []


async def test_a_pt_br_turn_is_offered_pt_br_requests(desk: Desk) -> None:
    reply = await desk.turn("t-1", "quero cancelar a venda 4411", language="pt-BR")

    assert reply.suggestions == ["Cancelar o pedido 4411"]


async def test_the_answer_to_the_delegate_pause_offers_them_no_more(desk: Desk) -> None:
    await desk.turn("t-1", CLOSE, context=SIGNED_IN)
    reply = await desk.answer("t-1", "decline")

    assert reply.suggestions == []
