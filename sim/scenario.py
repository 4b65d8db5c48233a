"""The scenario file: a YAML world, a timeline of beats and expectations, validated with pydantic.

Every mistake is reported once, naming the file, the line and the field, so a designer can fix
it without reading a traceback.
"""

from __future__ import annotations

import difflib
from datetime import datetime, timedelta
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from townsfolk.agents.errand_spec import ERRAND_MODELS, ErrandSpec, errand_problems
from townsfolk.memory.predicates import PredicateSpec
from townsfolk.sim.scenario_yaml import YamlProblem, load_checked, misplaced_values
from townsfolk.sim.town_error import TownError
from townsfolk.sim.validation_words import (
    kind_meant,
    plain_message,
    quoted_full_width_hint,
    value_at,
)
from townsfolk.sim.yaml_locations import clean_loc, field_name, line_for, line_index
from townsfolk.sim.yaml_syntax import colonless_key, comma_hint, syntax_problem
from townsfolk.world.clock import bad_datetime, parse_duration
from townsfolk.world.relation_kinds import BUILTIN_KINDS, RelationKind

Unit = Annotated[float, Field(ge=0.0, le=1.0)]
Signed = Annotated[float, Field(ge=-1.0, le=1.0)]

# Limits a scenario must stay within, so no file can make a run crash or take hours (scenarios/README.md)
MAX_TICKS = 20_000  # ticks in one run: a year of 30-minute ticks; an empty tick costs ~2 ms
MAX_CHARACTERS = 1_000
MAX_ENTRIES = 20_000  # entries in timeline, relationships, impressions or expect
MAX_SEED = 2**63 - 1  # the run store keeps the seed as a signed 64-bit integer
EARLIEST, LATEST = datetime(100, 1, 1), datetime(9900, 12, 31)  # margin for dates computed around a tick
MAX_TICK_LENGTH = timedelta(days=366)


def _tick_in_range(v: int) -> int:
    if v > MAX_TICKS:
        raise ValueError(f"tick {v} is past the last tick a run may have ({MAX_TICKS})")
    return v


Tick = Annotated[int, Field(ge=0), AfterValidator(_tick_in_range)]


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("the words are empty: give the line someone says (as the HTTP talk requires)")
    return text


Words = Annotated[str, AfterValidator(_not_blank)]  # a line someone says: never empty


def _entries() -> Any:
    return Field(default_factory=list, max_length=MAX_ENTRIES)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class SaleSpec(Strict):
    """A ware the character sells, priced as the designer wrote it (agents/trade_goods.py reads it first)."""

    ware: Words
    price: Annotated[int, Field(ge=0)]
    per: str = ""  # the unit the price is for: bowl, head, 碗
    words: list[Words] = Field(default_factory=list)  # other words it is asked by: fare, berth


class CharacterSpec(Strict):
    name: str
    role: str = ""
    persona: str = ""
    pronoun: Literal["he", "she", "they"] | None = None  # how others speak of them (zh: 他 / 她 / by name)
    traits: dict[str, Unit] = Field(default_factory=dict)
    player: bool = False
    sells: list[SaleSpec] = Field(default_factory=list)


class RelationshipSpec(Strict):
    from_: str = Field(alias="from")
    to: str
    kind: str
    strength: Unit
    mutual: bool = False  # also create to -> from with the same kind and strength


class ImpressionSpec(Strict):
    holder: str
    about: str
    text: str
    valence: Signed = 0.0
    confidence: Unit = 0.6


class HappenSpec(Strict):
    what: str
    actor: str | None = None
    about: str | None = None
    witnesses: list[str] = Field(default_factory=list)
    valence: Signed = 0.0
    place: str | None = None
    private: bool = False  # only those there may know of it: never retold, not shown in the timeline
    predicate: str | None = None  # what `what` means (a predicate key): read so, whatever its words


class SaySpec(Strict):
    speaker: str
    to: str | Annotated[list[str], Field(min_length=1)]
    about: str | None = None
    text: Words
    private: bool = False

    @property
    def listeners(self) -> list[str]:
        return [self.to] if isinstance(self.to, str) else list(self.to)


class GossipSpec(Strict):
    teller: str
    to: str
    about: str | None = None
    text: str | None = None  # pins the retold words instead of letting the engine distort


class AskSpec(Strict):
    player: str
    npc: str
    text: Words
    private: bool | None = None  # a whisper or message (True), said aloud (False), or left to the engine


class MediateSpec(Strict):
    player: str
    between: Annotated[list[str], Field(min_length=2, max_length=2)]


BEAT_KINDS = ("happen", "say", "tell", "gossip", "meet", "ask", "mediate")


