"""The one simulated clock of a world: ticks map to datetimes, never to the wall clock."""

from __future__ import annotations

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
