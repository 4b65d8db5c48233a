"""Gossip: a teller retells a belief, and the retelling may change it on the way.

The change is chosen from the teller's traits and the world's rng: keep it faithful, intensify it
(a lateness becomes unreliability; a complaint told to its subject becomes an attitude), generalise
it (once becomes always), misattribute it, or drop a hedge. The listener's new belief records the
teller, the hop count, the distortion and a credibility.
"""

from __future__ import annotations

import re
from bisect import bisect_right

import numpy as np

from townsfolk.agents.appraisal import EdgeMove, appraise_belief_moves
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import PREDICATES, Claim, render_claim, says_its_deed
from townsfolk.memory.perception import form_belief, read_claim, remember
from townsfolk.memory.privacy import asks_to_keep_secret
from townsfolk.memory.store import MemoryStore
from townsfolk.world.bare import copied
from townsfolk.world.characters import Character
from townsfolk.world.facts import Fact
from townsfolk.world.world import World

DISTORTIONS = ("faithful", "intensify", "generalise", "misattribute", "drop_hedge")
# the hedges memory/claims.py reads ("maybe", "I think", 好像...), as a retelling drops them from the words
_HEDGE_WORDS = re.compile(r"(?i)\b(?:maybe|perhaps|i think),?\s*|好像|可能|也许")


def _raw_weights(teller: Character, claim: Claim) -> list[float]:
    candour = teller.trait("candour", 0.5)
    exaggeration = teller.trait("exaggeration", 0.3)
    mischief = teller.trait("mischief", 0.1)
    return [0.2 + candour * (1.0 - exaggeration), exaggeration, 0.5 * exaggeration, 0.5 * mischief,
            0.3 if claim.hedged else 0.0]


def distortion_weights(teller: Character, claim: Claim) -> np.ndarray:
    """How likely each distortion is for this teller: exaggerators intensify, the candid keep faith."""
    w = np.array(_raw_weights(teller, claim))
    return w / w.sum()


def pick_index(weights: list[float], u: float) -> int:
    """The index `rng.choice(len(weights), p=weights / sum)` returns for its one uniform draw `u`: the
    same float steps (normalise, cumulative sum, rescale by the last, search right), so a run draws
    exactly as before, without numpy's per-call checks (a telling used to spend most of its draw there)."""
    total = 0.0
    for w in weights:
        total += w
    cdf, acc = [], 0.0
    for w in weights:
        acc += w / total
        cdf.append(acc)
    return bisect_right([c / acc for c in cdf], u)


def _pick5(w0: float, w1: float, w2: float, w3: float, w4: float, u: float) -> int:
    """`pick_index([w0, .., w4], u)` written out: the same float steps (a sum from 0.0, the running
    sum of each weight over it, each over the last) and the same binary search as `bisect_right`
    over five, without building the three lists (a telling draws once)."""
    total = 0.0 + w0 + w1 + w2 + w3 + w4
    c0 = 0.0 + w0 / total
    c1 = c0 + w1 / total
    c2 = c1 + w2 / total
    c3 = c2 + w3 / total
    c4 = c3 + w4 / total
    if u < c2 / c4:
        if u < c1 / c4:
            return 0 if u < c0 / c4 else 1
        return 2
    if u < c4 / c4:
        return 3 if u < c3 / c4 else 4
    return 5


def choose_distortion(teller: Character, claim: Claim, rng: np.random.Generator) -> str:
    """One of DISTORTIONS by the teller's weights (`_raw_weights`), for one uniform of the world's rng."""
    traits = teller.traits  # Character.trait of each, read once
    candour, exaggeration = traits.get("candour", 0.5), traits.get("exaggeration", 0.3)
    mischief = traits.get("mischief", 0.1)
    return DISTORTIONS[_pick5(0.2 + candour * (1.0 - exaggeration), exaggeration, 0.5 * exaggeration,
                              0.5 * mischief, 0.3 if claim.hedged else 0.0, rng.random())]


