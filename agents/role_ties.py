"""Colleagues whose roles say who teaches whom: an `apprentice` / 徒弟 working beside the master of the trade.

Found playing worlds of my own: the scenario tied the apothecary Hazel and her apprentice Rowan as
colleagues (the kind a designer writes first), and "Is Hazel your master?" got "No, Hazel and I work
together"; 老周 (木匠师傅) asked 阿木是你徒弟吗？ said 不是，阿木和我共事. The roles say it: the one whose role is
an apprentice's learns from the colleague whose role is not.
"""

from __future__ import annotations

import re

_APPRENTICE = re.compile(r"\bapprentice\b|\bprentice\b|\bjourneyman\b|徒弟|学徒|小徒|伙计学徒|学艺")


def is_apprentice_role(role: str) -> bool:
    """The role is a learner's (an apprentice, 徒弟, 学徒)."""
    return bool(_APPRENTICE.search(role or ""))


def colleague_kind(my_role: str, their_role: str) -> str:
    """A colleague tie as the roles say it: "colleague_mentor" (they are my apprentice), "colleague_master"
    (they are my master), or "colleague"."""
    mine, theirs = is_apprentice_role(my_role), is_apprentice_role(their_role)
    if theirs and not mine and (my_role or "").strip():
        return "colleague_mentor"
    if mine and not theirs and (their_role or "").strip():
        return "colleague_master"
    return "colleague"
