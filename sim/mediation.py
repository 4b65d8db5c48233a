"""Mediation: a player brings two NPCs together and each gives a first-hand account.

A belief about the other that came second-hand and says more than the other actually said is
superseded by the account (kept, with why), and so is a second-hand blame of a deed the other did
by accident (the other says in person it was not meant); the edge changes it caused are reversed with the new
belief as their cause; both keep a memory and a summary of the misunderstanding being cleared.
"""

from __future__ import annotations

from townsfolk.agents.addressee_words import told_by_me_en, told_by_me_zh, told_to_me_en
from townsfolk.agents.appraisal import undo_belief_moves
from townsfolk.agents.bonds import record_interaction
from townsfolk.agents.grammar_en import inner_quotes as en_inner
from townsfolk.agents.grammar_zh import inner_quotes as zh_inner
from townsfolk.memory.beliefs import Belief, credibility
from townsfolk.memory.claims import Claim, claim_from_text, render_claim
from townsfolk.memory.impressions import Summary
from townsfolk.memory.perception import remember
from townsfolk.memory.predicates import INVENTORY
from townsfolk.memory.pronouns import reported_zh
from townsfolk.memory.reading_cases import ACCIDENT_READING
from townsfolk.memory.settled import settle_into
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.log import LogEntry
from townsfolk.sim.messages import relation_label
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

RECONCILE_BONUS = 0.04
AIRED_STEP = 0.1  # how much of a real grievance one talk in person can mend (bounded: one talk, not a cure)


def aired_beliefs(memory: MemoryStore, holder: str) -> set[str]:
    """Beliefs whose grievance the holder has already talked through face to face (a mediation)."""
    return {c for s in memory.summaries_of(holder) if "aired" in s.covers for c in s.covers}


def _cooling(world: World, memory: MemoryStore, holder: str, other: str) -> dict[str, float]:
    """Held second-hand beliefs that cooled the holder toward the other, and by how much (not yet aired)."""
    done = aired_beliefs(memory, holder)
    held = {b.id for b in memory.beliefs_of(holder) if b.source != "witnessed" and b.id not in done}
    out: dict[str, float] = {}
    for edge in world.graph.edges_between(holder, other):
        for c in edge.history:
            if c.cause.kind == "belief" and c.cause.id in held and c.delta < 0:
                out[c.cause.id] = out.get(c.cause.id, 0.0) - c.delta
    return out


def first_hand_account(world: World, speaker: str, about: str) -> list[tuple[Fact, Claim]]:
    """What the speaker really said about someone, straight from the facts of their own speech."""
    out = []
    for fact in world.facts:
        if fact.kind in ("say", "retell") and fact.actor == speaker and fact.about == about and not fact.private:
            out.append((fact, claim_from_text(fact.text, about=about, said_by=speaker)))
    return out


def account_behind(memory: MemoryStore, belief: Belief, account: list[tuple[Fact, Claim]]) -> tuple[Fact, Claim] | None:
    """The speaker's words the belief came from: the fact of theirs on its chain of tellings (its parents'
    via facts), else the newest said by the belief's time. Their newest words alone were wrong: Ada's
    later "Owen is always helping out" was taken for what Hattie had retold (newcomer N-61)."""
    chain: set[str] = set()
    b: Belief | None = belief
    for _ in range(64):  # a chain of tellings is short; a cycle must not hang the mediation
        if b is None:
            break
        chain.update(x for x in (b.via_fact_id, b.origin_fact_id) if x)
        b = memory.beliefs.get(b.parent_id) if b.parent_id else None
    linked = [a for a in account if a[0].id in chain]
    if linked:
        return linked[-1]
    before = [a for a in account if a[0].tick <= belief.tick]
    return (before or account)[-1] if account else None


def _mistaken(memory: MemoryStore, belief: Belief, account: list[tuple[Fact, Claim]]) -> tuple[Fact, Claim] | None:
    """The words the belief should have been (and their fact), when the account shows it says more than was said."""
    if belief.source in ("witnessed", "account") or not account:
        return None
    behind = account_behind(memory, belief, account)
    if behind is None:
        return None
    said = behind[1]
    if belief.claim.same_substance(said) and belief.claim.severity <= said.severity + 1e-9:
        return None
    return behind


def in_third_person(world: World, fact: Fact, words: str) -> str:
    """The other's words as the holder keeps them: their I / 我 is them (by name) and their you / 你
    the one they said it to, so a recap of the account ("Rourke explained that all that was really
    said was that I broke Rourke's sextant") never makes the teller's "my" the holder's own."""
    names = [world.name(t) for t in fact.to]
    speaker = world.name(fact.actor or "")
    if world.language == "zh":
        said = told_by_me_zh(words, "、".join(names)) if names else words
        return reported_zh(said, name=speaker) if speaker else said
    said = told_by_me_en(words, " and ".join(names)) if names else words
    return told_to_me_en(said, speaker) if speaker else said


