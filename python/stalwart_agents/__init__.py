"""Stalwart Agents: runs whose tool calls wait for a person, resumable on any worker."""

from __future__ import annotations

from stalwart_agents._generated.enums import Decision, ErrorCode, Kind, Origin, Reason
from stalwart_agents.desk import Desk
from stalwart_agents.engine import NonDeterministicStep, Run, Turn
from stalwart_agents.errors import (
    Ask,
    CallRefused,
    CallSkipped,
    ConfigError,
    Forbidden,
    InterruptStale,
    InvalidAnswer,
    InvalidRequest,
    LeaseLost,
    NotFound,
    OutcomeUnknown,
    StalwartError,
    StoreError,
    ToolFailed,
)
from stalwart_agents.plan import Call, Plan, Value
from stalwart_agents.sync_desk import SyncDesk

__all__ = [
    "Ask",
    "Call",
    "CallRefused",
    "CallSkipped",
    "ConfigError",
    "Decision",
    "Desk",
    "ErrorCode",
    "Forbidden",
    "InterruptStale",
    "InvalidAnswer",
    "InvalidRequest",
    "Kind",
    "LeaseLost",
    "NonDeterministicStep",
    "NotFound",
    "Origin",
    "OutcomeUnknown",
    "Plan",
    "Reason",
    "Run",
    "StalwartError",
    "StoreError",
    "SyncDesk",
    "ToolFailed",
    "Turn",
    "Value",
]