class Beat(Strict):
    """One timeline entry: exactly one of the beat kinds, at a tick."""

    at: Tick
    every: Annotated[int, Field(ge=1)] | None = None  # repeat every N ticks ...
    until: Tick | None = None  # ... up to and including this tick
    happen: HappenSpec | None = None
    say: SaySpec | None = None
    tell: SaySpec | None = None
    gossip: GossipSpec | None = None
    meet: Annotated[list[str], Field(min_length=2)] | None = None
    ask: AskSpec | None = None
    mediate: MediateSpec | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Beat:
        present = [k for k in BEAT_KINDS if getattr(self, k) is not None]
        if len(present) != 1:
            raise ValueError(f"a beat needs exactly one of {', '.join(BEAT_KINDS)}; found {present or 'none'}")
        if (self.every is None) != (self.until is None):
            raise ValueError("a repeating beat needs both `every` and `until`")
        if self.until is not None and self.until < self.at:
            raise ValueError(f"`until` ({self.until}) comes before `at` ({self.at})")
        return self

    def ticks(self) -> range:
        """Every tick this beat happens at."""
        if self.every is None or self.until is None:
            return range(self.at, self.at + 1)
        return range(self.at, self.until + 1, self.every)

    @property
    def kind(self) -> str:
        return next(k for k in BEAT_KINDS if getattr(self, k) is not None)

    @property
    def body(self) -> Any:
        return getattr(self, self.kind)


class BeliefExpect(Strict):
    holder: str
    about: str
    min_hops: Annotated[int, Field(ge=0)] = 0
    max_hops: int | None = None
    predicate: str | None = None
    status: Literal["held", "superseded", "any"] = "held"


class RelationRef(Strict):
    from_: str = Field(alias="from")
    to: str
    kind: str


class ReplyExpect(Strict):
    npc: str


class LayerExpect(Strict):
    """A summary or impression the holder should have formed about someone."""

    holder: str
    about: str


class ErrandRef(Strict):
    npc: str
    player: str
    id: str


class Expectation(Strict):
    at: Tick
    belief: BeliefExpect | None = None
    relation: RelationRef | None = None
    reply: ReplyExpect | None = None
    summary: LayerExpect | None = None
    impression: LayerExpect | None = None
    errand: ErrandRef | None = None  # an errand's status and slots (agents/errands.py)
    status: Literal["active", "paused", "done", "cancelled", "expired"] | None = None
    slots: dict[str, str | int | list[str]] | None = None
    below: Signed | None = None  # a relation's strength or an impression's valence
    at_least: Signed | None = None
    mentions: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)

    @field_validator("below", "at_least")
    @classmethod
    def _bounds_a_number(cls, v: float | None, info: ValidationInfo) -> float | None:
        """Only a relation's strength and an impression's valence have a bound to check: on any
        other expectation the bound was silently ignored, so it is refused where it stands."""
        if v is None or info.data.get("relation") is not None or info.data.get("impression") is not None:
            return v
        subject = next((k for k in ("belief", "reply", "summary", "errand") if info.data.get(k) is not None), None)
        if subject is None:
            return v  # no subject at all: _one_subject says so
        raise ValueError(f"bounds a relation's strength or an impression's valence; "
                         f"a {subject} expectation takes no `{info.field_name}`")

    @model_validator(mode="after")
    def _one_subject(self) -> Expectation:
        kinds = ("belief", "relation", "reply", "summary", "impression", "errand")
        present = [k for k in kinds if getattr(self, k) is not None]
        if len(present) != 1:
            raise ValueError(f"an expectation needs exactly one of {', '.join(kinds)}; found {present or 'none'}")
        if self.relation is not None and self.below is None and self.at_least is None:
            raise ValueError("a relation expectation needs `below` or `at_least`")
        if self.relation is not None and any(v is not None and v < 0 for v in (self.below, self.at_least)):
            raise ValueError("a relation's strength lies in [0, 1]")
        if self.errand is not None and self.status is None and self.slots is None:
            raise ValueError("an errand expectation needs `status` or `slots`")
        if self.reply is not None and not (self.mentions or self.excludes):
            raise ValueError("a reply expectation needs `mentions` or `excludes`")
        return self


class Scenario(Strict):
    scenario: str
    language: Literal["zh", "en"] = "zh"
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = 0
    start: datetime = datetime(2026, 1, 1, 8, 0)
    tick: str = "1h"
    place: str | None = None
    drive: bool = False  # NPCs may speak up and reach out on their own each tick (the gate decides)
    settled_days: Annotated[float, Field(ge=0, le=36500)] = 0.0  # how long NPCs have lived here (cold start)
    characters: Annotated[dict[str, CharacterSpec], Field(max_length=MAX_CHARACTERS)]
    relationships: list[RelationshipSpec] = _entries()
    impressions: list[ImpressionSpec] = _entries()
    timeline: list[Beat] = _entries()
    expect: list[Expectation] = _entries()
    errands: dict[str, ErrandSpec] = Field(default_factory=dict)  # task dialogues (agents/errand_spec.py)
    predicates: list[PredicateSpec] = _entries()  # the world's own things to say about people (memory/predicates.py)
    relationship_kinds: list[RelationKind] = _entries()  # the world's own kinds of tie (world/relation_kinds.py)

    @field_validator("tick")
    @classmethod
    def _tick_is_duration(cls, v: str) -> str:
        if parse_duration(v) > MAX_TICK_LENGTH:
            raise ValueError(f"a tick of {v} is longer than the limit of {MAX_TICK_LENGTH.days} days")
        return v

    @field_validator("start", mode="before")
    @classmethod
    def _start_well_formed(cls, v: object) -> object:
        problem = bad_datetime(v) if isinstance(v, str) else None
        if problem:
            raise ValueError(f"start {problem}")
        return v

    @field_validator("start")
    @classmethod
    def _start_in_range(cls, v: datetime) -> datetime:
        if v.tzinfo is not None:
            raise ValueError("give `start` without a time zone (the world has one local clock)")
        if not EARLIEST <= v <= LATEST:
            raise ValueError(f"start {v.date()} is outside the supported dates {EARLIEST.date()} .. {LATEST.date()}")
        return v

    @field_validator("characters")
    @classmethod
    def _some_characters(cls, v: dict[str, CharacterSpec]) -> dict[str, CharacterSpec]:
        if not v:
            raise ValueError("a scenario needs at least one character")
        return v

    @property
    def last_tick(self) -> int:
        ats = [b.ticks()[-1] for b in self.timeline] + [e.at for e in self.expect]
        return max(ats, default=0)

    def beats_by_tick(self) -> dict[int, list[Beat]]:
        """The timeline with repeating beats expanded; beats at one tick keep file order."""
        out: dict[int, list[Beat]] = {}
        for beat in self.timeline:
            for t in beat.ticks():
                out.setdefault(t, []).append(beat)
        return out


