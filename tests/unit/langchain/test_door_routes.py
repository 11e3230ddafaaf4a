"""The door serves exactly the routes the spec marks with x-door, which langgraph.md lists."""

from __future__ import annotations

from pathlib import Path

from codegen.spec import load_spec
from stalwart_agents.langchain._chat import CHAT_ROUTES
from stalwart_agents.serve._answers import ANSWER_ROUTES

ROOT = Path(__file__).resolve().parents[3]


def test_the_door_answers_the_routes_the_spec_gives_it() -> None:
    """The page itself is one of ui_routes(), the same files `stalwart serve` gives."""
    served = {
        (method, route.path_format)
        for route in (*ANSWER_ROUTES, *CHAT_ROUTES)
        for method in route.methods or ()
        if method != "HEAD"
    } | {("GET", "/")}
    documented = {(r.method, r.path) for r in load_spec(ROOT).api.routes if r.door is not None}
    assert served == documented
