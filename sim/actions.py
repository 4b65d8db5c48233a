"""What can happen on a tick: things happen, people speak, meet, and players ask.

Each action records a fact (the truth), lets those present perceive it (memory), appraises the new
beliefs (edges), and returns timeline entries pointing at every id it wrote.
"""

from __future__ import annotations

from typing import Any

from townsfolk.agents.appraisal import EdgeMove, appraise_belief_moves
from townsfolk.agents.bonds import interaction_rows, record_interaction, wrong_seen
from townsfolk.agents.dialogue import Reply
from townsfolk.agents.grammar_en import inner_quotes as inner_quotes_en
from townsfolk.agents.grammar_zh import inner_quotes
from townsfolk.agents.llm.protocol import LLMProvider, LLMResponse
from townsfolk.agents.pipeline import TurnAnalysis, dialogue_turn
from townsfolk.agents.praise import praise_step
from townsfolk.agents.rude_reply import is_insult
from townsfolk.agents.safety import check_safety
from townsfolk.agents.stage import StageHistory
from townsfolk.memory.perception import perceive_happening, perceive_speech, read_claim, remember
from townsfolk.memory.predicates import INVENTORY
from townsfolk.memory.privacy import asks_to_keep_secret, rests_on_private
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.gossip import retell
from townsfolk.sim.log import LogEntry
from townsfolk.sim.mediation import aired_beliefs, hear_plea, pleads
from townsfolk.sim.messages import distortion_label, relation_label
from townsfolk.sim.player_tells import believe_told
from townsfolk.sim.sorry_in_person import heard_in_person, own_apology
from townsfolk.world.bare import bare
from townsfolk.world.relationships import Cause, EdgeChange
from townsfolk.world.world import World

_STAMP: list = [None, ""]  # (clock start, its zone, tick length, tick) -> that tick's time as the timeline writes it


def stamp(world: World) -> str:
    """The current tick's time in minutes, rendered once per tick (a telling writes several lines)."""
    clock = world.clock
    key = (clock.start, clock.start.tzinfo, clock.tick_length, clock.tick)  # (equal instants may print apart)
    if _STAMP[0] != key:
        _STAMP[:] = [key, world.now.isoformat(timespec="minutes")]
    return _STAMP[1]


def _entry(world: World, kind: str, who: list[str], text: str, **ids) -> LogEntry:
    # the engine's own values (names, ids, rendered words): not validated again
    return LogEntry.trusted(world.tick, stamp(world), kind, list(who), text, {k: v for k, v in ids.items() if v})


def _edge_entries(world: World, changes: list[EdgeChange], holder: str, other: str,
                  kinds: list[str]) -> list[LogEntry]:
    out = []
    for change, kind in zip(changes, kinds, strict=False):
        arrow = f"{world.name(holder)} → {world.name(other)} [{relation_label(world.language, kind, world.relation_kinds)}]"
        out.append(_entry(world, "edge", [holder, other],
                          f"{arrow} {change.before:.2f} → {change.after:.2f} ({change.reason})",
                          cause=f"{change.cause.kind}:{change.cause.id}"))
    return out


def moves_log(world: World, moves: list[EdgeMove]) -> list[LogEntry]:
    """Timeline entries for the edges appraisal just moved, strongest first, then by target and kind
    (the order a scan of all the holder's edges gave, without that scan)."""
    out: list[LogEntry] = []
    for m in sorted(moves, key=lambda m: (-m.change.after, m.target, m.kind)):
        out += _edge_entries(world, [m.change], m.source, m.target, [m.kind])
    return out


