"""The dialogue pipeline: code decides, the model only voices.

safety -> intent -> emotion -> relationship stage -> route -> reply policy -> context (tiered
retrieval) -> generation -> guards. Every step has a heuristic answer when no model is present;
the turn's whole analysis comes back with the reply so the caller can store it with both sides.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from townsfolk.agents.bare_why import is_bare_why, resolve_why
from townsfolk.agents.bonds import axes as bond_axes
from townsfolk.agents.confidences import kept_for_them
from townsfolk.agents.defence import defence_reply
from townsfolk.agents.dialogue import Reply, grounding_from, mentioned, said_today
from townsfolk.agents.emotion import EmotionReading, read_emotion
from townsfolk.agents.errand_voice import voice_prompt, voicing_problem
from townsfolk.agents.everyday import Everyday, everyday_reply
from townsfolk.agents.guards import (
    GuardResult,
    no_internal_labels,
    no_private_leak,
    persona_drift_guard,
)
from townsfolk.agents.intent import Intent, detect_intents, detect_intents_with_model, kinds_of
from townsfolk.agents.is_it_true import true_answer
from townsfolk.agents.it_refers import last_reply, previous_question, resolve_it, resolve_person
from townsfolk.agents.llm.offline import OfflineProvider
from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse, Message
from townsfolk.agents.llm.streaming import stream_complete
from townsfolk.agents.my_tellings import asks_if_i_told, told_in_confidence
from townsfolk.agents.offer_to_mediate import offer_reply, offers_to_speak
from townsfolk.agents.only_said import only_said_reply, only_said_story
from townsfolk.agents.player_promise import promise_reply
from townsfolk.agents.promise_reply import after_promise
from townsfolk.agents.reply_policy import ReplyPolicy, reply_policy, route
from townsfolk.agents.reply_stream import ReplyStream, stream_for
from townsfolk.agents.rude_reply import rude_reply
from townsfolk.agents.safety import SafetyVerdict, check_safety
from townsfolk.agents.said_to_whom import own_reply
from townsfolk.agents.saw_it import asks_if_i_saw
from townsfolk.agents.secrecy import promise, promise_reminder
from townsfolk.agents.stage import StageDecision, StageHistory, decide_stage, internal_labels
from townsfolk.agents.tellings_asked import held_back_teller
from townsfolk.agents.titles import asks_who_holds, my_title_asked
from townsfolk.agents.trade_goods import trade_reply
from townsfolk.agents.voice import act_prompt, choose_act, variation_seed
from townsfolk.agents.voice_phrases import PHRASES
from townsfolk.agents.your_people import your_people
from townsfolk.memory.context import ContextBudget, ContextRequest, build_context
from townsfolk.memory.privacy import asks_if_kept, visible_to
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

SELF_STATEMENT = re.compile(r"(我其实是|我本来是|我的身份|我的性格|我是一个|I am actually|I'm actually|I am really|"
                            r"my real name|my persona|I am an? )", re.IGNORECASE)
DECLINE = {"zh": "这个我不方便说。", "en": "That's not something I can talk about."}
ALREADY_PROMISED = {"zh": "对方请你保密，你已经答应了（“{lead}”），不要再重复这句。",
                    "en": 'They asked you to keep it secret and you have already promised ("{lead}"); '
                          "do not say it again."}
_SEP = {"zh": "", "en": " "}
# an errand's words with no errand to take them are conversation: routed without these
_IT_WORD = re.compile(r"\bit\b|它|出事|那件事|那事", re.IGNORECASE)
_PERSON_WORD = re.compile(r"\b(?:he|him|his|she|her)\b|[他她]", re.IGNORECASE)
ERRAND_ROUTES = ("errand", "task_control")
ERRAND_KINDS = frozenset({"request", "promise", "pause", "resume", "skip", "switch"})
SUPPORT = {"zh": "听起来你很难受。要是撑不住了，请马上找身边的人或者当地的求助热线。",
           "en": "That sounds really hard. If you feel unsafe, please reach out to someone near you or a local helpline."}


class TurnAnalysis(BaseModel):
    """Everything the pipeline decided for one turn; stored with the turn, never shown to the player."""

    safety: SafetyVerdict
    intents: list[Intent]
    emotion: EmotionReading
    stage: StageDecision
    route: str
    policy: ReplyPolicy
    context_ids: list[str] = Field(default_factory=list)
    guards: list[GuardResult] = Field(default_factory=list)
    fallback: str | None = None
    errand: dict[str, Any] | None = None  # what the errand machinery decided this turn, if it ran


def _private_snippets(world: World, memory: MemoryStore, npc: str, speaker: str) -> list[str]:
    """Private things the NPC holds that this speaker was not part of: they must not leak."""
    out = []
    for e in memory.events_of(npc):
        if e.private and not visible_to(e, speaker, world) and not own_reply(world, e, npc):
            out.append(e.what)  # the NPC's own line in a whispered turn was its own news, not the secret
            fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
            if fact is not None:
                out.append(fact.text)
    for b in memory.beliefs_of(npc, held_only=False):
        if b.private and not visible_to(b, speaker, world):
            out += [b.text, b.claim.quote or ""]
    return [s for s in dict.fromkeys(out) if s]


MARKUP = re.compile(r"<[A-Za-z/|][^>]{0,40}>|\[/?INST\]|<<SYS>>|```")
CJK = re.compile(r"[\u4e00-\u9fff]")


def unusable_reply(response: LLMResponse, language: str, max_sentences: int) -> str | None:
    """Why a model's reply cannot be spoken (cut off, markup, wrong script, symbol soup, rambling), or None."""
    from townsfolk.agents.reply_check import unusable

    return unusable(response, LLMRequest(task="reply", language=language,  # type: ignore[arg-type]
                                         meta={"max_sentences": max_sentences}))


