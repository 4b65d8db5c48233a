"""Dialogue pieces shared by the pipeline: the reply record, who a line names, and grounding.

Grounding turns the context the builder chose into items in the NPC's own voice, so whatever
model speaks, it speaks from what this NPC actually remembers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, Field

from townsfolk.agents import grammar_zh
from townsfolk.agents.addressee_words import without_address
from townsfolk.agents.believe_question import asks_if_i_believe, asks_if_i_believe_you
from townsfolk.agents.confidences import shareable
from townsfolk.agents.day_words import as_of
from townsfolk.agents.deed_match import own_deeds_accused
from townsfolk.agents.done_to_me import asks_done_to_me, done_to, wrongs_done_to_me
from townsfolk.agents.fault_asked import asks_whose_fault, troubles_lately
from townsfolk.agents.it_refers import previous_question
from townsfolk.agents.last_story import belief_told, last_story
from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.agents.my_loss import asks_my_loss, taken_from_me
from townsfolk.agents.my_mood import what_hurts
from townsfolk.agents.my_plans import asks_my_plan
from townsfolk.agents.my_tellings import confronted_with, told_about, told_whom
from townsfolk.agents.plea import is_plea
from townsfolk.agents.quote_persons import first_heard_by, retold_quote, turned_quote
from townsfolk.agents.remember_me import CONFIDED_NOTE, memories_of_asker
from townsfolk.agents.retraction import passed_on_to, taken_back
from townsfolk.agents.role_questions import own_place
from townsfolk.agents.role_ties import colleague_kind
from townsfolk.agents.saw_it import FIRST_HAND, asks_if_i_saw
from townsfolk.agents.sorry_asked import asks_if_i_will_apologise, asks_if_sorry, my_deeds
from townsfolk.agents.source_asked import tellings_heard_of
from townsfolk.agents.tellings_asked import (
    asks_whom_i_told,
    my_sayings,
    sayings_to,
    teller_asked,
    told_me_by,
)
from townsfolk.agents.tie_question import closeness_asked, tie_asked
from townsfolk.agents.titles import titled
from townsfolk.agents.tongue_remark import is_tongue_remark
from townsfolk.agents.twisted_asked import asks_who_twisted, set_right_by, twisted_tellings
from townsfolk.agents.voice import asks_source, question_kind, tale_question
from townsfolk.agents.what_i_saw import asks_what_i_saw, seen_lately, seen_of
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import render_claim
from townsfolk.memory.context import Context
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.name_index import name_index
from townsfolk.memory.predicates import INVENTORY
from townsfolk.memory.pronouns import (
    can_report_zh,
    follow_name,
    refers_back,
    reported_zh,
    unsaid_self,
)
from townsfolk.memory.store import MemoryStore
from townsfolk.world.relation_kinds import BUILTIN_KINDS
from townsfolk.world.world import World


class Reply(BaseModel):
    """An NPC's answer with the memories it drew on and the model call behind it."""

    npc: str
    asker: str
    question: str
    text: str
    subjects: list[str]
    grounding_ids: list[str] = Field(default_factory=list)
    model: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    fallback: str | None = None


def mentioned(world: World, text: str, *, exclude: set[str]) -> list[str]:
    """Characters named in the text (by name or id, or by a title only they hold: "the captain" for
    Captain Hale, "the cook" for the one cook), in order of appearance."""
    # one scan of the text over a name index kept per world, not a pass over every character
    hits = [(at, cid) for cid, at in name_index(world).mentioned(text).items() if cid not in exclude]
    hits += titled(world, text, exclude=exclude, named={cid for _, cid in hits})
    return [cid for _, cid in sorted(hits)]


def second_person(text: str, listener_name: str, language: str, others: Iterable[str] = ()) -> str:
    """Speaking to someone, their name in a memory becomes 'you' / '你' (and "his" theirs, 'your');
    `others` are the other names in the text, so a "his" that may be theirs is left alone."""
    if not listener_name or listener_name not in text:
        return text
    return follow_name(text, listener_name, "你" if language == "zh" else "you", language, others)


def in_my_words(text: str, npc: str, listener: str, world: World) -> str:
    """Someone's words retold by the NPC: its own name becomes I / 我, the listener's you / 你."""
    me, you = world.name(npc), world.name(listener) if listener in world.characters else ""
    zh = world.language == "zh"
    others = _names_in(world, text)
    text = follow_name(text, me, "我" if zh else "I", world.language, others)
    return second_person(text, you, world.language, others) if you else text


