""""You're a fine cook, Ada!" / "阿虎，你的功夫真好！" praises the one spoken to.

A compliment is no news and no question: it is thanked, in the NPC's manner (a warm one glad of
it, a cool one gruff), not answered with small talk or an apology. Only the listener's own
doing or gift is praise here; a question ("你的功夫真好吗？") or a negation is not.
"""

from __future__ import annotations

import re

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
        rf"|\bwhat an?\s+(?:\w+\s+)?{_GOOD_EN}\s+\w+", re.IGNORECASE),
    "zh": re.compile(
        r"(?:你|您)(?:的)?[\u4e00-\u9fff]{0,5}?(?:真|太|好(?!好)|很|特别|可|挺|实在)(?:是)?"
        r"(?:好(?!吗|不好|像)|棒|厉害|漂亮|好看|好听|好吃|好喝|美|俊|了不起|地道|不错|绝|精彩|出色|有本事|能干)"
        r"|(?:你|您)[\u4e00-\u9fff]{0,4}?得(?:真|太|好|很|特别|挺)(?:好|棒|漂亮|好听|好看|好吃|精彩|地道|香|整齐|干净)"
        r"|(?:你|您)(?:真是|真|可真是)(?:个|一把)?(?:好手|行家|高手|能人|角儿)"),
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