class ScenarioError(TownError):
    """A scenario the engine cannot play, with where and why."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file, self.line = file, line
        self.also: list[ScenarioError] = []  # the file's other problems, for `check` to list in one run
        where = f"{file}:{line}" if line else file
        super().__init__(field, message, text=f"{where}: {field + ': ' if field else ''}{message}")

    def every(self) -> list[ScenarioError]:
        """This problem and the file's others, in the order of their lines (a designer fixes top down)."""
        return sorted([self, *self.also], key=lambda e: e.line or 0)


def raise_all(problems: list[ScenarioError]) -> None:
    """Raise the first problem (what `play` has always said) carrying the rest."""
    if problems:
        first = problems[0]
        first.also = problems[1:]
        raise first


# --- line numbers ---------------------------------------------------------------------------
def _clean_loc(loc: tuple) -> tuple:
    return clean_loc(loc, {"from_": "from"})


def _data_path(data: Any, loc: tuple, *, keep_last: bool) -> tuple:
    """The error's location as keys and indices of the document: pydantic also puts union member names
    ('str', 'list[str]', 'function-after[...]') in it, which a designer never wrote."""
    alias = {"from_": "from"}
    out: list = []
    cur = data
    for n, part in enumerate(loc):
        part = alias.get(part, part)
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
        elif not (keep_last and n == len(loc) - 1):
            continue
        out.append(part)
    return tuple(out)


def _descend(annotation: Any, part: Any) -> list[Any]:
    """The annotations a value at `part` inside a value of `annotation` may have."""
    import typing

    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _descend(args[0], part)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return [a for arg in args for a in _descend(arg, part)]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        for name, f in annotation.model_fields.items():
            if part in (name, f.alias):
                return [f.annotation]
        return []
    if origin is list and isinstance(part, int):
        return list(args[:1])
    if origin is dict:
        return list(args[1:2])
    return []


def _keys_allowed_at(path: tuple) -> list[str]:
    """The keys a mapping at `path` may have, from the models (empty if unknown)."""
    import typing

    annotations: list[Any] = [Scenario]
    for part in path:
        annotations = [a for ann in annotations for a in _descend(ann, part)]
    keys: list[str] = []
    for ann in annotations:
        while typing.get_origin(ann) is typing.Annotated:
            ann = typing.get_args(ann)[0]
        members = typing.get_args(ann) if typing.get_origin(ann) is not None else (ann,)
        for m in members:
            if isinstance(m, type) and issubclass(m, BaseModel):
                keys += [f.alias or n for n, f in m.model_fields.items() if (f.alias or n) not in keys]
    return keys


# the traits the engine reads (sim/gossip.py) and the ones the shipped towns give for flavour; a
# trait near one of these but not it is a typo (`exagerration`), one far from all is the designer's own
KNOWN_TRAITS = ("candour", "exaggeration", "mischief", "talkativeness", "sensitivity")


def _trait_problems(s: Scenario) -> list[tuple[tuple, str]]:
    """A trait spelt almost like one the engine knows: said now, since a typo would be read as 0.5."""
    out: list[tuple[tuple, str]] = []
    for cid, spec in s.characters.items():
        for key in spec.traits:
            if key not in KNOWN_TRAITS and difflib.get_close_matches(key, KNOWN_TRAITS, n=1, cutoff=0.75):
                out.append((("characters", cid, "traits", key), f"unknown trait {key!r}{nearest(key, KNOWN_TRAITS)}"))
    return out


def nearest(value: str, known: set[str] | list[str], what: str | None = "kinds") -> str:
    """' (did you mean 'x'?)' for a near miss, else ' (kinds: a, b, ...)' (nothing when `what` is None,
    for a list too long to print): every 'unknown X' message's tail."""
    close = difflib.get_close_matches(value, sorted(known), n=1)
    if close:
        return f" (did you mean {close[0]!r}?)"
    return f" ({what}: {', '.join(sorted(known))})" if what else ""


def nearest_predicate(value: str, known: set[str] | list[str], what: str | None = "known") -> str:
    """`nearest` for a predicate key, which is also tried by meaning: 'stealing' is spelt nothing
    like 'theft', but the cue words read it as theft, so that is the one suggested."""
    tail = nearest(value, known, None)
    if tail:
        return tail
    from townsfolk.memory.predicate_reader import read_by_cues

    reading = read_by_cues(value.replace("_", " "))
    if reading is not None and reading.key in known:
        return f" (did you mean {reading.key!r}? {value!r} reads as it)"
    return nearest(value, known, what)


