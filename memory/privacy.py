"""Who may see a memory: private items reach only those who were part of the moment they came from."""

from __future__ import annotations

import re

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World


def visible_to(item: EventMemory | Belief | Summary | Impression, viewer: str | None, world: World) -> bool:
    """Public items are visible to all; private ones only to a viewer who took part."""
    if not getattr(item, "private", False):
        return True
    if viewer is None:
        return False
    if isinstance(item, EventMemory):
        return viewer in item.participants
    if isinstance(item, Belief):
        fact_id = item.via_fact_id
        return fact_id is not None and fact_id in world.facts and viewer in world.facts.get(fact_id).participants
    return False


def rests_on_private(memory: MemoryStore, ids: list[str]) -> bool:
    """True when a reply drew on a private item (what the asker whispered, say): the reply then
    carries those words, so it is as private as they are and never reaches another player."""
    for item_id in ids:
        try:
            if getattr(memory.get(item_id), "private", False):
                return True
        except KeyError:
            continue
    return False


# What follows "don't go telling" when the plea is against gossip, not for secrecy: "你别到处传闲话",
# "别到处说小梁的坏话", "don't tell people lies about Tom", "don't spread that rumour" ask the listener
# to stop talking about others, so the line stays public (and may itself be retold).
_ZH_GOSSIP = r"(?!(?:人|别人|人家|我|他|她|[^，。！？,.!?\s]{1,4}的)?(?:闲话|谣言|瞎话|坏话|是非|八卦|小话|谎话))"
_EN_GOSSIP = r"(?! (?:(?:any|such|those|these|that|the|your)? ?(?:lies|stories|tales|rumou?rs?|gossip|fibs|nonsense|lie|story|tale))\b)"

# A speaker asking that what they say go no further: said in either language, whatever the world's.
_WILL_YOU_TELL = (r"\b(?:will|would) you (?:go and )?(?:tell|repeat (?:it|this|that) to) (?:anyone|anybody|the others|people|a soul)\b"
                  r"|\byou won'?t (?:tell|say (?:anything|a word) to) (?:anyone|anybody|a soul)\b"
                  r"|(?:你|您)(?:会|不会|可别|该不会)(?:把(?:这事|这话|它)|去)?(?:告诉|跟)(?:别人|旁人|其他人|外人|人)(?:说|讲)?"
                  r"(?:吧|吗|么|呢|[？?])")
