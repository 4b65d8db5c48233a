"""How a generalised claim ("he always steals") is said, per predicate, in both languages.

A predicate's plain form is a single deed, often perfective ("偷了东西", "stole something"); put
"一向" / "always" in front of that and it reads wrong ("一向偷了东西", "always stole"). Built-in
predicates name their habitual form here; a scenario's own predicates get one by rule.
"""

from __future__ import annotations

import re

# key -> (zh, en): what follows the subject. A one-off life event (a wedding, a death) has no habit:
# it keeps its plain form.
HABITUAL: dict[str, tuple[str, str]] = {
    "remark": ("总爱说几句", "is always making remarks"),
    "late": ("总是迟到", "is always late"),
    "careless": ("一向马虎", "is always careless"),
    "unreliable": ("一向不靠谱", "is always unreliable"),
    "dishonest": ("一向不老实", "is always dishonest"),
    "rude": ("总是没礼貌", "is always rude"),
    "helpful": ("总是帮忙", "is always helping out"),
    "kind": ("人一向很好", "is always kind"),
    "gift": ("总是送礼", "is always giving gifts"),
    "generous": ("一向很大方", "is always generous"),
    "praised": ("总受人夸奖", "is always being praised"),
    "work_well": ("活儿一向干得好", "always does fine work"),
    "skilled": ("手艺一向好", "is always skilled"),
    "work_badly": ("活儿总是干得差", "always does poor work"),
    "lazy": ("一向很懒", "is always lazy"),
    "promise_kept": ("说话一向算数", "always keeps a promise"),
    "promise_broken": ("说话总是不算数", "is always breaking promises"),
    "trustworthy": ("一向靠得住", "can always be trusted"),
    "debt": ("总是欠钱", "is always owing money"),
    "debt_unpaid": ("总是欠钱不还", "never pays back a debt"),
    "debt_repaid": ("欠了钱总会还", "always pays back a debt"),
    "overcharged": ("总是多收钱", "is always overcharging people"),
    "theft": ("手脚一向不干净", "is always stealing"),
    "damaged": ("总是弄坏别人的东西", "is always spoiling other people's things"),
    "unapologetic": ("从来不肯道歉", "never apologises"),
    "borrowed": ("总找人借东西", "is always borrowing things"),
    "kept_borrowed": ("借东西从来不还", "never gives back what was borrowed"),
    "took_unasked": ("总是不问自取", "is always taking things without asking"),
    "gossiper": ("一向爱嚼舌根", "is always spreading gossip"),
    "boastful": ("一向爱吹牛", "is always boasting"),
    "drunk": ("总是喝醉", "is always drunk"),
    "drunkard": ("一向是个酒鬼", "always drinks too much"),
    "quarrel": ("总跟人吵架", "is always quarrelling"),
    "fight": ("总跟人打架", "is always getting into fights"),
    "insulted": ("总是骂人", "is always insulting people"),
    "complained": ("总是抱怨", "is always complaining"),
    "reconciled": ("吵完总会和好", "always makes up after a quarrel"),
    "apologised": ("总会道歉", "always apologises"),
    "mediated": ("总是帮人劝和", "is always making peace between people"),
    "hospitable": ("一向热情招待", "is always a good host"),
    "visited": ("总来串门", "is always dropping by"),
    "illness": ("总是生病", "is always falling ill"),
    "grave_illness": ("一直病得很重", "is still gravely ill"),
    "injured": ("总是受伤", "is always getting hurt"),
    "fire": ("老是遭火灾", "keeps suffering fires"),
    "flood": ("老是遭水灾", "keeps being flooded"),
    "storm_damage": ("老是被风暴毁东西", "keeps being hit by storms"),
    "robbed": ("老是被偷", "keeps being robbed"),
    "poor_harvest": ("收成一向不好", "always has a poor harvest"),
    "good_harvest": ("收成一向好", "always has a good harvest"),
    "good_luck": ("一向运气好", "always has good luck"),
    "lost_work": ("老是丢活计", "keeps losing work"),
    "festival": ("总爱办庆祝", "is always holding celebrations"),
}
ONE_OFF = frozenset({"wedding", "engaged", "birth", "death", "burned_down", "arrived", "left_town"})

EN_IRREGULAR = {"stole": "steals", "gave": "gives", "did": "does", "broke": "breaks", "had": "has", "got": "gets",
                "kept": "keeps", "made": "makes", "paid": "pays", "fell": "falls", "left": "leaves", "held": "holds",
                "lost": "loses", "took": "takes", "went": "goes", "came": "comes", "ran": "runs", "told": "tells",
                "said": "says", "sold": "sells", "bought": "buys", "brought": "brings", "ate": "eats", "drank": "drinks",
                "won": "wins", "hid": "hides", "threw": "throws", "wrote": "writes", "spent": "spends", "forgot": "forgets"}
ZH_PERFECTIVE = re.compile(r"了|过(?=[\u4e00-\u9fff])")


def _en_present(verb: str) -> str:
    """stole -> steals, helped -> helps, apologised -> apologises (third person, present)."""
    if verb in EN_IRREGULAR:
        return EN_IRREGULAR[verb]
    if verb.endswith("ied"):
        return verb[:-3] + "ies"
    if verb.endswith("ed"):
        base = verb[:-1] if len(verb) > 3 and verb[-3] in "sgvcz" else verb[:-2]
        return base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")
    return verb if verb.endswith("s") else verb + "s"


def habitual_zh(key: str, plain: str) -> str:
    """The zh habitual form: 一向 / 总是 and no perfective 了 after it."""
    if key in HABITUAL:
        return HABITUAL[key][0]
    if key in ONE_OFF:
        return plain
    core = ZH_PERFECTIVE.sub("", plain) or plain
    return ("一向" if core.startswith(("是", "很", "爱", "不", "没")) else "总是") + core


def habitual_en(key: str, plain: str) -> str:
    """The en habitual form: "is always X" or "always <present>", never "always <past>"."""
    if key in HABITUAL:
        return HABITUAL[key][1]
    if key in ONE_OFF:
        return plain
    verb, _, rest = plain.partition(" ")
    if verb in ("is", "was"):
        return f"is always {rest}"
    if verb in ("can", "will", "would", "could"):
        first, _, more = rest.partition(" ")
        return f"{verb} always {first} {more}".strip()
    return f"always {_en_present(verb)} {rest}".strip()
