"""Whether a yes/no question about the listener asks after a deed of theirs (did you do it?).

Found by the newcomers (N-33, N-37, N-51, N-59): in zh every 吗-question with a 你 in front was read as
an accusation, so 你以后还找威远镖局押货吗？, 你信她的话吗？, 你跟柳娘熟吗？, 你还怪他吗？ and 你会去找柳娘算账吗？
were all met with "没有，不是我干的。". A deed is something done: asked in the perfective (你偷了面粉吗, 你拿过
吗, 你倒豆渣没有), in the 是…的 shape (井绳是你弄断的吗), with 把 or 有没有 (你有没有拿我的钱), or put as what
someone says of you (王婶说你往井边倒豆渣，是真的吗). What you believe, feel, think, know, will do, or how
well you know someone is no deed, whatever its shape. In English "did you ..." asks a deed unless its
verb is of the mind ("Did you believe her?", "Did you trust him?").
"""

from __future__ import annotations

import re

# adverbs that may stand between 你 and its verb
_ZH_ADVERB = r"(?:还|也|都|又|真的?|现在|以后|今后|将来|往后|一直|还是|到底|究竟|亲眼|当时|那时|心里|是不是|是否|可|就|会不会)*"
# what is not done: believing, feeling, thinking, knowing, willing, being able, being close to someone
_ZH_NOT_DONE = re.compile(
    r"(?:你|您)" + _ZH_ADVERB
    + r"(?:信|相信|怪|恨|熟|认识|认得|会|要|想|打算|准备|能|敢|肯|愿意|喜欢|怕|心情|高兴|难过|伤心|开心|生气|觉得|以为|"
      r"累|忙|饿|同意|后悔|担心|记得|看见|看到|见到|瞧见|听说|听到|知道|见过|明白|懂|满意|介意|在意|服气|放心|"
      r"(?:跟|和|与)[^，,。？?]{1,8}?(?:熟|好|要好|合得来|处得来|关系))")
# the shapes of a deed asked after
_ZH_DONE = re.compile(r"(?:你|您)[^，,。？?]{0,12}?(?:了|过)[^，,。？?]{0,10}?(?:吗|么|没有|没)?[？?。]?\s*$"
                      r"|(?:是不是|是)(?:你|您)[^，,。？?]{1,12}的"
                      r"|(?:你|您)(?:是不是|有没有|真的|是)?把"
                      r"|(?:你|您)(?:是不是|真的)?有没有"
                      r"|(?:你|您)[^，,。？?]{1,12}(?:没有|没)[？?]?\s*$"
                      r"|(?:你|您)(?:是不是|是)[^，,。？?]{1,12}的(?:吗|么)?[？?。]?\s*$"  # 你是不是故意少找钱的？
                      r"|故意|存心|成心|有意"
                      r"|(?:说|讲|传|听说)(?:是)?(?:你|您)")
_EN_NOT_DONE = re.compile(r"\b(?:did|have|had) you (?:ever |really |truly |honestly )?(?:believ\w*|trust\w*|forg[ai]v\w*|"
                          r"blam\w*|want\w*|agree\w*|understand|understood|expect\w*|hoped?|wish\w*|cared?|doubt\w*|"
                          r"suspect\w*|imagin\w*|guess\w*|suppos\w*|mean it)\b", re.IGNORECASE)


def asks_a_deed(question: str, language: str) -> bool:
    """Whether the yes/no question (already known to be about the listener) asks whether they did something."""
    if language != "zh":
        return not _EN_NOT_DONE.search(question)
    if _ZH_NOT_DONE.search(question) and not re.search(r"(?:说|讲|传|听说)(?:是)?(?:你|您)", question):
        return False  # (not "王婶说你不想干了，是真的吗？": a tale of me is answered as one)
    return bool(_ZH_DONE.search(question))


# "Silas, were you drunk last night?" (N-54): a fault put to me as a state, not a deed with "did"
_EN_FAULT = re.compile(r"\b(?:were|was) you (?:really |actually |ever )?(?P<state>drunk|tipsy|late|rude|lying|cheating|stealing|"
                       r"asleep|careless|lazy|drinking|gambling|fighting|in a fight|the one)\b", re.IGNORECASE)
STATE_DENIED = ["{State}? Certainly not.", "No, I wasn't {state}."]


def fault_asked(question: str, language: str) -> str | None:
    """The fault a "were you drunk?" puts to me ("drunk"), or None (zh asks it as a deed: 你喝醉了吗)."""
    m = _EN_FAULT.search(question) if language != "zh" else None
    return m.group("state").lower() if m and m.group("state").lower() != "the one" else None
