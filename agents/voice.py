"""The offline voice: a reply is a dialogue act plus the memories chosen for it, said by a grammar.

Code picks the act (answer, deny, react to news, greet, thank, forgive, apologise, farewell, small
talk, share news) from the route and intents; the grounding items are the memories. Each memory
is said in the right person (the listener is "you", the holder "I/me", others by name), as
reported speech (never a quotation inside the quoted reply), with its hedges and, for something
heard, its source ("Cora told me ..." / "听老周说……"). Wording varies by a draw from a stream
seeded by the world's seed, and a reply the NPC already gave today is never given again.
"""

from __future__ import annotations

import re
import zlib
from typing import Literal

import numpy as np

from townsfolk.agents import grammar_en, grammar_zh
from townsfolk.agents.addressee_words import told_by_me_en, told_by_me_zh, told_to_me_en
from townsfolk.agents.asked_thing import asked_thing
from townsfolk.agents.believe_question import SEEN as SEEN_BELIEVED
from townsfolk.agents.believe_question import asks_if_i_believe, believe_answer
from townsfolk.agents.confidences import KEPT_FOR_THEM
from townsfolk.agents.deed_match import (
    NOT_MEANT,
    accusation,
    accusation_of,
    alleges_intent,
    denial_clause,
    owns_up,
    same_deed,
    same_thing,
)
from townsfolk.agents.deed_question import STATE_DENIED, asks_a_deed, fault_asked
from townsfolk.agents.done_to_me import YES as YES_DONE
from townsfolk.agents.done_to_me import done_to_me_answer
from townsfolk.agents.fault_asked import asks_whose_fault, fault_answer
from townsfolk.agents.glad_remark import AGREE, glad_thing
from townsfolk.agents.good_or_bad import verdict_answer, verdict_asked
from townsfolk.agents.heard_about import about_the_asked, asks_news_of, named_first
from townsfolk.agents.join_words import without_repeats
from townsfolk.agents.listener_words import drop_opener, revoiced
from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest
from townsfolk.agents.my_loss import asks_my_loss
from townsfolk.agents.my_mood import asks_my_mood, cause, fine_words
from townsfolk.agents.my_plans import PLANS, TALK_CALM, asks_my_plan, asks_to_talk, plan_key
from townsfolk.agents.my_tellings import (
    ALSO_TOLD,
    KEPT_BACK,
    MADE_WORSE,
    NOT_ABOUT,
    OWNED,
    asks_what_was_said,
    confronted_with,
    defensive,
    my_telling_to,
    told_about,
    told_whom,
)
from townsfolk.agents.not_what_said import HEARD_NOTHING, STAND_BY, disputed_speaker, is_retort
from townsfolk.agents.our_visit import (
    NOT_HEARD,
    SMALL_TALK,
    asks_what_we_talked,
    only_of_asker,
    our_chat,
)
from townsfolk.agents.persona_clause import persona_clause, pronoun_zh
from townsfolk.agents.plea import answer_plea, is_plea
from townsfolk.agents.praise import is_praise, praise_key
from townsfolk.agents.relayed_amends import (
    IN_PERSON,
    amends_heard,
    grudge_held,
    relayed_answer,
    sorry_to_my_face,
    still_cross,
    wrongs_i_saw,
)
from townsfolk.agents.remember_me import ANSWERS as REMEMBER
from townsfolk.agents.remember_me import SAID as SAID_OF_ASKER
from townsfolk.agents.remember_me import asks_remember_me
from townsfolk.agents.reported_apology import relayed_sorry
from townsfolk.agents.role_questions import asks_my_trade, asks_play, asks_role, asks_teacher
from townsfolk.agents.safety import check_safety
from townsfolk.agents.said_to_whom import said_to, with_recap_lead
from townsfolk.agents.saw_it import FIRST_HAND, NOT_THERE, SAW_IT, asks_if_i_saw, seen_myself
from townsfolk.agents.small_talk import (
    how_things_are,
    small_talk_answer,
    small_talk_topic,
    without_greeting,
)
from townsfolk.agents.sorry_asked import asks_if_i_will_apologise, asks_if_sorry, sorry_answer
from townsfolk.agents.state_answer import asks_back, is_state_answer
from townsfolk.agents.tellings_asked import (
    HELD_BACK,
    NOTHING,
    OTHER_WAY,
    TOLD_NOBODY,
    TOLD_THEM,
    asks_whom_i_told,
    listed,
    teller_asked,
)
from townsfolk.agents.those_words import NOT_THOSE_WORDS, not_in_those_words
from townsfolk.agents.tie_question import CLOSE, closeness_asked, is_that_tie, tie_asked
from townsfolk.agents.tie_question import NO as NO_TIE
from townsfolk.agents.tie_question import WHAT as WHAT_TIE
from townsfolk.agents.tie_question import YES as YES_TIE
from townsfolk.agents.titles import HOLDER, asks_who_holds
from townsfolk.agents.tongue_remark import is_tongue_remark, tongue_answer
from townsfolk.agents.too_hard import reproached_for_treatment, treatment_answer
from townsfolk.agents.twisted_asked import TWISTED, asks_who_twisted
from townsfolk.agents.voice_phrases import ACT_PROMPTS, MEMORY_HINTS, PHRASES, TIES
from townsfolk.agents.what_i_saw import NOTHING as WHAT_I_SAW_NOTHING
from townsfolk.agents.what_i_saw import asks_what_i_saw, seen_items
from townsfolk.agents.who_is import asks_who, how_i_know
from townsfolk.agents.you_told_me import NONE as NONE_TOLD
from townsfolk.agents.you_told_me import NONE_AT_ALL, asks_what_you_told, told_by_asker
from townsfolk.agents.your_people import named_as, without_your_people
from townsfolk.memory.negation import EN_UNSAID, ZH_UNSAID
from townsfolk.memory.predicate_reader import read as read_claim
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.memory.predicates import INVENTORY
from townsfolk.memory.topic import asks_how_things_are, is_topic_question

Act = Literal["answer", "deny", "react", "greet", "farewell", "thank", "forgive", "apologise", "small_talk",
              "share_news", "plea", "decline"]
MAX_MEMORY_LINES = 4
_THANKS = re.compile(r"谢谢|多谢|感谢|谢啦|谢了|辛苦(?:你|您)?了|\bthanks?\b|\bthank you\b|\bcheers\b", re.IGNORECASE)
_STITCHED_EN = re.compile(r"^(?:Today|Over the day|Over \d+ days), \d+ things with (?P<about>.+?), (?P<mood>[^;]+); "
                          r"the one I remember: (?P<top>.+)$")
_STITCHED_ZH = re.compile(r"^(?:今天|这(?:\d+|一|两)天里)和(?P<about>.+?)有\d+件事，(?P<mood>[^；]+)；最记得的是：(?P<top>.+)$")
_ONE_THING = {"en": re.compile(r"^(?:Today|Over the day|Over \d+ days), with (?P<about>[^:]+): (?P<top>.+)$"),
              "zh": re.compile(r"^(?:今天|这(?:\d+|一|两)天里)和(?P<about>[^：]+?)之间：(?P<top>.+)$")}
# a designer's gloss after the deed ("...lost half a day: a careless slip") is the narrator's word, not
# the teller's: said aloud it pasted the scenario's text
_GLOSS = re.compile(r"\s*:\s+(?:(?:just|only|simply|merely)\s+)?(?:a|an)\s+[\w' -]{1,40}\.?$")
# someone's words or mind, reported: "Rourke says I am careless", "Rourke thinks I am unreliable"
_A_REPORT = re.compile(r"^\w+(?: \w+)? (?:said|says|told|thinks|thought|reckons|claims|believes|feels)\b")
_QUESTION = re.compile(r"[？?]\s*$|吗\s*$")
_HARD_TO_SAY = ("hard to say", "说不好")


def _same_name(full: object, asked: str) -> bool:
    """Whether the name asked is this name, or its first word ("Ewan" of Ewan Trask)."""
    return isinstance(full, str) and bool(asked) and (full == asked or full.split(" ")[0] == asked)


def _deed_words(text: str) -> bool:
    """Whether an impression's English words are a deed ("stole something", "broke a promise", the
    inventory's words for a predicate said as a deed), not what someone is like ("careless")."""
    return any(text == spec.en for spec in INVENTORY.values() if not spec.en.startswith(("is ", "was ")))
# "你和小虎和好了吗？" / "Have you made up with Tomas?" asks how the tie stands, never an accusation
# a question that names no happening of its own ("Did you see what happened?"): whatever I saw is its answer
_WHAT_HAPPENED = {"en": re.compile(r"\bwhat happened\b|\bwhat went on\b", re.IGNORECASE),
                  "zh": re.compile(r"(?:发生了?|出了?)什么事|怎么回事|(?:事情|那事|这事)的?经过")}
# "小满怎么样？" / "小满这孩子怎么样？" / "你徒弟小满怎么样？" / "How's Ned?" asked of a person the question names
_HOW_IS = {"zh": re.compile(r"^\W*(?:那|你觉得|您觉得)?[^，,。？?]{1,10}?(?:这孩子|这个人|这家伙|这丫头|这小子|这姑娘|这后生|这老头)?"
                            r"(?:最近|现在|这阵子)?(?:怎么样|咋样|如何|好不好)\W*$"),
           "en": re.compile(r"^\W*(?:and\s+)?(?:how(?:'s| is)|what about|and what about)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?"
                            r"(?:\s+(?:doing|these days|lately))?\W*$")}
_RELATION = {"zh": re.compile(r"你(?:和|跟)[^，,？?]{1,8}?(?:现在|最近|之间|这阵子)?(?:都|已经|还)?"
                              r"(?:怎么样|怎样|如何|还好|处得|和好|和解|讲和|说开|重归于好|闹翻)"),
             "en": re.compile(r"\b(?:you and \w+|between you and|things with \w+)\b.*\b(?:now|lately|these days|how)\b"
                              r"|\bhow are (?:things|you) (?:with|and)\b"
                              r"|\b(?:made|make|making) (?:it )?up with\b|\breconciled with\b"
                              r"|\b(?:you and \w+|you two) (?:have |ever )?(?:made|make) up\b"
                              # "Did you and Ned talk since yesterday?": how things stand between us, no deed of mine
                              r"|\b(?:did|have|had|are|were) you and [A-Z][\w'-]*(?: [A-Z][\w'-]*)? (?:ever |really |finally )?"
                              r"(?:talk|talked|speak|spoken|spoke|meet|met|sort|sorted|patch|patched|settle|settled|fall out|fallen out|fell out|"
                              r"get on|got on|quarrel|quarrelled|argue|argued|clear|cleared)\b", re.IGNORECASE)}
# whether something has come between me and someone: asked as yes/no, answered with what came between us
_RIFT_ASKED = {"en": re.compile(r"\b(?:is|was|has) (?:there )?(?:something|anything) (?:been )?(?:wrong|the matter|amiss|up|going on|"
                                r"happened) (?:between you and|with you and)\b|\bbetween you (?:and \w+|two)\b.*\b(?:wrong|"
                                r"the matter|going on|a problem|trouble|a quarrel|bad blood)\b", re.IGNORECASE),
               "zh": re.compile(r"(?:你|您)(?:和|跟)[^，,？?]{1,8}?(?:之间)?(?:是不是)?(?:有|出了?)(?:什么|啥|点)?"
                                r"(?:不对劲|矛盾|过节|误会|疙瘩|问题|别扭|不愉快)")}
# how someone treats the listener: "你师父对你好吗？", "Is your master kind to you?" (how things stand between them)
_TREATS = {"zh": re.compile(r"对(?:你|您)(?:好|不好|怎么样|如何|凶|严|客气|照顾)"),
           "en": re.compile(r"\b(?:kind|good|nice|fair|hard|strict|harsh|cruel|decent|gentle) (?:to|with|on) you\b"
                            r"|\btreat(?:s|ing)? you\b", re.IGNORECASE)}
_OPINION = {"zh": re.compile(r"好吃|好喝|好不好|好用|你觉得|你看.{0,6}怎么样|(?:你|您)(?:是)?(?:怎么|咋)(?:看|想)|这人怎么样|(?:你|您)(?:还)?(?:喜欢|爱吃|爱喝)"
                             r"|(?:人|为人|人品)(?:怎么样|如何|好吗|好不好)|(?:是)?(?:个)?什么样的人"
                             r"|(?:你|您)(?:现在)?(?:对|跟)[^，,。？?]{1,8}(?:是)?什么(?:感觉|想法)"),
            "en": re.compile(r"\b(?:any good|is it good|(?:do|did) you (?:like|enjoy|love)|what do you (?:think|make)|"
                             r"taste good|tasty|how do you find|how do you feel (?:about|towards?)|how are you feeling about|what (?:kind|sort) of (?:a )?(?:person|man|woman|fellow|chap|"
                             r"lad|lass|girl|boy|neighbou?r|worker)|what(?:'s| is| was) (?:your |the |old )?[A-Z]?[\w'-]+ like)\b", re.IGNORECASE)}
_FEEL_ABOUT = {"en": re.compile(r"\bhow (?:do|are) you (?:feel|feeling) (?:about|towards?)\b", re.IGNORECASE),
               "zh": re.compile(r"(?:你|您)(?:现在)?(?:对|跟)[^，,。？?]{1,8}(?:是)?什么(?:感觉|想法)|(?:你|您)(?:现在)?心里(?:怎么|咋)(?:看|想)")}
_LEAD_IN = r"^\s*(?:(?:and|so|but|well|then|oh)\b,?\s*)?"
_YES_NO = {"zh": re.compile(r"是不是|有没有|是真的吗|吗[？?]?\s*$"),
           "en": re.compile(_LEAD_IN + r"(?:\w+ (?:says|said|told me) (?:that )?)?(?:did|do|does|is|are|was|were|has|"
                            r"have|had|can|could|will|would)\b|\bis (?:it|that) true\b", re.IGNORECASE)}
# a yes/no about the listener's own doing: "did you break it?", not "is Barnaby angry with you?"
_ABOUT_YOU = {"zh": re.compile(r"^(?:[^，,。？?]{1,6}(?:说|讲|告诉我)，?)?(?:那|那么|所以|是不是|是|真是|难道|听说)?(?:你|您)"
                               r"(?!们|听说|知道|见过|看见|看到|听到|觉得|记得|认识|喜欢)"
                               r"|^[^，,。？?]{1,12}?(?:是不是|是)(?:你|您)(?!们|的|们的)[^，,。？?]{1,12}的"),  # 井绳是你弄断的吗
              "en": re.compile(r"(?:" + _LEAD_IN + r"(?:did|have|had) you|\b\w+ (?:says|said|told me|claims) (?:that )?you)\b"
                               r"(?! (?:heard|hear|know|knew|seen|see|saw|remember|think|like|enjoy|love|feel|mind|"
                               r"met|meet|ever meet|ever met))", re.IGNORECASE)}
