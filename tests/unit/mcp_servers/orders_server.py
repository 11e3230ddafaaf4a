"""A small MCP server of orders, written with the official SDK, for a charge's facts read: it
answers `null` for an order it does not have, and an error result where its books are shut."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

ORDERS = {"4411": {"total": "40.00", "status": "unpaid"}}

app = MCPServer("orders")


@app.tool(
    title="Look up the order",
    annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False),
)
def find_order(order_id: str) -> dict[str, Any] | None:
    """One of the orders, or null where there is no such order."""
    if order_id == "shut":
        raise ToolError("The order books are shut for the night.")
    found = ORDERS.get(order_id)
    return None if found is None else {"order_id": order_id, **found}


if __name__ == "__main__":
    app.run()
