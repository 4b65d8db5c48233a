"""Haggling over the NPC's own price ("Would you take 3 pence?", "Too dear - how about 8?", 便宜点吧, 八文行不行).

Asked to come down, the innkeeper answered "I haven't heard anything about that." and the chandler "That's
beyond me, sorry": a price argued was read as a question about someone, or a stranger's odd request. The
one whose ware or work it is (the one named, or the one the asker just asked for or about) answers as a
shop does: an offer at the price or above is taken (more is never pocketed), one a little under is taken
from someone it likes and met with a counter from a stranger, one far under is refused with the price
said; "cheaper?" alone is met with the lowest it will go. How low is a bounded share of the price, leaning
by the bond (agents/barter.py `goodwill`): a friend gets a kinder bargain than a stranger.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Callable

from townsfolk.agents.barter import _EN_NUM, _asker, _zh_amount, goodwill
from townsfolk.agents.trade_goods import Trade, Ware, _by_units, _slots, price_of, ware_in
from townsfolk.world.world import World

_NUM_EN = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a penny|a farthing"
# a sum of coin, then the end of the offer: "how about 8?", "3 pence for it", never "two pints" (a quantity)
_SUM = r"(?:\s*(?:pence|penny|p|coppers?|coins?)\b)?(?=\s*(?:[?.!,;]|$|and\b|then\b|instead\b|a (?:pint|night|bowl|loaf|pound|piece|coil|pair)\b|"
_SUM += r"each\b|for (?:it|them|that|this|the lot|one|each|a|an|the|both|all|\d+|two|three|four|five|six|seven|eight|nine|ten|a dozen|a couple)\b))"
_OFFER_EN = re.compile(
    rf"\b(?:would|will|could|can|won't|wouldn't) you (?:take|accept|do (?:(?:it|that|them|one|this|these|those|(?:the|my|a|your) [\w'-]+) )?(?:for|at)|"
    rf"let (?:it|me have it|them|one) go for|settle for|say)\s+(?P<n>{_NUM_EN}){_SUM}"
    rf"|\b(?:how|what) about\s+(?P<n2>{_NUM_EN}){_SUM}|\bmake it\s+(?P<n3>{_NUM_EN}){_SUM}"
    rf"|\b(?:call it|say)\s+(?P<n4>{_NUM_EN})\s+(?:pence|penny)\b"
    rf"|\bI(?:'ll| will|'d| would| can| could) (?:give|pay|offer)(?: you)?\s+(?P<n5>{_NUM_EN}){_SUM}"
    rf"|^\W*(?P<n6>{_NUM_EN})\s+(?:pence|penny)\s*\?", re.I)
_DOWN_EN = re.compile(r"\btoo (?:dear|steep|pricey|expensive|rich for me)\b|\btoo much(?=\s*(?:[.!?,;:-]|$|for me\b))|\b(?:a bit|rather|very) (?:steep|dear|pricey)\b"
                      r"|\bany cheaper\b|\bcheaper\b(?!\s+than)|\bgo (?:any )?lower\b|\bcome down\b|\bknock (?:a bit|something|a penny) off\b"
                      r"|\b(?:do|give me) (?:any )?better\b|\bbetter price\b|\bdiscount\b|\bbest price\b", re.I)
_ZH_N = r"\d+|[一两二三四五六七八九十百]+"
_OFFER_ZH = re.compile(rf"(?P<n>{_ZH_N})\s*(?:个)?(?:文|铜板|个钱)(?:钱)?(?:[一每][\u4e00-\u9fff])?(?:行不行|行吗|行不|成不成|成吗|卖不卖|卖吗|好不好|好吗|怎么样|"
                       rf"可以吗|可不可以|中不中|干不干|咋样|吧|得了|算了|拿走|给我)"
                       rf"|(?:给你|算|就|出)(?P<n2>{_ZH_N})\s*(?:个)?(?:文|铜板)")
_DOWN_ZH = re.compile(r"便宜(?:点|些|一点|一些|一点儿)|少(?:算|要)?(?:点|些|一点|一些)(?=[吧呗嘛啊呀吗？?。！!，,\s]|$)|少算(?:点|些|一点|一些)|太贵|贵了|有点贵|能不能便宜|让(?:一)?(?:点|些)|"
                      r"打个折|抹(?:个|了)?零|再低(?:点|些)|算便宜")

PHRASES = {
    "en": {"taken": ["Done: {offer} {coin_o} {unit}, and it's yours.", "{offer_cap} {coin_o} it is. Done."],
           "over": ["No need for {offer}; my price is {price} {coin} {unit}.", "Keep your money: it's only {price} {coin} {unit}."],
           "warm": ["For you? Go on, then: {offer} {coin_o} {unit}.", "Since it's you, {offer} {coin_o} will do."],
           "deal": ["Go on, then: {offer} {coin_o} {unit}.", "All right, {offer} {coin_o}. It's yours."],
           "counter": ["I can't do {offer}. Call it {floor} {coin_f} {unit} and it's yours.",
                       "{offer_cap}'s a little low. Make it {floor} {coin_f} and we have a deal."],
           "firm": ["{offer_cap}? Not a chance. It's {price} {coin} {unit}, and that's a fair price.",
                    "Not for {offer}, no. It's {price} {coin} {unit}."],
           "held": ["Not for {offer}, no. {price} {coin} {unit}; I can't go lower.",
                    "I'd like to, but {price} {coin} {unit} is as low as I go."],
           "lowest": ["For you, {floor} {coin_f} {unit}; that's as low as I go.", "I could do {floor} {coin_f} {unit}, no lower."],
           "no_lower": ["It's only {price} {coin} {unit}; I can't go lower than that.",
                        "{price} {coin} {unit} is already a fair price, I'm afraid."],
           "free": ["It costs you nothing; it's my job.", "There's nothing to haggle over; I'll not charge you."]},
    "zh": {"taken": ["成，{offer}文，拿去吧。", "行，就{offer}文。"],
           "over": ["用不了{offer}文，{unit}{price}文就行。", "不用{offer}文，{unit}才{price}文。"],
           "warm": ["跟你还计较什么，{offer}文就{offer}文。", "冲你这个人，{offer}文，拿去吧。"],
           "deal": ["行吧，{offer}文，拿去。", "好吧，{offer}文就{offer}文。"],
           "counter": ["{offer}文可不行，{floor}文吧，{unit}{floor}文你拿走。", "{offer}文少了点，这样，{floor}文。"],
           "firm": ["{offer}文？那可不成，{unit}{price}文，公道价。", "{offer}文可不行，{unit}{price}文。"],
           "held": ["{offer}文可不行，{unit}{price}文，少不了。", "真让不了，{unit}{price}文已经是最低了。"],
           "lowest": ["看你诚心要，{unit}{floor}文，不能再少了。", "{unit}算你{floor}文，最低了。"],
           "no_lower": ["{unit}才{price}文，实在便宜不了了。", "{unit}{price}文已经是公道价了，真让不了。"],
           "free": ["不要钱，讲什么价。", "这个不收钱，不用讲价。"]},
}


def _amount(said: str, zh: bool) -> int | None:
    said = said.lower().strip()
    if zh:
        return _zh_amount(said)
    if said.isdigit():
        return int(said)
    return {"a penny": 1, "a farthing": 0, "eleven": 11, "twelve": 12}.get(said, _EN_NUM.get(said))


def offered(text: str, zh: bool) -> tuple[bool, int | None]:
    """(haggling, the coin offered or None): "Too dear - how about 8?" is (True, 8), 便宜点吧 (True, None)."""
    m = (_OFFER_ZH if zh else _OFFER_EN).search(text)
    if m is not None:
        said = next(g for g in m.groups() if g)
        return True, _amount(said, zh)
    return bool((_DOWN_ZH if zh else _DOWN_EN).search(text)), None


# "How about two?", "What about three, then?": a count spelled as a word, with no coin, is how many (trade_goods.py
# prices that many); "How about 2?" or "how about two pence?" is an offer, and so is any count once the asker haggled
_HOW_MANY_EN = re.compile(r"^\W*(?:and\s+|so\s+)?(?:how|what) about\s+(?P<n>two|three|four|five|six|seven|eight|nine|ten|a dozen|"
                          r"half a dozen|a couple)(?:\s+of (?:them|those|these))?(?:,?\s*then)?\s*\?\s*$", re.I)
_HOW_MANY_ZH = re.compile(r"^\W*(?:那)?(?:要|买)?(?P<n>[两二三四五六七八九十几]+)(?:个人|人|位|对|个|斤|块|把|张|双|支|包|盒|瓶|碗|壶|只|条|根|件|卷|捆|刀|锭|方|尺|匹|串)"
                          r"(?:的话)?(?:呢|多少钱|怎么算|怎么卖)\s*[？?]?\s*$")


def asks_how_many(text: str, zh: bool) -> re.Match[str] | None:
    """A count asked after a price, "How about two?" / 两对呢？: the count, or None."""
    return (_HOW_MANY_ZH if zh else _HOW_MANY_EN).search(text)


# "Would you take 15 for two tickets?", 两张票三十文行不行: the sum is for that many, weighed against that many at my price
_FOR_MANY_EN = re.compile(r"\bfor (?P<c>\d+|two|three|four|five|six|seven|eight|nine|ten|a dozen|half a dozen|a couple of)\s+[a-z]", re.I)
_MANY_ZH = re.compile(r"(?:\d+|[一两二三四五六七八九十百]+)(?:个|只|把|块|斤|张|根|件|条|双|袋|碗|杯|壶|份|捆|卷|瓶|盒|对|串|碟|盘|笼|屉|坛|匹|包|罐)")


def _many_offered(text: str, zh: bool) -> tuple[int, str]:
    """How many the offered sum is for, and the count as said (1 and "" unless it names more than one)."""
    from townsfolk.agents.barter import _count

    if zh:
        offer = _OFFER_ZH.search(text)
        if offer is None or re.search(r"[一每][\u4e00-\u9fff]", offer.group(0)):
            return 1, ""  # 十五文一张行不行: a price for each
        m = _MANY_ZH.search(text[:offer.start()] + " " * len(offer.group(0)) + text[offer.end():])
    else:
        m = _FOR_MANY_EN.search(text)
    if m is None:
        return 1, ""
    said = m.group(0) if zh else m.group("c").lower()
    count = _count(said, zh)
    return (count, said) if count > 1 else (1, "")


def _haggled_before(previous: Callable[[], str | None] | None, zh: bool) -> bool:
    before = (previous() if previous is not None else None) or ""
    return bool((_DOWN_ZH if zh else _DOWN_EN).search(before) or (_OFFER_ZH if zh else _OFFER_EN).search(before))


def lowest(price: int, liking: float) -> int:
    """The least I take for my price: a stranger may talk me down a tenth or so, a friend nearer a quarter."""
    return max(1, math.ceil(price * (0.9 - 0.2 * liking))) if price > 0 else 0


def haggle_reply(world: World, npc: str, trade: Trade, text: str, previous: Callable[[], str | None] | None) -> str | None:
    """The NPC's word on a price argued over its own ware or work, or None when the words argue none."""
    zh = world.language == "zh"
    haggling, offer = offered(text, zh)
    if not haggling or (offer is not None and asks_how_many(text, zh) and not _haggled_before(previous, zh)):
        return None  # "How about two?" after "How much are your candles?": two pairs, not 2 pence
    asker, lines = _asked_lately(world, npc)
    ware = ware_in(trade, text, zh) or _ware_before(trade, lines, previous, zh)
    if ware is None:
        return None
    count, many = _many_offered(text, zh) if offer is not None else (1, "")
    price = price_of(world, npc, ware) * count
    liking = goodwill(world, npc, _asker(world, npc, text) or asker)
    floor = lowest(price, liking)
    key = _verdict(price, floor, offer)
    if key == "warm" and liking < 0.5:
        key = "deal"  # a stranger's fair offer is taken, not taken kindly
    slots = _slots(world, npc, ware, zh, text)
    shown = str(offer) if offer is not None else ""
    more = {"offer": shown, "offer_cap": shown, "floor": str(floor), "coin_o": _coin(offer, zh), "coin_f": _coin(floor, zh),
            "unit": slots["unit"] if zh or slots["unit"] != "each" else "each"}
    if count > 1:  # two tickets: priced as the two, "36文吧，两张36文" / "18 pence for two seats"
        more["unit"] = many if zh else "for " + _by_units(many, ware)
        slots["price"] = str(price)
    options = PHRASES["zh" if zh else "en"][key]
    n = zlib.crc32(f"{world.seed}|{npc}|haggle|{key}|{ware.name_en}|{shown}".encode()) % len(options)
    return options[n].format(price=slots["price"], coin=slots["coin"], **more)