_ASKS_IF_KEPT = re.compile(r"^\W*(?:[\w\u4e00-\u9fff]{1,8}[，,]\s*)?(?:" + _WILL_YOU_TELL + r")(?:,? will you)?\W*$", re.IGNORECASE)
_KEEP_SECRET = re.compile(
    r"\bkeep (?:this|it|that|these|what i (?:say|said|tell you))(?: (?:a|our|my))?(?: little)? secret\b"
    r"|\bkeep (?:this|it|that) (?:between (?:us|you and me|ourselves)|to yourself|quiet|under your hat|(?:on the )?down ?low)\b"
    r"|\bcan you keep a secret\b|\bbetween you and me\b"
    r"|(?:^|[,.;:!?]\s*|\b(?:just|strictly|stays|stay|is|it's|that's|remain|remains) )between (?:us|ourselves|the two of us)\b"
    r"|\b(?:don'?t|do not|never|please don'?t) (?:you )?(?:tell|say (?:it|this|that|a word) to|mention (?:it|this|that) to)"
    r" (?:anyone|anybody|a soul|no ?one|the others|others|people)\b" + _EN_GOSSIP +
    r"|\b(?:tell|say this to|say that to) no ?one\b|\bnot a word (?:of this |of it )?to (?:anyone|anybody|a soul)\b"
    r"|\b(?:don'?t|do not|never) (?:breathe a word|let (?:anyone|anybody|on)|spread (?:it|this|that))\b" + _EN_GOSSIP +
    r"|\b(?:promise|swear) (?:me )?(?:you )?(?:won'?t|not to|will not) (?:tell|say|breathe)\b"
    r"|\bin (?:strict |the strictest )?confidence\b|\boff the record\b|\bmum'?s the word\b"
    r"|(?:别|不要|不许|不能|千万别|可别|先别)告诉"
    r"|(?:别|不要|不许|不能|千万别|可别|先别)(?:跟|和|对)(?:别人|任何人|其他人|旁人|外人|人)(?:说|讲|提)" + _ZH_GOSSIP +
    r"|(?:别|不要|千万别|可别|先别)(?:(?:说|讲|传|透露|泄露|张扬)(?:出去|给别人|给任何人)|声张|外传)"
    r"|(?:别|不要|千万别|可别)(?:往外|到处)(?:说|讲|传)" + _ZH_GOSSIP + r"|别让(?:别人|任何人|其他人|人)知道"
    r"|你知我知|天知地知|(?:替|帮|给)我保密|(?<!不用)(?<!不必)(?<!无需)保密|保守(?:这个|这)?秘密|只(?:跟|和|对)?你(?:一个人)?(?:说|讲)"
    r"|咱(?:们)?俩(?:之间)?的秘密|(?:这事|这件事)?(?:只有)?咱俩知道"
    # a secret said to be one, or kept from someone named (newcomer L-34: these leaked to another player):
    # "This is a secret: ...", "Don't say anything to Ned, but ...", "Don't let Ned know.", 这是秘密, 别让周师傅知道,
    # 别跟周师傅说，... (not "don't tell me", not "别跟他说谎")
    r"|\b(?:this|it|that)(?:'s| is) (?:a |our |my )?secret\b|\b(?:this is|it's) (?:just )?between (?:you and me|us)\b"
    r"|\b(?:don'?t|do not|please don'?t|never|you mustn'?t) (?:say (?:anything|a word|it|this|that) to|mention (?:it |this |that )?to|"
    r"tell) (?!me\b|us\b|lies\b|tales\b|stories\b)[A-Za-z][\w'-]+(?:\s*,|\s+but\b|\s*[.!:;]|\s*$|\s+(?:about|that)\b)"
    r"|\b(?:don'?t|do not|never) let (?!me\b|us\b)[A-Za-z][\w'-]+ (?:know|find out|hear(?: of it)?)\b"
    r"|(?:这|这事|这个|这可)(?:是|是个|可是)(?:个)?秘密|别让[\u4e00-\u9fff]{1,4}?知道"
    r"|(?:别|不要|千万别|可别|先别)(?:跟|和|对)(?!我)[\u4e00-\u9fff]{1,4}?(?:说|讲|提)(?:这事|这个|起)?(?=[，,。！!：:；;]|$)"
    # said in a whisper: 悄悄跟你说, 偷偷告诉你, 私下跟你讲, 咱俩之间说 (was "是吗？", the words kept public)
    r"|(?:悄悄|偷偷|私下)(?:地|里)?(?:跟|和|对|告诉)(?:你|您)|咱(?:们)?俩之间(?:说|讲)"
    # asked whether it will be kept: "Will you tell anyone?", 你会告诉别人吗？ (third newcomer K-29)
    r"|" + _WILL_YOU_TELL,
    re.IGNORECASE,
)


def asks_if_kept(text: str) -> bool:
    """The line only asks whether what was said will be kept ("Will you tell anyone?", 你会告诉别人吗？):
    the promise answers it whole."""
    return bool(_ASKS_IF_KEPT.search((text or "").strip()))


def asks_to_keep_secret(text: str) -> bool:
    """True when the words ask the listener to keep them to themselves ("keep this between us",
    "don't tell anyone", "别告诉别人", "这事你知我知", "替我保密"): the line is then private, as if
    the game had marked it so."""
    return bool(_KEEP_SECRET.search(text or ""))