def happen(world: World, memory: MemoryStore, *, what: str, actor: str | None, about: str | None,
           witnesses: list[str], valence: float, place: str | None, private: bool = False,
           predicate: str | None = None) -> list[LogEntry]:
    """`private`: a moment only those there may know of (a coin slipped across the counter): the
    witnesses' beliefs are private, never retold, and the timeline does not say what happened.
    `predicate`: what the text means, set by the designer (kept on the fact; the witnesses read it so)."""
    extra = {"meta": {"predicate": predicate}} if predicate else {}
    fact = world.record("happen", actor=actor, about=about or actor, text=what,
                        witnesses=tuple(witnesses), valence=valence, place=place, private=private, **extra)
    hidden = "（私下发生的事）" if world.language == "zh" else "(happened in private)"
    log = [_entry(world, "happen", [p for p in [actor, *witnesses] if p], hidden if private else what,
                  fact=fact.id, private=private)]
    if actor:  # doing something in front of someone (mending their roof) is an interaction with them
        # what the designer declared blameless (a mishap, an illness, a wedding) happened to the actor: the
        # witness was there, and likes them no less for it (自流井: seeing 龙强勇's brine pipe crack cooled
        # a witness 0.50 -> 0.48, who then said "说实话，我不太喜欢" of him)
        felt = 0.0 if predicate and not INVENTORY[predicate].blames_subject else max(-1.0, min(1.0, valence))
        for witness in witnesses:
            if witness != actor:
                record_interaction(world, witness, actor, cause=Cause(kind="fact", id=fact.id),
                                   valence=felt, note="在场" if world.language == "zh" else "was there")
    for belief in perceive_happening(world, memory, fact):
        claim = belief.claim
        if actor and claim.about == actor and claim.blames_subject:  # a wrong seen done: trust falls (bonds.py)
            wrong_seen(world, belief.holder, actor, claim.severity, wronged=belief.holder in (claim.target, claim.obj),
                       cause=Cause(kind="belief", id=belief.id),
                       note=("亲眼看到：" if world.language == "zh" else "saw: ") + what)
        moves = appraise_belief_moves(world, memory, belief)
        held = hidden if belief.private else belief.text
        log.append(_entry(world, "belief", [belief.holder], f"{world.name(belief.holder)} 认为：{held}"
                          if world.language == "zh" else f"{world.name(belief.holder)} believes: {held}",
                          belief=belief.id, fact=fact.id, private=belief.private))
        log += moves_log(world, moves)
    return log


def player_private(world: World, speaker: str, text: str, private: bool | None = None) -> bool:
    """Private when the game says so (`private=True`), and a player's words are private when they are
    about their real world (address, phone, account...) or ask that they go no further ("keep this
    between us", "别告诉别人"; not read when the game said `private=False`)."""
    if private:
        return True
    if not world.character(speaker).is_player:
        return False
    return (check_safety(text, world.language).is_private  # type: ignore[arg-type]
            or (private is None and asks_to_keep_secret(text)))


def say(world: World, memory: MemoryStore, *, speaker: str, listeners: list[str], about: str | None,
        text: str, private: bool = False) -> list[LogEntry]:
    private = private or player_private(world, speaker, text)
    fact = world.record("say", actor=speaker, to=tuple(listeners), about=about, text=text, private=private)
    claim = read_claim(memory, text, about=about, said_by=speaker) if about and about != speaker else None
    if len(listeners) == 1:  # "Ida says you are lazy" told to Wynn: Ida's view of Wynn, not "Ida is lazy"
        from townsfolk.sim.player_tells import reported_attitude

        claim = reported_attitude(world, memory, speaker=speaker, listener=listeners[0], text=text) or claim
    zh = world.language == "zh"
    to = "、".join(world.name(p) for p in listeners)
    shown = ("（私下说的话）" if zh else "(said in private)") if private else text
    log = [_entry(world, "say", [speaker, *listeners],
                  inner_quotes(f"{world.name(speaker)} 对 {to} 说：“{shown}”") if zh
                  else inner_quotes_en(f'{world.name(speaker)} to {to}: "{shown}"'),
                  fact=fact.id, private=private)]
    for listener in listeners:
        record_interaction(world, speaker, listener, cause=Cause(kind="fact", id=fact.id),
                           trust_event="sensitive_disclosure" if private else None, note="说话" if zh else "talked")
    for belief in perceive_speech(world, memory, fact, claim):
        moves = appraise_belief_moves(world, memory, belief)
        log.append(_entry(world, "belief", [belief.holder],
                          f"{world.name(belief.holder)} 听信：{belief.text}（可信度 {belief.credibility:.2f}，第 {belief.hops} 手）"
                          if zh else f"{world.name(belief.holder)} now believes: {belief.text} "
                          f"(credibility {belief.credibility:.2f}, hop {belief.hops})",
                          belief=belief.id, fact=fact.id))
        log += moves_log(world, moves)
    if claim is None and own_apology(world, speaker, about, text):  # "I'm sorry I broke your jug" (sorry_in_person.py)
        for belief, moves in heard_in_person(world, memory, fact):
            log.append(_entry(world, "belief", [belief.holder],
                              f"{world.name(belief.holder)} 亲耳听到：{belief.text}" if zh
                              else f"{world.name(belief.holder)} heard it in person: {belief.text}",
                              belief=belief.id, fact=fact.id))
            log += moves_log(world, moves)
    return log