def nearest_kind(value: str, known: set[str]) -> str:
    """`nearest` for a kind of tie, which is also tried by its everyday word: 'coworker' is spelt nothing
    like 'colleague', but it is what the designer meant."""
    meant = kind_meant(value, known) if not difflib.get_close_matches(value, sorted(known), n=1) else None
    return f" (did you mean {meant!r}? {value!r} is a word for it)" if meant else nearest(value, known)


def _declared_twice(section: str, keys: list[str], noun: str) -> list[tuple[tuple, str]]:
    """A key a section declares a second time, named at the repeat."""
    return [((section, i, "key"), f"{noun} {k!r} is declared twice") for i, k in enumerate(keys) if k in keys[:i]]


def _unknown_key_message(path: tuple) -> str:
    """'unknown key', with the nearest key allowed at that place (a key valid elsewhere is no suggestion)."""
    key = str(path[-1])
    allowed = _keys_allowed_at(path[:-1])
    msg = f"unknown key {key!r}"
    close = [k for k in difflib.get_close_matches(key, allowed or _known_keys(), n=2) if k != key]
    if key in _known_keys():
        msg = f"key {key!r} does not belong here"
    elif close:
        return msg + f" (did you mean {close[0]!r}?)"
    if allowed:
        msg += f" (allowed here: {', '.join(allowed)})"
    return msg


MAX_KNOWN_LISTED = 12  # an unknown id lists the cast's ids only when it is this short


def cast_listed(s: Scenario, players: bool) -> str:
    """'players: newcomer' / 'NPCs: ada, owen, ...': whom a field that needs one kind may name."""
    ids = [cid for cid, c in s.characters.items() if c.player == players]
    noun = "players" if players else "NPCs"
    if not ids:
        return f"no character is {'a player' if players else 'an NPC'} yet"
    shown = ids[:MAX_KNOWN_LISTED]
    return f"{noun}: {', '.join(shown)}" + (", ..." if len(ids) > len(shown) else "")


def unknown_character(s: Scenario, cid: str, *, player: bool | None = None) -> str:
    """An id the cast lacks: a character's name written for its id says which id ('阿虎' is the name
    of ahu), unless that one is of the wrong kind for the field (`player`: True a player is needed,
    False an NPC), a near miss says did you mean (by id or by name), and a short cast is listed."""
    by_name: dict[str, str] = {}
    for key, c in s.characters.items():
        by_name.setdefault(c.name, key)
        by_name.setdefault(c.name.casefold(), key)
    named = by_name.get(cid) or by_name.get(cid.strip().casefold())
    if named is not None:
        is_player = s.characters[named].player
        if player is False and is_player:  # following "use the id" would only give the next error
            return f"{cid!r} is the player {named}, but an NPC is needed here ({cast_listed(s, False)})"
        if player is True and not is_player:
            return f"{cid!r} is the NPC {named}, but a player is needed here ({cast_listed(s, True)})"
        return f"{cid!r} is the name of {named}; use the id {named}"
    ids = sorted(s.characters)
    cutoff = 0.5 if len(cid) <= 3 else 0.6  # a two-character name one character off (阿龙 for 阿虎) is 0.5
    close = difflib.get_close_matches(cid, ids + [c.name for c in s.characters.values()], n=2, cutoff=cutoff)
    close += [i for i in ids if i.casefold() == cid.casefold()]
    meant = list(dict.fromkeys(c if c in s.characters else by_name[c] for c in close))
    labels = [f"{m!r}" + (f" ({s.characters[m].name})" if s.characters[m].name != m else "") for m in meant]
    hint = f"did you mean {' or '.join(labels)}?" if meant else ""
    known = f"known: {', '.join(ids)}" if len(ids) <= MAX_KNOWN_LISTED else ""
    tail = "; ".join(t for t in (hint, known) if t)
    return f"unknown character {cid!r}" + (f" ({tail})" if tail else "")


