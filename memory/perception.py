"""Perception: facts become event memories and first- or second-hand beliefs.

Every write keeps provenance: an event points at its fact; a belief at the fact it descends from,
the fact that carried it (the telling), the teller's own belief, and the number of hops.
"""

from __future__ import annotations

from townsfolk.memory.beliefs import Belief, credibility
from townsfolk.memory.claims import OWN_WORDS, Claim, as_predicate, claim_from_text, render_claim
from townsfolk.memory.events import EventMemory
from townsfolk.memory.eyewitness import says_was_there
from townsfolk.memory.name_index import NameIndex, name_index
from townsfolk.memory.pronouns import follow_name, refers_back
from townsfolk.memory.store import MemoryStore
from townsfolk.world.bare import bare
from townsfolk.world.facts import Fact
from townsfolk.world.world import World

# deeds a witness believes in the words of what it saw, the label saying less than they do: a thing spoilt
# ("Greta burnt Ole's supper" was believed as "Greta spoiled someone's things") or a mistake at one's work
# ("Pell burned the whole batch of bread", not "Pell is careless"). A cheat seen is still believed as
# dishonesty (a trait a witness concludes; the headless towns' seeded rumour is one, and reads as before).
SEEN_IN_WORDS = ("damaged", "careless")


def read_claim(memory: MemoryStore, text: str, *, about: str | None, said_by: str | None = None,
               obj: str | None = None, names: NameIndex | None = None) -> Claim:
    """Read text into a claim with the store's reader (the model, when one is configured) or offline
    (`names`: the world's name index; its meaning is then read with names as pronouns)."""
    reader = memory.claim_reader
    if reader is not None:
        return reader(text, about=about, said_by=said_by, obj=obj)
    return claim_from_text(text, about=about, said_by=said_by, obj=obj, names=names)


def trust_in(world: World, holder: str, teller: str) -> float:
    """How far the holder trusts the teller: the strongest warm tie, or 0.5 for a stranger."""
    graph = world.graph
    strength = graph.columns.strength
    warm = [float(strength[row]) for kind, row in graph.rows_between(holder, teller) if world.warm_tie(kind)]
    return max(warm, default=0.5)


def involves_player(world: World, people: list[str]) -> bool:
    return any(world.characters[p].is_player for p in people if p in world.characters)


def remember(world: World, memory: MemoryStore, holder: str, fact: Fact, what: str, *,
             source: str, about: str | None = None, importance: float = 0.3,
             valence: float | None = None, meta: dict | None = None) -> EventMemory | None:
    """Write one event memory for one holder, pointing at the fact. Players keep no memories here:
    they are people, not minds of ours (and so nothing of theirs lingers that erasure could miss)."""
    if world.characters[holder].is_player:
        return None
    people, player_involved = _people(world, fact)
    valence = fact.valence if valence is None else valence
    values = dict(
        id=world.new_id("e"), holder=holder, tick=fact.tick, time=fact.time, what=what,
        place=fact.place, participants=list(people), about=about, importance=importance,
        valence=max(-1.0, min(1.0, valence)), intensity=min(1.0, abs(valence)), source=source,
        fact_id=fact.id, player_involved=player_involved, private=fact.private,
        meta=dict(meta) if meta else {},
    )
    event = _event(values)
    memory.put(event)
    return event


_PEOPLE: list = [None, -1, (), False]  # the last fact remembered, the cast's version, its people, a player among them


def _people(world: World, fact: Fact) -> tuple[tuple[str, ...], bool]:
    """A fact's participants and whether a player is among them, worked out once for all who
    remember it (a telling's two sides, a meeting's everyone)."""
    version = world.characters.version  # type: ignore[attr-defined]
    if _PEOPLE[0] is not fact or _PEOPLE[1] != version:
        people = fact.participants
        _PEOPLE[:] = [fact, version, people, involves_player(world, list(people))]
    return _PEOPLE[2], _PEOPLE[3]