def gossip(world: World, memory: MemoryStore, *, teller: str, listener: str, about: str | None,
           text: str | None, fresh_only: bool = False, held: frozenset[str] = frozenset()) -> list[LogEntry]:
    """A telling (a scripted beat's, or with `fresh_only` an NPC's own: never the same story twice to one
    listener, nor about `held`, the subjects a beat still to come has it tell them)."""
    zh = world.language == "zh"
    done = retell(world, memory, teller, listener, about=about, pinned_text=text, fresh_only=fresh_only, held=held)
    if done is None:
        return [_entry(world, "gossip", [teller, listener],
                       f"{world.name(teller)} 没什么可传的" if zh else f"{world.name(teller)} has nothing to pass on")]
    fact, belief, moves = done
    # the chat's familiarity changes are read by nobody here: their log rows, not change objects
    interaction_rows(world, teller, listener, cause=bare(Cause, {"kind": "fact", "id": fact.id}),
                     note="闲聊" if zh else "chatted")
    said, heard = world.name(teller), world.name(listener)
    log = [_entry(world, "gossip", [teller, listener],
                  inner_quotes(f"{said} 对 {heard} 说：“{fact.text}”"
                               f"（{distortion_label('zh', fact.meta['distortion'])}）")
                  if zh else inner_quotes_en(f'{said} to {heard}: "{fact.text}" ({fact.meta["distortion"]})'),
                  fact=fact.id, basis=fact.meta["basis"], belief=belief.id),
           _entry(world, "belief", [listener],
                  f"{heard} 听信：{belief.text}（可信度 {belief.credibility:.2f}，第 {belief.hops} 手）"
                  if zh else f"{heard} now believes: {belief.text} "
                  f"(credibility {belief.credibility:.2f}, hop {belief.hops})", belief=belief.id)]
    return log + moves_log(world, moves) if moves else log


def grievance(world: World, memory: MemoryStore, holder: str, other: str) -> float:
    """How much held second-hand beliefs have cooled the holder toward the other (>= 0)."""
    aired = aired_beliefs(memory, holder)  # a grievance talked through no longer chills a meeting
    held = {b.id for b in memory.beliefs_of(holder) if b.source != "witnessed" and b.id not in aired}
    total = 0.0
    for edge in world.graph.edges_between(holder, other):
        total -= sum(min(0.0, c.delta) for c in edge.history if c.cause.kind == "belief" and c.cause.id in held)
    return total


def meet(world: World, memory: MemoryStore, people: list[str]) -> list[LogEntry]:
    """People meet: each notices how the other treats them; coldness without a reason puzzles."""
    zh = world.language == "zh"
    fact = world.record("meet", witnesses=tuple(people),
                        text=("、".join if zh else ", ".join)(world.name(p) for p in people) + (" 碰面" if zh else " met"))
    log = [_entry(world, "meet", people, ("、".join if zh else ", ".join)(world.name(p) for p in people)
                  + (" 碰面了" if zh else " meet"), fact=fact.id)]
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            chilly = grievance(world, memory, a, b) > 0.02 or grievance(world, memory, b, a) > 0.02
            cold_note = "碰面，心里有疙瘩，不太热络" if zh else "met, coolly: a grievance between them"
            record_interaction(world, a, b, cause=Cause(kind="fact", id=fact.id), valence=-0.2 if chilly else 0.1,
                               note=cold_note if chilly else ("碰面" if zh else "met"))
    for a in people:
        for b in people:
            if a == b or world.character(a).is_player or world.character(b).is_player:
                continue
            cold = grievance(world, memory, a, b) > 0.02
            if cold:
                text = (f"见到了{world.name(b)}，我没怎么搭理" if zh else f"When I ran into {world.name(b)}, I kept my distance")
                remember(world, memory, a, fact, text, source="participated", about=b, importance=0.3, valence=-0.2)
                explained = any(x.concerns(a) and x.source != "witnessed" for x in memory.beliefs_of(b, a))
                seen = (f"{world.name(a)}今天见了我有点冷淡" if zh else f"{world.name(a)} was cool with me today")
                remember(world, memory, b, fact, seen, source="witnessed", about=a, importance=0.35,
                         valence=-0.2, meta={"puzzled": not explained})
                log.append(_entry(world, "mood", [a, b], f"{world.name(a)} 对 {world.name(b)} 态度冷淡"
                                  if zh else f"{world.name(a)} is cold toward {world.name(b)}", fact=fact.id))
            elif grievance(world, memory, b, a) <= 0.02:
                text = (f"和{world.name(b)}碰了个面，聊了几句" if zh else f"I ran into {world.name(b)} and we chatted")
                remember(world, memory, a, fact, text, source="participated", about=b, importance=0.15, valence=0.05)
    return log