def heard_in_their_words(text: str, npc: str, world: World) -> str:
    """Words said to the NPC, kept as the speaker said them, with the NPC's name as their "you"
    (你): the voice then re-voices them as heard (their 我/I is them, their 你/you is me). Put into
    the NPC's own words first (周掌柜 -> 我), their "I" pass made 我 the speaker: "蓝姑跟我提过，
    石头染坏了蓝姑订的三匹布" of the cloth 周掌柜 had ordered."""
    me = world.name(npc)
    if not me or me not in text:
        return text
    if world.language == "zh" and not can_report_zh(grammar_zh.reported(text)):
        return follow_name(text, me, "我", "zh", _names_in(world, text))  # kept as a quotation: mine as I
    return second_person(text, me, world.language, _names_in(world, text))


def _names_in(world: World, text: str) -> list[str]:
    """The characters' names a text mentions (only looked up when a pronoun could point back)."""
    if not refers_back(text):
        return []
    return [world.characters[cid].name for cid in name_index(world).named(text)]


def said_today(world: World, memory: MemoryStore, npc: str) -> list[tuple[str, list[str]]]:
    """Every line the NPC has spoken since the start of today (replies and what it said), newest
    first, each with whom it was said to: one walk back through the day serves both questions
    the voice asks (said to anyone, said to this listener)."""
    today = world.now.date()
    out: list[tuple[str, list[str]]] = []
    for event in reversed(memory.events_of(npc)):
        if event.time.date() != today:
            break
        if event.source == "said" and event.fact_id and event.fact_id in world.facts:
            fact = world.facts.get(event.fact_id)
            if fact.actor == npc:
                out.append((fact.text, fact.to))
    return out


def lines_said_today(world: World, memory: MemoryStore, npc: str, to: str | None = None) -> list[str]:
    """Every line the NPC has spoken since the start of today (replies and what it said), so the
    voice can avoid saying the same thing twice in one day; with `to`, only what it said to them."""
    return [text for text, heard_by in said_today(world, memory, npc) if to is None or to in heard_by]


def _name_for(world: World, cid: str | None, npc: str, listener: str) -> str:
    """How the NPC names someone to this listener: 'you' / '你', 'I' / '我', or by name."""
    if not cid:
        return ""
    zh = world.language == "zh"
    if cid == listener:
        return "你" if zh else "you"
    if cid == npc:
        return "我" if zh else "I"
    return world.name(cid)


OWN_DEEDS = 3  # at most this many of today's own doings answer "what did you do today?"


def own_deeds_today(world: World, memory: MemoryStore, npc: str, *, skip: set[str]) -> list[str]:
    """Ids of what the NPC itself did today (most recent first, public only): the context builder
    looks for memories involving the person asking, so the NPC's own day needs adding."""
    today = world.now.date()
    out: list[str] = []
    for e in reversed(memory.events_of(npc)):
        if e.time.date() != today:
            break
        fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
        if (fact is not None and fact.actor == npc and fact.kind == "happen" and not e.private
                and e.status == "active" and e.id not in skip):
            out.append(e.id)
            if len(out) >= OWN_DEEDS:
                break
    return out


_BOTH_WAYS = {"family", "romance", "friend", "partner", "neighbour", "colleague", "acquaintance", "rival"}


def ties_to(world: World, npc: str, others: Iterable[str], *, skip: set[str]) -> list[GroundingItem]:
    """The NPC's own ties (relationship kinds, not bond axes) to people asked about whom it holds no
    memory: a teacher asked about her pupil says he is her pupil, and what he is like, instead of
    "I don't know". Players are left out (one player's ties are not told to another)."""
    out: list[GroundingItem] = []
    for other in others:
        c = world.characters.get(other)
        if other in skip or other == npc or c is None or c.is_player or npc not in world.characters:
            continue
        edges = [e for e in world.graph.edges_between(npc, other) if world.relation_kind(e.kind) is not None]
        reverse = not edges  # only they are tied to me (my boss, my master): said from my side
        if reverse:
            edges = [e for e in world.graph.edges_between(other, npc) if e.kind in _BOTH_WAYS or e.kind == "mentor"
                     or (e.kind not in BUILTIN_KINDS and world.relation_kind(e.kind) is not None)]
        if not edges:
            continue
        edge = max(edges, key=lambda e: (e.strength, e.kind))
        kind = world.relation_kind(edge.kind)
        assert kind is not None
        close = kind.warmth >= 0.5 and edge.strength >= 0.5
        out.append(GroundingItem(kind="tie", id=f"tie:{npc}:{other}:{edge.kind}", about=other,
                                 text=f"{c.name}: {kind.label(world.language)} ({edge.strength:.2f})",
                                 valence=round(0.3 * kind.warmth - 0.5 * kind.coldness, 3),
                                 # a world's own kind names what `from` is to `to`, as mentor does ({from: silas,
                                 # to: owen, kind: employer}: Silas is Owen's employer; N-4 had him say
                                 # "Owen is my employer")
                                 meta={"rel_kind": "other" if reverse and edge.kind == "mentor"
                                       else ("their_kind" if reverse else "own_kind") if edge.kind not in BUILTIN_KINDS
                                       else _who_sells(world, npc, other) if edge.kind == "customer"
                                       else colleague_kind(world.character(npc).role, c.role) if edge.kind == "colleague"
                                       else edge.kind,
                                       "label": kind.label(world.language),
                                       "about_name": c.name, "strength": round(edge.strength, 3),
                                       "persona": (c.persona or "").strip() if close else "",
                                       "pronoun": c.pronoun,
                                       "role": c.role if close else ""}))
    return out