def distort(claim: Claim, distortion: str, *, listener: str, others: list[str],
            rng: np.random.Generator, heard_from: str | None = None) -> tuple[Claim, str]:
    """Apply a distortion; returns the new claim and the distortion actually applied. `heard_from` is
    whom the teller had it from: a misattribution never names them (that is the true source)."""
    if claim.negated and distortion != "misattribute":
        # a denial ("never said sorry", "didn't steal") has no harsher or habitual form of its own:
        # dropping its words retold the predicate it denies ("always apologises")
        return claim, "faithful"
    if distortion == "intensify":
        worse = PREDICATES.current().escalate(claim.predicate)  # (the running world's: its method, not a proxy's)
        to_the_one_named = bool(claim.said_by) and claim.about == listener and claim.said_by != listener
        if worse == claim.predicate and claim.predicate != "remark" and not to_the_one_named:
            return claim, "faithful"  # nothing harsher to say ("stole" stays "stole"): retold as it was
        severity = min(1.0, max(claim.severity + 0.3, PREDICATES[worse].severity))
        if claim.said_by and claim.about == listener and claim.said_by != listener:
            # told to the one complained about, a remark becomes what the speaker thinks of them
            return Claim(about=claim.said_by, predicate=worse, target=listener, severity=severity,
                         said_by=claim.said_by), distortion
        # a harsher predicate brings its own direction: a remark's felt tone (0 for "was by the well")
        # must not keep a claim that now blames from moving anyone (agents/appraisal.py reads valence)
        tone = claim.tone if worse == claim.predicate else None
        return copied(claim, {"predicate": worse, "severity": severity, "quote": None, "tone": tone}), distortion
    if distortion == "generalise" and claim.predicate == "remark" and claim.quote:
        # words no rule could read have no habit to make of them: "小何抓药时把当归和独活弄混了" became
        # "小何总爱说几句" (is always making remarks); they are retold as they were
        return claim, "faithful"
    if distortion == "generalise" and not claim.generalised and claim.blames_subject:  # a fire is not a habit
        return copied(claim, {"generalised": True, "quote": None,
                              "severity": min(1.0, claim.severity + 0.15)}), distortion
    if distortion == "misattribute" and (claim.said_by or claim.about):
        # a witnessed act (nobody named as saying it) gets a source too: "Pell says Arthur stole it"
        pool = [o for o in others if o not in (claim.said_by, listener, claim.about, heard_from)]
        if pool:
            new_source = pool[int(rng.integers(len(pool)))]
            # a denial keeps its words, and so does a deed its label would lose ("Tom stole Bram's nets")
            quote = claim.quote if claim.negated or says_its_deed(claim) else None
            return copied(claim, {"said_by": new_source, "quote": quote}), distortion
    if distortion == "drop_hedge" and claim.hedged:
        quote = claim.quote
        if claim.own_words and quote:  # the words themselves are retold: the hedge goes from them
            quote = _HEDGE_WORDS.sub("", quote).strip(" ,，")
            if quote == claim.quote or not quote:
                return claim, "faithful"  # no hedge word to drop: the same words, retold as they were
            quote = quote[0].upper() + quote[1:] if quote[0].isalpha() and claim.quote[:1].isupper() else quote
        return copied(claim, {"hedged": False, "severity": min(1.0, claim.severity + 0.1),
                              "quote": quote}), distortion
    return claim, "faithful"


def confided(belief: Belief) -> bool:
    """Told in words that asked to be kept ("别告诉别人，…", "keep this between us"): the hearer may
    say it to a listener it trusts (agents/confidences.py), never pass it on as gossip."""
    quote = belief.claim.quote
    return belief.source == "told" and bool(quote) and asks_to_keep_secret(quote)