# "do you know Ana?" (a person, nothing after the name), not "do you know if Ana is coming?"
_KIN_WORDS_EN = (r"cousin|brother|sister|uncle|aunt|nephew|niece|friend|husband|wife|son|daughter|father|mother|"
                 r"grandfather|grandmother|grandson|granddaughter|mate|partner|master|apprentice|neighbour|boss")
_KIN_WORDS_ZH = r"表哥|表姐|表弟|表妹|堂哥|堂姐|堂弟|堂妹|哥哥|姐姐|弟弟|妹妹|叔叔|舅舅|姑姑|姨妈|侄子|外甥|朋友|师父|徒弟|东家|伙计|兄弟|哥|姐|弟|妹"
_KNOW_PERSON = {"zh": re.compile(r"(?:你|您)(?:认识|认得|见过|知道)(?:[^，,？?吗]{1,4}|一?个?叫[\u4e00-\u9fff]{2,4}的人"
                                 rf"|我(?:的)?(?:{_KIN_WORDS_ZH})[\u4e00-\u9fff]{{0,4}})(?:吗|不|没)"),
                "en": re.compile(r"\b(?i:do you know|have you (?:ever )?met|did you (?:ever )?meet|you know)\s+"
                                 rf"(?:(?i:my|our) (?i:{_KIN_WORDS_EN}),?\s+)?"
                                 r"(?:(?i:a |an )?(?i:man|woman|lad|girl|boy|fellow|someone|anyone|somebody|anybody)\s+"
                                 r"(?i:called|named|by the name of)\s+)?"
                                 r"(?:the |old |young )?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s*[?.!]?\s*$")}
_FEELING = {"zh": re.compile(r"生.{0,4}气|不高兴|恼|怪(?:你|我)|记恨|不满|(?:你|您)(?:还|是不是|真的)?(?<!奇)(?<!古)(?:怪|埋怨|怨)(?!不得)"),
            "en": re.compile(r"\b(?:angry|cross|upset|mad|annoyed|sore|furious|bitter|blame|hold it against|resent)\b",
                             re.IGNORECASE)}
# "Do you blame Finn?" / 你怪阿福吗: my feeling toward them asked as fault, answered as blame, not as anger
_BLAME = {"en": re.compile(r"\b(?:blame|hold it against|resent)\b", re.IGNORECASE),
          "zh": re.compile(r"(?<!奇)(?<!古)(?:怪|埋怨|怨)(?!不得)")}
_MY_DAY = {"zh": re.compile(r"(?:你|您)(?:今天|刚才|早上|上午|下午|这几天|最近)?(?:都)?(?:干嘛|干什么|干啥|做什么|做了什么|忙什么|忙啥|去哪)"
                           r"|^(?:你|您)?今天(?:过得)?(?:还)?(?:怎么样|好吗|如何)"
                           r"|(?:^|[，,。！!\s])(?:你|您)?(?:在|这是)?忙(?:什么|啥|着呢|着哪|呢)|(?:你|您)在(?:干嘛|干什么|干啥|做什么)"),  # C-3
           "en": re.compile(r"\bwhat (?:did|have) you (?:do|done|been (?:doing|up to))\b|\bwhat were you (?:doing|up to)\b"
                            r"|\bhow was your (?:day|morning|afternoon)\b|\bwhat are you (?:doing|up to|working on|busy with)\b",
                            re.IGNORECASE)}


def question_kind(text: str, language: str) -> str | None:
    """What sort of question this is, so the reply answers it first: "relation" (how are you and X),
    "my_day" (what did you do), "opinion" (is it good, did you like it, what do you think of X),
    "know" (do you know X), "feeling" (is X angry with you), "deed" (a yes/no about the listener's
    own doing), "yes_no", or None. A question is never read as an accusation unless it is one."""
    lang = "zh" if language == "zh" else "en"
    text = without_greeting(text)  # "你好呀，今天生意好吗？": the 你 of 你好 accuses nobody
    if small_talk_topic(text, lang):
        return "small_talk"
    if asks_remember_me(text, lang):
        return "remember_me"  # "你还记得我吗？": from what I hold of the asker, never a denial
    if _RELATION[lang].search(text) or _TREATS[lang].search(text):
        return "relation"
    if asks_my_mood(text, lang):
        return "my_mood"  # "你怎么闷闷不乐的？" / "You look glum.": what weighs on me (my_mood.py)
    if asks_how_things_are(text, lang):
        return "news"  # "渡口最近太平吗？": yes or no from the news held, then the news
    if _MY_DAY[lang].search(text):
        return "my_day"
    if _OPINION[lang].search(text):
        return "opinion"
    if _KNOW_PERSON[lang].search(text) or asks_who(text, lang):
        return "know"
    if asks_news_of(text, lang):
        return None  # "Have you heard about Dov and Ysolde?": their news, not a yes-no (heard_about.py)
    text = without_your_people(text, lang)  # "你爹是不是骂二柱了？": her father's doing, not hers (your_people.py)
    if fault_asked(text, lang):
        return "deed"  # "Silas, were you drunk last night?": a fault put to me (deed_question.py)
    if _RIFT_ASKED[lang].search(text):
        return None  # "Is something wrong between you and Cal?": the story of it, never "not that I know of" (M-1)
    if _YES_NO[lang].search(text):
        if _FEELING[lang].search(text):
            return "feeling"  # is X angry with you: answered from what I hold of them, not denied
        # (a yes/no about me is an accusation only when it asks a deed: not 你信她的话吗 / 你跟柳娘熟吗, deed_question.py)
        return "deed" if _ABOUT_YOU[lang].search(text) and asks_a_deed(text, lang) else "yes_no"
    return None


def _overlaps(a: str, b: str, zh: bool) -> bool:
    """Whether two texts share content: a two-character run (zh) or a word of 4+ letters (en)."""
    if zh:
        grams = {a[i:i + 2] for i in range(len(a) - 1)} - {"是不", "不是", "真的", "的吗"}
        return any(g in b for g in grams if re.fullmatch(r"[\u4e00-\u9fff]{2}", g))
    words = {w for w in re.findall(r"[a-z]{4,}", a.lower())} - {"that", "this", "with", "true", "said", "says"}
    return any(w[:5] in b.lower() for w in words)


def _shared(a: str, b: str, zh: bool) -> int:
    """How much of the question a memory says: shared two-character runs (zh) or word stems (en)."""
    if zh:
        return sum(1 for g in {a[i:i + 2] for i in range(len(a) - 1)} if re.fullmatch(r"[\u4e00-\u9fff]{2}", g) and g in b)
    return sum(1 for w in {w[:5] for w in re.findall(r"[a-z]{4,}", a.lower())} if w in b.lower())


# a plea put to me as a question ("Will you forgive Cal?", 你能原谅小六吗？, 你原谅小六了吗？): about my own
# forgiving, so weighed as a plea (not "Did Bea forgive Cal?")
_ASKED_PLEA = re.compile(r"\byou\b|[你您]", re.IGNORECASE)


def choose_act(route: str, kinds: set[str], text: str, *, speaker_is_npc: bool, has_memories: bool) -> Act:
    """The dialogue act for this turn: pure code over the route and intents."""
    if route == "farewell" or ("farewell" in kinds and "ask_about" not in kinds):
        return "farewell"
    if not speaker_is_npc and (going_round(text, "zh") or going_round(text, "en")):
        return "react"  # "阿福到处跟人说你总是迟到，你知道吗？" tells me of a tale: neither a question nor a quarrel
    if "apology" in kinds:
        return "forgive"
    if "conflict" in kinds:
        return "apologise"
    if _THANKS.search(text) and ("ask_about" not in kinds or is_state_answer(text, "zh")):
        return "thank"  # "Not bad, thanks. And you?" asks after me: the answer is composed as such (state_answer.py)
    asked = bool(_QUESTION.search(text))
    if not speaker_is_npc and asked and _ASKED_PLEA.search(text) and (is_plea(text, "zh") or is_plea(text, "en")):
        return "plea"  # "你能原谅小六吗？" / "Will you forgive Cal?" asks a plea: weighed, not answered as news
    if route == "answer_from_memory" or (route == "listen" and asked):
        return "answer" if has_memories else "deny"
    if not speaker_is_npc and (is_plea(text, "zh") or is_plea(text, "en")):
        return "plea"  # "go easy on Pell, it was an accident": weighed against what I hold (agents/plea.py)
    if not speaker_is_npc and (small_talk_topic(text, "zh") or small_talk_topic(text, "en")):
        return "small_talk"  # "你好呀，今天生意好吗？": a word on the trade, not a greeting alone
    if "request" in kinds and route == "small_talk" and not speaker_is_npc:
        return "decline"  # "can you help me find a cart to town?" no errand takes up: say so, never the weather
    if "greet" in kinds and not speaker_is_npc:
        return "greet"
    if route in ("listen", "update_details") or speaker_is_npc:
        return "react"
    if route == "repair":
        return "answer" if has_memories else "apologise"
    return "share_news" if has_memories and speaker_is_npc is False and "tell" in kinds else "small_talk"


def act_prompt(act: str, language: str) -> str:
    """What the model is asked to do this turn (the same act the offline voice performs)."""
    lang = "zh" if language == "zh" else "en"
    hints = MEMORY_HINTS[lang]
    return hints["act"] + ACT_PROMPTS[lang].get(act, ACT_PROMPTS[lang]["answer"]) + " " + hints["source"]


def variation_seed(world_seed: int, npc: str, tick: int, turn: int) -> int:
    """A deterministic stream per (world seed, NPC, tick, turn): varied wording that never shifts the
    world's own rng, so changing a phrase cannot change who believes what."""
    return zlib.crc32(f"{world_seed}|{npc}|{tick}|{turn}".encode())


class _Voice:
    def __init__(self, request: LLMRequest) -> None:
        self.zh = request.language == "zh"
        self.lang = "zh" if self.zh else "en"
        self.g = grammar_zh if self.zh else grammar_en
        meta = request.meta
        seed = meta.get("variation")
        if seed is None:
            seed = zlib.crc32(f"{request.speaker}|{request.listener}|{request.messages[-1].content if request.messages else ''}"
                              .encode())
        self.rng = np.random.default_rng(int(seed))
        self.said = set(meta.get("said_today") or [])
        self.said_to_listener = [t.lower() for t in meta.get("said_to_listener") or []]
        self.question = request.messages[-1].content if request.messages else ""
        self.request = request
        self.meta = meta

    def pick(self, key: str, **slots: str) -> str:
        options = PHRASES[self.lang][key]
        text = options[int(self.rng.integers(len(options)))]
        return text.format(**slots) if slots else text

    # --- one memory, said aloud ---------------------------------------------------------------
    def line(self, item: GroundingItem) -> str | None:
        m = item.meta
        if item.kind == "impression":
            return self._impression(item)
        if item.kind == "tie":
            return self._tie(item)
        if item.kind == "summary":
            return self._summary(item)
        if item.kind == "belief":
            claim = m.get("claim_text") or item.text
            if m.get("source") == "account":
                quote = m.get("quote") or claim
                said = self.g.reported(quote, subject_name=m.get("subject_name"))
                return self.pick("account", teller=m.get("teller_name", ""), claim=said)
            if m.get("from_listener"):
                words = revoiced(claim, self.lang) if m.get("listener_words") \
                    else drop_opener(self.g.clause(claim), self.lang)
                return self.pick("from_listener", claim=words) if words else None
            if m.get("source") == "told" and m.get("teller_name"):
                if not self.zh and '"' not in claim and grammar_en.speaks_for_self(claim) and not _A_REPORT.match(claim) \
                        and not m.get("quote_mine"):  # "Greta burnt my supper" is my supper (quote_persons.py)
                    # (not "Finn told me, 'Rourke says I am always careless'": a report is reported, never quoted)
                    # the teller's own words in the teller's own person: "Tomas told me, 'I think ...'"
                    return self.pick("told_by_quote", teller=m["teller_name"],
                                     claim=grammar_en.first_sentence(claim.replace('"', "").strip()).rstrip("."))
                return self.pick("told_by", teller=m["teller_name"], claim=self.g.clause(claim))
            return item.text
        if item.kind == "event":
            if m.get("dialogue") or m.get("message"):
                return None  # what was said in conversation is not news
            if m.get("speaker_name") and sorry_to_my_face(item):  # not "Cal said to me that Cal is sorry Cal broke my jug, me"
                return IN_PERSON[self.lang].format(name=m["speaker_name"])
            if m.get("fact_kind") == "say" and m.get("quote"):
                said = self.g.reported(m["quote"], subject_name=m.get("subject_name"))
                nested = "_nested" if self.g.is_reported(said) else ""  # 我跟小梅说过，老张说……
                if m.get("source") == "said" and m.get("to_names"):
                    # my words to them: their "you" is them, not this listener (agents/addressee_words.py)
                    said = (told_by_me_zh if self.zh else told_by_me_en)(said, m["to_names"])
                    return self.pick("i_told" + nested, to=m["to_names"], said=said)
                if m.get("source") == "heard" and m.get("speaker_name"):
                    # their 我/I is them, their 你/you is me
                    said = grammar_zh.heard_from(said, m["speaker_name"]) if self.zh \
                        else told_to_me_en(said, m["speaker_name"], m.get("speaker_pron") or "")
                    return self.pick("they_told" + nested, speaker=m["speaker_name"], said=said)
            what = self.g.clause(_GLOSS.sub("", self.g.unquote(item.text)))
            if m.get("puzzled"):
                return self.pick("puzzled", what=what)
            return what
        return item.text

    def _tie(self, item: GroundingItem) -> str:
        words, m = TIES[self.lang], item.meta
        about = m.get("about_name", "")
        said = words.get(m.get("rel_kind", ""), words["other"]).format(about=about, label=m.get("label", ""))
        kin = named_as(self.question, self.lang, m.get("role") or "") if m.get("rel_kind") == "family" else None
        if kin:  # asked after "your nephew": "Wat is my nephew", not "Wat is family to me"
            said = f"{about}是我{kin}" if self.zh else f"{about} is my {kin.lower()}"
        persona = persona_clause(m.get("persona"), self.lang, m.get("role") or "", about,  # a clause, never the note itself
                                 m.get("pronoun") or "")
        me = self.request.speaker
        if persona and me and me != about and me in persona:  # Tom of Jem: "buys his flour from me", not "from Tom"
            persona = persona.replace(me, "我") if self.zh else \
                re.sub(rf"\b{re.escape(me)}\b", "me", re.sub(rf"\b{re.escape(me)}'s\b", "my", persona))
        if persona and m.get("rel_kind") == "family" and re.match(r"^(?:人|这人|他|她)?(?:住在|家住|lives at\b)", persona):
            persona = None  # a generated town's "住在韩家" of my own household: not 韩超是我家里人，为人住在韩家 (L-30)
        if persona and self.zh and persona.startswith("人"):  # "人勤快，认死理" is said of them: 她为人勤快 / 为人勤快
            he = pronoun_zh(about, m.get("role") or "", m.get("persona") or "", m.get("pronoun") or "")
            if _ZH_NOT_CHARACTER.match(persona[1:]):  # 年轻, 力气大: not a character, so not 为人 (N-36)
                persona = (he or "这人") + persona[1:]
            else:
                persona = he + "为" + persona
        if persona and not self.zh and about and persona.startswith(f"{about}'s ") and said.startswith(f"{about} is "):
            # "Mara is a friend of mine, sharp-tongued ...": no name twice (an appositive needs "Mara is ..." before
            # it: "Olly and I work together, eager and careless" reads as "Olly and I" both eager; then "; Olly's ...")
            return f"{said}, {persona[len(about) + 3:]}"
        if persona:
            said += ("，" if self.zh else "; ") + persona
        return said

    def _impression(self, item: GroundingItem) -> str | None:
        about = item.meta.get("about_name", "")
        text = item.text.strip()
        if any(h in text for h in _HARD_TO_SAY):
            if item.valence >= 0.3:
                return self.pick("think_well", about=about)
            if item.valence <= -0.3:
                return self.pick("think_ill", about=about)
            return None  # no opinion is nothing to say
        if not self.zh and _deed_words(text):
            # "stole something" is a deed, not what they are like: "I've always found Wendy Carter stole
            # something" (K-45) is said as the lean of it instead
            return self.pick("think_well" if item.valence > 0 else "think_ill", about=about)
        return self.pick("found_good", about=about, text=text)

    def _summary(self, item: GroundingItem) -> str:
        text = item.text.strip()
        about = item.meta.get("about_name") or ""
        if item.meta.get("aired"):
            if self.zh:
                return f"我和{about}当面把话说开了" if about else text
            return f"{about} and I have talked it through" if about else text
        if item.meta.get("cleared"):
            if self.zh:
                return f"我和{about}之间曾有误会，已经说开了" if about else text
            return f"there was a misunderstanding between {about} and me; it's cleared up" if about else text
        one = _ONE_THING[self.lang].match(text)
        if one is not None:  # a summary of one thing is that thing, said plainly
            return self.g.clause(self.g.unquote(one.group("top")))
        m = (_STITCHED_ZH if self.zh else _STITCHED_EN).match(text)
        if m is None:
            return text
        mood = m.group("mood")
        bad = "不太愉快" in mood or "not a good" in mood
        good = not bad and ("挺好" in mood or "a good" in mood)
        mixed = "有好有坏" in mood or "mixed" in mood
        mood_word = self.pick("mood_mixed" if mixed else "mood_bad" if bad else "mood_good" if good else "mood_plain")
        top = self.g.clause(self.g.unquote(m.group("top")))
        return self.pick("stretch", about=about or m.group("about"), mood=mood_word, top=top)

    def finish(self, text: str) -> str:
        text = self.g.unquote(text)
        if not self.zh:
            text = grammar_en.fix_case(text)
        return self.g.sentence(text)

    def join(self, parts: list[str]) -> str:  # a short question echoing a word said just before is left out
        return ("" if self.zh else " ").join(without_repeats(parts, self.zh))