def _event(values: dict) -> EventMemory:
    """The memory, validated only when a value is not already of its field's type and range (a
    telling's values always are; a caller's int importance or a bad range goes through pydantic)."""
    if (type(values["importance"]) is float and 0.0 <= values["importance"] <= 1.0
            and type(values["valence"]) is float and type(values["intensity"]) is float
            and type(values["what"]) is str and type(values["tick"]) is int):
        return bare(EventMemory, values)
    return EventMemory(**values)


_OWN_LINES = ("say", "tell", "ask")  # a line in the teller's own words (a retelling's are the engine's)


def form_belief(world: World, memory: MemoryStore, holder: str, claim: Claim, *, source: str,
                fact: Fact, origin_fact_id: str | None, told_by: str | None = None,
                hops: int = 0, parent: Belief | None = None, distortion: str = "faithful",
                private: bool = False) -> Belief:
    """Write a belief for the holder; its credibility follows from source, trust and hops. A teller
    who says they were there ("I was there", 我当时就在场) in their own words is weighed as an account."""
    trust = trust_in(world, holder, told_by) if told_by else 1.0
    weighed_as = source
    if (source == "told" and told_by is not None and fact.actor == told_by and fact.kind in _OWN_LINES
            and says_was_there(fact.text)):
        weighed_as = "account"  # testimony, not hearsay: it can outweigh a rumour from one who was not there
    values = dict(
        id=world.new_id("b"), holder=holder, claim=claim,
        text=render_claim(claim, _names(world), world.language), source=source, told_by=told_by,
        hops=hops, origin_fact_id=origin_fact_id, via_fact_id=fact.id,
        parent_id=parent.id if parent else None,
        credibility=credibility(weighed_as, trust_in_teller=trust, hops=hops), distortion=distortion,
        tick=fact.tick, time=fact.time, private=private or (parent.private if parent else False),
    )
    # the values are the engine's own (a claim already validated, a credibility in [0, 1]): no
    # second validation unless a caller handed in something else
    belief = (bare(Belief, values) if type(hops) is int and hops >= 0 and type(values["credibility"]) is float
              and type(claim) is Claim and type(values["private"]) is bool else Belief(**values))
    memory.put(belief)
    return belief


def _names(world: World) -> dict[str, str]:
    return world.names()


def mentioned_ids(world: World, text: str) -> list[str]:
    """Characters named in a text, in order of appearance."""
    return name_index(world).named(text)


_TITLES_EN = {"miss", "mr", "mrs", "ms", "mistress", "master", "old", "young", "dr", "doctor", "the", "little", "big",
              "father", "mother", "aunt", "uncle", "granny", "grandpa", "widow", "captain", "sir", "lady"}


def _short_name(world: World, holder: str, name: str, text: str) -> str:
    """The name the text calls the holder by: the whole name, or (en) the first of its words that is no title
    when the text says only that and nobody else is called so ("Bess's pan" of Bess Harrow)."""
    if world.language == "zh" or " " not in name or name in text:
        return name
    short = next((w for w in name.split() if w.lower().rstrip(".") not in _TITLES_EN), "")
    if not short or short not in text:
        return name
    clash = any(cid != holder and short in (c.name or "").split() for cid, c in world.characters.items())
    return name if clash else short


def first_person(world: World, holder: str, text: str) -> str:
    """Retell a description from the holder's side: their own name becomes I / my / 我."""
    name = _short_name(world, holder, world.name(holder), text)
    if not refers_back(text):
        # en still through follow_name: "I" as a subject, "me" as an object ("chatted with me")
        return text.replace(name, "我") if world.language == "zh" else follow_name(text, name, "I", "en")
    others = [world.characters[cid].name for cid in name_index(world).named(text)]
    return follow_name(text, name, "我" if world.language == "zh" else "I", world.language, others)