def _verdict(price: int, floor: int, offer: int | None) -> str:
    if price == 0:
        return "free"
    if offer is None:
        return "lowest" if floor < price else "no_lower"
    if offer > price:
        return "over"
    if offer == price:
        return "taken"
    if offer >= floor:
        return "warm"
    if offer * 2 >= price:
        return "counter" if floor < price else "held"  # near my price: met, or held to it kindly
    return "firm"


def _coin(n: int | None, zh: bool) -> str:
    return "文" if zh else "penny" if n == 1 else "pence"


def _asked_lately(world: World, npc: str) -> tuple[str | None, list[str]]:
    """Who is speaking to me (the latest question put to me: these words, recorded before the reply) and
    their lines before it, latest first: the words may reach here rewritten ("do it" -> "do the horse")."""
    asks = [f for f in reversed(list(world.facts)[-60:]) if f.kind == "ask" and npc in f.to and f.text]
    if not asks:
        return None, []
    asker = asks[0].actor
    return asker, [f.text for f in asks[1:] if f.actor == asker][:6]


def _ware_before(trade: Trade, lines: list[str], previous: Callable[[], str | None] | None, zh: bool) -> Ware | None:
    """The ware the asker's recent words to me named ("How much for the rope?" before "Too dear - how about
    8?" and then "Would you take 9?"): the last one, within their last few lines; else my one ware."""
    before = previous() if previous is not None else None
    for line in ([before] if before else []) + lines:
        found = ware_in(trade, line, zh)
        if found is not None:
            return found
    goods = [w for w in trade.wares if not w.side]
    return goods[0] if len(goods) == 1 else None  # "Too dear." to the baker: her bread