def ask(world: World, memory: MemoryStore, provider: LLMProvider, *, player: str, npc: str, text: str,
        relevance: Relevance | None = None, history: StageHistory | None = None,
        affect_effects: dict | None = None, show_question: bool = True, errands: Any = None,
        private: bool | None = None,
        ) -> tuple[list[LogEntry], Reply, TurnAnalysis, list[LLMResponse]]:
    """Someone (a player, or an NPC) speaks to an NPC; the NPC answers through the dialogue pipeline.
    `private`: True when the game knows the line is a whisper or a message, False when it was said
    aloud, None to let the engine tell (`player_private`)."""
    zh = world.language == "zh"
    question = world.record("ask", actor=player, to=(npc,), text=text,
                            private=player_private(world, player, text, private))
    asked_secrecy = (private is not False and world.character(player).is_player
                     and asks_to_keep_secret(text))  # the NPC says it will keep it
    pleaded = hear_plea(world, memory, player=player, npc=npc, fact=question)  # testimony weighed before the reply
    reply, analysis, responses = dialogue_turn(world, memory, provider, npc=npc, speaker=player, text=text,
                                               relevance=relevance, history=history, affect_effects=affect_effects,
                                               errands=errands, keep_secret=asked_secrecy)
    record = analysis.model_dump(mode="json")
    remember(world, memory, npc, question, f"{world.name(player)}问我：“{text}”" if zh
             else f'{world.name(player)} asked me: "{text}"', source="heard", about=player, importance=0.3,
             valence=analysis.emotion.valence * 0.5, meta={"dialogue": True, "analysis": record})
    for item_id in reply.grounding_ids:  # recalling a memory strengthens it
        if item_id in memory.events:
            memory.events[item_id].recalls += 1
            memory.touch(memory.events[item_id])
    hushed = question.private or rests_on_private(memory, reply.grounding_ids)  # a reply drawn from a whisper is one too
    answer = world.record("reply", actor=npc, to=(player,), text=reply.text, private=hushed,
                          meta={"question": question.id, "grounding": reply.grounding_ids, "model": reply.model,
                                "fallback": reply.fallback, "route": analysis.route})
    remember(world, memory, npc, answer, f"我回答{world.name(player)}：“{reply.text}”" if zh
             else f'I answered {world.name(player)}: "{reply.text}"', source="said", about=player, importance=0.25,
             meta={"question": text, "grounding": reply.grounding_ids, "subjects": reply.subjects, "dialogue": True,
                   "analysis": record})
    kinds = {i.kind for i in analysis.intents}
    trust_event = "sensitive_disclosure" if (analysis.safety.is_private or "disclose" in kinds) else None
    record_interaction(world, npc, player, cause=Cause(kind="fact", id=answer.id),
                       valence=analysis.emotion.valence, trust_event=trust_event,
                       conflict=0.4 if "conflict" in kinds or is_insult(text, world.language) else 0.0,  # rude_reply.py
                       note=("交谈" if zh else "talked"))
    praised = praise_step(world, npc, player, question)  # a compliment warms a little (agents/praise.py)
    shown = ("（私下说的话）" if zh else "(said in private)") if question.private else text
    log = [_entry(world, "ask", [player, npc], f"{world.name(player)} 问 {world.name(npc)}：“{shown}”" if zh
                  else f'{world.name(player)} asks {world.name(npc)}: "{shown}"', fact=question.id,
                  private=question.private)] if show_question else []
    answered = ("（私下说的话）" if zh else "(said in private)") if hushed else reply.text
    log += [_entry(world, "reply", [npc, player], f"{world.name(npc)}：“{answered}”" if zh
                  else f'{world.name(npc)}: "{answered}"', fact=answer.id, grounding=reply.grounding_ids,
                  route=analysis.route, private=hushed)]
    log += moves_log(world, praised)
    told = set() if pleads(world, question) else kinds  # a plea's claim was heard as testimony already (hear_plea)
    for belief, moves in believe_told(world, memory, player=player, npc=npc, fact=question, intents=told):
        log.append(_entry(world, "belief", [npc], f"{world.name(npc)} 听信：{belief.text}（可信度 {belief.credibility:.2f}）"
                          if zh else f"{world.name(npc)} now believes: {belief.text} (credibility {belief.credibility:.2f})",
                          belief=belief.id, fact=question.id))  # a whisper's words: hidden by sim/private_lines.py
        log += moves_log(world, moves)  # a player's statement about someone: the NPC's belief (sim/player_tells.py)
    at = next((i for i, e in enumerate(log) if e.kind == "reply"), len(log))
    log[at:at] = pleaded  # the plea heard, before the answer to it
    return log, reply, analysis, responses
