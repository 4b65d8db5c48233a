"""A thing offered for a service ("A jug of ale if you'll feed my horse?", "一壶好酒换你帮我喂马") answered as a bargain.

Such an offer was small talk ("Quiet day so far.") or a request put off ("这我可帮不上，我就是个马夫"). The
service is someone's work: a groom feeds and waters horses, a smith shoes them, a wheelwright mends carts.
The one whose work it is weighs the thing offered (agents/barter.py `_worth`) against what the work is worth,
leaning by the bond with the one offering (`goodwill`): takes it, asks a little coin on top, or names its
price; one whose work it is not says so, and who does it when it knows.
"""

from __future__ import annotations

import math
import re
import zlib
from dataclasses import dataclass

from townsfolk.world.world import World


@dataclass(frozen=True)
class Service:
    """A kind of work done for someone: the roles that do it, its words (en, zh) and its worth in small coin."""

    roles_en: str
    roles_zh: str
    en: str
    zh: str
    worth: int


_BEAST_EN = r"(?:horses?|mares?|pony|ponies|mules?|donkeys?|nag|cob|beasts?|ox|oxen)"
SERVICES: tuple[Service, ...] = (
    Service(r"ostler|groom|stable|horse ?(?:boy|man|hand)|hostler|muleteer", r"马夫|马倌|马童|车马店|马房",
            rf"\b(?:feed|water|groom|brush|rub down|stable|walk|mind|look after|see to)\b.*\b{_BEAST_EN}",
            r"(?:喂|饮|刷|遛|照看|看着|拴)(?:喂|一下|一会儿?)?(?:我的|我那)?(?:马|骡|驴|牲口)", 2),
    Service(r"smith|farrier", r"铁匠|铁铺|马掌", rf"\bshoe\b.*\b{_BEAST_EN}|\b(?:sharpen|mend|fix)\b.*\b(?:knife|blade|axe|scythe|hinge|pot)",
            r"钉(?:个|副)?马掌|(?:磨|修)(?:一下)?(?:刀|斧|镰|锄|锅)", 6),
    Service(r"wheelwright|carpenter|joiner|cartwright", r"木匠|车匠",
            r"\b(?:mend|fix|repair)\b.*\b(?:cart|wheel|door|table|chair|fence|gate|shelf|barrow)",
            r"修(?:一下|修)?(?:车|轮|门|桌|椅|篱笆|板凳|柜)", 8),
    Service(r"porter|carter|carrier|hauler|coachman", r"脚夫|挑夫|车夫|脚力|赶车",
            r"\b(?:carry|haul|cart|take|bring)\b.*\b(?:bags?|luggage|trunk|boxes|sacks?|load|things)",
            r"(?:搬|挑|扛|送|拉)(?:一下|一趟)?(?:行李|箱子|东西|货|担子)", 3),
    Service(r"ferry|boatman|boatwoman|waterman", r"船|渡|艄公|摆渡", r"\b(?:row|take|ferry|carry)\b.*\b(?:across|over)\b",
            r"(?:渡|送|摆)(?:我)?(?:过河|过江|到对岸)", 3),
    Service(r"tailor|seamstress|dressmaker", r"裁缝|绣", r"\b(?:mend|sew|stitch|patch|darn)\b", r"(?:补|缝)(?:一下|补)?(?:衣|裤|褂|袄|袜)", 4),
    Service(r"net ?maker|net ?mender|fisher", r"织网|补网|渔", r"\b(?:mend|fix|patch)\b.*\bnets?\b", r"补(?:一下)?网", 3),
    Service(r"cobbler|shoemaker|bootmaker", r"鞋匠|补鞋", r"\b(?:mend|fix|sole|patch)\b.*\b(?:shoes?|boots?)\b", r"(?:修|补|钉)(?:一下)?鞋", 3),
    Service(r"washerwoman|laundress|laundry", r"洗衣", r"\b(?:wash|launder)\b", r"洗(?:一下|洗)?(?:衣|被|褂)", 2),
    Service(r"barber", r"剃头|理发", r"\b(?:cut|trim)\b.*\bhair\b|\bshave\b", r"剃头|理发|刮脸|剪头", 2),
)