def perceive_happening(world: World, memory: MemoryStore, fact: Fact) -> list[Belief]:
    """Witnesses and the actor remember what happened; witnesses believe it first-hand."""
    beliefs: list[Belief] = []
    importance = min(1.0, 0.2 + abs(fact.valence))
    subject = fact.actor or fact.about
    obj = next((cid for cid in mentioned_ids(world, fact.text) if cid != subject), None)
    read = read_claim(memory, fact.text, about=subject, obj=obj, names=name_index(world))
    if fact.meta.get("predicate"):  # the designer said what it means (`predicate:`): that is how it is read
        read = as_predicate(read, fact.meta["predicate"])
    # an event keeps its own words and topic even when it is about nobody ("the mill burned down")
    topic = {"predicate": read.predicate, "topic": fact.text}
    if fact.actor:
        remember(world, memory, fact.actor, fact, first_person(world, fact.actor, fact.text), source="participated",
                 about=fact.about, importance=importance, meta=dict(topic))
    for witness in fact.witnesses:
        if witness == fact.actor:
            continue
        remember(world, memory, witness, fact, first_person(world, witness, fact.text), source="witnessed",
                 about=fact.actor or fact.about, importance=importance, meta=dict(topic))
        if subject:
            kept = read.predicate in OWN_WORDS or read.predicate in SEEN_IN_WORDS
            claim = read.model_copy(update={"quote": fact.text if kept else None, "generalised": False})
            if read.predicate == "remark" and fact.valence:
                # nothing the inventory names: how it felt (the designer's valence) gives the direction
                claim = claim.model_copy(update={"tone": round(0.5 * fact.valence, 4),
                                                 "severity": round(max(claim.severity, -0.5 * fact.valence), 4)})
            beliefs.append(form_belief(world, memory, witness, claim, source="witnessed",
                                       fact=fact, origin_fact_id=fact.id, private=fact.private))
    return beliefs


def speaker_basis(memory: MemoryStore, speaker: str, claim: Claim) -> Belief | None:
    """The speaker's own belief a remark rests on: same subject, closest predicate, newest."""
    candidates = [b for b in memory.beliefs_of(speaker) if b.claim.about == claim.about]
    same = [b for b in candidates if b.claim.predicate == claim.predicate]
    pool = same or candidates
    return pool[-1] if pool else None


def perceive_speech(world: World, memory: MemoryStore, fact: Fact, claim: Claim | None) -> list[Belief]:
    """Someone said something to listeners: both sides remember it; listeners may believe it."""
    speaker = fact.actor
    assert speaker is not None
    names = _names(world)
    listeners = [p for p in fact.to if p != speaker]
    zh = world.language == "zh"
    to_names = "、".join(names.get(p, p) for p in listeners) if zh else ", ".join(names.get(p, p) for p in listeners)
    said = f"我跟{to_names}说：“{fact.text}”" if zh else f'I told {to_names}: "{fact.text}"'
    remember(world, memory, speaker, fact, said, source="said", about=fact.about, importance=0.25,
             valence=claim.valence * 0.5 if claim else 0.0)
    beliefs: list[Belief] = []
    basis = speaker_basis(memory, speaker, claim) if claim else None
    for listener in listeners:
        heard = (f"{names.get(speaker, speaker)}跟我说：“{fact.text}”" if zh
                 else f'{names.get(speaker, speaker)} told me: "{fact.text}"')
        remember(world, memory, listener, fact, heard, source="heard", about=fact.about,
                 importance=0.3, valence=claim.valence * 0.5 if claim else 0.0, meta={"teller": speaker})
        if claim is None:
            continue
        hops = (basis.hops + 1) if basis else 1
        origin = basis.origin_fact_id if basis else fact.id
        beliefs.append(form_belief(world, memory, listener, claim, source="told", fact=fact,
                                   origin_fact_id=origin, told_by=speaker, hops=hops, parent=basis,
                                   private=fact.private))
    return beliefs
