"""A player who insults the NPC is answered as the one who was wronged: hurt, a rebuke or a cool
short line, never the NPC apologising ("Shut up, you stupid old fool." -> "Sorry, I hear you." was
the repair route taking the blame for the player's rudeness).

`is_insult` reads words aimed at the NPC (second person, or a bare order like "Shut up!" / 滚开！);
a complaint about the soup or news that someone else is a liar is no insult to me.
"""

from __future__ import annotations

import re
import zlib

# names of abuse that are also plain words ("rat", "snake"): an insult only when called at the listener
_ABUSE = (r"(?:oaf|lout|dolt|clod|buffoon|weasel|snake|rat|toad|worm|louse|viper|gossipmonger|rumou?rmonger|"
          r"blabbermouth|loudmouth|troublemaker|coward|brute|swine|pig|fraud|traitor|snitch|tattletale|mule|"
          r"stick-in-the-mud|tightwad|cheapskate|penny-pincher|gossip|windbag|chatterbox|scandalmonger|hypocrite)")
_INSULT = {
    "en": re.compile(
        r"\b(?:idiot|stupid|dumb|moron|fool|liar|(?:(?:a|dirty|rotten|lying) cheat(?!\w)|you cheat(?=\s*(?:[!.]|$)))|useless|pathetic|ugly|disgusting|hate you|shut up|get lost|"
        r"go away|piss off|buzz off|leave me alone|how dare you|you (?:smell|stink)|old (?:fool|goat|hag|bat|crow|witch|miser)|"
        r"nosy|nosey|busybody|meddler|halfwit|dimwit|numbskull|scoundrel|wretch|miser|skinflint|crook|good-for-nothing|"
        # a name of abuse called at me: "you clumsy oaf", "you sly weasel", "you're a snake" (not "did you see the rat?")
        r"(?<=you )(?:(?!(?:a|an|the|that|this|my|your|his|her|its|our|their|some|any|see|saw|seen|hear|heard|get|got|"
        r"have|had|catch|caught|find|found|feed|fed|keep|kill|like|want|need)\b)[a-z-]+ ){0,2}" + _ABUSE + r"|"
        r"(?<=you're )(?:a|an|such a|nothing but a|just a) (?:[a-z-]+ ){0,2}" + _ABUSE + r"|"
        r"(?<=you are )(?:a|an|such a|nothing but a|just a) (?:[a-z-]+ ){0,2}" + _ABUSE + r")\b",
        re.IGNORECASE),
    "zh": re.compile(r"傻[瓜子逼]|你(?:真|好|太)?傻|蠢|笨蛋|白痴|废物|滚(?:蛋|开|出去)?[！!。]?$|给我滚|讨厌|骗子|闭嘴|"
                     r"长舌妇|碎嘴子|八婆|(?:你这个|你个)(?:嚼舌根|搬弄是非)的|"
                     r"老糊涂|老东西|老不死|混蛋|王八|不要脸|神经病|丑八怪|臭|"
                     # a tattler and a two-face: 长舌头, 搬弄是非, 小人 (not 小人物 / 小人书)
                     r"长舌|搬弄是非|嚼舌根|挑拨离间|小人(?![物书儿国家])|势利眼|白眼狼|没良心|马屁精|吃里扒外|乌鸦嘴|扫把星|"
                     r"窝囊废|饭桶|懒骨头|胆小鬼|缩头乌龟|"
                     # the stubborn and the stingy (你这个老顽固 got small talk: newcomer K-12)
                     r"老顽固|老古董|死脑筋|榆木脑袋|老糊涂虫|铁公鸡|小气鬼|吝啬鬼|守财奴|老抠门?|老狐狸|老滑头"),
}
_AT_ME = {
    "en": re.compile(r"\byou(?:'re|r|rself)?\b|^\s*(?:shut up|get lost|go away|piss off|buzz off|leave me alone)\b",
                     re.IGNORECASE),
    "zh": re.compile(r"你|您|^\s*(?:滚|闭嘴)"),
}
_NOT_AT_ME = {  # "Dot says you're a liar" / "王婆说你是骗子": news of what someone said, not my quarrel
    "en": re.compile(r"\b(?:says|said|told me|calls? you|called you|thinks? you)\b", re.IGNORECASE),
    "zh": re.compile(r"说你|骂你|讲你|觉得你"),
}

_LINES = {
    "en": ["There's no call for that.", "That was uncalled for.", "I don't have to stand here and listen to that.",
           "Mind your tongue.", "Well. That hurt, and you meant it to."],
    "zh": ["你这话说得太难听了。", "犯不着这么说话吧。", "我没必要站在这儿听你骂。", "说话客气点。", "你这么说，我心里不好受。"],
}


def is_insult(text: str, lang: str) -> bool:
    """Whether the words are rude to the NPC itself (not a complaint, not news of others)."""
    key = "zh" if lang == "zh" else "en"
    return bool(_INSULT[key].search(text) and _AT_ME[key].search(text) and not _NOT_AT_ME[key].search(text))


def rude_reply(text: str, lang: str, seed: str) -> str | None:
    """The NPC's answer to an insult (hurt or a rebuke, seeded so a run repeats), or None."""
    if not is_insult(text, lang):
        return None
    pool = _LINES["zh" if lang == "zh" else "en"]
    return pool[zlib.crc32(f"{seed}|{text}".encode()) % len(pool)]