_IF_EN = (  # the thing offered, then the work asked
    re.compile(r"^\W*(?:(?:I(?:'ll| will|'d| would)\s+(?:give|buy|stand|pay)\s+you|how about|what about)\s+)?"
               r"(?P<thing>[^,.;!?]+?)\s*,?\s+if you(?:'ll| will|'d| would| can)?\s+(?P<work>[^,.;!?]+)", re.I),
    re.compile(r"\bI(?:'ll| will|'d| would)\s+(?:give|buy|stand|pay)\s+you\s+(?P<thing>[^,.;!?]+?)\s+(?:to|for)\s+"
               r"(?P<work>[^,.;!?]+)", re.I),
    re.compile(r"^\W*(?P<thing>(?:a|an|one|two|three|some|my|this|these)\s+[^,.;!?]+?)\s+for\s+(?P<work>[a-z]+ing\b[^,.;!?]*)", re.I),
    re.compile(r"^\W*(?:please\s+)?(?P<work>[a-z]+\s+(?:my|the|our)\s+[^,.;!?]+?)\s*,?\s+and\s+I(?:'ll| will)\s+(?:give|buy|pay)\s+you\s+"
               r"(?P<thing>[^,.;!?]+)", re.I),
)
_IF_ZH = (
    re.compile(r"(?:我)?(?:拿|用)?(?P<thing>[^，,。！!？?]{1,10}?)(?:跟你|和你)?换(?:你)?(?:帮我|给我|替我)(?P<work>[^，,。！!？?]{1,10})"),
    re.compile(r"(?:我)?请你(?:喝|吃)(?P<thing>[^，,。！!？?]{1,8})[，,]\s*你(?:帮我|给我|替我)(?P<work>[^，,。！!？?]{1,10}?)"
               r"(?=行吗|行不行|好吗|好不好|成吗|可以吗|怎么样|吧|[，,。！!？?]|$)"),
    re.compile(r"你(?:帮我|给我|替我)(?P<work>[^，,。！!？?]{1,10})[，,]\s*我(?:就)?(?:给你|送你|请你(?:喝|吃)?)(?P<thing>[^，,。！!？?]{1,10})"),
)

PHRASES: dict[str, dict[str, list[str]]] = {
    "en": {"accept": ["Done: {give}, and I'll {work}.", "Fair enough. {Give} it is; I'll {work}."],
           "accept_warm": ["For you? Keep it simple: {give}, and I'll {work}.", "Gladly. {Give} will do, and I'll {work}."],
           "top_up": ["{Give} and {coin} on top, and I'll {work}.", "Add {coin} to {give} and I'll {work}."],
           "price": ["{Give} won't cover it, I'm afraid. To {work} is {price} {coin_name}.",
                     "Not for {give}. It's {price} {coin_name} to {work}."],
           "not_mine_ask": ["That's not my work, I'm afraid. Try {name}, the {role}."],
           "not_mine": ["That's not my work, I'm afraid.", "I don't do that kind of work, sorry."]},
    "zh": {"accept": ["成，{give}，我这就去{work}。", "行，就{give}，{work}的活我接了。"],
           "accept_warm": ["跟你还客气什么，{give}就行，我这就去{work}。", "冲你这个人，{give}就够了，{work}包在我身上。"],
           "top_up": ["{give}再添{coin}，我就给你{work}。", "光{give}不够，再加{coin}，{work}的活我接。"],
           "price": ["{give}可不够，{work}得{price}{coin_name}。", "这可不成，{work}要{price}{coin_name}。"],
           "not_mine_ask": ["{work}我可不会。你去找{role}{name}吧。"],
           "not_mine": ["这活我干不了。", "{work}不是我的活计。"]},
}


@dataclass(frozen=True)
class ServiceOffer:
    """A thing offered for some work: their words for each."""

    thing: str
    work: str