def pick_belief(memory: MemoryStore, teller: str, listener: str, about: str | None, *,
                fresh_only: bool = False, held: frozenset[str] = frozenset()) -> Belief | None:
    """The belief a teller passes on: never a private one or one told in confidence, never one the
    listener told them; with no topic, never one about the listener or said by them. The gravest and
    most credible, then the newest (one pass, keeping the first best as `max` would; the words of a
    confidence are read only for a belief that would be chosen). Held beliefs only, the status read
    in this pass rather than in a list made first; the key (gravity, tick, id) compared field by
    field, as the tuple would be, without making one per belief (a teller's every belief is read
    for each telling it makes)."""
    best = None
    best_score, best_tick, best_id = 0.0, 0, ""
    # `fresh_only` (an NPC speaking up on its own): never what this listener already had from this teller
    told = {b.origin_fact_id for b in memory.beliefs_of(listener, held_only=False)
            if b.told_by == teller and b.origin_fact_id is not None} \
        if fresh_only else ()
    ids = memory._ids_of["belief"].get(teller)  # noqa: SLF001  (beliefs_of(teller, held_only=False), unlisted)
    if not ids:
        return None
    for b in map(memory.beliefs.__getitem__, ids):
        f = b.__dict__  # the fields read from the model's dict: each attribute read costs twice a key's
        if f["status"] != "held" or f["private"] or f["told_by"] == listener or (told and f["origin_fact_id"] in told):
            continue
        c = f["claim"].__dict__
        if held and c["about"] in held:  # a beat still to come tells it (drive: sim/drive_script.py)
            continue
        if about is None:
            if listener == c["about"] or listener == c["said_by"]:
                continue
        elif about != c["about"] and about != c["target"] and about != c["said_by"]:
            continue
        score = c["severity"] * f["credibility"]
        if best is not None and score <= best_score:
            if score < best_score:
                continue
            tick = f["tick"]
            if tick < best_tick or (tick == best_tick and f["id"] <= best_id):
                continue
        quote = c["quote"]  # confided(b), from the dicts already read
        if quote and f["source"] == "told" and asks_to_keep_secret(quote):
            continue
        best, best_score, best_tick, best_id = b, score, f["tick"], f["id"]
    return best


def named_source(world: World, said_by: str | None, text: str) -> str | None:
    """Whom pinned words credit: the basis's source only when the words name them ("秀姑说…"); a
    line that names no one ("阿海弄坏了你的网还撒谎") is the teller's own, not the source's."""
    if not said_by or said_by not in world.characters:
        return None
    name = world.name(said_by)
    return said_by if (name and name in text) or said_by in text else None


def retell(world: World, memory: MemoryStore, teller: str, listener: str, *, about: str | None = None,
           pinned_text: str | None = None, fresh_only: bool = False,
           held: frozenset[str] = frozenset()) -> tuple[Fact, Belief, list[EdgeMove]] | None:
    """The teller passes one belief to the listener; returns the telling, the new belief, the edges moved.
    `fresh_only`: nothing the listener already had from this teller; `held`: subjects left to the script (pick_belief)."""
    basis = pick_belief(memory, teller, listener, about, fresh_only=fresh_only, held=held)
    if basis is None:
        return None
    if pinned_text is not None:
        # the words are the teller's own unless they name whom the teller had it from
        said_by = named_source(world, basis.claim.said_by, pinned_text)
        claim = read_claim(memory, pinned_text, about=basis.claim.about, said_by=said_by)
        if said_by and basis.claim.about == listener and claim.severity > basis.claim.severity:
            claim = Claim(about=said_by, predicate=claim.predicate, target=listener,
                          severity=claim.severity, said_by=said_by, quote=pinned_text)
        applied = "faithful" if claim.same_substance(basis.claim) else "intensify"
    else:
        chosen = choose_distortion(world.character(teller), basis.claim, world.rng)
        # only a misattribution needs the teller's circle (a sort over everyone they know)
        others = sorted(world.graph.acquaintances(teller)) if chosen == "misattribute" else []
        claim, applied = distort(basis.claim, chosen, listener=listener, others=others, rng=world.rng,
                                 heard_from=basis.told_by)
    names = world.names()
    spoken = pinned_text or render_claim(claim, names, world.language, listener=listener, speaker=teller)
    fact = world.record("retell", actor=teller, to=(listener,), about=claim.about, text=spoken,
                        valence=claim.valence, meta={"basis": basis.id, "distortion": applied})
    zh = world.language == "zh"
    remember(world, memory, teller, fact,
             f"我跟{names[listener]}说：“{spoken}”" if zh else f'I told {names[listener]}: "{spoken}"',
             source="said", about=claim.about, importance=0.2, valence=claim.valence * 0.3)
    remember(world, memory, listener, fact,
             f"{names[teller]}跟我说：“{spoken}”" if zh else f'{names[teller]} told me: "{spoken}"',
             source="heard", about=claim.about, importance=0.4 + 0.3 * claim.severity,
             valence=claim.valence * 0.6, meta={"teller": teller})
    belief = form_belief(world, memory, listener, claim, source="told", fact=fact,
                         origin_fact_id=basis.origin_fact_id, told_by=teller, hops=basis.hops + 1,
                         parent=basis, distortion=applied)
    return fact, belief, appraise_belief_moves(world, memory, belief)