def _fresh_news(items: list[GroundingItem], question: str = "", zh: bool = False) -> GroundingItem | None:
    """What they just told me: of this tick's news from them, the one in the words they said now (an
    earlier line of the same hour is not what I react to)."""
    fresh = [g for g in items if g.kind == "belief" and g.meta.get("fresh") and g.meta.get("from_listener")]
    if len(fresh) < 2 or not question:
        return fresh[0] if fresh else None
    return max(fresh, key=lambda g: _shared(question, g.meta.get("quote") or g.text, zh))


def _stale(items: list[GroundingItem]) -> list[GroundingItem]:
    """Drop what a making-up has overtaken: cold or bad memories of someone from before the clearing."""
    cleared_at: dict[str | None, int] = {}
    for g in items:
        if g.meta.get("cleared"):
            cleared_at[g.about] = max(cleared_at.get(g.about, -1), int(g.meta.get("tick", 0)))
    if not cleared_at:
        return items
    aired = {g.about for g in items if g.meta.get("aired")}  # a real grievance talked through stays true
    keep = []
    for g in items:
        t = cleared_at.get(g.about)
        if t is not None and not g.meta.get("cleared") and g.kind != "impression" and g.valence < 0 \
                and int(g.meta.get("tick", 0)) <= t and not (g.kind == "belief" and g.about in aired) \
                and not g.meta.get("asked_for"):  # "who told you?" of it: its teller, though set right since
            continue
        keep.append(g)
    return keep


def compose(request: LLMRequest) -> str:
    """The offline reply: the act's opener, then the memories in the NPC's voice, never a line
    already said today."""
    v = _Voice(request)
    act: Act = request.meta.get("act") or ("answer" if request.grounding else "deny")
    attempts = []
    for _ in range(8):
        text = _compose_once(v, act, request)
        if v.zh:
            text = own_name_as_me(text, request.speaker)
        if text not in v.said:
            return text
        attempts.append(text)
    if act in ("thank", "farewell", "forgive", "plea"):
        return attempts[0]  # a courtesy said again is said again, not "as I said, you're welcome"
    if attempts[0] in PHRASES[v.lang]["confided"] or attempts[0] in PHRASES[v.lang]["noted"]:
        return attempts[0]  # so is a take-up of something of theirs: "就像我刚才说的，哦？出什么事了吗？" recapped nothing
    if not said_to(attempts[0], v.said_to_listener):
        return attempts[0]  # said today, but to someone else: this listener hears it afresh
    if act == "react" and attempts[0].startswith(tuple(PHRASES[v.lang]["react_me"] + PHRASES[v.lang]["react_statement"])):
        return attempts[0]  # a hurt said again is felt again: never "就像我刚才说的，说我？这不公平。"
    return with_recap_lead(attempts[0], v.zh, _names_of(request))


def own_name_as_me(text: str, name: str) -> str:
    """My own name in words I report is 我 when I speak ("刘婶跟我说小翠说阿虎又把……" said by 阿虎 is
    "……小翠说我又把……"): not inside a quotation, not a name called ("阿虎，") nor one given ("我叫阿虎")."""
    if not name or name not in text:
        return text
    out, depth = [], 0
    for part in re.split(r"([“”])", text):
        if part in ("“", "”"):
            depth += 1 if part == "“" else -1
            out.append(part)
        elif depth > 0:
            out.append(part)
        else:
            out.append(re.sub(rf"(?<!我是)(?<!我叫)(?<!叫我)(?<!名叫)(?<!叫做)(?<!就是){re.escape(name)}(?![，,：:、])", "我", part))
    return "".join(out)


def _names_of(request: LLMRequest) -> set[str]:
    """The names a recap may start with and keep their capital."""
    names = {request.speaker, request.listener, *(request.meta.get("subject_names") or [])}
    for g in request.grounding:  # anyone a memory names ("As I said, Cal brought...", never "cal")
        names.update(str(g.meta[k]) for k in ("about_name", "teller_name", "speaker_name", "subject_name", "to_names")
                     if g.meta.get(k))
    return {w.strip("、,") for n in names if n for w in n.split()}


def _compose_once(v: _Voice, act: Act, request: LLMRequest) -> str:
    items = _stale([g for g in request.grounding if not g.meta.get("background")])
    hour = int(request.meta.get("hour", 12))
    taken = [g for g in request.grounding if g.meta.get("retracted")]
    if taken:  # "I made that up": whatever else the words seemed, my word on what they took back
        return _taken_back(v, taken)
    if act == "thank" and is_state_answer(v.question, v.lang):  # "I'm fine, thanks": news of them, not gratitude
        return v.join([v.pick("glad_well"), v.pick("me_well")]) if asks_back(v.question, v.lang) else v.pick("glad_well")
    if act not in ("farewell", "decline", "plea") and request.meta.get("asker") and is_praise(v.question, v.lang):
        # "You're a fine cook, Ada!": thanked in my manner, not chatted past or apologised for (praise.py)
        return v.pick(praise_key(float(request.meta.get("warmth", 0.5))))
    if (act not in ("farewell", "decline", "plea") and not asks_whom_i_told(v.question, v.lang)
            and (put := confronted_with(v.question, v.lang))
            and (mine := _answer_for_my_words(v, put, items)) is not None):
        return mine  # "Why did you make it sound worse?": from what I said myself (my_tellings.py)
    if request.meta.get("asker") and (reproached := set(v.meta.get("subjects") or [])) and \
            reproached_for_treatment(v.question, v.lang):  # "You were too hard on the boy.": for myself (too_hard.py)
        opener, against = treatment_answer(items, reproached, v.lang, int(v.rng.integers(1 << 30)))
        lines = [line for g in against if (line := v.line(g))]
        return v.join([opener, *(v.finish(line) for line in lines)])
    if request.meta.get("asker") and relayed_sorry(v.question) and (names := list(v.meta.get("subject_names") or [])):
        # "Cal wanted me to say he's sorry": Cal's word, taken as his, and what I saw kept (relayed_amends.py)
        seen = wrongs_i_saw(items, set(v.meta.get("subjects") or []))
        line = (v.line(seen[0]) or "") if seen else ""
        return relayed_answer(v.lang, names[0], v.finish(line) if line else "",
                              lambda options: options[int(v.rng.integers(len(options)))],
                              grudge=grudge_held(request.grounding, set(v.meta.get("subjects") or [])))
    if request.meta.get("asker") and act not in ("farewell", "thank", "forgive", "plea") and is_tongue_remark(
            v.question, v.lang) and (names := [n for n in v.meta.get("subject_names") or [] if n]):
        # "王婶嘴可真快": a remark on their tongue, agreed or not from what I hold of them (tongue_remark.py)
        return tongue_answer(items, names[0], v.lang, lambda options: options[int(v.rng.integers(len(options)))],
                             lambda g: (line := v.line(g)) and v.finish(line))
    if act == "forgive" and _wronged_before_my_eyes(request):
        return v.pick("not_forgiven")  # sorry for a theft I saw: not "let's say no more about it"
    if act in ("farewell", "thank", "forgive", "apologise"):
        return v.pick(act)
    if act == "decline":
        return v.pick("cannot_help")
    known = any(g.about == request.meta.get("asker") for g in request.grounding)
    introduced = _introduced_as(v, request.listener) if act in ("greet", "react", "small_talk") else None
    if introduced:  # "我是新来的代课老师阿远": welcome them by the name they gave
        return v.join([v.pick("welcome", name=introduced), v.pick("ask_back")])
    if act == "greet":
        return v.join([_greeting(v, hour, known), v.pick("ask_back")])
    if act in ("small_talk", "react") and _NEW_HERE[v.lang].search(v.question):
        return v.pick("new_here")  # "I'm new in town." is no plan to ask after ("What's brought that on?"): welcome
    if act == "small_talk" and _CONFIDING[v.lang].search(v.question) and not check_safety(v.question, v.lang).is_private:
        return v.pick("confided")  # they told me something of their own: take it up, not chat past it
    if act == "plea":
        return answer_plea(items, set(request.meta.get("subjects") or []), v.lang, int(v.rng.integers(1 << 30)),
                           lambda claim: v.g.clause(claim).rstrip("。."),
                           named=next(iter(request.meta.get("subject_names") or []), ""))
    topic = small_talk_topic(v.question, v.lang) if act == "small_talk" else None
    if topic is not None:  # the trade, the weather, the day: a word on it in my mood
        warmth = float(request.meta.get("warmth", 0.5))
        said = small_talk_answer(topic, v.lang, 2.0 * (warmth - 0.5), int(v.rng.integers(1 << 30)))
        return v.join([_greeting(v, hour, known), said]) if request.meta.get("greeted") else said
    body = _body(v, act, items)
    if request.meta.get("greeted") and act in ("answer", "deny"):
        return v.join([_greeting(v, hour, known), body])
    return body


_INTRO = {"en": re.compile(r"\b(?:I'm|I am|my name is|(?:they|people) call me|name's)\s+(?:the\s+new\s+\w+\s*,?\s*)?"
                          r"(?P<name>[A-Z][\w'-]+)", re.IGNORECASE),
          "zh": re.compile(r"(?:^|[，,。！!])\s*(?:你好[，,]?)?我(?:是|叫)(?P<name>[^，,。！!？?]{1,16}?)(?:[，,。！!]|$)")}
# something of their own: "I'm ...", "I never wanted ...", "My father disowned me", 我其实很怕回老家, 我爹不认我了
_KIN_EN = r"father|mother|dad|da|pa|mum|mam|ma|wife|husband|brother|sister|son|daughter|family|folks|parents|man|woman"
_CONFIDING = {"en": re.compile(r"\bI(?:'m| am| want| wanted| think| need| plan| feel| was| have|'ve| can't| don't)\b"
                               r"|\bI (?:never|always|still|really|just|only) \w+|\b[Mm]y (?:" + _KIN_EN + r")\b"),
              "zh": re.compile(r"我(?:其实|真的|一直|有点|有些|很|挺|好|总|老|也|还|就|特别|实在)*"
                               r"(?:想|要|打算|觉得|准备|不想|怕|是|有|没|在)"
                               r"|我(?:爹|娘|爸|妈|家里?|媳妇|男人|丈夫|妻子|老婆|哥|姐|弟|妹|儿子|闺女|女儿|爷爷|奶奶)")}


_NEW_HERE = {"en": re.compile(r"^\W*(?:(?:hello|hi|well),?\s*)?(?:I'm|I am|I've|I have) (?:just )?(?:new (?:here|in town|to (?:the|this) \w+)"
                              r"|(?:just )?(?:arrived|got here|come in|come to town)|passing through)\b", re.IGNORECASE),
             "zh": re.compile(r"^(?:你好[，,]?)?我(?:是)?(?:刚|才)?(?:新来的|刚来|才来|头一回来|第一次来|初来乍到|刚到)")}


def _introduced_as(v: _Voice, listener_name: str) -> str | None:
    """The name the speaker just introduced themselves by (their own name as the world knows it
    when it is in what they said; "I'm fine" and "我是说" are no introduction)."""
    m = _INTRO[v.lang].search(v.question)
    if m is None:
        return None
    said = m.group("name").strip()
    if listener_name and listener_name in said:
        return listener_name
    if v.zh:
        return None  # "我是来问路的" names nobody
    return said if said[:1].isupper() and said.lower() not in {"fine", "good", "sorry", "here", "not", "new", "just",
                                                                 "afraid", "glad", "sure", "back", "okay", "ok",
                                                                 "tired", "well", "busy", "looking", "from"} \
        else None