def _ask(provider: LLMProvider, request: LLMRequest, stream: ReplyStream | None) -> LLMResponse:
    """The model's answer, streamed to the turn's listener when there is one."""
    return provider.complete(request) if stream is None else stream_complete(provider, request, stream)


def _generate(provider: LLMProvider, request: LLMRequest, max_sentences: int,
              stream: ReplyStream | None = None) -> tuple[str, list[LLMResponse], str | None]:
    from townsfolk.agents.reply_check import unusable

    response = _ask(provider, request, stream)
    problem = unusable(response, request.model_copy(update={"meta": {**request.meta, "max_sentences": max_sentences}}))
    if problem is None:
        return response.text.strip(), [response], None
    fallback = OfflineProvider().complete(request)
    return fallback.text.strip(), [response], problem


def dialogue_turn(world: World, memory: MemoryStore, provider: LLMProvider, *, npc: str, speaker: str, text: str,
                  relevance: Relevance | None = None, history: StageHistory | None = None,
                  affect_effects: dict[str, Any] | None = None,
                  errands: Callable[[str], Any] | None = None,
                  keep_secret: bool = False) -> tuple[Reply, TurnAnalysis, list[LLMResponse]]:
    """One turn of `speaker` (player or NPC) talking to `npc`; returns the reply and its analysis.

    `errands`, when given, is asked first whether the words are about an errand (agents/errands.py);
    if so, code has decided the reply, which still goes through the guards. `keep_secret`: the
    speaker asked that this go no further, and the reply begins with the NPC's promise to keep it.
    """
    lang = world.language
    if _IT_WORD.search(text) and world.character(speaker).is_player and not asks_if_i_saw(text, lang):
        # "When did it break?" after the lamp (it_refers.py); "Did you see it yourself?" is of the story I just
        # told (dialogue.py story_asked), not of the newest thing of that name I saw (two frayed ropes)
        text = resolve_it(text, previous_question(world, memory, npc, speaker, text), lang)
    if _PERSON_WORD.search(text) and world.character(speaker).is_player:  # "What's he like?" after Silas (it_refers.py)
        text = resolve_person(text, previous_question(world, memory, npc, speaker, text), world, npc, lang,
                              last_reply(world, memory, npc, speaker))
    if is_bare_why(text, lang) and world.character(speaker).is_player:  # "Why?" after "What do you think of Ida?"
        others = {cid: c.name for cid, c in world.characters.items() if cid != npc and not c.is_player}
        text = resolve_why(text, previous_question(world, memory, npc, speaker, text), others, lang)
    model = None if provider.name == "offline" else provider
    responses: list[LLMResponse] = []
    stream = stream_for(npc, speaker)  # a caller relaying this reply as it is produced (Town.say)
    if stream is not None:  # what the guards would strip must not leave before they run
        stream.protect(_private_snippets(world, memory, npc, speaker), internal_labels())
    safety = check_safety(text, lang)  # type: ignore[arg-type]
    names = tuple(c.name for c in world.characters.values())
    intents = (detect_intents_with_model(model, text, lang) if model  # type: ignore[arg-type]
               else detect_intents(text, lang, names=names))  # type: ignore[arg-type]
    emotion = read_emotion(text, lang)  # type: ignore[arg-type]
    axes = bond_axes(world, npc, speaker)
    stage = decide_stage(model, axes, history or StageHistory(), intents, emotion, text=text, language=lang,  # type: ignore[arg-type]
                         safety=safety)
    chosen = route(intents, safety, stage=stage.state)
    errand = errands(text) if errands is not None and chosen not in ("safety_support", "safe_decline") else None
    if errand is not None:
        chosen = "errand"
    elif chosen in ERRAND_ROUTES:  # no errand took the words ("please keep this secret"): conversation
        chosen = route([i for i in intents if i.kind not in ERRAND_KINDS], safety, stage=stage.state)
    policy = reply_policy(stage.state, emotion, affect_effects, intents, safety=safety)
    named = mentioned(world, text, exclude={npc, speaker})
    subjects = named + [c for c in your_people(world, npc, text) if c not in named and c != speaker] or [speaker]
    analysis = TurnAnalysis(safety=safety, intents=intents, emotion=emotion, stage=stage, route=chosen, policy=policy)
    me = world.character(npc)
    grounding_ids: list[str] = []
    lead = ""  # the NPC's promise to keep it, said first (code's words, streamed before the model's)
    if keep_secret and chosen not in ("safety_support", "safe_decline", "escalate"):
        lead = promise(lang, f"{world.seed}|{npc}|{world.tick}|{text}")
    asks_everyday = (errand is None and chosen not in ("safety_support", "safe_decline", "escalate")
                     and world.character(speaker).is_player)
    trade = (trade_reply(world, npc, text, _known_facts(memory, npc),  # the NPC's own trade first (trade_goods.py)
                         previous=lambda: previous_question(world, memory, npc, speaker, text)) if asks_everyday else None)
    everyday = (Everyday(trade[0], trade[1]) if trade is not None
                else everyday_reply(world, npc, speaker, text, warmth=policy.warmth,
                                    seed=variation_seed(world.seed, npc, world.tick, zlib.crc32(text.encode())))
                if asks_everyday else None)  # a request or an everyday question (everyday.py)
    said_back = _said_back(world, npc, speaker, text, intents, stage.state.stage, chosen, errand, memory, policy.warmth)
    truth = (true_answer(world, memory, npc, speaker, text)  # "Is it true?" (is_it_true.py)
             or promise_reminder(world, memory, npc, speaker, text)) if asks_everyday else None  # "你刚才答应我什么了？"
    if chosen in ("safety_support", "safe_decline", "escalate"):
        reply_text = (SUPPORT if chosen == "safety_support" else DECLINE)[lang]
    elif truth is not None:  # how sure I am of the story I just told, and why
        reply_text = truth
    elif said_back is not None:  # an insult or a player's promise: code's line (rude_reply.py, player_promise.py)
        reply_text = said_back
        story = only_said_story(world, memory, npc, speaker, text)  # "Agatha only said ...": what I was told instead
        if story is not None and said_back == only_said_reply(world, memory, npc, speaker, text,
                                                              seed=f"{world.seed}|{npc}|{world.tick}"):
            grounding_ids = [story.id]  # the story a "Who told you?" after it asks of (only_said.py)
    elif everyday is not None:
        reply_text = _voiced_everyday(world, memory, provider, model, npc, speaker, everyday, lead, stream,
                                      responses, analysis)
    elif errand is not None:
        analysis.errand = errand.model_dump(mode="json", exclude={"text"})
        request = LLMRequest(task="errand_reply", language=lang, speaker=me.name, listener=world.name(speaker),  # type: ignore[arg-type]
                             messages=[Message(role="system", content=voice_prompt(me.name, me.role, me.persona, lang)),
                                       Message(role="user", content=errand.text)],
                             max_tokens=160, meta={"npc": npc, "asker": speaker, "route": "errand"})
        said = errand.text
        if model is not None:  # the model may voice code's line; it may not change what was decided
            if lead and stream is not None:
                stream(lead + _SEP[lang])
            response = _ask(provider, request, stream)
            responses.append(response)
            problem = (unusable_reply(response, lang, 4)
                       or voicing_problem(response.text.strip(), errand.text, errand.keep))
            if problem is None:
                said = response.text.strip()
            analysis.fallback = problem
        reply_text, guard_results, vetoed = _guard(world, memory, model, npc, speaker, said, request)
        analysis.guards = [g.model_copy(update={"text": None}) for g in guard_results]
        reply_text = DECLINE[lang] if vetoed else reply_text
    else:
        budget = ContextBudget(max_items=4 + 2 * policy.max_sentences, max_tokens=120 * policy.max_sentences)
        ctx = build_context(world, memory, ContextRequest(holder=npc, present=subjects + _me_asked(text, npc), query=text,
                                                          viewer=speaker,
                                                          need_events=chosen in ("answer_from_memory", "repair")
                                                          or (chosen == "listen" and subjects != [speaker]),
                                                          budget=budget), relevance=relevance)
        grounding = grounding_from(world, memory, ctx, npc, speaker, question=text, subjects=subjects)
        grounding_ids = [g.id for g in grounding if g.kind != "tie"]  # a tie is the graph's, not a memory
        analysis.context_ids = ctx.ids()
        act = choose_act(chosen, kinds_of(intents), text, speaker_is_npc=not world.character(speaker).is_player,
                         has_memories=bool(grounding))
        spoken = said_today(world, memory, npc)
        said = [line for line, _to in spoken]
        system = (f"你是{me.name}（{me.role}）。{me.persona} 只根据给出的记忆回答，第一人称，口语，"
                  f"最多{policy.max_sentences}句，最多{policy.max_questions}个问题。"
                  if lang == "zh" else
                  f"You are {me.name} ({me.role}). {me.persona} Answer only from the memories given, in the first "
                  f"person, at most {policy.max_sentences} sentences and {policy.max_questions} questions.")
        system += " " + act_prompt(act, lang)
        if lead:
            system += " " + ALREADY_PROMISED[lang].format(lead=lead)
            if stream is not None:
                stream(lead + _SEP[lang])
        request = LLMRequest(task="reply", language=lang, speaker=me.name, listener=world.name(speaker),  # type: ignore[arg-type]
                             messages=[Message(role="system", content=system), Message(role="user", content=text)],
                             grounding=grounding, max_tokens=40 * policy.max_sentences,
                             meta={"npc": npc, "asker": speaker, "max_sentences": policy.max_sentences,
                                   "warmth": policy.warmth, "route": chosen, "act": act, "hour": world.now.hour,
                                   "greeted": "greet" in kinds_of(intents),
                                   "said_today": said,
                                   "said_to_listener": [line for line, to in spoken if speaker in to],
                                   "subjects": [s for s in subjects if s != speaker],
                                   "subject_names": [world.name(s) for s in subjects if s != speaker],
                                   # bad news of my own people about the asked-after, kept from a stranger (confidences.py)
                                   "kept_for_them": kept_for_them(world, memory, npc, speaker, subjects),
                                   "kept_back": asks_if_i_told(text, lang)  # "did you tell anyone?" of a private remark
                                   and told_in_confidence(world, memory, npc, speaker, subjects),
                                   # "What did Wenna tell you?" of what I keep from this listener: not said, not denied
                                   "held_back_from": held_back_teller(world, memory, npc, speaker, text, subjects, grounding),
                                   # "Who's the caretaker?" asked of the caretaker (titles.py)
                                   "my_title_asked": asks_who_holds(text, lang) and my_title_asked(world, npc, text),
                                   "variation": variation_seed(world.seed, npc, world.tick, len(said))})
        reply_text, spent, analysis.fallback = _generate(provider, request, policy.max_sentences, stream)
        responses += spent
        reply_text, guard_results, fallback_needed = _guard(world, memory, model, npc, speaker, reply_text, request)
        analysis.guards = [g.model_copy(update={"text": None}) for g in guard_results]  # never keep vetoed words
        if fallback_needed:
            analysis.fallback = analysis.fallback or "guard veto"
            reply_text = OfflineProvider().complete(request).text.strip()
            reply_text, more, still_bad = _guard(world, memory, None, npc, speaker, reply_text, request)
            analysis.guards += [g.model_copy(update={"text": None}) for g in more]
            if still_bad:
                reply_text = DECLINE[lang]
    if lead and reply_text != DECLINE[lang]:
        reply_text = after_promise(reply_text)  # "I promise. Really?" doubts the promise (promise_reply.py)
        if model is None and (chosen != "answer_from_memory" or asks_if_kept(text)) \
                and reply_text not in PHRASES[lang]["confided"]:
            reply_text = ""  # a confidence asks nothing: after code's promise no chat, decline or "noted", only a take-up
        reply_text = lead + _SEP[lang] + reply_text if reply_text else lead
    reply = Reply(npc=npc, asker=speaker, question=text, text=reply_text, subjects=subjects,
                  grounding_ids=grounding_ids, model=responses[-1].model if responses else "rule",
                  tokens_in=sum(r.tokens_in for r in responses), tokens_out=sum(r.tokens_out for r in responses),
                  fallback=analysis.fallback)
    return reply, analysis, responses