def _semantic_problems(s: Scenario) -> list[tuple[tuple, str]]:
    """Cross-references and ordering that a schema alone cannot check."""
    ids = set(s.characters)
    players = {cid for cid, c in s.characters.items() if c.player}
    problems: list[tuple[tuple, str]] = []

    def need(path: tuple, cid: str | None, *, player: bool | None = None) -> None:
        if cid is None:
            return
        if cid not in ids:
            problems.append((path, unknown_character(s, cid, player=player)))
        elif player is True and cid not in players:  # "mark it player: true" would make an NPC a player
            mark = "" if players else "; mark the player's character `player: true`"
            problems.append((path, f"{cid!r} is an NPC, but a player is needed here ({cast_listed(s, True)}){mark}"))
        elif player is False and cid in players:
            problems.append((path, f"{cid!r} is a player, but an NPC is needed here ({cast_listed(s, False)})"))

    for i, r in enumerate(s.relationships):
        need(("relationships", i, "from"), r.from_)
        need(("relationships", i, "to"), r.to)
        if r.from_ == r.to:
            problems.append((("relationships", i, "to"), "a relationship needs two different characters"))
    for i, imp in enumerate(s.impressions):
        need(("impressions", i, "holder"), imp.holder)
        need(("impressions", i, "about"), imp.about)
    last = -1
    for i, beat in enumerate(s.timeline):
        base = ("timeline", i, beat.kind)
        if beat.at < last:
            problems.append((("timeline", i, "at"), f"timeline out of order: at {beat.at} comes after at {last}"))
        last = max(last, beat.at)
        b = beat.body
        if beat.kind == "happen":
            need(base + ("actor",), b.actor)
            need(base + ("about",), b.about)
            for j, w in enumerate(b.witnesses):
                need(base + ("witnesses", j), w)
        elif beat.kind in ("say", "tell"):
            need(base + ("speaker",), b.speaker)
            need(base + ("about",), b.about)
            for j, w in enumerate(b.listeners):
                need(base + ("to",) + ((j,) if isinstance(b.to, list) else ()), w)
        elif beat.kind == "gossip":
            need(base + ("teller",), b.teller, player=False)
            need(base + ("to",), b.to)
            need(base + ("about",), b.about)
        elif beat.kind == "meet":
            for j, w in enumerate(b):
                need(base + (j,), w)
        elif beat.kind == "ask":
            need(base + ("player",), b.player, player=True)
            need(base + ("npc",), b.npc, player=False)
        elif beat.kind == "mediate":
            need(base + ("player",), b.player, player=True)
            for j, w in enumerate(b.between):
                need(base + ("between", j), w, player=False)
    for i, e in enumerate(s.expect):
        if e.belief:
            need(("expect", i, "belief", "holder"), e.belief.holder)
            need(("expect", i, "belief", "about"), e.belief.about)
        if e.relation:
            need(("expect", i, "relation", "from"), e.relation.from_)
            need(("expect", i, "relation", "to"), e.relation.to)
        if e.reply:
            need(("expect", i, "reply", "npc"), e.reply.npc, player=False)
        for kind in ("summary", "impression"):
            layer = getattr(e, kind)
            if layer:
                need(("expect", i, kind, "holder"), layer.holder, player=False)
                need(("expect", i, kind, "about"), layer.about)
    problems += [(("errands", *path), msg) for path, msg in errand_problems(s.errands, ids, players)]
    for i, e in enumerate(s.expect):
        if e.errand:
            need(("expect", i, "errand", "npc"), e.errand.npc, player=False)
            need(("expect", i, "errand", "player"), e.errand.player, player=True)
            if e.errand.id not in s.errands:
                problems.append((("expect", i, "errand", "id"), f"unknown errand {e.errand.id!r} "
                                 f"(known: {', '.join(s.errands) or 'none'})"))
    return problems


def _sanity_problems(s: Scenario) -> list[tuple[tuple, str]]:
    """What would crash or mislead the engine though each value is fine alone: talking to oneself, a pair of
    one, a run ending past the calendar, a relation kind no edge can have (a typo caught now, not at run time)."""
    from townsfolk.agents.bonds import BOND_KINDS

    problems: list[tuple[tuple, str]] = []
    last = s.last_tick
    try:
        end = s.start + parse_duration(s.tick) * last
    except OverflowError:
        end = datetime.max
    if end > LATEST:
        problems.append((("start",), f"tick {last} would fall past {LATEST.date()}, the last supported date; "
                                     "start earlier or use a shorter tick"))
    for i, beat in enumerate(s.timeline):
        base, b = ("timeline", i, beat.kind), beat.body
        if beat.kind in ("say", "tell"):
            if b.speaker in b.listeners:
                problems.append((base + ("to",), f"{b.speaker!r} cannot say something to themselves"))
            if len(set(b.listeners)) < len(b.listeners):
                problems.append((base + ("to",), "a listener is named twice"))
        elif beat.kind == "gossip" and b.teller == b.to:
            problems.append((base + ("to",), f"{b.teller!r} cannot retell gossip to themselves"))
        elif beat.kind == "meet" and len(set(b)) < len(b):
            problems.append((base, "someone is named twice in a meeting"))
        elif beat.kind == "mediate" and b.between[0] == b.between[1]:
            problems.append((base + ("between", 1), f"mediation needs two different NPCs, got {b.between[0]!r} twice"))
    for i, imp in enumerate(s.impressions):
        if imp.holder == imp.about:
            problems.append((("impressions", i, "about"), "an impression is of someone else"))
    problems += _trait_problems(s)
    problems += _predicate_problems(s)
    declared = {k.key for k in s.relationship_kinds}
    known = set(BUILTIN_KINDS) | declared
    for i, k in enumerate(s.relationship_kinds):
        if k.key in BOND_KINDS:
            problems.append((("relationship_kinds", i, "key"), f"{k.key!r} is a bond axis, not a kind of tie"))
    problems += _declared_twice("relationship_kinds", [k.key for k in s.relationship_kinds], "relationship kind")
    for i, r in enumerate(s.relationships):  # a kind the engine has no meaning for is a typo, not a new tie
        if r.kind in BOND_KINDS:
            problems.append((("relationships", i, "kind"), f"{r.kind!r} is a bond axis the engine keeps itself; "
                             "give a kind of tie (friend, partner, ... or one under relationship_kinds:)"))
        elif r.kind not in known:
            problems.append((("relationships", i, "kind"), f"unknown relationship kind {r.kind!r}{nearest_kind(r.kind, known)}"
                             "; a kind of your own goes under relationship_kinds: with its warmth"))
    kinds = {r.kind for r in s.relationships} | set(BOND_KINDS)
    for i, e in enumerate(s.expect):
        if e.relation is not None and e.relation.kind not in kinds:
            problems.append((("expect", i, "relation", "kind"), f"no relationship of kind {e.relation.kind!r} "
                             f"exists or can form{nearest_kind(e.relation.kind, kinds)}"))
    return problems