def _body(v: _Voice, act: Act, items: list[GroundingItem]) -> str:
    kind = question_kind(v.question, v.lang) if act in ("answer", "deny") else None
    subjects = set(v.meta.get("subjects") or [])
    if kind is None and act in ("answer", "deny") and subjects - {v.meta.get("asker")} and _HOW_IS[v.lang].search(v.question):
        kind = "opinion"  # "小满怎么样？" of a person named: what they are like (newcomer L-7: "就这些了")
    if kind == "remember_me":
        return _remember_asker(v, items)
    if act in ("answer", "deny") and asks_who_holds(v.question, v.lang):  # "Who is the vicar?" (titles.py)
        names = [n for n in v.meta.get("subject_names") or [] if n and n not in v.question]
        if names:  # named by the title alone: who holds it, then what they are to me
            tie = next((g for g in items if g.kind == "tie" and g.meta.get("about_name") == names[0]), None)
            line = v.line(tie) if tie is not None else None
            said = HOLDER[v.lang]["them"].format(name=names[0])
            return v.join([said, v.finish(line)]) if line else said
        if v.meta.get("my_title_asked"):
            return HOLDER[v.lang]["me"]
    if act in ("answer", "deny") and asks_what_you_told(v.question, v.lang):  # "What did I tell you about Mabel?"
        theirs = [line for g in told_by_asker(items, subjects) if (line := v.line(g))]
        if theirs:
            return v.join([v.finish(x) for x in theirs[-2:]])
        names = [n for n in v.meta.get("subject_names") or [] if n and n not in ("you", "你")]
        options = NONE_TOLD[v.lang] if names else NONE_AT_ALL[v.lang]
        return options[int(v.rng.integers(len(options)))].format(about=names[0] if names else "")
    if act in ("answer", "deny", "react") and (asks_if_sorry(v.question, v.lang) or asks_if_i_will_apologise(v.question, v.lang)):
        names = [n for n in v.meta.get("subject_names") or [] if n]  # "Will you apologise to Gideon?" (sorry_asked.py)
        return sorry_answer(items, names, subjects, v.lang, int(v.rng.integers(1 << 30)),
                            lambda g: v.finish(line) if (line := v.line(g)) else "")
    if act in ("answer", "deny") and asks_my_plan(v.question, v.lang):  # "那你打算怎么办？" (my_plans.py)
        key, who = plan_key(items, subjects)
        options = [o for o in PLANS[v.lang][key] if who or "{who}" not in o] or PLANS[v.lang]["calm"]
        if key == "calm" and asks_to_talk(v.question, v.lang):
            options = TALK_CALM[v.lang]  # "Will you talk to Finn?": not "Have it out? No"
        return options[int(v.rng.integers(len(options)))].format(who=who)
    if act in ("answer", "deny", "small_talk") and question_kind(v.question, v.lang) == "my_mood":
        return _my_mood(v, items)
    if (place := _own_place(v, items)) is not None:
        return place  # "What do you do aboard?" / "你跟谁学的戏？": my role, my master (role_questions.py)
    if act in ("answer", "deny") and only_of_asker(items, asker := v.meta.get("asker")) \
            and not asks_what_we_talked(v.question, v.lang):  # all I hold is the asker's own doings (K-31)
        names = [n for n in v.meta.get("subject_names") or [] if n]
        if subjects - {asker} and names:  # someone I hold nothing of: not "I've told you all I know"
            return NOT_HEARD[v.lang].format(name=names[0])
        if not subjects - {asker} and is_topic_question(v.question, v.lang):
            return v.pick("no_news")  # their own visit is no news to them, nor "as I told you" of it
    if _WHO_HELPED[v.lang].search(v.question) and (helper := next(
            (g.meta.get("speaker_name") for g in items if g.kind == "event" and g.meta.get("cleared")), None)):
        you = helper in ("you", "你")  # "Who helped you sort it out?" of the one who did: "You did." (N-21)
        return v.pick("helped_you" if you else "helped_other", about=helper)
    if kind == "know" and not subjects and (stranger := _asked_name(v.question, v.lang)) is not None:
        return v.pick("know_no", about=stranger)  # "Do you know a man called Marten?": nobody of that name here
    if kind == "opinion":  # an opinion is backed by what I think of them (or of the thing), not by an errand's status
        items = [g for g in items if g.kind == "impression" or (subjects and g.about in subjects)
                 or (not subjects and g.meta.get("fact_kind") != "errand" and _overlaps(v.question, g.text, v.zh))]
    elif kind == "my_day":  # what I did myself comes first
        items = sorted(items, key=lambda g: not g.meta.get("my_deed"))
    elif kind == "feeling" and subjects:
        items = [g for g in items if g.about in subjects]
    if act in ("answer", "deny") and subjects and asks_news_of(v.question, v.lang) and _QUESTION.search(v.question):
        names = list(v.meta.get("subject_names") or [])
        items = about_the_asked(items, subjects, names)  # "heard anything about Rowan?": Rowan's news or none
        if not items:
            return v.pick("news_none", about="、".join(names) if v.zh else " and ".join(names))
    lines = _memory_lines(v, items, person_first=kind in ("opinion", "know") and bool(subjects))
    if kind == "opinion" and subjects and (mine := _my_own_view(v, items, subjects, lines)) is not None:
        lines = [*lines, mine]  # "What do you think of Zhou?" after the player's denial: their words, then mine
    if act == "react" and (owned := _tale_owned(v, items)) is not None:
        return owned  # "Dot says you tore Bram's nets" and I did: owned, not "That's not fair"
    if act == "react" and _YOU_ARE[v.lang].search(v.question) and (r := read_by_cues(v.question)) is not None and r.negated \
            and (ZH_UNSAID.search(v.question) if v.zh else EN_UNSAID.search(v.question.lower())):
        # "Ida never said you were lazy": relief, then what I was told she said, so the player can set it right
        names = list(v.meta.get("subject_names") or [])
        heard = [line for g in items if g.kind == "belief" and not g.meta.get("negated") and g.meta.get("toward_me")
                 and (line := v.line(g)) and (g.about in subjects or any(n and n in line for n in names))]
        return v.join([v.pick("react_cleared"), *[v.finish(x) for x in heard[:1]]])
    if act in ("react", "small_talk", "share_news") and (name := disputed_speaker(
            v.question, v.lang, list(v.meta.get("subject_names") or []))) is not None:
        return _stand_by(v, items, name)  # "That's not what Agatha said.": what I heard from her, said again
    if act == "react":
        news = _fresh_news(items, v.question, v.zh)
        if news is not None:
            return _react_to_news(v, news, items)
        # what was said names nobody I know anything of: no opinion about a third party out of nowhere
        said_on = [(g, v.finish(raw)) for g in items if g.kind != "tie" and (g.about in subjects or _overlaps(v.question, g.text, v.zh))
                   and g.about != v.meta.get("asker") and (raw := v.line(g))] if subjects else []
        on_topic = [line for _, line in said_on]
        if _called_me_names(v):  # "I heard the captain thinks you're a thief": hurt, not "I'll remember that"
            # (and no deed of mine after it: hurt, then "I broke Dot's teapot", is no answer to it)
            not_mine = [line for g, line in said_on if not g.meta.get("my_deed")]
            return v.join([v.pick("react_me"), *(not_mine[:1] or [v.pick("who_said")])])
        if (told := _told_just_now(v, items, subjects)) is not None:
            return told  # "I saw Silas drunk last night": that, not my old gossip that names Silas (N-57)
        if not subjects and (v.meta.get("route") == "listen" or check_safety(v.question, v.lang).is_private):
            if _CONFIDING[v.lang].search(v.question) and not check_safety(v.question, v.lang).is_private:
                return v.pick("confided")  # "I want to open a shop here": take it up
            return v.pick("noted")  # they told me something of their own: I take it in
        return v.join([v.pick("react_statement"), *on_topic[:2]]) if on_topic else v.pick("react_statement")
    if act in ("answer", "deny") and asks_if_i_believe(v.question, v.lang) and any(
            g.meta.get("seen_believed") for g in items):  # "Do you believe it?" of what I saw myself (believe_question.py)
        return SEEN_BELIEVED[v.lang][int(v.rng.integers(len(SEEN_BELIEVED[v.lang])))]
    if act in ("answer", "deny") and asks_if_i_believe(v.question, v.lang) and (sure := believe_answer(
            items, v.question, v.lang, list(v.meta.get("subject_names") or []), int(v.rng.integers(1 << 30)),
            lambda g: (line := v.line(g)) and v.finish(line))) is not None:
        return sure  # "Do you believe her?" / 你信她的话吗: how sure I am of her telling (believe_question.py)
    if act in ("answer", "deny") and asks_my_loss(v.question, v.lang) and (lost := [
            line for g in items if g.meta.get("taken_from_me") and (line := v.line(g))]):
        return v.finish(lost[0])  # "你丢了什么东西？" / "谁拿的？": 何飞义顺走了我的一包盐巴 (my_loss.py)
    if act in ("answer", "deny") and asks_what_i_saw(v.question, v.lang):  # "What did you see?": what I saw
        lines = [line for g in seen_items(items)[:2] if (line := v.line(g))]
        return v.join([v.finish(line) for line in lines]) if lines else WHAT_I_SAW_NOTHING[v.lang]
    if act in ("answer", "deny") and asks_whose_fault(v.question, v.lang) and not subjects and (
            blamed := fault_answer(items, v.lang, int(v.rng.integers(1 << 30)))) is not None:
        who, trouble = blamed  # "Finn's, I'd say. ..." and the trouble it is said of (fault_asked.py)
        line = v.line(trouble)
        return v.join([who, v.finish(line)]) if line else who
    if act in ("answer", "deny") and asks_whom_i_told(v.question, v.lang):  # "你跟谁说过这事？": whom I told
        if v.meta.get("kept_back"):  # what I said of them in private: kept back, never "I haven't told anyone"
            return KEPT_BACK[v.lang][int(v.rng.integers(len(KEPT_BACK[v.lang])))]
        to = list(dict.fromkeys(n for g in items if g.kind == "event" and g.meta.get("source") == "said"
                                and g.meta.get("fact_kind") == "say" and (n := g.meta.get("to_names"))))
        return TOLD_THEM[v.lang + ('_one' if v.zh and len(to) == 1 else '')].format(to=listed(to, v.lang)) if to \
            else TOLD_NOBODY[v.lang]
    if act in ("answer", "deny") and (who := teller_asked(v.question, v.lang, list(v.meta.get("subject_names") or []))):
        return _told_me_what(v, items, who)  # "What did Hattie tell you?": hers to me, not mine to her
    if asks_what_we_talked(v.question, v.lang) and our_chat(items, v.meta.get("asker")):
        seen = [line for g in items if g.kind == "event" and g.about == v.meta.get("asker") and (line := v.line(g))]
        return v.join([SMALL_TALK[v.lang][int(v.rng.integers(len(SMALL_TALK[v.lang])))], *[v.finish(x) for x in seen[:1]]])
    if act in ("answer", "deny", "react") and asks_who_twisted(v.question, v.lang):
        return _twisted_answer(v, items)  # "Who twisted it?": the teller of a telling set right since
    if act in ("answer", "deny") and (source := _source_answer(v, items)) is not None:
        return source  # "Who told you about the rope?": I saw it myself, or who told me
    if act in ("answer", "deny", "react") and kind != "feeling" and (wronged := done_to_me_answer(
            v.question, v.lang, items, list(v.meta.get("subject_names") or []))):
        yes, what = wronged  # "Who stole your costume?": what was done to me, as I saw it (done_to_me.py)
        line = v.line(what)
        if line:  # (the seeded stream is drawn from only when this is the answer: other wording stays as it was)
            opener = YES_DONE[v.lang][int(v.rng.integers(len(YES_DONE[v.lang])))] if yes else ""
            return v.join([opener, v.finish(line)]) if opener and not v.zh else opener + v.finish(line)
    if kind == "yes_no" and (cleared := _accused_other(v, items)) is not None:
        return cleared
    first = _direct_answer(v, kind, items)
    if first is not None and (kind == "yes_no" or ((tie := tie_asked(v.question, v.lang)) and tie[1] == WHAT_TIE)):
        return first  # nothing held about them: no, not that I know (the rest would be off the question)
    if first is not None and _said_what_i_told(v, items):
        return first  # "what did you tell X?": the telling is the answer, not said a second time after it
    if first is not None and kind in ("know", "feeling", "my_day", "opinion") and not lines:
        if not items:
            return first
        recap = _recap(v, items)
        return recap if kind == "my_day" and recap in PHRASES[v.lang]["all_said"] else v.join([first, recap])
    if act in ("small_talk", "share_news") and (glad := _glad_reply(v, items)) is not None:
        return glad  # "Glad the bell is back, Owen.": agreed, with my newest memory of the bell (N-22)
    if act == "deny" or not lines:
        if first is not None:
            return first
        if act == "small_talk" and check_safety(v.question, v.lang).is_private:
            return v.pick("noted")  # a phone number or an address is taken in, not chatted past
        if act == "small_talk":
            known = any(g.about == v.meta.get("asker") for g in items)  # never "good to see you" to a stranger
            chat = v.pick("small_talk_known") if known and v.rng.random() < 0.5 else v.pick("small_talk")
            return v.join([chat, v.pick("ask_back")])
        if items and act == "answer":
            if not subjects and (not is_topic_question(v.question, v.lang) or asked_thing(v.question, v.lang)) and not any(
                    _overlaps(v.question, g.text, v.zh) for g in items):  # "heard about the lamp?": no (asked_thing.py)
                return v.pick("deny")  # "Who won the war in the east?": nothing I hold touches it, no recap
            return _recap(v, items) or v.pick("deny")  # all it knows was said to this listener today
        if not subjects - {v.meta.get("asker")} and is_topic_question(v.question, v.lang):
            return v.pick("no_news")  # "最近镇上有什么新鲜事？" with nothing to share: no news, not "never heard of it"
        return v.pick("deny")
    if act in ("small_talk", "share_news"):
        if all(g.kind in ("tie", "impression") for g in items):  # "Dorrit exaggerates, you know.": who she is to me
            return v.join([v.pick("remark_lead"), lines[0]])  # is no news ("Here's some news: Dorrit is a friend")
        return v.join([v.pick("news_lead"), lines[0]])
    if first is None and _PLAIN_ASK[v.lang].search(v.question):
        return v.join(lines)  # "Where is the bell?" is answered, not led into like news (N-13)
    return v.join([first if first is not None else _opener(v, items, len(lines)), *lines])


def _twisted_answer(v: _Voice, items: list[GroundingItem]) -> str:
    """Who made a story worse on its way to me (a telling to me set right since), what they told me, and
    what was really said (twisted_asked.py); or that nobody did, that I know of."""
    twisted = next((g for g in items if g.kind == "belief" and g.meta.get("status") == "superseded"
                    and g.meta.get("teller_name")), None)
    if twisted is None:
        return TWISTED[v.lang]["none"]
    people = {twisted.about, twisted.meta.get("said_by")} - {None}
    right = next((g for g in items if g.kind == "belief" and g is not twisted and g.meta.get("status") != "superseded"
                  and (g.about in people or g.meta.get("said_by") in people)), None)
    lines = [line for g in (twisted, right) if g is not None and (line := v.line(g))]
    return v.join([TWISTED[v.lang]["by"].format(teller=twisted.meta["teller_name"]), *[v.finish(x) for x in lines]])


