"""The tool schema a model is shown: only the arguments a model may write, as JSON Schema."""

from __future__ import annotations

from stalwart_agents.config import ArgumentSpec
from stalwart_agents.model import tool_schema


def test_a_model_is_shown_only_the_arguments_it_may_write() -> None:
    arguments = {
        "order_id": ArgumentSpec(description="The order."),
        "customer": ArgumentSpec.model_validate({"from": "context.customer"}),
    }
    schema = tool_schema("cancel_order", "Cancels an order.", arguments)
    assert (schema.name, schema.description) == ("cancel_order", "Cancels an order.")
    assert schema.parameters == {
        "type": "object",
        "properties": {"order_id": {"type": "string", "description": "The order."}},
        "required": ["order_id"],
    }


def test_a_date_is_a_string_in_date_format_and_optional_ones_are_not_required() -> None:
    arguments = {"on": ArgumentSpec(type="date", required=False)}
    schema = tool_schema("book", "", arguments)
    assert schema.parameters == {
        "type": "object",
        "properties": {"on": {"type": "string", "format": "date"}},
    }
