""""Do you believe her?" / 你信她的话吗？ asks how sure I am of what someone told me: answered from that belief.

Found by the newcomers (C-1, N-14, N-33, N-59): after "Who told you that?" -> "Wren told me.", Tobin met
"Do you believe her?" with "No idea, sorry. Nobody's told me."; 小桃, 石头 and 孙大夫 met 你信她的话吗？ / 你信吗？
with "没有，不是我干的。". The telling asked after is the named teller's, else (her / 她 / a bare 你信吗) the one
my last answer to this listener drew on, else the newest; "do you believe me?" is the listener's own. The
belief's credibility (source, hops, trust in the teller) says how sure I am, then what I was told follows.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from townsfolk.agents.llm.protocol import GroundingItem

_ASKS = {"zh": re.compile(r"(?:你|您)(?:还|真的?|现在|到底)*(?:信|相信)(?!任)"),
         "en": re.compile(r"\b(?:do|did|would|can) you (?:really |actually |honestly )?(?:believe|trust|buy)\b"
                          r"(?! (?:in )?(?:god|ghosts|luck))", re.IGNORECASE)}
_ME = {"zh": re.compile(r"(?:信|相信)(?:我|俺)(?!们)"), "en": re.compile(r"\b(?:believe|trust) me\b", re.IGNORECASE)}
SURE = 0.6  # a belief this credible is believed
DOUBT = 0.4  # below this it is heard and set aside
ANSWERS = {
    "en": {"sure": ["I do. {teller} isn't one to make things up.", "I believe it, yes; {teller} doesn't tell tales."],
           "half": ["Half and half.", "I'm not sure; I've only heard it said."],
           "doubt": ["Not really; I take what {teller} says with a pinch of salt.", "Not much. {teller} does like a story."],
           "me_sure": ["I do believe you.", "I believe you, yes."],
           "me_half": ["I'd like to. I'll wait and see.", "Half and half, if I'm honest."],
           "me_doubt": ["Honestly? Not yet.", "I'm not sure I do, no."]},
    "zh": {"sure": ["信。{teller}不是乱说话的人。", "我信，{teller}不会瞎说。"],
           "half": ["半信半疑吧。", "说不准，我也只是听说。"],
           "doubt": ["不太信，{teller}的话我听听就算了。", "不怎么信，{teller}的话得打个折扣。"],
           "me_sure": ["信你。", "你的话我信。"],
           "me_half": ["你的话我信一半，再看看吧。", "半信半疑吧，我再看看。"],
           "me_doubt": ["说实话，还不太信。", "这话我还不敢全信。"]},
}


# "Do you believe it?" of what my last answer said I saw myself (session 26: Tess, who saw Milo drop the rope,
# said "I haven't heard anything about that."): no telling to weigh, I was there
SEEN = {"en": ["I saw it with my own eyes.", "I don't need to believe it; I saw it myself."],
        "zh": ["我亲眼看见的，还能有假？", "用不着信不信，我亲眼看见的。"]}


# "Why do you trust Owen?" / 你为什么信他？ asks why, not whether: the reason is the answer, not "I do"
_WHY = {"zh": re.compile(r"为什么|为啥|凭什么|怎么就"), "en": re.compile(r"\b(?:why|how come|what makes)\b", re.IGNORECASE)}


def asks_if_i_believe(question: str, language: str) -> bool:
    """The question asks whether I believe what someone told me (or them, or the asker)."""
    lang = "zh" if language == "zh" else "en"
    return bool(_ASKS[lang].search(question)) and not _WHY[lang].search(question)


def asks_if_i_believe_you(question: str, language: str) -> bool:
    """"你信我吗？" / "Do you believe me?": the asker's own words are the ones asked after."""
    lang = "zh" if language == "zh" else "en"
    return bool(_ASKS[lang].search(question)) and bool(_ME[lang].search(question))


def telling_asked(items: list[GroundingItem], question: str, language: str,
                  teller_names: list[str]) -> GroundingItem | None:
    """The belief whose telling the question asks me to vouch for (see the module's docstring)."""
    told = [g for g in items if g.kind == "belief" and g.meta.get("source") in ("told", "account")
            and not g.meta.get("negated")]
    if asks_if_i_believe_you(question, language):
        mine = [g for g in told if g.meta.get("from_listener")]
        return max(mine, key=lambda g: int(g.meta.get("tick", 0))) if mine else None
    told = [g for g in told if not g.meta.get("from_listener")]
    named = [g for g in told if g.meta.get("teller_name") in teller_names]
    pool = named or [g for g in told if g.meta.get("asked_before")] or told
    return max(pool, key=lambda g: int(g.meta.get("tick", 0))) if pool else None


def how_sure(credibility: float) -> str:
    """The answer's key by how credible the belief is."""
    return "sure" if credibility >= SURE else "half" if credibility >= DOUBT else "doubt"


def believe_answer(items: list[GroundingItem], question: str, language: str, teller_names: list[str], seed: int,
                   say: Callable[[GroundingItem], str | None]) -> str | None:
    """How sure I am of the telling asked after, then what it told me (said by ``say``); None when I was
    told nothing the question can be about."""
    lang = "zh" if language == "zh" else "en"
    told = telling_asked(items, question, lang, teller_names)
    if told is None:
        return None
    me = asks_if_i_believe_you(question, lang)
    options = ANSWERS[lang][("me_" if me else "") + how_sure(float(told.meta.get("credibility", 0.5)))]
    first = options[seed % len(options)].format(teller=told.meta.get("teller_name") or "")
    line = None if me else say(told)  # their own words are not said back to them
    return (("" if lang == "zh" else " ").join([first, line])) if line else first