def _told_me_what(v: _Voice, items: list[GroundingItem], who: str) -> str:
    """What `who` told me; or that they told me nothing, and what I told them if I did."""
    heard = [g for g in items if g.kind == "belief" and g.meta.get("teller_name") == who and not g.meta.get("from_listener")]
    # and their words to me of themselves (Cal's own sorry, his promise to mend my fence): a say beat, no belief
    said = [g for g in items if g.kind == "event" and g.meta.get("source") == "heard" and g.meta.get("fact_kind") == "say"
            and g.meta.get("speaker_name") == who and not any(h.meta.get("quote") and h.meta["quote"] == g.meta.get("quote")
                                                                or (h.meta.get("via_fact") and h.meta["via_fact"] == g.meta.get("fact_id"))
                                                                for h in heard)]  # (the hearing of a belief's telling: said once)
    told = [line for g in heard + said if (line := v.line(g))]
    if told:  # and whom I passed the same words on to, said once (ALSO_TOLD)
        on = next((g.meta["to_names"] for g in items if g.kind == "event" and g.meta.get("source") == "said"
                   and g.meta.get("retold") and g.meta.get("to_names") and any(
                       _shared(str(g.meta.get("quote") or g.text), h.meta.get("quote") or h.text, v.zh) >= 2 for h in heard)),
                  None)
        return v.join([v.finish(x) for x in told[:2]] + ([ALSO_TOLD[v.lang].format(to=on)] if on else []))
    if v.meta.get("held_back_from") == who:
        return HELD_BACK[v.lang]
    mine = my_telling_to(items, who)
    line = v.line(mine) if mine is not None else None
    if not line:
        return NOTHING[v.lang].format(who=who)
    return (OTHER_WAY["zh"].format(who=who) + v.finish(line)) if v.zh else \
        v.join([OTHER_WAY["en"].format(who=who), v.finish(line)])


def _my_mood(v: _Voice, items: list[GroundingItem]) -> str:
    """Why I am low: what hurt me, said in my mood (the one the question names first), or that I am fine."""
    names = [n for n in v.meta.get("subject_names") or [] if n]
    found = sorted(cause(items, set(v.meta.get("subjects") or [])), key=lambda g: not any(n in (g.text or "") for n in names))
    lines = [v.finish(line) for g in found if (line := v.line(g))]
    if not lines:
        fine = fine_words(v.question, v.lang)
        return fine[int(v.rng.integers(len(fine)))]
    return v.join([v.pick("open_hurt"), *lines[:2]])


def _answer_for_my_words(v: _Voice, put: str, items: list[GroundingItem]) -> str | None:
    """My own telling put to me: owned (candid), regretted (candid, asked why or reproached) or
    defended (not candid), then what I said. None when I said nothing about anyone lately."""
    mine = [g for g in items if g.kind == "event" and g.meta.get("source") == "said" and "traits" in g.meta
            and g.meta.get("fact_kind") == "say"]
    if put == "apologise":  # "You should apologise to Owen": only a telling of him or to him is meant
        names = [n for n in v.meta.get("subject_names") or [] if n]
        subjects = set(v.meta.get("subjects") or [])
        mine = [g for g in mine if g.about in subjects or any(n in str(g.meta.get("to_names") or "") for n in names)]
        put = "reproach"
    if not mine or (put == "did_you" and told_whom(v.question, v.lang, list(v.meta.get("subject_names") or []))):
        return None  # "Did you tell Hester about Tam?" asks after a telling to her: _direct_answer owns it
    said = max(mine, key=lambda g: (_shared(v.question, g.text, v.zh), g.meta.get("tick", 0)))
    passed_on = bool(said.meta.get("retold"))
    if passed_on and said.meta.get("distortion") in MADE_WORSE:  # the timeline says I made it harsher
        key = "words_worse_excuse" if defensive(said.meta["traits"]) else "words_worse_owned"
    elif defensive(said.meta["traits"]):
        # my own words (not passed on) defended as what I saw when I saw something of them, else as my own
        # view: never "I only passed on what I heard" of words nobody told me
        saw = said.meta.get("saw_of_it") or any(g.kind == "event" and g.meta.get("source") in ("witnessed", "participated")
                                                and g.about == said.about and g is not said for g in items)
        # (a retelling of what I saw myself is no "what I heard" either: newcomer L-32)
        key = ("words_defend" if passed_on and not said.meta.get("saw_of_it")
               else "words_defend_said" if saw or put == "did_you" else "words_defend_mine")
    elif put != "did_you" and passed_on and said.meta.get("distortion") == "faithful":
        key = "words_as_heard_regret"  # candid, and it was told as heard: sorry to have spread it, not "too strong"
    else:
        key = "words_owned" if put == "did_you" else "words_regret"
    line = v.line(said)
    if put == "did_you" and not_in_those_words(v.question, str(said.meta.get("quote") or said.text), v.lang):
        # "Did you call Alan unreliable?" of one who said he was a bit careless: never "Aye, I said that"
        # (the retold word owned as mine: newcomer N-1); not in those words, then what I did say
        owned = NOT_THOSE_WORDS[v.lang][int(v.rng.integers(len(NOT_THOSE_WORDS[v.lang])))]
        return v.join([owned, v.finish(line)]) if line else owned
    return v.join([v.pick(key), v.finish(line)]) if line else v.pick(key)


def _glad_reply(v: _Voice, items: list[GroundingItem]) -> str | None:
    """A glad remark on a thing: agreement, then the newest memory I hold that names the thing."""
    thing = glad_thing(v.question, v.lang)
    if thing is None:
        return None
    stem = thing if v.zh else thing.lower()[:5]
    of_it = [g for g in items if g.kind in ("event", "summary", "belief")
             and stem in (g.text if v.zh else g.text.lower())]
    newest = max(of_it, key=lambda g: int(g.meta.get("tick", 0)), default=None)
    line = v.line(newest) if newest is not None else None
    agree = AGREE[v.lang][int(v.rng.integers(len(AGREE[v.lang])))]
    return v.join([agree, v.finish(line)]) if line else agree


def _own_place(v: _Voice, items: list[GroundingItem]) -> str | None:
    """My master or my role, when that is what was asked (the grounding carries them as my own ties)."""
    masters = [g.meta["about_name"] for g in items if g.kind == "tie" and g.meta.get("rel_kind") == "taught_me"]
    if masters and asks_teacher(v.question, v.lang):
        return v.pick("taught_me", about=("、" if v.zh else " and ").join(masters))
    role = next((g.meta["role"] for g in items if g.kind == "tie" and g.meta.get("rel_kind") == "my_role"), None)
    if role and asks_role(v.question, v.lang):
        return v.pick("my_play" if asks_play(v.question, v.lang) else "my_role", role=role)
    if role and (trade := asks_my_trade(v.question, role, v.lang)):
        return v.pick(f"my_trade_{trade}", role=role)  # "Tell me about the school." of the schoolmistress (N-56)
    return None


def _taken_back(v: _Voice, taken: list[GroundingItem]) -> str:
    """What the listener just took back ("I made that up"): I'll not believe it now, that I had
    passed it on when I had, and, said against someone, perhaps that it should not have been."""
    parts = [v.pick("taken_back")]
    to = list(dict.fromkeys(n for g in taken for n in g.meta.get("passed_to") or []))
    if to:
        parts.append(v.pick("taken_back_passed", to=("、" if v.zh else " and ").join(to)))
    elif (about := next((g.meta.get("about_name") for g in taken if g.valence < -0.2 and g.meta.get("about_name")
                         and g.meta["about_name"] not in ("你", "you", "我", "I")), None)) and v.rng.random() < 0.5:
        parts.append(v.pick("taken_back_unkind", about=about))
    return v.join(parts)


def _remember_asker(v: _Voice, items: list[GroundingItem]) -> str:
    """"Do you remember me?": yes, leading with the best of what I remember of them (the rank the
    dialogue step gave it) and perhaps a second, or honestly not (agents/remember_me.py)."""
    asker = v.meta.get("asker")
    # what the ranking chose, and what I make of them (impressions, summaries): a line of theirs it
    # left out (a trade offer read as news) is not said
    of_them = [g for g in items if g.meta.get("remembered") or (asker and g.about == asker and g.kind != "tie"
                                                                and not g.meta.get("from_listener"))]
    pick = REMEMBER[v.lang]
    if not of_them:
        return pick["no"][int(v.rng.integers(len(pick["no"])))]
    ranked = sorted(of_them, key=lambda g: int(g.meta.get("remembered") or len(items) + 1))  # stable: context order after
    lines: list[str] = []
    talked = False
    for g in ranked:
        talk = g.kind == "event" and bool(g.meta.get("dialogue") or g.meta.get("message")) and not g.meta.get("private")
        if talk and talked:
            continue  # "we talked" once, however many talks ("You came by and we talked. And we've talked before.")
        line = _recollection(v, g, pick)
        if line and not _mostly_in(line.rstrip("。.!！").lower(), [x.lower() for x in lines], v.zh, 0.8):
            lines.append(line)
            talked = talked or talk
        if len(lines) >= SAID_OF_ASKER:
            break
    if len(lines) > 1:
        also = pick["also"][int(v.rng.integers(len(pick["also"])))]
        second = lines[1] if v.zh or also.startswith("{") else lines[1][:1].lower() + lines[1][1:]
        lines[1] = also.format(line=second)
    return v.join([pick["yes"][int(v.rng.integers(len(pick["yes"])))], *lines])


def _recollection(v: _Voice, g: GroundingItem, pick: dict[str, list[str]]) -> str | None:
    """One thing I remember of the asker, said to them: a confidence as a confidence (never its
    words), a talk as a talk (what was said in it is not news), anything else as it is said."""
    if g.meta.get("private"):
        said = g.kind == "belief" or g.meta.get("dialogue") or g.meta.get("fact_kind") == "say"
        options = pick["confided" if said else "between_us"]  # a thing done in private is not a confidence
        return v.finish(options[int(v.rng.integers(len(options)))])
    if g.kind == "event" and (g.meta.get("dialogue") or g.meta.get("message")):
        return v.finish(pick["talked"][int(v.rng.integers(len(pick["talked"])))])
    raw = v.line(g)
    return v.finish(raw) if raw else None


_RUNS_ON_EN = grammar_en.RUNS_ON  # a line's first word that runs on in lower case after "Like I said," (grammar_en.py)


def _recap(v: _Voice, items: list[GroundingItem]) -> str:
    """Everything relevant was said to this listener already: say the closest of it again, once,
    briefly, with "I wasn't there" when it is not my own doing and does not touch the question;
    only a listener who has had the recap too gets "that's all I know"."""
    leads = [t.split("{line}")[0].lower() for t in PHRASES[v.lang]["as_i_said"] + PHRASES[v.lang]["not_there_but"]]
    if any(lead in t for t in v.said_to_listener for lead in leads):
        return v.pick("all_said")
    mine = question_kind(v.question, v.lang) == "my_day"
    close = [g for g in items if (g.meta.get("my_deed") if mine else _overlaps(v.question, g.text, v.zh))]
    # the closest to the question first, then the newest: the bucket fished out, not the bucket that fell in
    close.sort(key=lambda g: (-_shared(v.question, g.text, v.zh), -int(g.meta.get("tick", 0))))
    # my own telling is mine too: "I wasn't there" before "I told Lin that ..." denies the telling (N-22)
    # and my own summary or impression of someone is mine: never "我当时不在场" before "最近和崔志云之间不太顺"
    own = [g for g in items if g.meta.get("my_deed") or g.meta.get("source") in ("witnessed", "participated", "said")
           or g.kind in ("tie", "summary", "impression")]  # what someone is to me too: never before "钱师傅是我爹" (K-6)
    elsewhere = [g for g in items if g not in own]  # "I wasn't there" only of what I was not there for
    for key, pool in (("as_i_said", close), ("as_i_said", own), ("not_there_but", elsewhere)):
        for g in pool:
            if g.meta.get("from_listener"):
                continue  # their own words are not "what I told you"
            raw = v.line(g)
            top = re.split(r"最记得的是：?|the one I remember: ", g.text)[-1] if g.kind == "summary" else raw
            if raw and (_said_to_listener(v, v.finish(raw)) or _said_to_listener(v, v.finish(top))):
                # "as I told you" only of what I did tell them (a summary in any wording of its top thing)
                tail = v.g.clause(v.finish(raw))  # after "Like I said," / "what I said:" it runs on in lower case
                if not v.zh:
                    tail = grammar_en.run_on(tail)  # "It's been ...", "When I ran into Owen ..." too (never a name, never I)
                return v.pick(key, line=tail + ("。" if v.zh else "."))
    return v.pick("all_said") if v.said_to_listener else ""


# a question after a place, a time or a person, or a yes-or-no, is answered straight, with no lead ("Hm, a
# few things.", 嗯，我知道一点。 before 那件事你跟总镖头解释过吗？: N-65)
_PLAIN_ASK = {"en": re.compile(r"^\W*(?:\w+,\s*)?(?:where|when|who|whose|which|what time|is|are|was|were|do|does|did|"
                               r"have|has|had|can|could|will|would|should)\b", re.IGNORECASE),
              "zh": re.compile(r"在哪|哪儿|哪里|哪去|什么时候|几时|啥时候|谁|[过了]吗[？?]?\s*$")}
_WHO_HELPED = {"en": re.compile(r"^\W*(?:\w+,\s*)?(?:so |and )?who (?:helped|sorted|cleared|patched|smoothed|talked|brought)\b",
                                re.IGNORECASE),
               "zh": re.compile(r"谁(?:帮|给|替)?(?:你们|你俩|你和[\u4e00-\u9fff]{1,4})?(?:说开|说和|劝和|调解|劝开|和好|解开)")}
_ZH_NOT_CHARACTER = re.compile(r"年轻|年纪|岁数|上了年纪|老了|年迈|个子|个头|力气|身子|身体|身板|长得|模样|相貌|嗓门|眼神|手脚|住在|家住")
_DENIES = {"en": re.compile(r"\b(?:not|never|didn't|wasn't|isn't|doesn't|hasn't|no one|nobody)\b|n't\b", re.I),
           "zh": re.compile(r"没|不是|并非|从来不|从没")}  # words that say it did not happen, or was not so


def _my_own_view(v: _Voice, items: list[GroundingItem], subjects: set[str], lines: list[str]) -> str | None:
    """What I saw of them myself, when the answer would otherwise hold only the listener's own words
    about them (said back: "You told me Dora didn't drop her ledger.") because I told them mine today:
    the NPC has its own view, against theirs ("But I saw it myself: ...") or beside it."""
    theirs = [g for g in items if g.about in subjects and g.meta.get("from_listener")]
    if not theirs:
        return None
    mine = sorted((g for g in items if g.about in subjects and not g.meta.get("from_listener")
                   and g.kind in ("event", "belief") and g.meta.get("source") in FIRST_HAND),
                  key=lambda g: (g.kind != "event", -int(g.meta.get("tick", 0))))
    said = [line for g in mine if (line := v.line(g))]
    if not said or any(_mostly_in(v.finish(s).rstrip("。.!！").lower(), [x.lower() for x in lines], v.zh) for s in said):
        return None  # nothing I saw, or it is said already
    denies = _DENIES["zh" if v.zh else "en"]
    against = any(g.meta.get("negated") or denies.search(g.text) for g in theirs) != bool(denies.search(said[0]))
    tail = v.g.clause(v.finish(said[0]))
    return v.pick("own_view_against" if against else "own_view_also", line=tail + ("。" if v.zh else "."))


