"""Running the schedules: of agent.yaml: turns the host sends itself on cron expressions.

The schedules are read and checked with the rest of the file (config.ScheduleSpec). Times are this
host's local time. A host that slept through a schedule's time sends it once when it wakes; an
always_on schedule cannot wait for that, so a host started with --sleeps does not take it, and
logs why.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from croniter import croniter

from stalwart_agents.config import ScheduleSpec

__all__ = ["Scheduler", "next_after", "taken_schedules"]

logger = logging.getLogger("stalwart_agents.serve._schedules")

# Woken at least this often, so a host that slept notices on waking, not at the next due time.
MAX_NAP = 30.0
# A host asleep for months does not count every missed minute.
MAX_COUNTED = 1000

TurnSender = Callable[[ScheduleSpec], Awaitable[object]]


def next_after(schedule: ScheduleSpec, moment: datetime) -> datetime:
    """The first time the schedule is due strictly after moment."""
    following: datetime = croniter(schedule.cron, moment).get_next(datetime)
    return following


def taken_schedules(
    schedules: tuple[ScheduleSpec, ...], *, sleeps: bool
) -> tuple[ScheduleSpec, ...]:
    """The schedules this host runs: all of them, less always_on ones on a host that sleeps."""
    if not sleeps:
        return schedules
    for schedule in schedules:
        if schedule.always_on:
            logger.warning(
                "Schedule %r is always_on: it must run at its time, and this host sleeps "
                "(--sleeps), so it is not taken here. Run it on a host that stays on.",
                schedule.name,
            )
    return tuple(schedule for schedule in schedules if not schedule.always_on)


class Scheduler:
    """Sends each schedule's turn when it is due; a failed turn is logged and the next one comes."""

    def __init__(
        self,
        schedules: tuple[ScheduleSpec, ...],
        send: TurnSender,
        *,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.schedules = schedules
        self._send = send
        self._now = now or (lambda: datetime.now().astimezone())

    async def run(self) -> None:
        """Run until cancelled."""
        if not self.schedules:
            return
        start = self._now()
        due = {schedule.name: next_after(schedule, start) for schedule in self.schedules}
        while True:
            moment = self._now()
            for schedule in self.schedules:
                if due[schedule.name] <= moment:
                    missed = self._missed(schedule, due[schedule.name], moment)
                    if missed > 1:
                        logger.info(
                            "Schedule %r was due %d times while this host slept; running it once.",
                            schedule.name,
                            missed,
                        )
                    await self._fire(schedule)
                    due[schedule.name] = next_after(schedule, moment)
            wait = (min(due.values()) - self._now()).total_seconds()
            await asyncio.sleep(min(max(wait, 0.0), MAX_NAP))

    @staticmethod
    def _missed(schedule: ScheduleSpec, first: datetime, moment: datetime) -> int:
        count, at = 0, first
        while at <= moment and count < MAX_COUNTED:
            count += 1
            at = next_after(schedule, at)
        return count

    async def _fire(self, schedule: ScheduleSpec) -> None:
        logger.info("Schedule %r sends its turn to thread %r.", schedule.name, schedule.thread)
        try:
            await self._send(schedule)
        except Exception:
            logger.exception(
                "Schedule %r: the turn failed; it runs again at its next time.", schedule.name
            )