def read_service_offer(text: str, zh: bool) -> ServiceOffer | None:
    """The thing and the work asked in the words, or None (a thing for a thing is agents/barter.py's)."""
    for rx in _IF_ZH if zh else _IF_EN:
        m = rx.search(text.strip())
        if m is None:
            continue
        thing, work = m.group("thing").strip(), m.group("work").strip()
        if thing and work and service_for(work if zh else _base(work), zh) is not None:
            return ServiceOffer(thing, work)
    return None


def service_for(work: str, zh: bool) -> Service | None:
    """The kind of work the words ask for, or None."""
    return next((s for s in SERVICES if re.search(s.zh if zh else s.en, work, 0 if zh else re.I)), None)


def does(role: str, service: Service, zh: bool) -> bool:
    """Whether a role does this work (a groom feeds horses, 马夫 喂马)."""
    return bool(role) and bool(re.search(service.roles_zh if zh else service.roles_en, role, 0 if zh else re.I))


def _base(work: str) -> str:
    """The work as a bare verb phrase: "feeding my horse" -> "feeding" -> "feed my horse"."""
    first, _, rest = work.partition(" ")
    if first.lower().endswith("ing") and len(first) > 5:
        stem = first[:-3]
        stem = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls" else stem
        first = stem
    return f"{first} {rest}".strip()


def _yours(words: str, zh: bool) -> str:
    """Their words said back from my side: "my horse" -> "your horse", 我的马 -> 你的马."""
    if zh:
        return words.replace("我的", "你的").replace("我那", "你那")
    swap = {"my": "your", "me": "you", "this": "that", "these": "those", "our": "your"}
    return re.sub(r"\b(my|me|this|these|our)\b", lambda m: swap[m.group(1).lower()], words, flags=re.I)


def service_reply(world: World, npc: str, text: str) -> str | None:
    """The NPC's answer to a thing offered for some work, or None when the words offer none."""
    from townsfolk.agents.barter import _asker, _coin, _count, _worth, goodwill

    zh = world.language == "zh"
    offer = read_service_offer(text, zh)
    if offer is None:
        return None
    service = service_for(offer.work if zh else _base(offer.work), zh)
    assert service is not None
    lang = "zh" if zh else "en"
    n = zlib.crc32(f"{world.seed}|{npc}|service|{text}".encode())

    def pick(key: str, **slots: str) -> str:
        options = PHRASES[lang][key]
        said = options[n % len(options)].format(**slots)
        return said[:1].upper() + said[1:] if not zh else said

    work = _yours(offer.work if zh else _base(offer.work), zh).rstrip("吧呢啊")
    give = _yours(offer.thing, zh) if not zh else re.sub(r"^(?:我的|我)", "", offer.thing)
    if not zh and re.match(r"(?:A|An|One|Two|Three|Some|Your|That|Those|The)\b", give):
        give = give[:1].lower() + give[1:]  # "A farthing if ..." said back mid-sentence: "Add 3 pence to a farthing"
    slots = {"work": work, "give": give, "Give": give[:1].upper() + give[1:], "coin_name": "文" if zh else "pence"}
    me = world.character(npc)
    if not does(me.role, service, zh):
        other = next((cid for cid, c in world.characters.items() if cid != npc and not c.is_player and does(c.role, service, zh)), None)
        if other is None:
            return pick("not_mine", **slots)
        c = world.character(other)
        return pick("not_mine_ask", name=c.name, role=re.sub(r"^(?:the|a|an)\s+", "", c.role, flags=re.I), **slots)
    coin = _coin(offer.thing, zh)
    worth = float(coin) if coin is not None else _worth(world, npc, offer.thing, zh, ())[0] * _count(offer.thing, zh)
    need = 1.3 - goodwill(world, npc, _asker(world, npc, text))  # the share of the work's worth I want back
    asked = service.worth
    if worth >= need * asked:
        return pick("accept_warm" if need < 0.75 else "accept", **slots)
    short = math.ceil(need * asked - worth)
    if short <= max(1, asked // 2):
        said = f"{short}文" if zh else f"{short} {'pence' if short > 1 else 'penny'}"
        return pick("top_up", coin=said, **slots)
    return pick("price", price=str(asked), **slots)