_BUYER_ROLE = re.compile(r"常客|顾客|客人|主顾|熟客|茶客|酒客|食客|买家|\b(?:customer|regular|patron|buyer|client)s?\b", re.I)


def _who_sells(world: World, npc: str, other: str) -> str:
    """A `customer` tie said from the side that trades: scenarios tie a shop and its regular both ways
    (teahouse: 老顾客 -> 阿青 and 阿青 -> 老顾客), so the kind alone does not say who buys. The one with a
    trade sells: "customer" (they buy from me), "customer_of" (I buy from them), or "customer_both"."""
    from townsfolk.agents.trade_goods import own_trade

    def sells(cid: str) -> bool:  # a 茶铺常客 names the tea house it drinks at, and sells no tea
        c = world.character(cid)
        return not _BUYER_ROLE.search(c.role or "") and own_trade(c, world.language == "zh") is not None

    mine, theirs = sells(npc), sells(other)
    return "customer" if mine and not theirs else "customer_of" if theirs and not mine else "customer_both"


def latest_told(memory: MemoryStore, npc: str, listener: str, limit: int = 2) -> list[str]:
    """Ids of the beliefs someone (not the listener) told the NPC most lately: what a bare "who told
    you?" asks the source of, the talk having just been of it."""
    told = [b for b in memory.beliefs_of(npc) if b.source == "told" and b.told_by and b.told_by != listener]
    return [b.id for b in sorted(told, key=lambda b: b.tick, reverse=True)[:limit]]


_BARE_IT = {"en": re.compile(r"\b(?:it|that|this)\b|\bwere you there\b", re.IGNORECASE),
            "zh": re.compile(r"^(?:[^，,？?]{0,10}?(?:的时候|那会儿|那时候|当时)[，,]?)?(?:那)?(?:你|您)(?:当时)?(?:亲眼)?"
                             r"(?:看见|看到|瞧见|见到|目睹|在场|在不在)")}  # (出事的时候你在场吗？ too)


def last_answer_to(world: World, memory: MemoryStore, npc: str, listener: str) -> list[str]:
    """Ids of the memories the NPC's last answer to this listener today drew on: what "that" is in a
    "who told you that?" that names nobody."""
    today = world.now.date()
    for e in reversed(memory.events_of(npc)):
        if e.time.date() != today:
            break
        fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
        if fact is not None and fact.kind == "reply" and fact.actor == npc and listener in fact.to:
            return [i for i in fact.meta.get("grounding") or () if isinstance(memory.get(i), (Belief, EventMemory))]
    return []


def _asked(asked_for: set[str], ids: Iterable[str]) -> list[str]:
    """The ids, noted as asked for by the question."""
    ids = list(ids)
    asked_for.update(ids)
    return ids


# tiers the context ranked, not what the question asked for (a "who told you?" keeps its teller)
_PLAIN_TIERS = ("impression", "summary", "belief", "event", "topic", "two_hop")


def told_what_i_saw(memory: MemoryStore, npc: str, belief: Belief) -> bool:
    """A told belief that says no more than what I saw myself: the same fact, read the same way."""
    if belief.source != "told" or not belief.origin_fact_id or belief.claim.said_by:
        return False
    return any(b.source == "witnessed" and b.claim.predicate == belief.claim.predicate
               and b.claim.about == belief.claim.about for b in memory.beliefs_via(npc, belief.origin_fact_id))


