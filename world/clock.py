"""The one simulated clock of a world: ticks map to datetimes, never to the wall clock."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from pydantic import BaseModel


class SimClock(BaseModel):
    """A world's time: a start, a tick length and the current tick; injectable and replayable."""

    start: datetime
    tick_length: timedelta = timedelta(hours=1)
    tick: int = 0

    def time_at(self, tick: int) -> datetime:
        return self.start + self.tick_length * tick

    @property
    def now(self) -> datetime:
        return self.time_at(self.tick)

    def advance(self, ticks: int = 1) -> datetime:
        self.tick += ticks
        return self.now


def parse_duration(text: str) -> timedelta:
    """Parse '1h', '30m', '15s', '1d' or '2h30m' into a timedelta; raises ValueError on anything else."""
    import re

    text = text.strip()
    parts = re.findall(r"(\d+(?:\.\d+)?)\s*([dhms])", text)
    if not parts or "".join(f"{n}{u}" for n, u in parts) != text.replace(" ", ""):
        raise ValueError(f"not a duration: {text!r} (use e.g. 1h, 30m, 1d, 2h30m)")
    unit = {"d": "days", "h": "hours", "m": "minutes", "s": "seconds"}
    total = timedelta()
    try:
        for number, u in parts:
            total += timedelta(**{unit[u]: float(number)})
    except OverflowError:
        raise ValueError(f"duration too long: {text!r}") from None
    if total <= timedelta():
        raise ValueError(f"a duration must be positive: {text!r}")
    return total


_STAMP = re.compile(r"^\s*(\d{1,4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?\s*$")


def bad_datetime(text: str) -> str | None:
    """Why a date-time written like 2026-07-10T25:00 is not one (hour 25 is out of range), or None
    when it is well formed (or not of that shape: the parser's own message is then clearer)."""
    m = _STAMP.match(text)
    if m is None:
        return None
    year, month, day, hour, minute, second = (int(g) if g is not None else 0 for g in m.groups())
    for name, value, low, high in (("month", month, 1, 12), ("hour", hour, 0, 23), ("minute", minute, 0, 59),
                                   ("second", second, 0, 59)):
        if not low <= value <= high:
            return f"{text.strip()}: {name} {value} is out of range ({low}-{high})"
    try:
        datetime(year, month, day)
    except ValueError:
        return f"{text.strip()}: day {day} is out of range for {year}-{month:02d}"
    return None