def _predicate_problems(s: Scenario) -> list[tuple[tuple, str]]:
    """Declared predicates: new keys only, ladders that lead somewhere known, expectations naming known ones."""
    from townsfolk.memory.predicates import BUILTIN

    builtin = {p.key for p in BUILTIN}
    known = builtin | {p.key for p in s.predicates}
    problems: list[tuple[tuple, str]] = []
    for i, p in enumerate(s.predicates):
        if p.key in builtin:
            problems.append((("predicates", i, "key"), f"{p.key!r} is a built-in predicate; choose another key"))
        if p.escalates_to is not None and p.escalates_to not in known:
            problems.append((("predicates", i, "escalates_to"),
                             f"unknown predicate {p.escalates_to!r}{nearest_predicate(p.escalates_to, known, None)}"))
    problems += _declared_twice("predicates", [p.key for p in s.predicates], "predicate")
    for i, e in enumerate(s.expect):
        if e.belief is not None and e.belief.predicate is not None and e.belief.predicate not in known:
            problems.append((("expect", i, "belief", "predicate"),
                             f"unknown predicate {e.belief.predicate!r}{nearest_predicate(e.belief.predicate, known, None)}"))
    for i, beat in enumerate(s.timeline):
        key = beat.happen.predicate if beat.happen is not None else None
        if key is not None and key not in known:
            problems.append((("timeline", i, "happen", "predicate"),
                             f"unknown predicate {key!r}{nearest_predicate(key, known, None)}"))
    return problems


