"""What an NPC says first when it speaks up unprompted: news it saw, or a greeting that fits.

An NPC with something notable on its mind (a fire it saw this morning) opens with that, not with
"How's business today?"; otherwise it greets. It never sends the same opener, or the same
reach-out message, to the same person twice: variants are drawn from a stream seeded by the world.
"""

from __future__ import annotations

import numpy as np

from townsfolk.agents import grammar_en, grammar_zh
from townsfolk.agents.voice import variation_seed
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

NEWS_MIN_IMPORTANCE = 0.5
NEWS_WITHIN_S = 86400.0

_GREETINGS = {
    "en": ["How's business today?", "Good to see you, {name}. Keeping well?", "{name}! Have you a minute?",
           "Morning, {name}. Anything new?", "Quiet day, isn't it, {name}?"],
    "zh": ["今天生意怎么样？", "{name}，最近还好吧？", "{name}，有空聊两句吗？", "{name}，有什么新鲜事没有？",
           "今天挺清闲的，是吧，{name}？"],
}
_STRANGER = {  # first contact: nothing that presumes they have met ("最近还好吧", "good to see you")
    "en": ["Hello there. I don't think we've met.", "Good day to you.", "Hello. New around here?"],
    "zh": ["你好，头回见吧？", "你好啊，怎么称呼？", "你好，以前没见过你。"],
}
_NEWS = {
    "en": ["Did you hear? {news}", "Have you heard? {news}", "You'll want to hear this: {news}"],
    "zh": ["你听说了吗？{news}", "跟你说个事：{news}", "出了件事：{news}"],
}
_REACH_OUT = {
    "en": ["{name}, it's been a while. How have you been?", "{name}, haven't seen you in a while. All well?",
           "Thinking of you, {name}. Drop by when you can.", "{name}, how are you keeping these days?"],
    "zh": ["{name}，好久没见你来了，最近还好吗？", "{name}，这阵子怎么没见你？一切都好吧？",
           "{name}，有空过来坐坐啊。", "{name}，最近忙什么呢？"],
}
_FOLLOW_UP = {
    "en": ["{name}, did you see my last message?", "{name}, just checking you got my note.",
           "{name}, no rush, but I'd like to hear from you."],
    "zh": ["{name}，前面那句你看到了吗？", "{name}，我前面捎的话你收到了吗？", "{name}，不急，有空回我一声。"],
}


def vocative(world: World, cid: str) -> str:
    """A name as it is called out: 'the Traveller' is hailed as 'Traveller'."""
    name = world.name(cid)
    return name[4:] if world.language != "zh" and name.lower().startswith("the ") else name


def _said_to(world: World, npc: str, target: str) -> list[str]:
    return [f.text for f in world.facts if f.actor == npc and target in f.to and f.kind in ("say", "message")]


def _draw(world: World, npc: str, options: list[str], used: list[str], **slots: str) -> str:
    rng = np.random.default_rng(variation_seed(world.seed, npc, world.tick, len(used)))
    texts = [o.format(**slots) for o in options]
    fresh = [t for t in texts if t not in used] or texts
    text = fresh[int(rng.integers(len(fresh)))]
    return text[0].upper() + text[1:]


def news_on_mind(world: World, memory: MemoryStore, npc: str, target: str,
                 held: frozenset[str] = frozenset()) -> str | None:
    """Something notable the NPC saw lately that the target did not: what it would open with
    (never of `held`, subjects a scripted beat still to come has it tell the target)."""
    now = world.now
    for event in reversed(memory.events_of(npc)):
        if (now - event.time).total_seconds() > NEWS_WITHIN_S:
            break
        if event.source not in ("witnessed", "participated") or event.meta.get("dialogue"):
            continue
        if event.importance < NEWS_MIN_IMPORTANCE or target in event.participants or event.about in held:
            continue
        fact = world.facts.get(event.fact_id) if event.fact_id and event.fact_id in world.facts else None
        if fact is not None and (fact.kind != "happen" or target in fact.witnesses or fact.actor == target):
            continue
        g = grammar_zh if world.language == "zh" else grammar_en
        return g.sentence(g.first_sentence(g.unquote(event.what)))
    return None


def npc_opener(world: World, memory: MemoryStore, npc: str, target: str,
               held: frozenset[str] = frozenset()) -> str:
    """The first line of an NPC speaking up to another with no gossip to pass on (`held`: news_on_mind)."""
    lang = "zh" if world.language == "zh" else "en"
    used = _said_to(world, npc, target)
    news = news_on_mind(world, memory, npc, target, held)
    if news:
        return _draw(world, npc, _NEWS[lang], used, news=news)
    if not used and not knows(world, memory, npc, target):
        return _draw(world, npc, _STRANGER[lang], used)
    return _draw(world, npc, _GREETINGS[lang], used, name=vocative(world, target))


def knows(world: World, memory: MemoryStore, npc: str, target: str) -> bool:
    """Whether the NPC knew the target before this hour: a tie older than now, or an earlier memory
    of them (this meeting itself does not count)."""
    if any(e.target == target and e.since < world.now for e in world.graph.neighbours(npc)):
        return True
    return any(e.tick < world.tick and (target in e.participants or e.about == target) for e in memory.events_of(npc))


def reach_out_message(world: World, npc: str, player: str, *, follow_up: bool) -> str:
    """A message to a player who went quiet (or a follow-up), never the same words twice."""
    lang = "zh" if world.language == "zh" else "en"
    options = (_FOLLOW_UP if follow_up else _REACH_OUT)[lang]
    return _draw(world, npc, options, _said_to(world, npc, player), name=vocative(world, player))
