"""GET /config.json: what the chat interface shows of the agent, who it is and what it can do."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from stalwart_agents._generated.models import Config
from stalwart_agents.desk import Desk
from stalwart_agents.serve._staff import viewer
from stalwart_agents.serve._state import host_of

__all__ = ["get_config", "interface_config"]


async def interface_config(desk: Desk) -> dict[str, Any]:
    """The agent as the interface shows it, in the host's language, each tool it may call."""
    language = await desk.language()
    examples = desk.selector.examples(language) if desk.selector else {}
    tools = desk.agent_file.tools
    agent = desk.agent
    return {
        "name": agent.name,
        "purpose": agent.purpose,
        "language": language,
        "contact": agent.contact,
        "staff_only": agent.staff_only,
        "thumbs": agent.thumbs,
        "about": agent.about,
        "help_url": agent.help_url,
        "privacy_url": agent.privacy_url,
        "capabilities": [
            {
                "tool": name,
                "group": tools[name].group,
                "description": tools[name].description,
                "asks_first": tools[name].write,
                "examples": examples.get(name, []),
            }
            for name in sorted(desk.runtime.allowed, key=list(tools).index)
        ],
    }


async def get_config(request: Request) -> Response:
    """The route: the interface's config, with where the routes are and any release notice."""
    host = host_of(request)
    shown = await interface_config(await host.open_door())
    notice = host.follower.release_notice if host.follower else None
    body = Config.model_validate(
        {
            **shown,
            "base": host.base_for(request),
            "release_notice": notice,
            "viewer": await viewer(host.desk.store, request),
        }
    )
    return JSONResponse(body.model_dump(mode="json"))