def seen_for_hearsay(memory: MemoryStore, npc: str, entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A told belief that says no more than what I saw myself gives way to the event of seeing it (K-45: "I
    heard from Bess Sawyer that Wendy Carter stole something" of the costume stolen before my eyes)."""
    have = {e for e, _ in entries}
    out: list[tuple[str, str]] = []
    for entry_id, tier in entries:
        item = memory.get_or_none(entry_id)
        if tier in _PLAIN_TIERS and isinstance(item, Belief) and told_what_i_saw(memory, npc, item):
            seen = next((e for e in memory.events_of(npc) if e.fact_id == item.origin_fact_id
                         and e.source in ("witnessed", "participated")), None)
            if seen is not None:
                if seen.id not in have:
                    have.add(seen.id)
                    out.append((seen.id, tier))
                continue
        out.append((entry_id, tier))
    return out


def seen_for_beliefs(memory: MemoryStore, npc: str, entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A witnessed belief is said by the event of seeing it (in my own words), so that event stands in its
    place when the context did not bring it (K-19: an eyewitness whose context held only beliefs said "No,
    I wasn't there" and gave the hearsay, for its one first-hand memory was skipped as said by an event)."""
    have = {e for e, _ in entries}
    out: list[tuple[str, str]] = []
    for entry_id, tier in entries:
        item = memory.get_or_none(entry_id)
        if isinstance(item, Belief) and item.source == "witnessed" and item.via_fact_id:
            seen = next((e for e in memory.events_of(npc) if e.fact_id == item.via_fact_id
                         and e.source in ("witnessed", "participated")), None)
            if seen is not None and seen.id not in have:
                have.add(seen.id)
                out.append((seen.id, tier))
                continue
        out.append((entry_id, tier))
    return out


def grounding_from(world: World, memory: MemoryStore, ctx: Context, npc: str, listener: str, *,
                   question: str | None = None, subjects: Iterable[str] = ()) -> list[GroundingItem]:
    """Turn the context into grounding in the NPC's own voice (I / 我, you / 你), with what the voice
    needs to say it: who told it, to whom it was said, when, and what was quoted. With the
    `question`, a question about the NPC's own day brings in what it did today; the `subjects` it
    asks about that no memory covers bring in the NPC's tie to them."""
    names = {cid: c.name for cid, c in world.characters.items()}
    lang = world.language
    items: list[GroundingItem] = []
    beliefs = [memory.beliefs[i.id] for i in ctx.items if i.id in memory.beliefs]
    carried = {b.via_fact_id for b in beliefs if b.source != "witnessed"}
    entries = [(e.id, e.tier) for e in ctx.items]
    # what the question itself asks for (my words to them, theirs to me, where I had it, what I saw, whom I
    # blame) is said even when a making-up has overtaken it since (the voice's `_stale` keeps it)
    asked_for: set[str] = set()
    asked = question_kind(question, lang) if question else None
    if asked == "my_day":
        entries += [(i, "own_day") for i in own_deeds_today(world, memory, npc, skip={e for e, _ in entries})]
    elif asked == "my_mood" or (question and asks_my_plan(question, lang)):  # "你怎么闷闷不乐的？" / "那你打算怎么办？":
        # what was said against me weighs on me (my_mood.py), and what I mean to do turns on it (my_plans.py)
        entries += [(i, "my_mood") for i in what_hurts(memory, npc) if i not in {e for e, _ in entries}]
    elif asked == "deed" and question:  # "did you ...?": my own deeds it is about (agents/deed_match.py)
        entries += [(i, "own_deed") for i in own_deeds_accused(world, memory, npc, question, skip={e for e, _ in entries})]
    elif question and (tale := tale_question(question, lang)) is not None:  # "Dot says you tore the nets": did I?
        entries += [(i, "own_deed") for i in own_deeds_accused(world, memory, npc, tale, skip={e for e, _ in entries})]
    remembered: dict[str, int] = {}  # memory id -> its rank among what I remember of the asker (1 the best)
    if asked == "remember_me":  # "你还记得我吗？": what I hold of the one asking (agents/remember_me.py)
        ranked = memories_of_asker(world, memory, npc, listener, skip=set())
        remembered = {i: n for n, i in enumerate(ranked, 1)}
        have = {e for e, _ in entries}
        entries += [(i, "about_you") for i in ranked if i not in have]
    if question and asks_who_twisted(question, lang):  # "当初是谁把话传歪的？": a telling set right since, and what
        have = {e for e, _ in entries}  # set it right (twisted_asked.py)
        twisted = twisted_tellings(memory, npc)[:1]
        right = [b for t in twisted if (b := set_right_by(memory, npc, t)) is not None]
        entries += [(i, "source") for i in _asked(asked_for, [b.id for b in twisted + right]) if i not in have]
    if question and asks_source(question, lang):  # "Who told you Agatha thinks you're unreliable?": the telling,
        have = {e for e, _ in entries}  # held or set right since (source_asked.py)
        entries += [(i, "source") for i in _asked(asked_for, tellings_heard_of(memory, npc, listener, question, lang)) if i not in have]
    if question and asks_source(question, lang) and not any(  # (the asker's own words are no source of mine)
            isinstance(b := memory.get(e), Belief) and b.told_by != listener for e, _ in entries):
        # "这话是谁跟你说的？" names nobody, so nothing was found to say who: what my last answer to them
        # said ("Who told you that?" after "What happened?": I saw it myself), else what I was told most lately
        have = {e for e, _ in entries}
        entries += [(i, "source") for i in (last_answer_to(world, memory, npc, listener)
                                             or latest_told(memory, npc, listener)) if i not in have]
    story_asked: str | None = None  # "Did you see it yourself?" names nothing: the story I just told them
    if question and not set(subjects) - {listener} and asks_if_i_saw(question, lang) and _BARE_IT[lang].search(question):
        told = last_story(world, memory, npc, listener)
        if told is not None:
            believed = told if isinstance(told, Belief) else belief_told(memory, npc, told)
            story_asked = told.id if believed is None or believed.source == "witnessed" else believed.id
            if story_asked not in {e for e, _ in entries}:
                entries.append((story_asked, "story_asked"))
    if question and not set(subjects) - {listener} and asks_if_i_saw(question, lang) and story_asked is None:
        have = {e for e, _ in entries}  # "那缸酒酸了你看见了吗？": what I saw of the thing it names (what_i_saw.py)
        entries += [(i, "seen") for i in _asked(asked_for, seen_of(memory, npc, question, lang)) if i not in have]
    elif question and asks_if_i_saw(question, lang) and story_asked is None:
        # "Did you see what happened to Gil's net?": what I saw that names them, whoever did it
        have = {e for e, _ in entries}
        wanted = [names[s] for s in subjects if s != listener and s in names]
        entries += [(e.id, "seen") for e in reversed(memory.events_of(npc)) if e.id not in have and not e.private
                    and e.source in ("witnessed", "participated") and any(n in e.what for n in wanted)][:2]
    if question and (asks_if_sorry(question, lang) or asks_if_i_will_apologise(question, lang)):
        have = {e for e, _ in entries}  # "Are you sorry?" names nothing: what I did that went badly (sorry_asked.py)
        entries += [(i, "my_deed") for i in my_deeds(world, memory, npc) if i not in have]
    vouched: list[str] = []
    seen_believed: str | None = None
    fault_story: str | None = None
    if question and asks_if_i_believe(question, lang):  # "你信她的话吗？": the telling my last answer to them drew on
        # the story my last reply told them, not all its grounding held (agents/last_story.py)
        last = last_story(world, memory, npc, listener)
        story = belief_told(memory, npc, last)
        if story is None and last is not None and last.source in FIRST_HAND and not set(subjects) - {listener} \
                and not asks_if_i_believe_you(question, lang):
            seen_believed = last.id  # "Do you believe it?" of what I saw myself: seen, not weighed as hearsay
            entries.append((last.id, "seen_believed"))
        vouched = [story.id] if story is not None else [] if seen_believed else (
            last_answer_to(world, memory, npc, listener) or latest_told(memory, npc, listener))
        have = {e for e, _ in entries}
        entries += [(i, "vouched") for i in vouched if i not in have]  # (believe_question.py)
    asked_to = told_whom(question, lang, [names[s] for s in subjects if s in names]) if question else None
    for to in (s for s in subjects if asked_to and names.get(s) == asked_to):  # "你跟孙大夫说了什么？": my telling to him
        have = {e for e, _ in entries}  # (of the one asked after: "What did you tell Dorrit about Milo?", my_tellings.py)
        of = told_about(question, lang, [names[s] for s in subjects if s in names], asked_to or "")
        about = next((s for s in subjects if of and names.get(s) == of), None)
        entries += [(i, "my_words") for i in _asked(asked_for, sayings_to(world, memory, npc, to, about=about)) if i not in have]
    teller = teller_asked(question, lang, [names[s] for s in subjects if s in names]) if question else None
    for who in (s for s in subjects if teller and names.get(s) == teller):  # "What did Hattie tell you?": what she
        have = {e for e, _ in entries}  # told me, and what I told her for when she told me nothing (tellings_asked.py)
        entries += [(i, "told_me") for i in _asked(asked_for, told_me_by(world, memory, npc, who, listener)
                                                             + sayings_to(world, memory, npc, who)) if i not in have]
    if question and is_tongue_remark(question, lang):  # "王婶嘴可真快": the tales they carried to me (tongue_remark.py)
        for who in (s for s in subjects if s != listener):
            have = {e for e, _ in entries}
            entries += [(i, "told_me") for i in told_me_by(world, memory, npc, who, listener) if i not in have]
    if question and asks_done_to_me(question, lang):  # "Who stole your costume?": what was done to me (done_to_me.py)
        have = {e for e, _ in entries}
        entries += [(i, "done_to_me") for i in wrongs_done_to_me(world, memory, npc) if i not in have]
    if question and asks_what_i_saw(question, lang):  # "What did you see this morning?": what I saw (what_i_saw.py)
        have = {e for e, _ in entries}
        entries += [(i, "seen") for i in _asked(asked_for, seen_lately(memory, npc)) if i not in have]
    lost = taken_from_me(memory, npc) if question and asks_my_loss(question, lang) else []
    if lost:  # "你丢了什么东西？": what was taken from me (my_loss.py)
        have = {e for e, _ in entries}
        entries += [(i, "seen") for i in _asked(asked_for, lost) if i not in have]
    if question and asks_whose_fault(question, lang) and not [s for s in subjects if s != listener]:
        # "Whose fault was it?" names nobody (the asker stands in as the subject): whom I blame
        have = {e for e, _ in entries}  # for what we just spoke of, else my newest trouble (fault_asked.py)
        # the trouble we are speaking of comes first: of the one the player's last question named, in my last
        # reply ("老孙克扣工钱是怎么回事？" -> 这事怪谁？), else the story that reply said most of (last_story.py)
        before = previous_question(world, memory, npc, listener, question)
        named = set(mentioned(world, before, exclude={npc, listener})) if before else set()
        spoken = next((m for i in last_answer_to(world, memory, npc, listener) if named
                       and (m := memory.get(i)) is not None
                       and (m.claim.about if isinstance(m, Belief) else m.about) in named), None) \
            or last_story(world, memory, npc, listener)
        fault_story = spoken.id if spoken is not None else None
        entries += [(i, "fault") for i in _asked(asked_for, dict.fromkeys(([fault_story] if fault_story else [])
                                                         + last_answer_to(world, memory, npc, listener)
                                                         + troubles_lately(memory, npc, {listener}))) if i not in have]
    if question and asks_whom_i_told(question, lang):  # "你跟谁说过这事？": my tellings of late (tellings_asked.py)
        have = {e for e, _ in entries}
        entries += [(i, "my_words") for i in _asked(asked_for, my_sayings(world, memory, npc)) if i not in have]
    if question and confronted_with(question, lang):  # "Why did you make it sound worse?": what I said (my_tellings.py)
        have = {e for e, _ in entries}
        entries += [(i, "my_words") for i in _asked(asked_for, my_sayings(world, memory, npc, limit=2)) if i not in have]
    retracted = taken_back(world, memory, npc, listener, question) if question else []
    if retracted:  # "I made that up": what it takes back, said as taken back (agents/retraction.py)
        have = {e for e, _ in entries}
        entries += [(b.id, "taken_back") for b in retracted if b.id not in have]
    if question and (asks_if_i_saw(question, lang) or asks_done_to_me(question, lang) or is_plea(question, lang)):
        # asked what I saw, or what was done to me, or pleaded with for one I saw do wrong: as I saw it
        entries = seen_for_beliefs(memory, npc, entries)
    entries = seen_for_hearsay(memory, npc, entries)
    seen_facts = {e.fact_id for i, _ in entries if isinstance(e := memory.get_or_none(i), EventMemory)
                  and e.source in ("witnessed", "participated") and e.fact_id}  # what I say I saw, in this reply
    for entry_id, tier in entries:
        item = memory.get(entry_id)
        if isinstance(item, Impression):
            items.append(GroundingItem(kind="impression", id=item.id, text=item.text, about=item.about,
                                       valence=item.valence,
                                       meta={"about_name": _name_for(world, item.about, npc, listener),
                                             "background": tier == "two_hop", "tick": item.tick}))
        elif isinstance(item, Summary):
            items.append(GroundingItem(kind="summary", id=item.id, text=item.text, about=item.about,
                                       valence=item.valence,
                                       meta={"cleared": "cleared" in item.covers or "aired" in item.covers,
                                             "aired": "aired" in item.covers, "tick": item.tick,
                                             "about_name": _name_for(world, item.about, npc, listener)}))
        elif isinstance(item, Belief):
            if item.source == "witnessed":
                continue  # the event of seeing it says the same, in the NPC's own words
            if tier in _PLAIN_TIERS and item.origin_fact_id in seen_facts and told_what_i_saw(memory, npc, item):
                continue  # "Bess told me Wendy stole something" of the theft I saw done to me: mine says it (K-35)
            from_listener = item.told_by == listener
            # the teller is named once, as the source: "Ann told me I'm careless", not "... Ann says ..."
            drop_source = from_listener or (item.told_by is not None and item.told_by == item.claim.said_by)
            claim = item.claim.model_copy(update={"said_by": None}) if drop_source else item.claim
            # their "you" was whoever first heard the words, not this listener (agents/quote_persons.py)
            heard_by = () if from_listener or item.claim.said_by == listener else \
                first_heard_by(world, claim.quote or "", item.claim.said_by, item.origin_fact_id) or \
                first_heard_by(world, claim.quote or "", item.claim.said_by, item.via_fact_id)  # theirs: listener_words.py
            turned, mine = turned_quote(world, claim.quote or "", heard_by, npc, listener,
                                        names.get(item.claim.said_by or "", ""))
            if turned != (claim.quote or ""):
                claim = claim.model_copy(update={"quote": turned})
            # my own name in their words becomes my / I when I say them: reported, never quoted as theirs
            # ("Bea told me, 'Cal stole a ham from my shop'" made it Bea's shop)
            mine = mine or (lang == "en" and npc in name_index(world).named(turned))
            text = render_claim(claim, names, lang, listener=listener, speaker=npc)
            if mine:  # my supper, reported: 'Mags says that Greta burnt my supper', never quoted as hers
                # and my name in it is me: 'Agatha says that I rushed the page', not '... that Milo rushed' (K-27)
                reported = follow_name(turned, names[npc], "I", "en", _names_in(world, turned)) if lang == "en" else turned
                text = text.replace(f': "{turned}"', " that " + reported.rstrip("."))
            theirs = render_claim(claim, names, lang, listener=listener) if drop_source and not from_listener \
                and lang == "zh" and claim.own_words else ""
            if theirs and can_report_zh(theirs):
                # the teller's own words, reported by me: their 我 is them, their 你 is me (the
                # listener's own words are re-voiced by the voice: agents/listener_words.py); my
                # name in them is me only after that (else their 我 pass made it theirs)
                text = unsaid_self(reported_zh(theirs, to_me=True, name=names.get(item.told_by or "")))
                text = follow_name(text, names[npc], "我", "zh", _names_in(world, text))
            items.append(GroundingItem(
                kind="belief", id=item.id, text=text, about=item.claim.about, valence=item.claim.valence,
                meta={"source": item.source, "teller_name": _name_for(world, item.told_by, npc, listener),
                      "from_listener": from_listener, "status": item.status,
                      "quote": in_my_words(claim.quote, npc, listener, world) if claim.quote else None,
                      "quote_mine": mine,
                      "claim_text": text,
                      "listener_words": from_listener and text == item.claim.quote,  # their words, verbatim
                      "predicate": item.claim.predicate,
                      "negated": item.claim.negated,  # "Ida never said you were lazy": a word denied, no tale
                      "tick": item.tick,
                      "fresh": item.tick == world.tick,
                      "about_name": _name_for(world, item.claim.about, npc, listener),
                      "about_me": item.claim.about == npc or item.claim.target == npc,
                      "subject_name": _name_for(world, item.claim.about, npc, listener),
                      "toward_me": item.claim.target == npc or (item.claim.about == npc and item.claim.said_by is not None),
                      "credibility": item.credibility,
                      "via_fact": item.via_fact_id,  # the telling that brought it (its hearing is no second tale)
                      "said_by": item.claim.said_by,  # whose words they were (my_plans.py: whom to ask)
                      "said_by_name": _name_for(world, item.claim.said_by, npc, listener) if item.claim.said_by else ""}))
            if tier == "source":  # the telling a "who told you?" asks of, held or set right since (source_asked.py)
                items[-1].meta.update(asked_source=True, set_right=item.status != "held")
            if item.id in remembered:
                items[-1].meta["remembered"] = remembered[item.id]
            if asked == "remember_me" and item.private:  # theirs, remembered to them, its words never said back
                items[-1] = items[-1].model_copy(update={"text": CONFIDED_NOTE[lang], "meta": {
                    **items[-1].meta, "private": True, "quote": None, "claim_text": CONFIDED_NOTE[lang]}})
        elif isinstance(item, EventMemory):
            if item.source == "heard" and item.fact_id in carried and item.id not in remembered:
                continue  # the belief it carried already says it (asked "do you remember me?", the telling is theirs)
            said_to_them = second_person(item.what, names.get(listener, ""), lang, _names_in(world, item.what))
            said_to_them = as_of(said_to_them, (world.now.date() - item.time.date()).days, lang)  # day_words.py
            fact = world.facts.get(item.fact_id) if item.fact_id and item.fact_id in world.facts else None
            meta = {"source": item.source, "fact_id": item.fact_id, "puzzled": bool(item.meta.get("puzzled")),
                    # someone's coolness toward me, seen at a meeting (sim/actions.py meet): a sign of their feeling
                    "cool_to_me": "puzzled" in item.meta and item.source == "witnessed" and item.valence < 0,
                    "cleared": item.source == "cleared", "tick": item.tick,
                    "dialogue": bool(item.meta.get("dialogue")), "message": bool(item.meta.get("message")),
                    "filler": fact is not None and fact.kind == "meet" and item.valence >= 0
                    and not item.meta.get("puzzled"),
                    "my_deed": fact is not None and fact.actor == npc and fact.kind == "happen",
                    # done to me by someone else, before my eyes (done_to_me.py)
                    "done_to_me": fact is not None and item.source in ("witnessed", "participated")
                    and done_to(world, fact, npc),
                    # a thing that befell them (a mishap, an illness): no deed to think less of them for
                    "blameless": item.meta.get("predicate") in INVENTORY
                    and not INVENTORY[item.meta["predicate"]].blames_subject,
                    "about_name": _name_for(world, item.about, npc, listener)}
            if item.id in remembered:
                meta["remembered"] = remembered[item.id]
            if item.source == "said" and fact is not None and fact.actor == npc:
                meta["traits"] = dict(world.character(npc).traits or {})  # how I answer for my words
                meta["retold"] = fact.kind == "retell"  # words I passed on, not my own
                meta["distortion"] = fact.meta.get("distortion")  # and whether I made them harsher (my_tellings.py)
                # whether I saw something of whom my words were about (defended as seen, not as my own view)
                meta["saw_of_it"] = fact.about is not None and any(
                    e.source in ("witnessed", "participated") and e.fact_id != fact.id
                    for e in memory.events_of(npc, fact.about))
            if fact is not None:
                sep = "、" if lang == "zh" else ", "
                quoted = fact.kind in ("say", "tell", "retell")
                words = retold_quote(world, memory, fact.text, fact.meta.get("basis"), npc, listener) \
                    if fact.kind == "retell" else fact.text  # the words retold keep whose "you" they had
                if quoted:  # "Dora, Cal keeps ...": no one is called by name in reported speech
                    words = without_address(words, [world.name(p) for p in fact.to if p in world.characters])
                # my words to another: their "you" is whom I told (the voice names them), and this
                # listener is named, not "you" ("I told Silas that Ada says...", never "...that Silas says")
                voiced_to = listener if item.source != "said" or listener in fact.to else ""
                meta.update(fact_kind="say" if quoted else fact.kind,
                            quote=(heard_in_their_words(words, npc, world) if item.source == "heard"
                                   else in_my_words(words, npc, voiced_to, world)) if quoted else None,
                            to_names=sep.join(_name_for(world, p, npc, listener) for p in fact.to if p != fact.actor),
                            speaker_name=_name_for(world, fact.actor, npc, listener),
                            speaker_pron=world.character(fact.actor).pronoun if fact.actor in world.characters else "",
                            subject_name=_name_for(world, fact.about, npc, listener))
            if asked == "remember_me" and item.private:  # theirs, remembered to them, its words never said back
                meta.update(private=True, quote=None)
                said_to_them = CONFIDED_NOTE[lang]
            items.append(GroundingItem(kind="event", id=item.id, text=said_to_them, about=item.about,
                                       valence=item.valence, meta=meta))
    for g in items:
        if g.id in vouched:
            g.meta["asked_before"] = True
        if g.id in asked_for:
            g.meta["asked_for"] = True
        if g.id == fault_story:
            g.meta["fault_story"] = True  # (fault_asked.py)
        if g.id == seen_believed:
            g.meta["seen_believed"] = True  # (believe_question.py)
        if g.id == story_asked:
            g.meta["story_asked"] = True  # (saw_it.py)
        if g.id in lost:
            g.meta["taken_from_me"] = True  # (my_loss.py)
    if retracted:
        to = passed_on_to(world, memory, npc, retracted)
        taken = {b.id for b in retracted}
        for g in items:
            if g.id in taken:
                g.meta.update(retracted=True, passed_to=[_name_for(world, p, npc, listener) for p in to])
    held = {g.about for g in items if g.kind != "impression"} | {listener}
    if asked in ("opinion", "know") or (question and (tie_asked(question, lang) or closeness_asked(question, lang)
                                                      or is_tongue_remark(question, lang))):  # "Is
        held = {listener}  # Gus your colleague?": what they are to me, whatever else I hold (tie_question.py)
    # confidences and bad news of the NPC's own people are kept from a listener it does not trust (confidences.py)
    own = own_place(world, npc, question) if question else []  # "What do you do aboard?", "你跟谁学的戏？" (role_questions.py)
    return shareable(world, memory, npc, listener, items) + ties_to(world, npc, subjects, skip=held) + own
