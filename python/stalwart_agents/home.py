"""Where an agent keeps its things on this computer, so they outlive the process."""

import re
from pathlib import Path

import platformdirs

APP = "stalwart-agents"


def _folder_name(agent: str) -> str:
    """One safe path segment for any name, so no agent reaches outside the app's folder."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", agent).strip(".-")
    return name or "agent"


def config_folder(agent: str) -> Path:
    """Private to this user: the AI key file and the phone listener's certificate."""
    return platformdirs.user_config_path(APP) / _folder_name(agent)


def data_folder(agent: str) -> Path:
    """Where the files an agent's tools save go when agent.yaml names no folder."""
    return platformdirs.user_data_path(APP) / _folder_name(agent)