def _said_to_listener(v: _Voice, sentence: str) -> bool:
    """Whether I told this listener this today, in these words or most of them (the wording varies)."""
    core = sentence.rstrip("。.!！").lower()
    return bool(core) and _mostly_in(core, v.said_to_listener, v.zh)


_TELLING_WORDS = {"told", "tell", "that", "the", "heard", "from", "according", "said", "says", "say", "set", "straight",
                  "all", "was", "passed", "did", "and", "too", "much", "what", "really"}  # how it is told, not what


def _mostly_in(core: str, texts: list[str], zh: bool, share: float = 0.7) -> bool:
    """Whether one of the texts says this line, word for word or in most of its words (two-character
    runs in zh): "I heard from Bertram that ..." is "Bertram told me ..." said again."""
    if any(core in t for t in texts):
        return True
    units = ({core[i:i + 2] for i in range(len(core) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", core[i:i + 2])}
             if zh else set(re.findall(r"[a-z']{3,}", core)) - _TELLING_WORDS)
    return len(units) >= 4 and any(sum(u in t for u in units) >= share * len(units) for t in texts)


_ASKED_NAME = {"en": re.compile(r"\b(?i:do you know|have you (?:ever )?met) (?i:a |an |the )?"
                               rf"(?:(?i:my|our) (?i:{_KIN_WORDS_EN}),?\s+)?"  # "Have you met my cousin Bertram?" (N-55)
                               r"(?i:man |woman |lad |girl |boy |"
                               r"fellow |someone |anyone |somebody |anybody )?(?i:called |named |by the name of )?"
                               r"(?P<name>[A-Z][\w'-]+)"),
               # 你认识王铁匠吗？ / 你认识我表哥王二吗？ / 你认识我表哥吗？ (N-27, N-59): 我 is the asker's, 你 to them
               "zh": re.compile(r"(?:你|您)(?:认识|认得|知道)一?个?叫(?P<name>[\u4e00-\u9fff]{2,4}?)的人"
                                rf"|(?:你|您)(?:认识|认得|见过)(?:我(?:的)?(?P<kin>{_KIN_WORDS_ZH}))?"
                                r"(?P<name2>[\u4e00-\u9fff]{0,4}?)(?:吗|不|没)")}


def _asked_name(question: str, lang: str) -> str | None:
    """The name in "Do you know X?" / "你认识X吗？" (asked of someone not in the world)."""
    m = _ASKED_NAME["zh" if lang == "zh" else "en"].search(question)
    if m is None:
        return None
    if lang != "zh" or m.group("name"):
        return m.group("name")
    name, kin = m.group("name2") or "", m.group("kin") or ""
    if name in ("", "他", "她", "这人", "那人", "这个人", "那个人") or name.startswith(("这", "那", "他", "她")):
        return f"你{kin}" if kin and not name else None  # 你认识我表哥吗？: 你表哥
    return name


def _said_what_i_told(v: _Voice, items: list[GroundingItem]) -> bool:
    """The question asks after my telling to someone (what, or whether), and I did tell them (my_tellings.py)."""
    names = list(v.meta.get("subject_names") or [])
    to = told_whom(v.question, v.lang, names)
    return bool(to) and my_telling_to(items, to, told_about(v.question, v.lang, names, to or "")) is not None


def _direct_answer(v: _Voice, kind: str | None, items: list[GroundingItem]) -> str | None:
    """The answer the question asks for, said first: yes or no, how things stand, what I think."""
    subjects = set(v.meta.get("subjects") or [])
    about = [g for g in items if g.about in subjects] if subjects else []
    name = next((g.meta.get("about_name") for g in about if g.meta.get("about_name")), "")
    if v.meta.get("kept_back"):  # asked if I told anyone what I said in private: kept back, not denied
        return KEPT_BACK[v.lang][int(v.rng.integers(len(KEPT_BACK[v.lang])))]
    if v.meta.get("kept_for_them") and kind in ("yes_no", "deed", "news", None) and not tie_asked(v.question, v.lang) and not [
            g for g in about if g.kind in ("belief", "event", "summary", "impression")]:
        # bad news of my own people kept from a stranger: not "I haven't heard of it" (confidences.py)
        return KEPT_FOR_THEM[v.lang][int(v.rng.integers(len(KEPT_FOR_THEM[v.lang])))]
    if (tie := tie_asked(v.question, v.lang)) and tie[1] == WHAT_TIE:  # "赵船家是你什么人？": the tie itself
        line = next((line for g in items if g.kind == "tie" and _same_name(g.meta.get("about_name"), tie[0])
                     and (line := v.line(g))), None)
        if line:
            return v.finish(line)
        # no tie: how I know them at all (who_is.py), never a recap of what I hold of them
        known = how_i_know(items, subjects, {tie[0]})
        return v.pick("tie_none" if known == "met" else "know_heard" if known == "heard" else "know_no", about=tie[0])
    if kind in ("yes_no", "relation", None) and (tie := tie_asked(v.question, v.lang)):  # tie_question.py
        for g in items:
            if g.kind == "tie" and _same_name(g.meta.get("about_name"), tie[0]):
                that = is_that_tie(str(g.meta.get("rel_kind", "")), tie[1])
                if that is not None:
                    return (YES_TIE if that else NO_TIE)[v.lang] + ("，" if v.zh else ", ") + v.finish(v.line(g))
    if (close := closeness_asked(v.question, v.lang)) is not None:  # "你跟柳娘熟吗？": from the tie (tie_question.py)
        tie = next((g for g in items if g.kind == "tie" and g.meta.get("about_name") == close), None)
        if tie is None:
            return CLOSE[v.lang]["no"].format(about=close)
        if tie.meta.get("rel_kind") == "acquaintance":
            return v.finish(v.line(tie))  # "柳娘我认识，不算熟。": the tie says how little
        return CLOSE[v.lang]["yes"] + ("，" if v.zh else ", ") + v.finish(v.line(tie))
    if kind in ("deed", "yes_no", None) and asks_if_i_saw(v.question, v.lang):  # a witness asked (saw_it.py)
        story = next((g for g in items if g.meta.get("story_asked")), None)
        if story is not None and (line := v.line(story)):  # "Did you see it yourself?": the story I just told
            options = SAW_IT[v.lang] if story.meta.get("source") in FIRST_HAND else NOT_THERE[v.lang]
            return v.join([options[int(v.rng.integers(len(options)))], v.finish(line)])
        # "Did you see what happened?" names nothing: whatever I saw of what the reply draws on
        bare = not subjects and _WHAT_HAPPENED[v.lang].search(v.question) is not None
        names = [n for n in v.meta.get("subject_names") or [] if n]
        seen = [g for g in seen_myself(items) if (bare and g.meta.get("fact_kind") != "meet" and not g.meta.get("dialogue"))
                or g.about in subjects or _overlaps(v.question, g.text, v.zh)
                or any(n in g.text for n in names)]  # "what happened to Gil's net?": Ewan tore Gil Moyle's net
        if seen:
            line = v.line(seen[0])
            yes = SAW_IT[v.lang][int(v.rng.integers(len(SAW_IT[v.lang])))]
            return v.join([yes, v.finish(line)]) if line else yes
        heard = [g for g in items if g.kind in ("belief", "event") and g.meta.get("source") not in FIRST_HAND
                 and not g.meta.get("from_listener") and (bare or g.about in subjects or _overlaps(v.question, g.text, v.zh))
                 and not g.meta.get("dialogue") and not g.meta.get("filler")]
        if heard and (line := v.line(heard[0])):  # only heard of it: not there, and whom I have it from
            return v.join([NOT_THERE[v.lang][int(v.rng.integers(len(NOT_THERE[v.lang])))], v.finish(line)])
    if kind in ("deed", "yes_no", None):
        names = list(v.meta.get("subject_names") or [])
        to = told_whom(v.question, v.lang, names)
        of = told_about(v.question, v.lang, names, to) if to else None
        if to and of and my_telling_to(items, to, of) is None and my_telling_to(items, to) is not None:
            return NOT_ABOUT[v.lang].format(to=to, about=of)  # "What did you tell Dorrit about Agnes?": nothing of her
        if to and (told := my_telling_to(items, to, of)) is not None:  # I did tell them: owned, then what (my_tellings.py)
            if asks_what_was_said(v.question, v.lang):  # "what did you tell X?": what I said, no yes before it
                line = v.line(told)
                if line:
                    return v.finish(line)
            owned = OWNED[v.lang][int(v.rng.integers(len(OWNED[v.lang])))]
            if not_in_those_words(v.question, str(told.meta.get("quote") or told.text), v.lang):
                owned = NOT_THOSE_WORDS[v.lang][int(v.rng.integers(len(NOT_THOSE_WORDS[v.lang])))]
            line = v.line(told)  # the telling to them, not my others (N-28)
            return v.join([owned, v.finish(line)]) if line else owned
    if kind == "deed":
        return _answer_accusation(v, items)
    if kind == "news":
        news = [g.valence for g in items if g.kind in ("belief", "event", "summary") and not g.meta.get("dialogue")
                and not g.meta.get("filler")]
        return how_things_are(v.lang, news, int(v.rng.integers(1 << 30)))
    if kind == "know" and subjects:  # how I know them: the tie, met, only heard of, or not at all (who_is.py)
        names = list(v.meta.get("subject_names") or [])
        who = name or ("、" if v.zh else " and ").join(names) or ("这人" if v.zh else "them")
        known = how_i_know(items, subjects, set(names))
        asked_who = asks_who(v.question, v.lang)
        if known == "tie" and asked_who:
            return None  # "Who is Lin?": the tie says it ("Lin is a friend of mine"), no "yes" before it
        if known is None:
            return v.pick("who_no" if asked_who else "know_no", about=who)
        return v.pick("know_heard" if known == "heard" else "know_yes", about=who)
    if kind == "feeling" and subjects and _MINE_TOWARD[v.lang].search(v.question):
        # are you angry with X: my own feeling toward them, from what I hold of them (not "you and I")
        held = [g.valence for g in about if g.kind != "tie"]
        mood = sum(held) / len(held) if held else 0.0
        kind_of = "blame_mine" if _BLAME[v.lang].search(v.question) else "feeling_mine"
        if wrongs_i_saw(about, subjects):  # what I saw is not averaged away by a sorry I heard of (relayed_amends.py)
            if amends_heard(about, subjects):
                return still_cross(v.lang, name, True, lambda options: options[int(v.rng.integers(len(options)))])
            return v.pick(f"{kind_of}_yes")
        # what I was told they said against me is the grudge itself, not averaged away by my old good opinion
        # of them ("Not angry, no." from the one who kept his distance over it: newcomer N-6)
        if not _BLAME[v.lang].search(v.question) and any(
                g.kind == "belief" and g.meta.get("said_by") in subjects and g.meta.get("toward_me")
                and g.valence < -0.1 and not g.meta.get("negated") for g in _stale(list(v.request.grounding))):
            return v.pick(f"{kind_of}_yes")
        if mood < -0.2 or name:
            return v.pick(f"{kind_of}_yes" if mood < -0.2 else f"{kind_of}_no", about=name)
        return PHRASES[v.lang][f"{kind_of}_no"][-1]  # no name to say: "Not angry, no."
    if kind == "feeling":
        if subjects:  # is X angry with you: only what they said or did against me says so (or against the
            # other one the question names: "王婆生阿海的气了吗？" when 王婆 told me 阿海手脚不干净)
            names = set(v.meta.get("subject_names") or [])
            hostile = [g for g in about if g.valence < -0.2 and (g.meta.get("toward_me") or (
                len(subjects) > 1 and g.meta.get("teller_name") in names and g.meta.get("about_name") in names
                and g.meta.get("teller_name") != g.meta.get("about_name")))]
            if not hostile and any(g.meta.get("cool_to_me") for g in about):
                return v.pick("feeling_maybe")  # only their coolness seen: "Could be." (not "Not that I know of")
            return v.pick("feeling_yes" if hostile else "feeling_no")
        mine = [g for g in items if g.about == v.meta.get("asker")]
        mood = sum(g.valence for g in mine) / len(mine) if mine else 0.0
        return v.pick("feeling_self_yes" if mood < -0.2 else "feeling_self_no")
    if kind == "my_day":
        return v.pick("my_day" if any(g.meta.get("my_deed") for g in items) else "my_day_plain")
    sign = verdict_asked(v.question, v.lang) if kind == "yes_no" and subjects else None
    if sign is not None:
        # "Is Pip honest?" / "他是不是坏人？" asks what they are like: my impression of them first, then
        # what I hold, with why (good_or_bad.py); nothing held: I cannot judge
        said = verdict_answer(about, sign, v.lang, lambda options: options[int(v.rng.integers(len(options)))],
                              lambda g: (line := v.line(g)) and v.finish(line))
        return said or v.pick("cannot_judge", about=name or next(iter(v.meta.get("subject_names") or []), ""))
    if kind == "yes_no" and subjects and not any(_overlaps(v.question, g.text, v.zh) for g in about):
        return v.pick("not_known")
    name = name or ("" if kind != "relation" else next(iter(v.meta.get("subject_names") or []), ""))
    if kind == "relation" and name:
        if any(g.meta.get("cleared") for g in about):
            return v.pick("tie_mended", about=name)
        if any(g.valence < -0.1 for g in about):
            return v.pick("tie_bad", about=name)
        if any(g.valence > 0.2 for g in about):
            return v.pick("tie_good", about=name)
        return v.pick("tie_plain", about=name)
    if kind == "opinion":
        who = ("、" if v.zh else " and ").join(v.meta.get("subject_names") or [])
        if subjects and not about and who:  # a person I hold nothing of: I can't judge them (not "I'd say so, yes")
            return v.pick("cannot_judge", about=who)
        if name and any(g.kind == "tie" for g in about):
            if _FEEL_ABOUT[v.lang].search(v.question):  # "How do you feel about Finn?": the feeling first, if I have one
                said = _opinion_of_person(v, name, about)
                if said not in [p.format(about=name) for p in PHRASES[v.lang]["opinion_person_plain"]]:
                    return said
            return ""  # what they are to me leads, then what they are like, then the news (_memory_lines)
        if name:  # a person: said of them as a person, from my impression first, then what happened
            return _opinion_of_person(v, name, about)
        pool = [g for g in items if g.kind != "impression"] or [g for g in items if g.kind == "impression"]
        mood = sum(g.valence for g in pool) / len(pool) if pool else 0.1
        tone = "good" if mood > 0.05 else "bad" if mood < -0.2 else "plain"
        if _LIKED[v.lang].search(v.question):
            return v.pick("liked_" + tone)
        return v.pick("opinion_" + tone)
    return None


# "听说你…，是真的吗？" / "Is it true you ...?": a rumour put to me, so "是真的" answers it; a plain
# question ("磨盘是你弄坏的吗？") gets a plain yes
_PUT_AS_RUMOUR = {"zh": re.compile(r"是真的|真的吗|听说|据说|说(?:你|您)|传(?:言|闻)|都在说"),
                  "en": re.compile(r"\b(?:is it true|is that true|true that|I heard|heard that|they say|"
                                   r"\w+ (?:says|said|told me|claims))\b", re.IGNORECASE)}


def _admit(v: _Voice) -> str:
    return v.pick("admit_rumour" if _PUT_AS_RUMOUR[v.lang].search(v.question) else "admit")


def _answer_accusation(v: _Voice, items: list[GroundingItem]) -> str:
    """Yes only when one of my own deeds is the accused act in substance (the act and the thing, not a
    shared word: carrying flour is not stealing it); otherwise a denial that names the act."""
    mine = [g for g in items if g.kind == "event" and g.meta.get("my_deed")]
    acc = accusation(v.question, v.lang)
    if acc is None:
        if any(_overlaps(v.question, g.text, v.zh) for g in mine):
            return _admit(v)
        if state := fault_asked(v.question, v.lang):  # "were you drunk?": "Drunk? Certainly not." (N-54)
            said = STATE_DENIED[int(v.rng.integers(len(STATE_DENIED)))]
            return said.format(State=state[:1].upper() + state[1:], state=state)
        return v.pick("deny_deed")
    if any(owns_up(acc, v.question, g.meta.get("deed_text") or g.text, v.lang, harmful=g.valence < 0) for g in mine):
        return _admit(v)  # my deed is the accused act, or (one that did harm) near it: I own up
    if any(owns_up(acc, v.question, g.meta.get("deed_text") or g.text, v.lang, harmful=g.valence < 0, mind_intent=False)
           for g in mine):  # "did you do it on purpose?" of what I did without meaning to
        return NOT_MEANT[v.lang][int(v.rng.integers(len(NOT_MEANT[v.lang])))]
    act = denial_clause(acc, v.lang)
    if act and (v.zh or acc.aux):
        neg = {"did": "didn't", "have": "haven't", "had": "hadn't"}.get(acc.aux, "")
        return v.pick("deny_act", act=act, neg=neg)
    return v.pick("deny_deed")


_YOU_ARE = {"en": re.compile(r"\byou(?:'re|'ve| are| were| have| had)?\b(?! (?:told|said|heard|know))", re.IGNORECASE),
            "zh": re.compile(r"你(?!们|说|听|知道|觉得)")}


def _wronged_before_my_eyes(request: LLMRequest) -> bool:
    """Whether I saw the one apologising do me or mine a grave wrong (a theft, a smashed press)."""
    asker = request.meta.get("asker")
    return bool(asker) and any(g.kind in ("belief", "event") and g.about == asker and g.meta.get("source") == "witnessed"
                               and g.valence <= -0.5 for g in request.grounding)


def _called_me_names(v: _Voice) -> bool:
    """Whether what I was just told says something bad of me: a blaming predicate said of "you" (a small
    one too when it is going round: "Okke has been telling people you're always late")."""
    if not _YOU_ARE[v.lang].search(v.question):
        return False
    reading = read_by_cues(v.question)
    if reading is not None and reading.negated:
        return False  # "Ida never said you were lazy": a word denied, nothing said against me
    spec = INVENTORY.get(reading.key) if reading is not None else None
    bar = -0.15 if going_round(v.question, v.lang) else -0.2
    if spec is None and (said := _said_of_me(v)) is not None:
        return said < bar  # "周婆到处跟人说你故意染坏布": no cue word, what is said of me read by meaning
    return spec is not None and spec.blames_subject and spec.valence < bar


# "Okke has been telling people you're always late" / "阿福到处跟人说你总是迟到": a tale about me going round
_GOING_ROUND = {"en": re.compile(r"\b(?:has|have|'s|is|are|'re) been (?:telling|saying to) (?:people|everyone|everybody|folk|the others)"
                                 r" (?:that )?you\b|\bgoing (?:round|around) (?:telling|saying) (?:people |everyone )?(?:that )?you\b",
                                 re.IGNORECASE),
                "zh": re.compile(r"到处(?:跟人|对人|和人|跟别人|对别人)?(?:说|讲|传)你|(?:跟|对)(?:人|大家|别人|旁人)(?:说|讲)你")}


_SAYS_YOU = {"en": re.compile(r"\b(?:says|said|thinks|reckons|claims|claimed|telling \w+|saying)(?: that)? you\b", re.IGNORECASE),
             "zh": re.compile(r"(?:说|讲|传|嫌|怪)(?:是)?你(?!们)")}


def tale_question(text: str, language: str) -> str | None:
    """The question a tale about me puts to me, for the accusation reader ("Dot says you tore the nets"
    -> "Did you tore the nets?", "周婆到处跟人说你故意染坏布" -> "你故意染坏布吗？"); None when the words
    tell no tale of me."""
    zh = language == "zh"
    said = _SAYS_YOU["zh" if zh else "en"].search(text)
    if said is None:
        return None
    tail = text[said.end() - len("你" if zh else "you"):].strip().rstrip("。.!！?？")
    return f"{tail}吗？" if zh else f"Did {tail}?"


def _tale_owned(v: _Voice, items: list[GroundingItem]) -> str | None:
    """A tale about me that tells my own deed: owned ("It's true, I did." and the deed), or, said to be
    meant when it was not, owned as not meant; None when no deed of mine is what it tells."""
    asked = tale_question(v.question, v.lang)
    acc = accusation(asked, v.lang) if asked else None
    mine = [g for g in items if g.kind == "event" and g.meta.get("my_deed")]
    if acc is None or asked is None or not mine:
        return None
    for mind_intent, key in ((True, "admit_rumour"), (False, "admit_not_meant")):
        for g in mine:
            deed = g.meta.get("deed_text") or g.text
            if owns_up(acc, asked, deed, v.lang, harmful=g.valence < 0, mind_intent=mind_intent) and (
                    mind_intent or alleges_intent(asked, deed, v.lang)) and (
                    not acc.obj or same_thing(acc, deed, v.lang)  # the nets it names, not my teapot
                    or (v.zh and acc.obj.strip("的")[-1:] in deed)):  # 布 (one character) of 三匹蓝布
                line = v.line(g)
                return v.join([v.pick(key), *([v.finish(line)] if line else [])])
    return None


def _said_of_me(v: _Voice) -> float | None:
    """How bad what someone says of me is ("周婆到处跟人说你故意染坏布": the words from 你 on, read alone,
    their teller left out), or None when the words say nothing of me someone says."""
    said = _SAYS_YOU[v.lang].search(v.question)
    if said is None:
        return None
    spec = INVENTORY.get(read_claim(v.question[said.end() - len("你" if v.zh else "you"):]).key)
    return spec.valence if spec is not None and spec.blames_subject else 0.0


def _tale_of_me(v: _Voice, news: GroundingItem) -> bool:
    """Whether what they told me is a tale about me someone tells: going round ("周婆到处跟人说你故意
    染坏布", unless it is praise), or a blame said of me ("Dot says you spoiled the nets"); the one it
    names as its teller is then only who says it, the hurt is mine."""
    valence = news.valence
    if -0.05 <= valence <= 0.1:  # their words read as a remark about the teller: what is said of me, read alone
        valence = _said_of_me(v) or valence
    elif not _SAYS_YOU[v.lang].search(v.question):
        return False
    return valence <= 0.1 if going_round(v.question, v.lang) else valence < -0.05


def going_round(text: str, language: str) -> bool:
    """Whether the words tell me someone is spreading something about me (to be taken as said of me)."""
    return bool(_GOING_ROUND["zh" if language == "zh" else "en"].search(text))


def _accused_other(v: _Voice, items: list[GroundingItem]) -> str | None:
    """"Did Jonas steal the flour?" when all I hold is that he carried flour sacks: not that I know of,
    then what I do know of it. None when I hold the act itself (or the question accuses nobody)."""
    subjects = set(v.meta.get("subjects") or [])
    held = [g for g in items if g.about in subjects and g.kind in ("event", "belief", "summary")]
    for name in dict.fromkeys(g.meta.get("about_name") for g in items if g.about in subjects):
        acc = accusation_of(v.question, v.lang, name) if name else None
        if acc is None or _ASKS_WHAT.search(acc.verb or acc.rest):
            continue  # "你听说小六什么事了吗？" asks what was heard of him: no deed to deny ("没听说有这回事。" then the tale)
        if any(same_deed(acc, v.question, g.text, v.lang) for g in held) or _held_as_asked(v, held):
            return None  # I hold it (in other words too: 手脚一向不干净 is 偷了鸡): never "据我所知没有" before it
        near = _memory_lines(v, [g for g in held if same_thing(acc, g.text, v.lang)]) or _memory_lines(v, held)
        return v.join([v.pick("not_known"), *near[:2]])  # then what I do know of it, or of them
    return None


_A_NOT_A = re.compile(r"是不是|有没有|是否|会不会|对不对|是吗")
_ASKS_WHAT = re.compile(r"什么|啥|怎么|哪|\b(?:anything|something|what)\b", re.IGNORECASE)


def _held_as_asked(v: _Voice, held: list[GroundingItem]) -> bool:
    """Whether something I hold says the deed the question asks after by its kind ("阿海是不是偷了鸡？" and
    王婆跟我说阿海手脚一向不干净: both theft), though not in its words."""
    asked = read_by_cues(_A_NOT_A.sub("", v.question))  # 是不是 asks, it negates nothing
    if asked is None or asked.negated or asked.key == "remark":
        return False
    for g in held:
        key = g.meta.get("predicate")
        if key is None and g.kind in ("event", "summary"):
            said = read_by_cues(g.text)
            key = said.key if said is not None and not said.negated else None
        if key == asked.key:
            return True
    return False


_MINE_TOWARD = {"en": re.compile(r"\b(?:are|were|aren't|weren't) you\b[^?]{0,20}?\b(?:angry|cross|upset|mad|annoyed|sore|"
                               r"furious|bitter)\b|\b(?:do|don't|did|didn't) you\b[^?]{0,12}?\b(?:blame|hold it against|"
                               r"resent)\b", re.IGNORECASE),
                "zh": re.compile(r"(?:你|您)(?:还|是不是|真的|在|还在)*(?:生[^，,？?]{1,8}的气|(?:对|跟|和)[^，,？?]{1,8}(?:不满|有意见|生气)"
                                 r"|(?<!奇)(?<!古)(?:怪|埋怨|怨)(?!不得))")}
_LIKED = {"en": re.compile(r"\bdid you (?:like|enjoy|love)\b", re.IGNORECASE), "zh": re.compile(r"喜欢|爱吃|爱喝")}


# "Who started it?" / 谁最先说的 / 这话是从谁那儿传出来的 (newcomer L-43: "don't know"): my teller, and whom the words
# name as first saying it, when they do
_STARTED_EN = (r"\bwho (?:started|began|first said|first told|spread|put about)(?: it| this| that| the (?:story|rumou?r|talk|tale))?\b"
               r"|\bwhere did (?:it|this|that|the (?:story|rumou?r|talk)) (?:start|come from|begin)\b")
_STARTED_ZH = r"谁最先说的|谁先说的|是从谁(?:那儿|那里)?传出来的|谁传出来的|谁起的头|从哪儿传出来的|最早是谁说的"
_STARTED = {"en": re.compile(_STARTED_EN, re.IGNORECASE), "zh": re.compile(_STARTED_ZH)}
FIRST_SAID = {"en": {"by": "It started with {first}, from what I heard.", "unknown": "Where {teller} had it, I couldn't say."},
              "zh": {"by": "听说最早是{first}说的。", "unknown": "{teller}是从哪儿听来的，我就不知道了。"}}
_WHO_TOLD = {"en": re.compile(r"\bwho (?:told you|said so|said that|says so)\b|\bwhere did you (?:hear|get|learn) (?:that|it|this|"
                              r"of|about)\b|\bhow do you know (?:that|this|about)\b|" + _STARTED_EN, re.IGNORECASE),
             "zh": re.compile(r"谁(?:告诉|跟|和|对)(?:你|您)(?:说|讲)?(?:的|了)|^谁(?:告诉|跟)(?:你|您)(?:说|讲)?(?!话)(?=[\u4e00-\u9fff])|(?:你|您)(?:是)?(?:听|从)谁(?:那儿|那里)?(?:说|听)(?:来)?的|(?:你|您)怎么知道|哪儿听来的|从哪(?:儿|里)?听(?:来|说)的"
                                r"|^\W*(?:这话|这事)?(?:是)?谁(?:说|讲|传)的" + "|" + _STARTED_ZH)}


def asks_source(question: str, language: str) -> bool:
    """"Who told you?" / "这话是谁跟你说的？": where my knowing came from."""
    return bool(_WHO_TOLD["zh" if language == "zh" else "en"].search(question))


def _source_answer(v: _Voice, items: list[GroundingItem]) -> str | None:
    """"Who told you about the rope?" asks where my knowing came from: I saw it myself (what I saw), or the
    teller's name (what they told me); "Like I said, ..." answered what it did not ask."""
    if not _WHO_TOLD[v.lang].search(v.question):
        return None
    held = [g for g in items if g.kind in ("event", "belief") and not g.meta.get("dialogue") and not g.meta.get("message")
            and g.meta.get("source") != "said"]  # what I passed on myself is not where I had it from
    # what they ask of, without the asking: "Who told you that?" shares "told" with every telling I heard,
    # and the hearing was then the answer ("Ole told me that ..."), never the teller named
    asked = _WHO_TOLD[v.lang].sub(" ", v.question)
    on_it = [g for g in held if _overlaps(asked, g.text, v.zh)] or held
    # the memory sharing most words with what they ask of: "Where did you hear that Rourke thinks you are
    # careless?" is Finn's telling, not my own careless slip (one word shared)
    best = max((_shared(asked, g.text, v.zh) for g in on_it), default=0)
    # nothing seen or heard says it better than my own words to someone: nobody told me, I said it (N-5:
    # Ada, who only said Owen took the bell, answered "I saw it myself" from a cold meeting with Owen)
    mine = [g for g in items if g.kind == "event" and g.meta.get("source") == "said" and g.meta.get("to_names")
            and not g.meta.get("dialogue") and not g.meta.get("message")]
    said = max(mine, key=lambda g: _shared(asked, g.text, v.zh), default=None)
    heard = any(g.kind == "belief" and g.meta.get("source") == "told" and g.meta.get("teller_name")
                and not g.meta.get("from_listener") for g in held)
    # a thing I saw of it (more than its subject's name) is still where I had it from (周掌柜 saw the cloth spoilt)
    bare = asked
    for name in v.meta.get("subject_names") or []:
        bare = bare.replace(name, " ")
    saw = any(_shared(bare, g.text, v.zh) > 0 for g in held if g.meta.get("source") in ("witnessed", "saw", "participated"))
    if said is not None and not heard and not saw and _shared(asked, said.text, v.zh) > best:
        return v.pick("said_it_myself", to=said.meta["to_names"])
    on_it = [g for g in on_it if _shared(asked, g.text, v.zh) == best] or on_it
    seen = [g for g in on_it if (g.kind == "event" and g.meta.get("source") in ("witnessed", "participated")
                                 and not g.meta.get("filler"))
            or (g.kind == "belief" and g.meta.get("source") in ("witnessed", "saw", "participated"))]
    told = [g for g in on_it if g.kind == "belief" and g.meta.get("source") == "told" and g.meta.get("teller_name")
            and not g.meta.get("from_listener")]
    started = _STARTED[v.lang].search(v.question) is not None  # "Who started it?": a tale told me, not what I saw
    if started and not told:  # (an account given me at a making-up is whose words they first were)
        told = [g for g in held if g.kind == "belief" and g.meta.get("source") in ("told", "account")
                and g.meta.get("teller_name") and not g.meta.get("from_listener")]
    if told and (not seen if started else not (seen and _shared(asked, seen[0].text, v.zh) > _shared(asked, told[0].text, v.zh))):
        if told[0].meta.get("set_right"):  # the telling a making-up set right: who, and that it was set right
            return v.pick("told_me_by_set_right", teller=told[0].meta["teller_name"])
        said = v.pick("told_me_by", teller=told[0].meta["teller_name"])
        if started:  # "Who started it?": and whom the words name as first saying it
            first, teller = told[0].meta.get("said_by_name") or "", told[0].meta["teller_name"]
            if told[0].meta.get("source") == "account" or first == teller:
                return said  # their own words to me: they started it
            extra = FIRST_SAID[v.lang]["by" if first else "unknown"]
            return v.join([said, extra.format(first=first, teller=teller)])
        return said
    if seen:
        line = v.line(seen[0])
        return v.join([v.pick("saw_myself"), *([v.finish(line)] if line else [])])
    if told:
        return v.pick("told_me_by", teller=told[0].meta["teller_name"])
    return None


def _opinion_of_person(v: _Voice, name: str, about: list[GroundingItem]) -> str:
    impressions = [g.valence for g in about if g.kind == "impression"]
    deeds = [g.valence for g in about if g.kind != "impression" and not g.meta.get("blameless")]
    felt = sum(impressions) / len(impressions) if impressions else None
    seen = sum(deeds) / len(deeds) if deeds else None
    if felt is not None and seen is not None and (felt > 0.1 > -0.1 > seen or felt < -0.1 < 0.1 < seen):
        return v.pick("opinion_person_mixed", about=name)
    mood = felt if felt is not None else seen if seen is not None else 0.0
    tone = "good" if mood > 0.1 else "bad" if mood < -0.2 else "plain"
    return v.pick("opinion_person_" + tone, about=name)


_GREETED_AS = {"en": ((re.compile(r"\bgood morning\b|\bmorning\b", re.IGNORECASE), "greet_morning"),
                      (re.compile(r"\bgood (?:evening|night)\b|\bevening\b", re.IGNORECASE), "greet_evening"),
                      (re.compile(r"\bgood afternoon\b|\bafternoon\b", re.IGNORECASE), "greet_day")),
               "zh": ((re.compile(r"早上好|早安|早啊|^早"), "greet_morning"), (re.compile(r"晚上好|晚安"), "greet_evening"),
                      (re.compile(r"下午好|中午好"), "greet_day"))}


_GREETING_HOURS = {"greet_morning": range(4, 13), "greet_day": range(11, 19), "greet_evening": (*range(16, 24), *range(0, 4))}


def _greeting(v: _Voice, hour: int, known: bool = True) -> str:
    """A greeting by the world's clock (the small hours are night, not morning), or the one the
    player used ("Good evening" is answered with an evening greeting)."""
    key = "greet_morning" if 5 <= hour < 12 else "greet_day" if 12 <= hour < 18 else "greet_evening"
    theirs = next((k for rx, k in _GREETED_AS[v.lang] if rx.search(v.question)), key)
    # theirs when the clock allows it: "Morning, Bryn!" at six in the evening is met with the evening's
    # greeting, never "Morning! You're up early." (second newcomer M-10)
    if theirs in _GREETING_HOURS and hour in _GREETING_HOURS[theirs]:
        key = theirs
    options = PHRASES[v.lang][key] if known else \
        [o for o in PHRASES[v.lang][key] if "see you" not in o and "见到你" not in o]  # a stranger is not "good to see"
    return _fresh(v, options)


def _memory_lines(v: _Voice, items: list[GroundingItem], *, person_first: bool = False) -> list[str]:
    """What to say, in order: the news first, or (asked what someone is like) the person first."""
    order = ({"tie": 0, "impression": 1, "summary": 2, "belief": 3, "event": 4} if person_first
             else {"summary": 0, "belief": 1, "event": 2, "tie": 3, "impression": 4})
    out: list[str] = []
    told_clearing = {g.about for g in items if g.kind == "event" and g.meta.get("cleared")}
    filler: list[str] = []
    repeated = False
    named = set(v.meta.get("subjects") or [])
    named_said = False
    summed: set[str | None] = set()
    told_claims: dict[str, int] = {}
    also_told: list = []  # [index in out, names] of the "I told X as much, too" line said
    if not person_first and any(g.kind != "tie" for g in items):
        items = [g for g in items if g.kind != "tie"]  # the answer leads; who someone is only when asked about them
    for item in named_first(sorted(items, key=lambda g: order.get(g.kind, 9)), named):
        if named and item.about not in named and repeated and not named_said:
            break  # what they asked after was said already: recapped, never the storm instead (heard_about.py)
        if item.kind == "summary" and item.meta.get("cleared") and item.about in told_clearing:
            continue  # the memory of the making-up says it, with who helped
        if item.kind == "belief" and item.meta.get("from_listener") and not _theirs_worth_saying(v, item):
            continue
        raw = v.line(item)
        if not raw:
            continue
        s = v.finish(raw)
        core = s.rstrip("。.!！").lower()
        if core and _mostly_in(core, v.said_to_listener, v.zh):
            repeated = True
            continue  # said to this listener today already
        earlier = [e.lower().rstrip("。.!！") for e in out + filler]
        quote = str(item.meta.get("quote") or "").rstrip("。.!！").lower() if item.meta.get("source") == "said" else ""
        if quote and item.meta.get("to_names") and earlier and _mostly_in(quote, earlier, v.zh, 0.8):
            if also_told and also_told[0] < len(out):  # "我也跟白才提过一句。我也跟陆军提过一句。": one line, both named
                also_told[1].append(str(item.meta["to_names"]))
                out[also_told[0]] = ALSO_TOLD[v.lang].format(to=listed(also_told[1], v.lang))
                continue
            s = core = ALSO_TOLD[v.lang].format(to=item.meta["to_names"])  # the same words, said once (N-15)
            also = str(item.meta["to_names"])
        else:
            also = ""
        if not s or _mostly_in(core, earlier, v.zh, 0.8):
            continue  # a summary may already say it, or a belief the event of hearing it
        if item.kind == "summary" and item.about in summed:
            continue  # one stretch with them said once (two summaries of one day said it twice: newcomer K-35)
        claim = str(item.meta.get("claim_text") or "").rstrip("。.!！").lower() if item.kind == "belief" else ""
        if claim and (told_claims.get(claim, 0) >= 2 or (claim in " ".join(earlier) and str(
                item.meta.get("teller_name") or "").lower() in " ".join(earlier))):
            continue  # the same words from the same teller (a summary said them), or a third time from another
        if claim:
            told_claims[claim] = told_claims.get(claim, 0) + 1 + (claim in " ".join(earlier))
        if item.kind == "summary":
            summed.add(item.about)
        (filler if item.meta.get("filler") else out).append(s)
        if also and not item.meta.get("filler"):
            also_told[:] = [len(out) - 1, [also]]
        named_said = named_said or (item.about in named and item.kind != "tie")
        if len(out) >= MAX_MEMORY_LINES:
            break
    if out or repeated:
        return out  # nothing new but things already said: "that's all I know", not a chat in passing
    return filler[:1]  # a chat in passing is said only when there is nothing better


def _stand_by(v: _Voice, items: list[GroundingItem], name: str) -> str:
    """What I heard from `name`, said again after the player disputed it; or that they told me nothing."""
    heard = [g for g in items if not g.meta.get("from_listener") and (
        g.kind == "event" and g.meta.get("source") == "heard" and g.meta.get("speaker_name") == name
        or g.kind == "belief" and g.meta.get("teller_name") == name)]
    lines = [v.finish(line) for g in heard[:1] if (line := v.line(g))]
    if not lines:
        return HEARD_NOTHING[v.lang].format(name=name)
    options = STAND_BY[v.lang]
    return v.join([options[int(v.rng.integers(len(options)))], *lines])


def _theirs_worth_saying(v: _Voice, item: GroundingItem) -> bool:
    """What the listener told me is said back only when the question is about it, and once a day in
    any wording ("You told me ..." and "As you said, ..." are the same line said twice)."""
    claim = item.meta.get("claim_text") or item.text
    if is_retort(str(item.meta.get("quote") or claim), v.lang):
        return False  # "That's not what Agatha said" is no news to say back (not_what_said.py)
    # asked after someone by name, what they told me of them is about it ("What do you think of Tom?":
    # the name is too short for the word match, which 小何 passes as two characters)
    named = any(n and n in v.question and n in claim for n in v.meta.get("subject_names") or [])
    if not (named or _overlaps(v.question, claim, v.zh)):
        return False
    words = revoiced(claim, v.lang) if item.meta.get("listener_words") else drop_opener(v.g.clause(claim), v.lang)
    core = words.rstrip("。.!！").lower()
    return not (core and any(core in t for t in v.said_to_listener))


def _opener(v: _Voice, items: list[GroundingItem], said: int = 2) -> str:
    """The lead before `said` memory lines, by how the memories feel; one that promises a long story
    ("Where to start.", 说来话长) only before more than one line (N-18)."""
    hurt = [g for g in items if g.kind == "belief" and g.meta.get("toward_me") and g.valence < -0.3]
    if any(g.meta.get("cleared") for g in items):
        key = "open_cleared"
    elif hurt:
        key = "open_hurt"
    elif all(g.valence > -0.3 for g in items):
        key = "open_neutral"
    else:
        key = "open_bad"
    options = PHRASES[v.lang][key]
    if said < 2:  # the leads that promise no long story
        options = [o for o in options if o not in PHRASES[v.lang]["open_long"]] or options
    return _fresh(v, options)


def _fresh(v: _Voice, options: list[str]) -> str:
    """One of the options by the turn's stream, not one I said to this listener today if another is
    left (N-10: the same lead turn after turn); one draw either way."""
    n = int(v.rng.integers(len(options)))
    unsaid = [o for o in options if not any(o.lower() in t for t in v.said_to_listener)]
    if not unsaid or options[n] in unsaid:
        return options[n]
    return unsaid[n % len(unsaid)]


def _react_to_news(v: _Voice, news: GroundingItem, items: list[GroundingItem]) -> str:
    """Someone just told the NPC something: react to it, say what it knows of it itself, maybe ask."""
    m = news.meta
    about = m.get("about_name") or ""
    told_of_self = about in ("you", "你")  # the teller's own news ("I slipped on the jetty"), not "you? Is that so."
    if m.get("negated") and m.get("toward_me"):  # told someone never said that of me: relief, not hurt
        first = v.pick("react_cleared")
    elif m.get("about_me") or _tale_of_me(v, news):
        first = v.pick("react_me")
    elif told_of_self:
        spec = INVENTORY.get(m.get("predicate") or "")
        blameless = spec is not None and not spec.blames_subject
        first = v.pick("react_you_misfortune" if news.valence < -0.05 and blameless else "react_you_bad"
                       if news.valence < -0.05 else "react_you_good" if news.valence > 0.1 else "react_you_plain")
    elif news.valence < -0.05:
        first = v.pick("react_bad", about=about) if about else v.pick("react_statement")
    elif news.valence > 0.1:
        first = v.pick("react_good", about=about) if about else v.pick("react_statement")
    else:
        first = v.pick("react_plain", about=about)
    parts = [first]
    others = [g for g in items if g is not news and g.kind == "belief" and g.about == news.about
              and g.meta.get("teller_name") and not g.meta.get("from_listener")]
    same = [g for g in others if g.meta.get("predicate") == m.get("predicate")]
    if same:
        parts.append(v.pick("same_heard", teller=same[0].meta["teller_name"]))
    else:
        own = others + [g for g in items if g is not news and g.about == news.about and g.kind in ("event", "summary")
                        and not g.meta.get("dialogue") and not g.meta.get("message")]
        if own:
            line = v.line(own[0])
            if line:
                parts.append(v.finish(line))
        elif news.valence < -0.05 and not told_of_self:
            parts.append(v.pick("react_seen" if _saw_it_said(m.get("quote") or "", v.lang) else "who_said"))
    return v.join(parts)


# "I saw Silas drunk": the teller saw it; "Where did you hear that?" after it is no listening (N-57)
_SAW_SAID = {"en": re.compile(r"\bI (?:saw|watched|spotted|caught)\b|\bwith my own eyes\b", re.IGNORECASE),
             "zh": re.compile(r"我(?:昨晚|昨天|刚才|今早|今天)?(?:亲眼)?(?:看见|看到|瞧见|撞见)|我亲眼")}


def _saw_it_said(text: str, lang: str) -> bool:
    return bool(_SAW_SAID[lang].search(text))


def _told_just_now(v: _Voice, items: list[GroundingItem], subjects: set[str]) -> str | None:
    """What they tell me in these words is not a memory of mine yet (it is written after the turn):
    react to the deed of the one person it names, then only what I hold of that deed of theirs;
    never a line that merely shares their name. None when the words read as no deed."""
    names = list(v.meta.get("subject_names") or [])
    if len(subjects) != 1 or len(names) != 1 or (reading := read_by_cues(v.question)) is None or reading.negated:
        return None
    spec = INVENTORY.get(reading.key)
    if spec is None or spec.kind != "deed":
        return None
    bad, good = spec.valence < -0.05, spec.valence > 0.1
    parts = [v.pick("react_bad" if bad else "react_good" if good else "react_plain", about=names[0])]
    same = [g for g in items if g.kind == "belief" and g.about in subjects and g.meta.get("predicate") == reading.key
            and g.meta.get("teller_name") and not g.meta.get("from_listener")]
    if same:
        parts.append(v.pick("same_heard", teller=same[0].meta["teller_name"]))
    elif bad:
        parts.append(v.pick("react_seen" if _saw_it_said(v.question, v.lang) else "who_said"))
    return v.join(parts)