def _said_back(world: World, npc: str, speaker: str, text: str, intents: list[Intent], stage: str, chosen: str,
               errand: Any, memory: MemoryStore, warmth: float) -> str | None:
    """The NPC's own word on a player's insult, promise or defence of it, or None for the usual reply."""
    if errand is not None or chosen in ("safety_support", "safe_decline", "escalate") \
            or not world.character(speaker).is_player:
        return None
    seed = f"{world.seed}|{npc}|{world.tick}"
    offer = offer_reply(world, memory, npc, speaker, text, mentioned(world, text, exclude={npc, speaker}), seed) \
        if offers_to_speak(text, world.language) else None  # "I'll talk to Gideon for you." (offer_to_mediate.py)
    return rude_reply(text, world.language, seed) or offer or promise_reply(
        kinds_of(intents), text, world.language, cool=stage == "repairing", seed=seed) or (
        only_said_reply(world, memory, npc, speaker, text, seed=seed)  # "Agatha only said ..." (only_said.py)
        or defence_reply(world, memory, npc, speaker, text, warmth=warmth, seed=seed))  # agents/defence.py


_AT_YOU = re.compile(r"(?:生|怪|恨|骂|气)(?:你|您)|(?:对|跟|和)(?:你|您)(?:发火|生气|有意见)|\b(?:angry|cross|upset|mad|furious|annoyed)"
                     r" (?:with|at) you\b|\bblames? you\b|\bwhat did you do\b|(?:你|您)(?:干|做)了什么", re.IGNORECASE)