def _same_account(memory: MemoryStore, holder: str, other: str, said: Claim) -> Belief | None:
    """A held account from `other` that says what `said` says: two mistaken beliefs cleared by the
    same words share one account (xiban: b6 and b7 were the same belief twice)."""
    for b in memory.beliefs_of(holder):
        c = b.claim
        if (b.source == "account" and b.told_by == other and c.same_substance(said) and c.quote == said.quote
                and c.said_by == said.said_by):
            return b
    return None


def en_quotes(text: str) -> str:
    """A belief's words, ready to sit inside double quotes (its own quotes become single)."""
    return en_inner(f'"{text}"')[1:-1]


def zh_quotes(text: str) -> str:
    return zh_inner(f"“{text}”")[1:-1]


def mediate(world: World, memory: MemoryStore, *, player: str, a: str, b: str) -> list[LogEntry]:
    zh = world.language == "zh"
    names = {cid: c.name for cid, c in world.characters.items()}
    fact = world.record("mediate", actor=player, to=(a, b),
                        text=(f"{names[player]}为{names[a]}和{names[b]}说和" if zh
                              else f"{names[player]} mediated between {names[a]} and {names[b]}"))
    log = [LogEntry(tick=world.tick, time=world.now.isoformat(timespec="minutes"), kind="mediate",
                    who=[player, a, b], text=(f"{names[player]} 给 {names[a]} 和 {names[b]} 说和" if zh
                                              else f"{names[player]} brings {names[a]} and {names[b]} together"),
                    ids={"fact": fact.id})]
    for side in (a, b):  # bringing two people together is time spent with each of them
        record_interaction(world, side, player, cause=Cause(kind="fact", id=fact.id), valence=0.3,
                           note="说和" if zh else "mediated")
    before = {(holder, other, e.kind): len(e.history) for holder, other in ((a, b), (b, a))
              for e in world.graph.edges_between(holder, other)}
    cleared_by: dict[str, list[str]] = {}
    for holder, other in ((a, b), (b, a)):
        account = first_hand_account(world, other, holder)
        deed = accidental_deed(world, other, holder)
        cleared: list[str] = []
        for old in [x for x in memory.beliefs_of(holder) if x.concerns(other) and x.status == "held"]:
            behind = _mistaken(memory, old, account)
            said = behind[1] if behind is not None else None
            by_accident = said is None and (said := _explained(old, deed)) is not None
            if said is None:
                continue
            text = render_claim(said, names, world.language)  # from the words as they were said
            quote = said.quote or text
            if not by_accident and said.quote:  # kept in their third person (the accident is the doer's deed)
                said = said.model_copy(update={"quote": in_third_person(world, behind[0], said.quote)})  # type: ignore[index]
            new = _same_account(memory, holder, other, said) or Belief(
                id=world.new_id("b"), holder=holder, claim=said,
                text=text, source="account", told_by=other, hops=1,
                origin_fact_id=old.origin_fact_id, via_fact_id=fact.id, parent_id=None,
                credibility=credibility("account", trust_in_teller=0.8, hops=1), tick=world.tick, time=world.now,
            )
            old.status, old.superseded_by, old.superseded_tick = "superseded", new.id, world.tick
            if by_accident:
                old.superseded_reason = (f"{names[other]}当面说明那是不小心的：“{zh_quotes(quote)}”；“{zh_quotes(old.text)}”不对"
                                         if zh else f'{names[other]} explained in person it was an accident: '
                                         f'"{en_quotes(quote)}"; "{en_quotes(old.text)}" was wrong')
            else:
                old.superseded_reason = (f"{names[other]}当面说明，自己只说过“{quote}”；“{old.text}”是传话传走了样"
                                         if zh else f'{names[other]} said in person that the words were only "{quote}"; '
                                         f'"{old.text}" was the retelling')
            if new.id not in memory.beliefs:
                memory.put(new)
            memory.touch(old)
            cleared.append(old.id)
            log.append(LogEntry(tick=world.tick, time=world.now.isoformat(timespec="minutes"), kind="revise",
                                who=[holder], text=(f"{names[holder]} 不再相信“{zh_quotes(old.text)}”，改信“{zh_quotes(new.text)}”"
                                                    if zh else f'{names[holder]} no longer believes "{en_quotes(old.text)}"; '
                                                    f'now believes "{en_quotes(new.text)}"'),
                                ids={"superseded": old.id, "belief": new.id}))
            # reverse what the mistaken belief did to the holder's edges, citing the correction
            undo_belief_moves(world, holder, other, old.id, cause=Cause(kind="belief", id=new.id),
                              reason=("误会澄清：" if zh else "misunderstanding cleared: ") + old.superseded_reason)
        cleared_by[holder] = cleared
    for holder, other in ((a, b), (b, a)):
        cleared = cleared_by[holder]
        if cleared or cleared_by[other]:
            text = (f"和{names[other]}之间曾有误会，{names[player]}帮忙说开了" if zh
                    else f"{names[other]} and I had a misunderstanding; {names[player]} helped us clear it up")
            event = remember(world, memory, holder, fact, text, source="cleared", about=other, importance=0.6,
                             valence=0.3)
            assert event is not None  # mediation is between NPCs
            summary = Summary(id=world.new_id("s"), holder=holder, about=other,
                              text="曾有误会，已澄清" if zh else "there was a misunderstanding; it is cleared up",
                              covers=[*cleared, event.id, "cleared"], importance=0.6, valence=0.3,
                              tick=world.tick, time=world.now)
            memory.put(summary)
            settle_into(memory, summary)  # the bad stretch before is the making-up's, not the next fold's
            for edge in world.graph.edges_between(holder, other):
                if world.warm_tie(edge.kind):
                    world.graph.adjust(holder, other, edge.kind, RECONCILE_BONUS, tick=world.tick,
                                       time=world.now, cause=Cause(kind="event", id=event.id),
                                       reason=text)
            log.append(LogEntry(tick=world.tick, time=world.now.isoformat(timespec="minutes"), kind="summary",
                                who=[holder], text=f"{names[holder]}{'：' if zh else ': '}{summary.text}",
                                ids={"summary": summary.id, "event": event.id}))
    if not any(cleared_by.values()):
        log += _air_grievance(world, memory, fact, player, a, b)
    return log + _moved(world, names, before, a, b)


