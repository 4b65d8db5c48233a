""""Is Gus your colleague?" / "老陈是你师父吗？" asks what someone is to me: answered from the tie.

Found by the newcomer (N-21, N-14): Wren, who works the presses with Gus, said "Not that I know of.";
小梅, 老陈's apprentice, answered with the rumour. The tie decides: yes when it is the one asked
after, and what it is either way.
"""

from __future__ import annotations

import re

# (and put as a guess to confirm: "石头是你徒弟吧？", "Owen's your apprentice, isn't he?": N-35)
# and "赵船家是你什么人？" / "What is Owen to you?": what the tie is, whatever it is (WHAT)
# a name of up to three words: "Is Ewan Trask your apprentice?" (two-word names went unread)
_ASKED = {"en": re.compile(r"\b(?i:is|isn't|was) (?P<name>[A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2}) (?:your|ya) (?P<word>[a-z]+)\b"
                           r"|\b(?P<name2>[A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2})(?:'s| is) (?:your|ya) (?P<word2>[a-z]+),? (?i:isn't (?:he|she)|right|yes)\b"
                           r"|\b(?i:what)(?:'s| (?i:is)) (?P<name3>[A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2}) (?P<word3>to) you\b"
                           # "Are you Milo's master?": whether I am theirs, asked the other way round
                           r"|\b(?i:are|aren't|were) you (?P<name4>[A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2})'s (?P<word4>[a-z]+)\b"
                           # "What's your relationship with Ned?" / "How are you related to Ned?": what the tie is
                           r"|\b(?i:what(?:'s| is) your (?:relationship|connection) (?:with|to)|how are you (?:related|connected) to) "
                           r"(?P<name5>[A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2})"),
          "zh": re.compile(r"(?P<name>[\u4e00-\u9fff]{1,4}?)(?:是不是|是)(?:你|您)(?:的)?(?P<word>[\u4e00-\u9fff]{1,3}?)"
                           r"(?:吗|么|吧|不是|对吧|是吧|？|\?|$)"
                           r"|(?:你|您)(?:是不是|是)(?P<name4>[\u4e00-\u9fff]{1,4}?)的(?P<word4>[\u4e00-\u9fff]{1,3}?)"
                           r"(?:吗|么|吧|？|\?|$)"
                           # 你和钱芳勇是什么关系？ (newcomer L-14: 我想想啊。我跟钱芳勇说过……)
                           r"|(?:你|您)(?:和|跟|与)(?P<name5>[\u4e00-\u9fff]{1,4}?)(?:是|之间是)?(?:什么|啥)关系")}
# a tie word said from the other side ("Are you Milo's master?" = "Is Milo your apprentice?")
_OTHER_SIDE = {"master": "apprentice", "mentor": "apprentice", "teacher": "pupil", "apprentice": "master",
               "pupil": "teacher", "student": "teacher", "师父": "徒弟", "师傅": "徒弟", "老师": "学生", "徒弟": "师父",
               "学徒": "师父", "弟子": "师父", "学生": "老师", "boss": "boss"}
# the words a question may use for a tie, by the relationship kinds that answer yes
WORDS = {"colleague": {"colleague", "coworker", "workmate", "partner", "同事", "伙计", "搭档"},
         "partner": {"partner", "colleague", "workmate", "搭档", "伙伴", "合伙人", "同事"},
         "friend": {"friend", "pal", "mate", "朋友", "好朋友"},
         "neighbour": {"neighbour", "neighbor", "邻居"},
         "mentor": {"apprentice", "pupil", "student", "徒弟", "学徒", "弟子", "学生"},
         "other": {"master", "mentor", "teacher", "boss", "师父", "师傅", "老师"},
         "family": {"family", "brother", "sister", "cousin", "father", "mother", "son", "daughter", "亲戚", "家里人"},
         "rival": {"rival", "enemy", "对头", "冤家"}}
# colleagues whose roles say who teaches whom (an apprentice beside the master of the trade: role_ties.py)
WORDS["colleague_mentor"] = WORDS["colleague"] | WORDS["mentor"]
WORDS["colleague_master"] = WORDS["colleague"] | WORDS["other"]
YES = {"en": "Yes", "zh": "是啊"}
NO = {"en": "No", "zh": "不是"}


def tie_asked(question: str, language: str) -> tuple[str, str] | None:
    """(the name, the tie word) when the question asks whether someone is my such-and-such."""
    m = _ASKED["zh" if language == "zh" else "en"].search(question)
    if m is None:
        return None
    groups = m.groupdict()
    if groups.get("name4"):  # I am theirs: the word as they would say it of me, turned to mine of them
        word = groups["word4"].lower()
        return groups["name4"], _OTHER_SIDE.get(word, word)
    if groups.get("name5"):  # what the tie is, whatever it is
        return groups["name5"], WHAT
    name = groups.get("name") or groups.get("name2") or groups.get("name3") or ""
    word = (groups.get("word") or groups.get("word2") or groups.get("word3") or "").lower()
    return name, (WHAT if word in _WHAT_WORDS else word)


WHAT = "what"  # the tie word of "赵船家是你什么人？": any tie answers it
_WHAT_WORDS = {"什么人", "啥人", "什么", "什", "啥", "谁", "to"}  # (什: its 么 ends the match)


def is_that_tie(rel_kind: str, word: str) -> bool | None:
    """Whether my tie of this kind is the one the word asks after (None: the word is no tie word)."""
    if not any(word in w for w in WORDS.values()):
        return None
    return word in WORDS.get(rel_kind, set())


# "你跟柳娘熟吗？" / "Do you know Maud well?" (N-51): how close we are, from the tie (none: not really)
_CLOSE = {"en": re.compile(r"\b(?i:do you know) (?P<name>[A-Z][\w'-]+) (?i:well)\b|\b(?i:are you close (?:to|with)) (?P<name2>[A-Z][\w'-]+)"),
          "zh": re.compile(r"(?:你|您)(?:和|跟|与)(?P<name>[\u4e00-\u9fff]{1,5}?)(?:很|挺|算|还)?(?:熟|熟悉|要好|合得来)(?:吗|不|么|？|\?|$)")}
CLOSE = {"en": {"yes": "Well enough", "no": "Not really; I hardly know {about}."},
         "zh": {"yes": "熟", "no": "不太熟，跟{about}没怎么打过交道。"}}


def closeness_asked(question: str, language: str) -> str | None:
    """The name in "你跟柳娘熟吗？" / "Do you know Maud well?", or None."""
    m = _CLOSE["zh" if language == "zh" else "en"].search(question)
    return (m.group("name") or m.groupdict().get("name2")) if m else None
