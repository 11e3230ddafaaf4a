"""GET /config.json: what the chat interface shows of the agent, who it is and what it can do."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from stalwart_agents._generated.models import Config
from stalwart_agents.config import AgentSpec, ToolSpec
from stalwart_agents.desk import Desk
from stalwart_agents.language import say
from stalwart_agents.serve._staff import staff_only, viewer
from stalwart_agents.serve._state import host_of
from stalwart_agents.wording import group_words, title

__all__ = ["get_config", "interface_config"]


async def interface_config(desk: Desk) -> dict[str, Any]:
    """The agent as the interface shows it, in the host's language, each tool it may call."""
    language = await desk.language()
    examples = desk.selector.examples(language) if desk.selector else {}
    tools = desk.agent_file.tools
    agent = desk.agent
    return {
        "name": say(agent.title, language) if agent.title is not None else agent.name,
        "purpose": say(agent.purpose, language),
        "language": language,
        "contact": agent.contact,
        "staff_only": agent.staff_only,
        "thumbs": agent.thumbs,
        "about": say(agent.about, language) if agent.about is not None else None,
        "help_url": agent.help_url,
        "privacy_url": agent.privacy_url,
        "capabilities": [
            _capability(agent, name, tools[name], language, examples.get(name, []))
            for name in sorted(desk.tool_names, key=list(tools).index)
        ],
    }


def _capability(
    agent: AgentSpec, name: str, tool: ToolSpec, language: str, examples: list[str]
) -> dict[str, Any]:
    """One tool as "What I can do" lists it, every text in the host's language."""
    heading, described = (
        group_words(agent, tool.group, language) if tool.group is not None else (None, None)
    )
    return {
        "tool": name,
        "title": title(tool, name, language),
        "group": tool.group,
        "group_label": heading,
        "group_description": described,
        "description": say(tool.description, language),
        "asks_first": tool.write,
        "examples": examples,
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
            "staff_only": staff_only(host.desk, request),
            "viewer": await viewer(host.desk.roles.people, request),
            "model_key": host.model_key.shown() if host.model_key else None,
        }
    )
    return JSONResponse(body.model_dump(mode="json"))