def _known_keys() -> list[str]:
    keys: set[str] = set()
    for model in (Scenario, CharacterSpec, SaleSpec, RelationshipSpec, ImpressionSpec, HappenSpec, SaySpec, GossipSpec,
                  AskSpec, MediateSpec, Beat, BeliefExpect, RelationRef, ReplyExpect, LayerExpect, Expectation,
                  ErrandRef, PredicateSpec, *ERRAND_MODELS):
        for name, field in model.model_fields.items():
            keys.add(field.alias or name)
    return sorted(keys)


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Validate scenario text; raise ScenarioError naming file, line and field on the first problem
    (the others it found in `.also`)."""
    try:
        data, node = load_checked(text)
    except YamlProblem as exc:
        raise ScenarioError(file, exc.line, field_name(exc.path), exc.message) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(file, *syntax_problem(exc, text)) from None
    if not isinstance(data, dict):
        raise ScenarioError(file, 1, "", "a scenario must be a YAML mapping (scenario:, characters:, timeline: ...)")
    lines = line_index(node)
    if "world" in data and "scenario" not in data:
        raise ScenarioError(file, line_for(lines, ("world",)), "world",
                            "this is a world spec (it has `world:`), not a scenario: run it with "
                            f"`townsfolk simulate {file}`; a scenario starts with `scenario:` (scenarios/WORLDS.md)")
    scenario, problems = _validated(data, lines, text, file)
    raise_all(problems)
    return scenario


def _validated(data: dict, lines: dict, text: str, file: str) -> tuple[Scenario | None, list[ScenarioError]]:
    """The scenario and every problem found in it: each schema error once (a union's members
    fail together at one place), and the cross-reference checks run on what remains once the
    beats and entries the schema refused are set aside, so five mistakes are five lines at once."""
    try:
        return _checked(Scenario.model_validate(data), data, lines, file)
    except ValidationError as exc:
        # `play` stops at the first line the schema refused (an unknown key no longer jumps ahead of it)
        problems = sorted(_schema_problems(exc, data, lines, text, file), key=lambda p: p.line or 0)
        pruned, kept, aside = _without_refused(data, exc)
        if pruned is None:
            return None, problems
        try:
            rest = Scenario.model_validate(pruned)
        except ValidationError:
            return None, problems
        _s, more = _checked(rest, pruned, lines, file, kept)
        seen = {str(p) for p in problems}
        inside = [ScenarioError(file, line_for(lines, path), field_name(path), msg)
                  for path, msg in _refused_entry_ids(data, kept, set(rest.characters), rest)]
        found = problems + [m for m in more + inside if str(m) not in seen and not _leans_on(m.field, kept, aside)]
        return None, found  # `play` gives the first by line, `check` all of them by line


# what a check of one section reads from another: with an entry of that one set aside, its
# finding would be a guess ("no relationship of kind 'friend'" when the friend edge had a typo)
_READS_FROM = {"relationships": ("expect[", ".relation.kind"), "relationship_kinds": ("relationships[", ".kind"),
               "predicates": ("", ("predicate", "escalates_to")), "start": ("start", ""), "tick": ("start", "")}


def _leans_on(field: str, kept: dict[str, list[int]], aside: set[str]) -> bool:
    """Whether a problem found after setting entries (or a top-level value) aside depends on what was set aside."""
    return any(field.startswith(head) and field.endswith(tail)
               for section, (head, tail) in _READS_FROM.items() if section in kept or section in aside)


def _checked(scenario: Scenario, data: dict, lines: dict, file: str,
             kept: dict[str, list[int]] | None = None) -> tuple[Scenario, list[ScenarioError]]:
    """The cross-reference and sanity problems of a schema-valid scenario; `kept` maps the index of
    an entry of a pruned list back to where it stands in the file."""
    misplaced = misplaced_values(scenario, data)
    problems = [misplaced] if misplaced else _semantic_problems(scenario) + _sanity_problems(scenario)
    out: list[ScenarioError] = []
    for path, msg in problems:
        value = value_at(data, path)
        if kept and len(path) > 1 and path[0] in kept and isinstance(path[1], int):
            path = (path[0], kept[path[0]][path[1]], *path[2:])
        msg += quoted_full_width_hint(msg, value)  # 'qian，xiaoliu' is no id: a comma typed full-width
        out.append(ScenarioError(file, line_for(lines, path), field_name(path), msg))
    return scenario, out


_PRUNABLE = ("timeline", "expect", "relationships", "impressions", "predicates", "relationship_kinds")
# top-level values no cross-reference reads (only the run's last date reads start and tick): refused, the
# default stands in, so a bad `start:` no longer hides an unknown teller; `scenario:` is only a title
_SETTABLE_ASIDE = {"scenario": "?", "language": None, "seed": None, "start": None, "tick": None, "place": None,
                   "drive": None, "settled_days": None}


def _without_refused(data: dict, exc: ValidationError) -> tuple[dict | None, dict[str, list[int]], set[str]]:
    """The document with each list entry the schema refused left out (and each unknown key dropped), a
    character the schema refused kept as its id and name alone (the others still name it), a refused
    top-level value no reference reads replaced by its default, with where the kept entries stood and which
    top-level values were set aside; None when a refusal is elsewhere (the cast itself, a whole section),
    since whatever is checked next would stand on a guess."""
    drop: dict[str, set[int]] = {}
    extra: list[tuple] = []
    aside: set[str] = set()
    stubs: dict[str, dict] = {}
    cast = data.get("characters")
    for err in exc.errors():
        path = _data_path(data, tuple(err["loc"]), keep_last=err["type"] in ("missing", "extra_forbidden"))
        if len(path) >= 2 and path[0] in _PRUNABLE and isinstance(path[1], int):
            drop.setdefault(path[0], set()).add(path[1])
        elif len(path) >= 2 and path[0] == "characters" and isinstance(cast, dict) and path[1] in cast:
            stubs[path[1]] = _stub(path[1], cast[path[1]])  # a bad `sells:` still leaves bo in the cast
        elif err["type"] == "extra_forbidden" and path:
            extra.append(path)
        elif path[:1] and path[0] in _SETTABLE_ASIDE:
            aside.add(path[0])
        else:
            return None, {}, set()
    pruned = dict(data)
    for key in aside:
        if _SETTABLE_ASIDE[key] is None:
            pruned.pop(key, None)
        else:
            pruned[key] = _SETTABLE_ASIDE[key]
    if stubs:
        pruned["characters"] = {cid: stubs.get(cid, c) for cid, c in cast.items()}  # type: ignore[union-attr]
    for path in extra:
        if len(path) == 1:
            pruned.pop(path[0], None)
        else:
            return None, {}, set()
    kept: dict[str, list[int]] = {}
    for key, bad in drop.items():
        kept[key] = [i for i in range(len(data[key])) if i not in bad]
        pruned[key] = [data[key][i] for i in kept[key]]
    return pruned, kept, aside


def _stub(cid: str, entry: Any) -> dict:
    """A refused character as the cast still knows it: its name (else its id), and whether it is a player."""
    entry = entry if isinstance(entry, dict) else {}
    stub: dict[str, Any] = {"name": entry["name"] if isinstance(entry.get("name"), str) and entry["name"] else cid}
    if isinstance(entry.get("player"), bool):
        stub["player"] = entry["player"]
    return stub


# where a list entry names characters, as `_semantic_problems` reads it: (section, the keys under the entry)
_ID_KEYS = {"relationships": ("from", "to"), "impressions": ("holder", "about"),
            "timeline": ("actor", "about", "witnesses", "speaker", "to", "teller", "player", "npc", "between"),
            "expect": ("holder", "about", "from", "to", "npc", "player")}


def _refused_entry_ids(data: dict, kept: dict[str, list[int]], ids: set[str], rest: Scenario) -> list[tuple[tuple, str]]:
    """The unknown ids inside the list entries the schema refused: `{to: nobody, strength: 2}` is two
    mistakes, and setting the entry aside for its strength hid the other."""
    out: list[tuple[tuple, str]] = []
    for section, keys in _ID_KEYS.items():
        entries = data.get(section)
        if section not in kept or not isinstance(entries, list):
            continue
        for i in sorted(set(range(len(entries))) - set(kept[section])):
            entry = entries[i]
            if not isinstance(entry, dict):
                continue
            bodies = [((), entry)] if section in ("relationships", "impressions") else \
                [((k,), v) for k, v in entry.items() if k != "at"]
            for inner, body in bodies:
                if section == "timeline" and inner == ("meet",) and isinstance(body, list):
                    named = [((*inner, j), w) for j, w in enumerate(body)]
                elif isinstance(body, dict):
                    named = [((*inner, k), body[k]) for k in keys if k in body]
                    named = [x for p, v in named for x in ([(p, v)] if not isinstance(v, list) else
                                                            [((*p, j), w) for j, w in enumerate(v)])]
                else:
                    continue
                out += [((section, i, *p), unknown_character(rest, w)) for p, w in named
                        if isinstance(w, str) and w not in ids]
    return out


def _schema_problems(exc: ValidationError, data: dict, lines: dict, text: str, file: str) -> list[ScenarioError]:
    """One line per place the schema refused, the first being the one `play` has always given."""
    # an unknown key usually explains a missing one (a typo), so it is reported first
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
    where = [_data_path(data, tuple(e["loc"]), keep_last=e["type"] in ("missing", "extra_forbidden"))
             for e in errors]
    places = list(dict.fromkeys(_place(data, e) for e in errors))
    unknown = {(w[:-1], str(w[-1])) for e, w in zip(errors, where, strict=True)
               if e["type"] == "extra_forbidden" and w}
    out: list[ScenarioError] = []
    for place in places:
        members = [i for i, e in enumerate(errors) if _place(data, e) == place]
        first = members[0]
        # `to: []` fails as "not a string" and as "list too short"; the second is what the designer meant
        pick = next((i for i in members if where[i] == where[first] and not errors[i]["type"].endswith("_type")),
                    first)
        err, path = errors[pick], where[pick]
        if err["type"] == "missing" and typo_explains(path, unknown):
            continue  # `speeker:` is reported; "missing 'speaker'" would say it twice
        out.append(_schema_problem(err, path, data, lines, text, file))
    return out


def typo_explains(missing: tuple, unknown: set[tuple[tuple, str]]) -> bool:
    """Whether a missing key is one an unknown key beside it misspells (`speeker:` for `speaker:`)."""
    return any(parent == missing[:-1] and difflib.get_close_matches(str(missing[-1]), [key])
               for parent, key in unknown)


def _place(data: dict, err: dict) -> tuple:
    """Where in the document an error stands, up to the first union member's name: the members of
    `to: str | list[str]` failing on `to: []` or `to: [1]` are one mistake."""
    keep_last = err["type"] in ("missing", "extra_forbidden")
    loc, alias = tuple(err["loc"]), {"from_": "from"}
    out: list = []
    cur: Any = data
    for n, part in enumerate(loc):
        part = alias.get(part, part)
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
        else:
            return (*out, part) if keep_last and n == len(loc) - 1 else tuple(out)
        out.append(part)
    return tuple(out)


def _schema_problem(err: dict, path: tuple, data: dict, lines: dict, text: str, file: str) -> ScenarioError:
    """One pydantic error as the designer's FILE:LINE: FIELD: message."""
    msg = err["msg"]
    colonless = colonless_key(path[-1], err.get("input", ""), _keys_allowed_at(path[:-1])) \
        if err["type"] == "extra_forbidden" else None
    if colonless is not None:  # {name 阿甲}: the key meant, its colon missing
        line, (key, msg) = line_for(lines, path), colonless
        return ScenarioError(file, line, field_name((*path[:-1], key)), msg)
    if err["type"] == "extra_forbidden":
        msg = _unknown_key_message(path) + comma_hint(text, line_for(lines, path), err.get("input", ""))
    elif err["type"] == "missing":
        msg = f"missing required key {path[-1]!r}"
    else:
        echo = _echo(err.get("input"))  # (not when the message already quotes the value: "not a duration: '1 hour'")
        said = msg.removeprefix("Value error, ")
        msg = plain_message(err, path) or said + ("" if echo and echo[7:-1] in said else echo)
    return ScenarioError(file, line_for(lines, path), field_name(path), msg.removeprefix("Value error, "))


def _echo(value: object) -> str:
    """' (got 'high')': the value a designer wrote, beside what was expected of it (a text or a
    number only: a whole mapping would bury the message)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return ""
    text = repr(value)
    return f" (got {text if len(text) <= 40 else text[:37] + '…'})"


def read_text_file(path: str | Path, what: str = "scenario") -> str:
    """A designer's file as text, or one ScenarioError saying why it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(str(path), None, "", f"no such {what} file") from None
    except UnicodeDecodeError as exc:
        line = Path(path).read_bytes()[:exc.start].count(b"\n") + 1
        raise ScenarioError(str(path), line, "", f"the file is not UTF-8 (byte {exc.start}); save it as UTF-8 "
                                                 "text") from None
    except IsADirectoryError:
        raise ScenarioError(str(path), None, "", f"is a folder, not a {what} file (give the .yaml file in it)") from None
    except PermissionError:
        raise ScenarioError(str(path), None, "", "cannot read: permission denied") from None
    except OSError as exc:  # a FIFO, a device, a file gone mid-read: one line, never a traceback
        raise ScenarioError(str(path), None, "", f"cannot read: {exc.strerror or exc.__class__.__name__}") from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file."""
    return parse_scenario(read_text_file(path), str(path))