def _me_asked(text: str, npc: str) -> list[str]:
    """"你师父为什么生你的气？" / "Why is Marta angry with you?": the NPC's own doings answer it, so it is
    among the people the memories are fetched for."""
    return [npc] if _AT_YOU.search(text) else []


def _known_facts(memory: MemoryStore, npc: str) -> set[str]:
    """The facts the NPC holds a memory of (saw, took part in or was told)."""
    return ({b.origin_fact_id for b in memory.beliefs_of(npc) if b.origin_fact_id}
            | {e.fact_id for e in memory.events_of(npc) if e.fact_id})


def _voiced_everyday(world: World, memory: MemoryStore, provider: LLMProvider, model: LLMProvider | None, npc: str,
                     speaker: str, everyday: Everyday, lead: str, stream: ReplyStream | None,
                     responses: list[LLMResponse], analysis: TurnAnalysis) -> str:
    """Code's answer to a request or an everyday question; a model may voice it, never change it."""
    lang, me = world.language, world.character(npc)
    request = LLMRequest(task="errand_reply", language=lang, speaker=me.name, listener=world.name(speaker),  # type: ignore[arg-type]
                         messages=[Message(role="system", content=voice_prompt(me.name, me.role, me.persona, lang)),
                                   Message(role="user", content=everyday.text)],
                         max_tokens=120, meta={"npc": npc, "asker": speaker, "route": "everyday", "act": everyday.kind})
    said = everyday.text
    if model is not None:
        if lead and stream is not None:
            stream(lead + _SEP[lang])
        response = _ask(provider, request, stream)
        responses.append(response)
        problem = unusable_reply(response, lang, 3) or voicing_problem(response.text.strip(), said, list(everyday.keep))
        if problem is None:
            said = response.text.strip()
        analysis.fallback = problem
    analysis.route = "everyday"
    reply_text, guard_results, vetoed = _guard(world, memory, model, npc, speaker, said, request)
    analysis.guards = [g.model_copy(update={"text": None}) for g in guard_results]
    return DECLINE[lang] if vetoed else reply_text


def _guard(world: World, memory: MemoryStore, judge: LLMProvider | None, npc: str, speaker: str, text: str,
           request: LLMRequest) -> tuple[str, list[GuardResult], bool]:
    """Run the output guards; returns the cleaned text, their results and whether to fall back."""
    results = [no_internal_labels(text, internal_labels())]
    text = results[-1].text or "" if not results[-1].ok else text
    results.append(no_private_leak(text, _private_snippets(world, memory, npc, speaker)))
    if not results[-1].ok:
        text = results[-1].text or ""
    if text and SELF_STATEMENT.search(text):
        me = world.character(npc)
        selfish = [s for s in re.split(r"(?<=[。！？.!?])\s*", text) if SELF_STATEMENT.search(s)]
        verdict = persona_drift_guard(judge, me.persona or me.role, " ".join(selfish),
                                      language=world.language)  # type: ignore[arg-type]
        results.append(verdict)
        if not verdict.ok:
            for s in selfish:
                text = text.replace(s, "")
    return text.strip(), results, not text.strip()
