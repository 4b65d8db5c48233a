"""What a drop in a tie at an interaction was over: the reason `why` shows for it.

An interaction's reason names only the kind of moment ("met", "was there", 碰面): for a warm
meeting that is enough, but a tie that *fell* at a meeting fell over something — the complaint the
holder was told, the rumour retold to them — and a witness cools over what they saw. Read alone,
"met, coolly" looked as if meeting someone had made the holder like them less. These reasons name
the cause, reusing the words the earlier change was stored with (so nothing is quoted that the
timeline would not already show) and who told it.
"""

from __future__ import annotations

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.store import MemoryStore
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import EdgeChange
from townsfolk.world.world import World

WORDS = {
    "en": {"over": " — over {reason}", "told": " (told by {teller})", "cold": " — {target} was cold",
           "saw": "saw: {text}", "seen": "{target} saw it: {text}"},
    "zh": {"over": "——因为{reason}", "told": "（{teller}说的）", "cold": "——{target}态度冷淡",
           "saw": "亲眼看到：{text}", "seen": "被{target}看见：{text}"},
}


def _words(world: World) -> dict[str, str]:
    return WORDS.get(world.language, WORDS["en"])


def grievance_change(world: World, memory: MemoryStore, holder: str, target: str,
                     tick: int) -> tuple[EdgeChange, Belief] | None:
    """The latest change up to `tick` by which a second-hand belief cooled holder toward target
    (what `actions.grievance` sums to decide the meeting is cold)."""
    best: tuple[EdgeChange, Belief] | None = None
    for edge in world.graph.edges_between(holder, target):
        for ch in edge.history:
            if ch.cause.kind != "belief" or ch.tick > tick or ch.after >= ch.before:
                continue
            belief = memory.beliefs.get(ch.cause.id or "")
            if belief is None or belief.source == "witnessed":
                continue
            if best is None or ch.tick >= best[0].tick:
                best = (ch, belief)
    return best


def drop_reason(world: World, memory: MemoryStore, holder: str, target: str, ch: EdgeChange,
                fact: Fact) -> tuple[str, Belief | None]:
    """The reason to show for a fall at an interaction, and the belief it was over (its chain is
    shown under it). Rises and private moments keep their stored reason."""
    words = _words(world)
    if ch.after >= ch.before or fact.private:
        return ch.reason, None
    if fact.kind == "meet":
        found = grievance_change(world, memory, holder, target, ch.tick)
        if found is None:
            return ch.reason + words["cold"].format(target=world.name(target)), None
        earlier, belief = found
        told = words["told"].format(teller=world.name(belief.told_by)) if belief.told_by else ""
        return ch.reason + words["over"].format(reason=earlier.reason) + told, belief
    if fact.kind == "happen" and fact.text:
        if holder in fact.witnesses and holder != fact.actor:
            return words["saw"].format(text=fact.text), None
        if holder == fact.actor:
            return words["seen"].format(target=world.name(target), text=fact.text), None
    return ch.reason, None