def _moved(world: World, names: dict[str, str], before: dict[tuple[str, str, str], int],
           a: str, b: str) -> list[LogEntry]:
    """The ties between the two that the mediation moved, each from -> to with its reason (a tie
    it left alone is not news)."""
    log: list[LogEntry] = []
    for holder, other in ((a, b), (b, a)):
        for edge in world.graph.edges_between(holder, other):
            for c in edge.history[before.get((holder, other, edge.kind), 0):]:
                if abs(c.after - c.before) < 5e-3:
                    continue  # would print as "0.69 → 0.69"
                kind = relation_label(world.language, edge.kind, world.relation_kinds)
                log.append(LogEntry(tick=world.tick, time=world.now.isoformat(timespec="minutes"), kind="edge",
                                    who=[holder, other],
                                    text=f"{names[holder]} → {names[other]} [{kind}] {c.before:.2f} → {c.after:.2f} "
                                    f"({c.reason})", ids={"cause": f"{c.cause.kind}:{c.cause.id}"}))
    return log


def accidental_deed(world: World, doer: str, to: str) -> tuple[Fact, Claim] | None:
    """The doer's latest deed to `to` (a happening naming them both), when it reads as an accident
    ("不小心刮破了老陈的网", "tore the net by accident"): in person, the doer says it was not meant."""
    for fact in reversed(list(world.facts)):
        if fact.kind in ("happen", "game_event") and fact.actor == doer and not fact.private and (
                fact.about == to or to in fact.to):
            claim = claim_from_text(fact.text, about=doer, said_by=doer)
            return (fact, claim) if claim.predicate == ACCIDENT_READING else None
    return None


def _explained(belief: Belief, deed: tuple[Fact, Claim] | None) -> Claim | None:
    """A second-hand blame of a deed the doer did by accident, heard after it: the doer's own
    account (the accident) replaces it, so later replies no longer say "on purpose" (故意)."""
    if deed is None or belief.source in ("witnessed", "account") or belief.claim.predicate == ACCIDENT_READING:
        return None
    fact, said = deed
    spec = INVENTORY.get(belief.claim.predicate)
    if belief.tick < fact.tick or spec is None or not spec.blames_subject or spec.valence >= 0:
        return None
    return said


