"""The short names `sweep --param` takes for the spec keys swept most, in a file of their own so
`sweep --help` can list them (and what each stands for) without importing the sweep's numpy."""

from __future__ import annotations

ALIASES = {"p": "rumour.tell_probability", "tell_probability": "rumour.tell_probability",
           "meetings": "rumour.meetings_per_hour", "seed_fraction": "rumour.seed_fraction", "rule": "rumour.rule"}


def aliases_text() -> str:
    """'p = rumour.tell_probability, meetings = rumour.meetings_per_hour, ...' (as help and errors say it)."""
    return ", ".join(f"{short} = {key}" for short, key in ALIASES.items())
