"""Whether a speaker says they saw it themselves ("I was there", "I saw it with my own eyes", 我当时就在场,
我亲眼看见的): their account or denial is then testimony, not hearsay, and is weighed as an account is
(memory/beliefs.SOURCE_BASE "account"), so it can outweigh a rumour passed on by someone who was not there.
Before, "Tom didn't steal the money. I was there." weighed exactly what the bare denial did."""

from __future__ import annotations

import re

_THERE_EN = re.compile(
    r"\bi (?:was|were) (?:right |standing right |standing |sitting |)(?:there|beside (?:him|her|them)|next to (?:him|her|them))\b"
    r"|\bi saw (?:it|that|the whole thing|what happened|everything|it all|(?:him|her|them) do it)"
    r"(?: (?:myself|happen|with my own eyes|for myself))?\b"
    r"|\bwith my own (?:two )?eyes\b|\bi watched (?:it|the whole thing|it happen|(?:him|her|them) do it)\b"
    r"|\bi saw it myself\b|\bi was a witness\b|\bi witnessed (?:it|that|the whole thing)\b", re.IGNORECASE)
# (not 我不在场 / 我没亲眼看见: the negation stands between 我 and what follows it)
_THERE_ZH = re.compile(r"我(?:当时|那时|那会儿|那天)?(?:就|也|正好|刚好)?(?:在场|在旁边|在边上|在跟前|在那儿|在那里|站在旁边)"
                       r"|我(?:当时|那时)?(?:是)?亲眼(?:看见|看到|瞧见|见到|所见|看着)|我(?:是)?目击者|我亲眼")


def says_was_there(text: str) -> bool:
    """True when the words claim the speaker saw it happen ("I was there", 我当时就在场)."""
    return bool(text) and bool(_THERE_EN.search(text) or _THERE_ZH.search(text))