def _air_grievance(world: World, memory: MemoryStore, fact: Fact, player: str, a: str, b: str) -> list[LogEntry]:
    """Nothing was misheard, but one holds a real grievance: each hears the other's side in person.

    The grievance stays true (the beliefs are kept), but talking it through eases it a bounded step,
    sourced to the memory of the talk, and neither is left wondering why the other was cool.
    """
    zh = world.language == "zh"
    names = {cid: c.name for cid, c in world.characters.items()}
    cooling = {a: _cooling(world, memory, a, b), b: _cooling(world, memory, b, a)}
    if not any(cooling.values()):
        return []
    log: list[LogEntry] = []
    for holder, other in ((a, b), (b, a)):
        text = (f"{names[player]}让我和{names[other]}当面把话说开了，各自说了自己那边的事" if zh
                else f"{names[player]} brought {names[other]} and me together and we talked it through")
        event = remember(world, memory, holder, fact, text, source="cleared", about=other, importance=0.6,
                         valence=0.2)
        assert event is not None  # mediation is between NPCs
        held = sorted(cooling[holder])
        summary = Summary(id=world.new_id("s"), holder=holder, about=other,
                          text="当面把话说开了" if zh else "we talked it through in person",
                          covers=[*held, event.id, "aired"], importance=0.6, valence=0.2,
                          tick=world.tick, time=world.now)
        memory.put(summary)
        settle_into(memory, summary)
        mend = min(AIRED_STEP, sum(cooling[holder].values()))
        for edge in world.graph.edges_between(holder, other):
            step = mend if world.warm_tie(edge.kind) or edge.kind == "affinity" else 0.0
            if edge.kind == "tension":
                step = -min(AIRED_STEP, edge.strength)
            if abs(step) > 1e-9:
                world.graph.adjust(holder, other, edge.kind, step, tick=world.tick, time=world.now,
                                   cause=Cause(kind="event", id=event.id), reason=text)
        log.append(LogEntry(tick=world.tick, time=world.now.isoformat(timespec="minutes"), kind="summary",
                            who=[holder], text=f"{names[holder]}{'：' if zh else ': '}{summary.text}",
                            ids={"summary": summary.id, "event": event.id}))
    return log


def pleads(world: World, fact: Fact) -> bool:
    """Whether a player's line pleads for someone (its claim is heard by `hear_plea`, not as news)."""
    from townsfolk.agents.plea import is_plea

    speaker = world.characters.get(fact.actor or "")
    return speaker is not None and speaker.is_player and is_plea(fact.text, world.language)


PLEA_STEP = 0.05  # how far one plea, fully believed, can ease what the blame it answers cooled


def hear_plea(world: World, memory: MemoryStore, *, player: str, npc: str, fact: Fact) -> list[LogEntry]:
    """A player pleads for someone with a claim in their favour ("Could you go easy on Pell? It was an
    accident."): the player is mediating. Their claim becomes the NPC's belief about that person,
    told by the player (credibility from the NPC's trust in them; `why` shows it), and, in the
    measure it is as credible as the blame the NPC holds from others, it eases a bounded step of
    what that blame cooled, with the new belief as the cause. The reply weighs the same two
    (agents/plea.py)."""
    from townsfolk.agents.plea import clearing_words, is_plea
    from townsfolk.memory.perception import form_belief, mentioned_ids

    lang = world.language
    if (not world.character(player).is_player or world.character(npc).is_player
            or not is_plea(fact.text, lang)):
        return []
    words = clearing_words(fact.text, lang)
    about = next((c for c in mentioned_ids(world, fact.text) if c not in (player, npc)), None)
    if words is None or about is None:
        return []
    zh = lang == "zh"
    claim = Claim(about=about, predicate="mishap", severity=0.0, said_by=player, quote=words, tone=0.0)
    claim.guessed = claim.reading_signature()  # said in the player's own words, not as "had a mishap"
    belief = form_belief(world, memory, npc, claim, source="told", fact=fact, origin_fact_id=fact.id,
                         told_by=player, hops=1, private=fact.private)
    names = world.names()
    log = [LogEntry(tick=world.tick, time=world.now.isoformat(timespec="minutes"), kind="belief", who=[npc],
                    text=(f"{names[npc]} 听{names[player]}替{names[about]}说情：{words}（可信度 {belief.credibility:.2f}）"
                          if zh else f'{names[npc]} hears {names[player]} plead for {names[about]}: "{words}" '
                          f"(credibility {belief.credibility:.2f})"),
                    ids={"belief": belief.id, "fact": fact.id, **({"private": True} if belief.private else {})})]
    blame = [b for b in memory.beliefs_of(npc, about) if b.id != belief.id and b.told_by not in (None, player)
             and b.claim.valence < -0.1]
    cooled = _cooling(world, memory, npc, about)
    held = max((b.credibility for b in blame), default=0.0)
    if not blame or not cooled:
        return log
    weight = belief.credibility / (belief.credibility + held)
    ease = min(PLEA_STEP, sum(cooled.values())) * weight
    before = {(npc, about, e.kind): len(e.history) for e in world.graph.edges_between(npc, about)}
    for edge in world.graph.edges_between(npc, about):
        if (world.warm_tie(edge.kind) or edge.kind == "affinity") and ease > 1e-9:
            world.graph.adjust(npc, about, edge.kind, ease, tick=world.tick, time=world.now,
                               cause=Cause(kind="belief", id=belief.id),
                               reason=(f"{names[player]}替{names[about]}说情：{words}" if zh
                                       else f'{names[player]} pleaded for {names[about]}: "{words}"'))
    return log + _moved(world, names, before, npc, about)
