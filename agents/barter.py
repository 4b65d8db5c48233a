"""A trade offer ("I'll trade you my knife for two loaves", "我拿这把刀换你两个馒头") answered as one.

It was answered as small talk ("Quiet day so far.") or as news ("你跟我说过，旅客拿这把刀换我两个馒头").
An NPC whose trade has or makes what is asked for (agents/trade_goods.py) weighs the offer: what the
thing offered is worth to it (a ware of its own trade is worth little, it has plenty), against its
own price for what is asked, leaning by its bond with the one offering (a friend gets a kinder
bargain than a stranger). It accepts, counters with fewer or with coin on top, or declines and
names its price; an NPC who does not deal in the thing says so, and who does when it knows.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from townsfolk.agents.bonds import axes
from townsfolk.agents.trade_goods import COIN, TRADES, Ware, own_trade, price_of, trade_of, ware_in
from townsfolk.world.world import World

_EN_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "a couple of": 2, "a dozen": 12, "half a dozen": 6, "some": 2, "a few": 3}
_EN_WORD = {v: k for k, v in _EN_NUM.items() if k not in ("a", "an", "a couple of", "some", "a few", "half a dozen",
                                                           "a dozen")}
_ZH_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "几": 3, "半": 1}
_ZH_WORD = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十"}
_SINGULAR = {"loaves": "loaf", "knives": "knife", "leaves": "leaf", "halves": "half", "shelves": "shelf",
             "fish": "fish", "sheep": "sheep", "geese": "goose", "mice": "mouse"}

_OFFER_EN = (
    # "I'll trade you my knife for two loaves", "would you swap two loaves for this knife?", "how about my knife for ..."
    re.compile(r"\b(?P<you>(?:would|will|could|can|won't|wouldn't) you\s+(?:\w+\s+)?)?(?:trade|swap|exchange|barter)\s+"
               r"(?:you\s+|me\s+)?(?P<a>[^,.;!?]+?)\s+for\s+(?:your\s+)?(?P<b>[^,.;!?]+)", re.I),
    re.compile(r"\bI(?:'ll| will|'d| would| can| could)\s+give\s+you\s+(?P<a>[^,.;!?]+?)\s+for\s+(?:your\s+)?(?P<b>[^,.;!?]+)", re.I),
    # "I'll pay you 10 pence for a calling card", "would you take 3 pence for a loaf?": coin for my ware, a sale
    re.compile(r"\bI(?:'ll| will|'d| would| can| could)\s+pay(?:\s+you)?\s+(?P<a>[^,.;!?]+?)\s+for\s+(?:your\s+)?(?P<b>[^,.;!?]+)", re.I),
    re.compile(r"\b(?:would|will|could|can) you\s+(?:take|accept|do)\s+(?P<a>[^,.;!?]+?)\s+for\s+(?:your\s+)?(?P<b>[^,.;!?]+)", re.I),
    re.compile(r"\b(?:how about|what about|what would you say to)\s+(?P<a>(?:my|this|these|that)\s+[^,.;!?]+?)\s+for\s+"
               r"(?:your\s+)?(?P<b>[^,.;!?]+)", re.I),
    # the offer said bare, as the whole line: "My knife for a lamp?", "This knife for two loaves, then?" (not
    # "My thanks for the bread.": what is no thing to hand over is left out)
    re.compile(r"^\W*(?:(?:so|well|then|ok|okay|look|here),?\s+)?(?P<a>(?:my|this|these|that|those)\s+"
               r"(?!(?:thanks|apologies|apology|condolences|sympathies|regards|respects|love|best|excuses|word|pardon|"
               r"turn|fault|mistake|bad|guess|reason|question)\b)[^,.;!?]+?)\s+for\s+(?P<b>[^,.;!?]+?)"
               r"\s*(?:,\s*(?:then|eh|yes|deal|friend|what do you say))?\s*(?:[?!.]+\s*(?:deal\s*[?!.]*)?)?\s*$", re.I),
)
_ZH_AMOUNT = r"(?:\d+|[一两二三四五六七八九十百几半]+)"
_OFFER_ZH = (
    # 我拿这把刀换你两个馒头 / 用我这把刀跟你换两个馒头 / 我这把刀换你两个馒头，行吗
    re.compile(r"(?:拿|用|把|以)(?P<a>[^，,。！!？?]{1,12}?)(?:跟你|和你|同你|给你)?(?:换|交换|换取|抵)(?:你)?(?:的)?"
               r"(?P<b>[^，,。！!？?]{1,12}?)(?=行吗|行不行|好吗|好不好|成吗|成不成|可以吗|怎么样|如何|吧|[，,。！!？?]|$)"),
    re.compile(r"^(?:我)?(?P<a>(?:这|我的|我这)[^，,。！!？?]{1,10}?)[，,]?\s*(?:跟你|和你)?换(?:你)?(?:的)?"
               r"(?P<b>[^，,。！!？?]{1,12}?)(?=行吗|行不行|好吗|好不好|成吗|可以吗|怎么样|吧|[，,。！!？?]|$)"),
    # 我出二十文买一匹蓝布 / 给你二十文，买一匹蓝布: coin for my ware, a sale
    re.compile(rf"(?:我)?(?:出|给你|付你?|拿)(?P<a>{_ZH_AMOUNT}文(?:钱)?)[，,]?\s*(?:买|要|换)(?:你)?(?:的)?"
               r"(?P<b>[^，,。！!？?]{1,12}?)(?=行吗|行不行|好吗|好不好|成吗|成不成|可以吗|怎么样|如何|卖不卖|吧|[，,。！!？?]|$)"),
)
# things people offer in trade that no trade here sells, with a worth in the small coin
_GOODS_EN = ((r"rings?", 30), (r"necklaces?|brooch", 25), (r"coats?|cloaks?", 15), (r"boots|shoes", 10),
             (r"hats?|caps?", 4), (r"spoons?|cups?|bowls?", 1), (r"buttons?|ribbons?", 1), (r"pots?|pans?|kettles?", 8),
             (r"blankets?|shawls?", 10), (r"books?", 12), (r"chickens?|hens?", 8), (r"goats?", 40), (r"axes?|hammers?|saws?", 10))
_GOODS_ZH = ((r"戒指|镯子|簪子", 30), (r"项链", 25), (r"衣裳|衣服|袄|棉袄", 15), (r"鞋", 10), (r"帽", 4),
             (r"勺|碗|杯|筷", 1), (r"扣子|头绳", 1), (r"锅|壶", 8), (r"被子|毯子", 10), (r"书", 12), (r"鸡", 8),
             (r"羊", 40), (r"斧|锤|锯", 10))
_UNKNOWN_WORTH = 3  # a thing no list knows is worth a little

PHRASES: dict[str, dict[str, list[str]]] = {
    "en": {
        "accept": ["Done: {get} for {give}.", "All right, {give} for {get}. It's a deal."],
        "accept_warm": ["For you? Done: {get} for {give}.", "Seeing it's you, yes: {get} for {give}."],
        "fewer": ["{Give} for {get}? I'll give you {counter} for it, no more.",
                  "Not {get}, but I'd do {counter} for {give}."],
        "top_up": ["{Give} and {coin} on top, and {get} is yours.", "Add {coin} to {give} and we have a deal."],
        "decline": ["I'll not trade {get} for {give}, I'm afraid. It's {price} {unit} if you want it for coin.",
                    "No, {give} is no use to me. {Ware_cap} is {price} {unit}, though."],
        "too_little": ["{Give} won't do for {get}, I'm afraid. It's {price} {unit}.", "{Give}? Not for {get}. {Ware_cap} is {price} {unit}."],
        "own_ware": ["I've {ware} enough of my own. {Ware_cap} is {price} {unit}, if you've coin.",
                     "What would I do with more {ware}? It's {price} {unit} for coin."],
        "not_mine": ["I've no {get} to trade, I'm afraid.", "That's not something I have to trade."],
        "not_mine_ask": ["I've no {get} to trade. Try {name}, the {role}."],
        "sale": ["Done: {get} for {give}.", "{Give} it is. Done."],
        "sale_over": ["No need for {give}; my price is {price} {unit}. {total} pence and it's a deal.",
                      "{Give}? My price is only {price} {unit}; {total} pence will do for {get}."],
        "sale_counter": ["{Give} is a little low. Make it {counter} pence and {get} is yours.",
                         "Meet me halfway: {counter} pence for {get}."],
        "sale_firm": ["Not for {give}. My price is {price} {unit}: {total} pence for {get}.",
                      "{Give} won't do, I'm afraid. My price is {price} {unit}, no less."],
    },
    "zh": {
        "accept": ["行，{give}换{get}，成交。", "成，{get}换你{give}。"],
        "accept_warm": ["跟你还讲什么价，{give}换{get}，拿去吧。", "冲你这个人，成交：{get}换{give}。"],
        "fewer": ["{give}换{get}？顶多换你{counter}。", "{get}不行，{counter}还差不多。"],
        "top_up": ["{give}再添{coin}，{get}就归你。", "光{give}不够，再加{coin}吧。"],
        "decline": ["{give}我用不上，不换。{ware}{unit}{price}{coin_name}，要就拿钱买吧。",
                    "这买卖不成。{ware}{unit}{price}{coin_name}，你要就拿钱来。"],
        "too_little": ["{give}可不够换{get}。{ware}{unit}{price}{coin_name}。", "{give}？换不了{get}。{ware}{unit}{price}{coin_name}。"],
        "own_ware": ["{ware}我自己多的是。{ware}{unit}{price}{coin_name}，拿钱买吧。", "我要{ware}做什么？{unit}{price}{coin_name}，给钱就行。"],
        "not_mine": ["我这儿没有{get}可换。", "这我可没有，换不了。"],
        "not_mine_ask": ["我这儿没有{get}。你去问问{role}{name}吧。"],
        "sale": ["成，{give}，{get}归你了。", "行，{give}就{give}，{get}拿去吧。"],
        "sale_over": ["用不了{give}，{ware}{unit}{price}{coin_name}，{get}给{total}{coin_name}就行。",
                      "{ware}{unit}才{price}{coin_name}，{get}给{total}{coin_name}就够了。"],
        "sale_counter": ["{give}少了点，{counter}{coin_name}吧，{get}拿去。", "这样，{counter}{coin_name}，{get}归你。"],
        "sale_firm": ["{give}可不行，{ware}{unit}{price}{coin_name}，少不了。", "{ware}{unit}{price}{coin_name}，老价钱，少一文都不行。"],
    },
}


@dataclass(frozen=True)
class Offer:
    """A trade offer as read: what the speaker gives and what they want (their words, and how many)."""

    give: str
    get: str
    give_count: int
    get_count: int


def read_offer(text: str, zh: bool) -> Offer | None:
    """The offer in the words (either order: what names this NPC's ware is what is wanted), or None."""
    for rx in _OFFER_ZH if zh else _OFFER_EN:
        m = rx.search(text.strip())
        if m is not None:
            a, b = m.group("a").strip(), m.group("b").strip()
            if m.groupdict().get("you"):  # "would you swap two loaves for this knife?": the first is theirs
                a, b = b, a
            if a and b and _thing_like(a, zh) and _thing_like(b, zh):
                return Offer(a, b, _count(a, zh), _count(b, zh))
    return None


_THING_EN = re.compile(r"^(?:my|this|these|that|those|the|your|a|an|some|\d+|one|two|three|four|five|six|seven|eight|nine|"
                       r"ten|a couple of|a few|half a dozen|a dozen)\s+\w", re.I)
_THING_ZH = re.compile(r"(?:这|那|我的|我这|你的)|(?:\d+|[一两二三四五六七八九十几半])(?:个|只|把|块|斤|两|张|根|件|条|双|袋|碗|壶|捆|卷|瓶|盒|对|头|匹|顶|文)")


def _thing_like(words: str, zh: bool) -> bool:
    """Whether the words are a thing that could change hands ("my knife", 两个馒头, a ware, coin), not
    "is slow" in "trade is slow for bakers" or 完了 in 我用完了换新的."""
    if (_THING_ZH if zh else _THING_EN).search(words):
        return True
    return any(ware_in(t, words, zh) is not None for t in TRADES) or _coin(words, zh) is not None


def _count(words: str, zh: bool) -> int:
    if zh:
        m = re.search(r"(\d+|[一两二三四五六七八九十百]+|[几半])(?:个|只|把|块|斤|两|张|根|件|条|双|袋|碗|杯|壶|份|捆|卷|瓶|盒|对|头|匹|顶|文|刀|支|锭|方|串|碟|盘|笼|屉|坛|尺|丈|包|罐)", words)
        if m is None:
            return 1
        said = m.group(1)  # 十二斤 is twelve, not the 二 before 斤
        return int(said) if said.isdigit() else _ZH_NUM[said] if len(said) == 1 else _zh_amount(said.replace("两", "二")) or 1
    m = re.match(r"(?:(?:my|your|this|these|that|those|the)\s+)?(\d+|half a dozen|a dozen|a couple of|a few|some|an?|one|two|three|"
                 r"four|five|six|seven|eight|nine|ten)\b", words, re.I)
    if m is None:
        return 1
    n = m.group(1).lower()
    return int(n) if n.isdigit() else _EN_NUM[n]


_COIN = {"en": re.compile(r"\b(?:pence|pennies|penny|coins?|coppers?|shillings?)\b", re.I), "zh": re.compile(r"文|铜钱|铜板|钱")}


def _zh_amount(said: str) -> int | None:
    """二十 -> 20, 三十五 -> 35, 一百 -> 100, 十 -> 10: the coin said in Chinese numerals, or None."""
    if said.isdigit():
        return int(said)
    total, digit = 0, 0
    for ch in said:
        if ch in ("十", "百"):
            total += (digit or 1) * (10 if ch == "十" else 100)
            digit = 0
        elif ch in _ZH_NUM:
            digit = _ZH_NUM[ch]
        else:
            return None
    return total + digit or None


def _coin(words: str, zh: bool) -> int | None:
    """How much coin the words offer (in the small coin), or None when they offer a thing."""
    if not _COIN["zh" if zh else "en"].search(words):
        return None
    many = re.search(rf"({_ZH_AMOUNT})文", words) if zh else None
    if many is not None and _zh_amount(many.group(1)) is not None:
        return _zh_amount(many.group(1))
    return _count(words, zh) if re.search(r"\d|[一两二三四五六七八九十几半]" if zh else r"\d|\b(?:a|an|one|two|three|four|five|six|"
                                       r"seven|eight|nine|ten|a few|some)\b", words, 0 if zh else re.I) else 1


def _worth(world: World, npc: str, words: str, zh: bool, mine: tuple[Ware, ...]) -> tuple[float, bool]:
    """What one of the thing offered is worth to this NPC, and whether it is a ware of its own trade."""
    if _coin(words, zh) is not None:
        return 1.0, False  # coin is worth what it says (counted by the caller)
    own = next((w for w in mine if re.search(w.zh if zh else rf"\b(?:{w.en})\b", words, 0 if zh else re.I)), None)
    if own is not None:
        return 0.3 * price_of(world, npc, own), True  # it has plenty of its own
    for trade in TRADES:
        ware = ware_in(trade, words, zh)
        if ware is not None:
            return (ware.low + ware.high) / 2, False
    for rx, worth in _GOODS_ZH if zh else _GOODS_EN:
        if re.search(rx if zh else rf"\b(?:{rx})\b", words, 0 if zh else re.I):
            return float(worth), False
    return float(_UNKNOWN_WORTH), False


def goodwill(world: World, npc: str, other: str | None) -> float:
    """How kindly the NPC bargains with them, in [0, 1]: liking, trust and acquaintance, less any
    tension, and a warm tie (a friend, family) counts too; a stranger is about a third."""
    if other is None or other not in world.characters:
        return 0.34
    a = axes(world, npc, other)
    warm = any(world.warm_tie(e.kind) for e in world.graph.edges_between(npc, other))
    return max(0.0, min(1.0, 0.5 * a.affinity + 0.3 * a.trust + 0.2 * a.familiarity - 0.5 * a.tension + 0.15 * warm))


def _asker(world: World, npc: str, text: str) -> str | None:
    """Who just put these words to the NPC (the question fact the dialogue step answers)."""
    for fact in reversed(list(world.facts)[-6:]):
        if fact.kind == "ask" and npc in fact.to and fact.text == text:
            return fact.actor
    return None


def barter_reply(world: World, npc: str, text: str) -> str | None:
    """The NPC's answer to a trade offer, or None when the words make none (or name nothing traded)."""
    from townsfolk.agents.service_barter import service_reply

    service = service_reply(world, npc, text)  # "a jug of ale if you'll feed my horse": a thing for some work
    if service is not None:
        return service
    zh = world.language == "zh"
    offer = read_offer(text, zh)
    if offer is None:
        return None
    me = world.character(npc)
    # a scenario's `sells:` first (Gus's calling cards), then the role's trade, then the wares its words
    # name ("sells lamps at the market", 卖笔墨纸砚的: "I've no lamp to trade" to one who sells lamps)
    trade = own_trade(me, zh) if me.sells else (trade_of(me.role) or own_trade(me, zh))
    wanted = ware_in(trade, offer.get, zh) if trade is not None else None
    lang = "zh" if zh else "en"
    words = PHRASES[lang]
    n = zlib.crc32(f"{world.seed}|{npc}|barter|{text}".encode())

    def pick(key: str, **slots: str) -> str:
        options = words[key]
        said = options[n % len(options)].format(**slots)
        return said[:1].upper() + said[1:] if not zh else said

    get, give = _theirs(offer.get, zh), _theirs(offer.give, zh)
    if wanted is None:
        other = next((cid for cid, c in world.characters.items() if cid != npc and not c.is_player
                      and (t := trade_of(c.role)) is not None and ware_in(t, offer.get, zh) is not None), None)
        thing = _bare(offer.get, zh)
        if other is None:  # nobody here has it: said so only of a plain offer of a thing (not "the road")
            known = _worth(world, npc, offer.give, zh, ())[0] != _UNKNOWN_WORTH or _coin(offer.give, zh) is not None
            return pick("not_mine", get=thing) if known and _names_goods(offer.get, zh) else None
        c = world.character(other)
        return pick("not_mine_ask", get=thing, name=c.name, role=re.sub(r"^(?:the|a|an)\s+", "", c.role, flags=re.I))
    assert trade is not None
    unit_price = price_of(world, npc, wanted)
    worth, own = _worth(world, npc, offer.give, zh, trade.wares)
    worth *= offer.give_count
    said_as = re.search(wanted.zh, offer.get) if zh else re.search(rf"\b(?:{wanted.en})\b", offer.get, re.I)
    if said_as is not None and not zh and said_as.group(0).lower().endswith("s"):
        said_as = None  # "loaves is 2 pence": the ware's own name ("bread"), "mackerel" as asked
    ware_name = said_as.group(0) if said_as is not None else wanted.name_zh if zh else wanted.name_en  # 馒头 as asked
    slots = {"get": get, "give": give, "Give": give[:1].upper() + give[1:], "ware": ware_name,
             "Ware_cap": ware_name[:1].upper() + ware_name[1:], "price": str(unit_price),
             "unit": wanted.unit_zh if zh else f"{COIN['en']} {wanted.unit_en}", "coin_name": COIN["zh"]}
    if own:
        return pick("own_ware", **slots)
    need = 1.3 - goodwill(world, npc, _asker(world, npc, text))  # the share of my price I want back: a friend less
    asked = unit_price * (_units(offer.get, wanted, zh) or offer.get_count)
    coin = _coin(offer.give, zh)
    if coin is not None:  # coin for my ware is a sale: the price said, a haggle, never "I've none to trade"
        return _sale(pick, coin, asked, need, slots)
    if worth >= need * asked:
        return pick("accept_warm" if need < 0.75 else "accept", **slots)
    fewer = math.floor(worth / (need * unit_price))
    if 1 <= fewer < offer.get_count:
        return pick("fewer", counter=_recount(offer.get, fewer, zh), **slots)
    short = math.ceil(need * asked - worth)
    if short <= asked / 2:  # a little coin makes it up; more, and it is a sale, not a trade
        coin = f"{short}{COIN['zh']}" if zh else f"{short} {COIN['en'] if short > 1 else 'penny'}"
        return pick("top_up", coin=coin, **slots)
    return pick("too_little" if _coin(offer.give, zh) is not None else "decline", **slots)  # coin is never "no use"


def _units(words: str, ware: Ware, zh: bool) -> int | None:
    """How many of the ware's own unit the words ask ("two dozen calling cards" of cards sold by the dozen:
    2, never 24), or None when they count the ware itself."""
    if zh:
        unit = ware.unit_zh[-1:] if ware.unit_zh else ""
        m = re.search(rf"({_ZH_AMOUNT}){re.escape(unit)}", words) if unit else None
        return _zh_amount(m.group(1)) if m is not None else None
    unit = re.sub(r"^(?:a|an|per|each)\s+", "", ware.unit_en)
    m = re.match(rf"(?:(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+)?{re.escape(unit)}s?\b", words, re.I)
    if m is None or unit in ("each", ""):
        return None
    n = (m.group(1) or "a").lower()
    return int(n) if n.isdigit() else _EN_NUM[n]


def _sale(pick: Callable[..., str], coin: int, asked: int, need: float, slots: dict[str, str]) -> str:
    """Coin offered for my ware: too much is said back with the true price (an honest shop), enough is a
    sale, a little short is met halfway for one I like, short by more is the price, firm."""
    if coin > asked:
        return pick("sale_over", total=str(asked), **slots)
    floor = math.ceil(min(1.0, need) * asked)
    if coin >= floor:
        return pick("sale", **slots)
    if floor <= 0.9 * asked and coin >= asked / 2:  # a stranger pays my price; one I like is met halfway
        return pick("sale_counter", counter=str(floor), **slots)
    return pick("sale_firm", total=str(asked), **slots)


def _names_goods(words: str, zh: bool) -> bool:
    """Whether the words name a thing at all (not "a favour", "a story")."""
    if zh:
        return bool(re.search(r"[\u4e00-\u9fff]", words))
    return not re.search(r"\b(?:favou?r|story|song|secret|help|kiss|word)\b", words, re.I)


def _theirs(words: str, zh: bool) -> str:
    """The speaker's words for a thing, said back from the other side ("my knife" -> "your knife")."""
    if zh:
        return re.sub(r"^(?:我的|我这|我)", "你", words) if words.startswith("我") else words
    swap = {"my": "your", "this": "that", "these": "those", "your": "my", "mine": "yours"}
    return re.sub(r"\b(my|this|these|your|mine)\b", lambda m: swap[m.group(1).lower()], words, flags=re.I)


def _recount(words: str, count: int, zh: bool) -> str:
    """The same thing, `count` of it: "two loaves" -> "one loaf", 两个馒头 -> 一个馒头."""
    if zh:
        m = re.search(r"(\d+|[一两二三四五六七八九十几半])(?=个|只|把|块|斤|两|张|根|件|条|双|袋|碗|壶|捆|卷|瓶|盒|对)", words)
        return words[:m.start()] + _ZH_WORD.get(count, str(count)) + words[m.end():] if m else f"{_ZH_WORD.get(count, count)}个{words}"
    m = re.match(r"(?:(?:my|your|this|these|that|those|the)\s+)?(\d+|half a dozen|a dozen|a couple of|a few|some|an?|one|two|"
                 r"three|four|five|six|seven|eight|nine|ten)\s+(?P<noun>.+)$", words, re.I)
    noun = m.group("noun") if m else words
    if count == 1:
        last = noun.split()[-1]
        single = _SINGULAR.get(last.lower(), re.sub(r"(?<=[^s])s$", "", last))
        noun = noun[: len(noun) - len(last)] + single
    return f"{_EN_WORD.get(count, str(count))} {noun}"


def _bare(words: str, zh: bool) -> str:
    """The thing without its count or its owner: 两个馒头 -> 馒头, "a sack of flour" -> "flour"."""
    if zh:
        return re.sub(r"^(?:你的|你|我的|我)?(?:这|那)?(?:\d+|[一两二三四五六七八九十几半])?(?:个|只|把|块|斤|两|张|根|件|条|双|袋|碗|壶|"
                      r"捆|卷|瓶|盒|对|头|匹)?", "", words) or words
    return re.sub(r"^(?:(?:my|your|this|these|that|those|the)\s+)?(?:(?:\d+|half a dozen|a dozen|a couple of|a few|some|an?|one|"
                  r"two|three|four|five|six|seven|eight|nine|ten)\s+)?(?:(?:sacks?|bags?|jars?|loaves|pints?|pounds?|bottles?|"
                  r"coils?|bundles?|boxes?|cups?|bowls?) of\s+)?", "", words, flags=re.I) or words
