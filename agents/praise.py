""""You're a fine cook, Ada!" / "阿虎，你的功夫真好！" praises the one spoken to.

A compliment is no news and no question: it is thanked, in the NPC's manner (a warm one glad of
it, a cool one gruff), not answered with small talk or an apology. Only the listener's own
doing or gift is praise here; a question ("你的功夫真好吗？") or a negation is not.

It also warms the NPC a little toward the one who said it (`praise_step`): one small affinity step,
citing the line, its reason "praised me" / "夸了我" (so `why` shows it); once a day per pair, and all
of it capped (a stranger's flattery, with no tie behind it, buys little). Before, a compliment was
thanked and moved nothing.
"""

from __future__ import annotations

import re

from townsfolk.agents.appraisal import FLATTERY_CAP, EdgeMove, has_goodwill
from townsfolk.agents.bond_axes import BondAxes, update_affinity
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

_GOOD_EN = (r"(?:fine|good|great|wonderful|excellent|brilliant|amazing|marvellous|marvelous|superb|splendid|"
            r"beautiful|lovely|gorgeous|delicious|tasty|skilled|skilful|skillful|talented|clever|kind|best|"
            r"first-rate|top-notch|impressive|perfect|neat|neatest|tidy|tidiest|finest|cleanest|best-run|best-kept)")
_PRAISE = {
    "en": re.compile(
        rf"\byou(?:'re| are)\s+(?:such\s+|really\s+|truly\s+|so\s+|very\s+)*(?:an?\s+|the\s+)?(?:\w+\s+)?{_GOOD_EN}\b"
        rf"|\byour\s+(?:\w+\s+){{1,2}}(?:is|are|was|were|looks?|tastes?|sounds?)\s+(?:really\s+|so\s+|very\s+|truly\s+|the\s+)*{_GOOD_EN}\b"
        # "You keep this post in fine order": your doing, said as what you do
        rf"|\byou\s+(?:keep|run|make|cook|brew|bake|sing|play|write|build|mend)\s+(?:\w+\s+){{0,3}}?"
        rf"(?:in\s+|so\s+|such\s+|an?\s+|really\s+)*{_GOOD_EN}\b"
        r"|\b(?:well done|nice work|good work|great work|good job|great job|you did well|bravo)\b"
        rf"|\bwhat an?\s+(?:\w+\s+)?{_GOOD_EN}\s+\w+"
        # a name that went before them: "I've heard so much about you", "your reputation precedes you" (N-36)
        r"|\bI(?:'ve| have) heard (?:so much|a lot|great things|good things) (?:about|of) you\b"
        r"|\byour (?:name|reputation|fame) (?:precedes|goes before) you\b", re.IGNORECASE),
    "zh": re.compile(
        r"(?:你|您)(?:的)?[\u4e00-\u9fff]{0,5}?(?:真|太|好(?!好)|很|特别|可|挺|实在)(?:是)?"
        r"(?:好(?!吗|不好|像)|棒|厉害|漂亮|好看|好听|好吃|好喝|美|俊|了不起|地道|不错|绝|精彩|出色|有本事|能干)"
        r"|(?:你|您)[\u4e00-\u9fff]{0,4}?得(?:真|太|好|很|特别|挺)(?:好|棒|漂亮|好听|好看|好吃|精彩|地道|香|整齐|干净)"
        r"|(?:你|您)(?:真是|真|可真是)(?:个|一把)?(?:好手|行家|高手|能人|角儿)"
        r"|久仰(?:大名)?|久闻大名|名不虚传|大名鼎鼎|如雷贯耳"),  # 总镖头，久仰大名。(N-36: got 今天还算清闲。)
}
_NOT = {"en": re.compile(r"\b(?:not|n't|never|no)\b|\?\s*$", re.IGNORECASE),
        "zh": re.compile(r"不(?:是|太|够|怎么)?(?:好|棒|行)|没(?:那么|有)|[？?]\s*$|吗\s*[。！!]?\s*$|怎么")}


def is_praise(text: str, language: str) -> bool:
    """Whether the words praise the one spoken to (their work, their gift, themselves)."""
    lang = "zh" if language == "zh" else "en"
    return bool(_PRAISE[lang].search(text)) and not _NOT[lang].search(text)


def praise_key(warmth: float) -> str:
    """The phrase key a compliment is thanked with, by how warm the NPC is to the speaker."""
    return "praised_warm" if warmth >= 0.6 else "praised_cool" if warmth < 0.35 else "praised"


PRAISE_VALENCE = 0.5  # how a compliment feels: affinity covers 5% of its gap to 1 (0.50 -> 0.525)
STRANGER_CAP = FLATTERY_CAP  # all a stranger's compliments can add (no tie of goodwill behind them: flattery)
PRAISE_CAP = 0.15  # ... and anyone's: compliments alone never make a friend
PRAISED = {"zh": "夸了我", "en": "praised me"}
_AFFINITY_START = BondAxes().affinity


def praise_step(world: World, npc: str, speaker: str, fact: Fact) -> list[EdgeMove]:
    """The NPC warmed a little toward one who praised it (`fact`: the line, whose words `is_praise`
    reads): one affinity step citing the line, at most once a day, never past the cap."""
    if npc == speaker or world.character(npc).is_player or not is_praise(fact.text or "", world.language):
        return []
    reason = PRAISED["zh" if world.language == "zh" else "en"]
    graph = world.graph
    edge = graph.get(npc, speaker, "affinity")
    before = [c for c in edge.history if c.reason == reason] if edge is not None else []
    if any(c.time.date() == world.now.date() for c in before):
        return []  # said again today: the same compliment, not another
    left = (PRAISE_CAP if has_goodwill(world, npc, speaker) else STRANGER_CAP) - sum(c.delta for c in before)
    current = edge.strength if edge is not None else _AFFINITY_START
    step = round(min(left, float(update_affinity(current, PRAISE_VALENCE)) - current), 4)
    if step < 1e-4:
        return []
    cause = Cause(kind="fact", id=fact.id)
    row = graph.row_of(npc, speaker, "affinity")
    if row is None:
        row = graph.set_edge(npc, speaker, "affinity", _AFFINITY_START, tick=world.tick, time=world.now,
                             cause=cause, reason=reason).row
    moved = graph.set_row(row, round(min(1.0, current + step), 4), tick=world.tick, time=world.now, cause=cause,
                          reason=reason)
    return [EdgeMove(npc, speaker, "affinity", graph.log.change(moved))]
