"""The world spec: a YAML recipe for a whole generated town, validated with pydantic.

A scenario lists every character by hand; a world spec says how to draw them (how many, which
roles, which traits, which places, which ties, which things happen how often), so a town of
thousands is one short file. Mistakes are reported like scenario mistakes: file, line, field.
"""

from __future__ import annotations

import difflib
import re
import string
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

if TYPE_CHECKING:
    from townsfolk.memory.predicate_reader import Reading
    from townsfolk.memory.predicates import PredicateSpec

from townsfolk.sim.scenario import (
    KNOWN_TRAITS,
    MAX_SEED,
    ScenarioError,
    nearest,
    nearest_predicate,
    raise_all,
    read_text_file,
    typo_explains,
)
from townsfolk.sim.scenario_yaml import YamlProblem, load_checked
from townsfolk.sim.validation_words import plain_message, quoted_full_width_hint, value_at
from townsfolk.sim.yaml_locations import clean_loc, field_name, line_for, line_index
from townsfolk.sim.yaml_syntax import colonless_key, syntax_problem
from townsfolk.world.clock import parse_duration
from townsfolk.world.relation_kinds import BUILTIN_KINDS, RelationKind

Unit = Annotated[float, Field(ge=0.0, le=1.0)]
Signed = Annotated[float, Field(ge=-1.0, le=1.0)]
Hour = Annotated[int, Field(ge=0, le=24)]
PLACE_KINDS = ("home", "work", "market", "tavern", "temple", "square", "other")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class TraitDist(Strict):
    """A trait drawn per NPC from a normal distribution, clipped to [0, 1]."""

    mean: Unit = 0.5
    sd: Annotated[float, Field(ge=0.0, le=1.0)] = 0.15


class Range(Strict):
    low: Unit
    high: Unit

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.high < self.low:
            raise ValueError(f"`high` ({self.high}) is below `low` ({self.low})")
        return self


class PlaceSpec(Strict):
    """A kind of place; `count` copies of it (tavern 1, tavern 2 ...), each holding `capacity` people."""

    id: str
    kind: Literal["work", "market", "tavern", "temple", "square", "other"]
    name: dict[str, str] = Field(default_factory=dict)  # by language; "{n}" numbers the copies
    count: Annotated[int, Field(ge=1)] = 1
    capacity: Annotated[int, Field(ge=1)] = 50


class RoleSpec(Strict):
    """What share of the town does this work, where, when, and what kind of people they tend to be."""

    id: str
    name: dict[str, str] = Field(default_factory=dict)  # the role's word in each language
    share: Annotated[float, Field(gt=0.0)]
    works_at: str | None = None  # a place id of kind work/market/tavern/...; none: stays home by day
    hours: tuple[Hour, Hour] = (8, 17)  # work from, until (hour of day); [22, 6] is a night shift over midnight
    traits: dict[str, TraitDist] = Field(default_factory=dict)  # overrides the town's traits

    @model_validator(mode="after")
    def _hours(self) -> RoleSpec:
        start, until = self.hours
        if start == until:
            raise ValueError(f"`hours` {list(self.hours)} starts and ends at the same hour: a shift needs a length "
                             "(a night shift wraps midnight: [22, 6])")
        return self


class HouseholdSpec(Strict):
    size_mean: Annotated[float, Field(ge=1.0, le=12.0)] = 3.0
    size_max: Annotated[int, Field(ge=1, le=20)] = 7
    kind: str = "family"
    strength: Range = Range(low=0.6, high=0.9)


class WorkTiesSpec(Strict):
    kind: str = "colleague"
    per_npc: Annotated[int, Field(ge=0, le=50)] = 4  # colleagues each NPC is tied to at its workplace
    strength: Range = Range(low=0.3, high=0.6)


class FriendshipSpec(Strict):
    """Friendships across the town from one of networkx's random-graph generators."""

    model: Literal["powerlaw_cluster", "watts_strogatz", "barabasi_albert", "erdos_renyi"] = "powerlaw_cluster"
    m: Annotated[int, Field(ge=1, le=50)] = 2  # edges per new node (powerlaw_cluster, barabasi_albert), k/2 (watts_strogatz)
    p: Unit = 0.1  # triangle probability / rewiring probability / edge probability (erdos_renyi: mean degree / n)
    kind: str = "friend"
    strength: Range = Range(low=0.4, high=0.8)
    rivals: Unit = 0.05  # share of these ties that are rivalries instead


class SocialSpec(Strict):
    households: HouseholdSpec = HouseholdSpec()
    workplaces: WorkTiesSpec = WorkTiesSpec()
    friendships: FriendshipSpec = FriendshipSpec()


class EveningSpec(Strict):
    """Where people go after work, before bed: weights by place kind (home is always possible)."""

    start: Hour = 18
    bedtime: Hour = 22
    weights: dict[str, Annotated[float, Field(ge=0.0)]] = Field(
        default_factory=lambda: {"home": 0.5, "market": 0.2, "tavern": 0.3})

    @field_validator("weights")
    @classmethod
    def _kinds(cls, v: dict[str, float]) -> dict[str, float]:
        for k in v:
            if k not in PLACE_KINDS:
                raise ValueError(f"unknown place kind {k!r} (known: {', '.join(PLACE_KINDS)})")
        if sum(v.values()) <= 0:
            raise ValueError("evening weights must not all be zero")
        return v


class EventSpec(Strict):
    """Something that happens on its own at a rate: a theft, a gift, a quarrel, a wedding...

    `text` is a template per language with {actor}, {other} and {place}; the world's claim lexicon
    reads it, so `predicate` (optional) states what it should read as and is checked at load.
    """

    id: str
    rate_per_day: Annotated[float, Field(ge=0.0)]
    text: dict[str, str]
    valence: Signed = 0.0
    predicate: str | None = None
    at: list[str] = Field(default_factory=list)  # place kinds it can happen at (empty: anywhere people are)
    actor: Literal["npc", "player"] = "npc"
    other: bool = False  # the text names a second person ({other}), drawn from those present
    roles: list[str] = Field(default_factory=list)  # role ids its actor is drawn from (empty: anyone there)
    witnesses: Annotated[int, Field(ge=0, le=50)] = 3  # at most this many of those present see it


class RumourSpec(Strict):
    """How talk spreads when people meet."""

    rule: Literal["townsfolk", "maki_thompson"] = "townsfolk"
    tell_probability: Unit = 0.3  # a speaker with something to tell passes it on with this chance
    meetings_per_hour: Annotated[float, Field(ge=0.0, le=10.0)] = 0.5  # encounters an NPC starts per waking hour
    seed_fraction: Unit = 0.01  # share of NPCs who witness one seeded origin fact at the first tick
    seed_events: list[str] = Field(default_factory=list)  # event ids whose first occurrence seeds the rumour


class PlayerSpec(Strict):
    id: str
    name: str
    visits: list[str] = Field(default_factory=lambda: ["market"])  # place kinds they walk through by day
    meets_per_hour: Annotated[float, Field(ge=0.0, le=10.0)] = 1.0  # people they stop and talk to, per hour out


class WorldSpec(Strict):
    world: str  # title
    language: Literal["zh", "en"] = "en"
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = 0
    start: datetime = datetime(2026, 4, 6, 0, 0)
    tick: str = "1h"
    days: Annotated[float, Field(gt=0)] = 7
    population: Annotated[int, Field(ge=2, le=1_000_000)]
    settled_days: Annotated[float, Field(ge=0)] = 365.0  # how long the town has lived together (cold start)
    traits: dict[str, TraitDist] = Field(default_factory=dict)
    names: dict[str, list[str]] = Field(default_factory=dict)  # given / family pools, override the built-in ones
    places: list[PlaceSpec] = Field(default_factory=list)
    roles: list[RoleSpec]
    social: SocialSpec = SocialSpec()
    evening: EveningSpec = EveningSpec()
    events: list[EventSpec] = Field(default_factory=list)
    rumour: RumourSpec = RumourSpec()
    players: list[PlayerSpec] = Field(default_factory=list)
    relationship_kinds: list[RelationKind] = Field(default_factory=list)  # the town's own kinds of tie

    @field_validator("tick")
    @classmethod
    def _tick_is_duration(cls, v: str) -> str:
        parse_duration(v)
        return v

    @field_validator("roles")
    @classmethod
    def _some_roles(cls, v: list[RoleSpec]) -> list[RoleSpec]:
        if not v:
            raise ValueError("a world needs at least one role")
        return v

    @field_validator("names")
    @classmethod
    def _name_pools(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for k, pool in v.items():
            if k not in ("given", "family"):
                raise ValueError(f"unknown name pool {k!r} (known: given, family)")
            if not pool:
                raise ValueError(f"name pool {k!r} is empty")
        return v

    @property
    def ticks_per_day(self) -> int:
        return max(1, round(86400 / parse_duration(self.tick).total_seconds()))


def _no_kind(k: str, s: WorldSpec, *, event: bool = False) -> str:
    """A place kind the town lacks; a place id written where a kind goes is named as such."""
    place = next((p for p in s.places if p.id == k), None)
    if place is not None:
        takers = [r.id for r in s.roles if r.works_at == k]
        by_role = f"; `roles: [{', '.join(takers)}]` draws who does it" if takers and event else ""
        return f"{k!r} is a place id; this list names place kinds (write {place.kind!r}{by_role})"
    return f"no place of kind {k!r} in `places`"


def _near_miss(key: str, known: set[str] | tuple[str, ...]) -> bool:
    return key not in known and bool(difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.75))


def _trait_problems(s: WorldSpec) -> list[tuple[tuple, str]]:
    """A trait spelt almost like one the engine reads (`candor`), or in a role almost like one of the
    town's own (`candur`): said now, since the misspelt trait would be drawn and never read (the real
    one left at 0.5, or at the town's value instead of the role's)."""
    out: list[tuple[tuple, str]] = []
    for key in s.traits:
        if _near_miss(key, KNOWN_TRAITS):
            out.append((("traits", key), f"unknown trait {key!r}{nearest(key, KNOWN_TRAITS)}"))
    town = set(KNOWN_TRAITS) | set(s.traits)
    for i, r in enumerate(s.roles):
        for key in r.traits:
            if _near_miss(key, town):
                out.append((("roles", i, "traits", key), f"unknown trait {key!r}{nearest(key, town)}"))
    return out


def _semantic_problems(s: WorldSpec) -> list[tuple[tuple, str]]:
    """Cross-references a schema alone cannot check."""
    from townsfolk.memory.predicate_reader import read_by_cues
    from townsfolk.memory.predicates import INVENTORY

    problems: list[tuple[tuple, str]] = []
    place_ids = [p.id for p in s.places]
    kinds = {p.kind for p in s.places} | {"home"}
    ties = set(BUILTIN_KINDS) | {k.key for k in s.relationship_kinds}
    social = s.social
    for path, kind in ((("social", "households", "kind"), social.households.kind),
                       (("social", "workplaces", "kind"), social.workplaces.kind),
                       (("social", "friendships", "kind"), social.friendships.kind)):
        if kind not in ties:
            problems.append((path, f"unknown relationship kind {kind!r}{nearest(kind, ties)}"
                             "; a kind of your own goes under relationship_kinds: with its warmth"))
    for i, p in enumerate(s.places):
        if place_ids.index(p.id) < i:  # reported where it is used again, naming the first
            problems.append((("places", i, "id"), f"place id {p.id!r} is used twice (first at places[{place_ids.index(p.id)}])"))
    problems += _trait_problems(s)
    role_ids = [r.id for r in s.roles]
    for i, r in enumerate(s.roles):
        if role_ids.index(r.id) < i:
            problems.append((("roles", i, "id"), f"role id {r.id!r} is used twice (first at roles[{role_ids.index(r.id)}])"))
        if r.works_at is not None and r.works_at not in place_ids:
            problems.append((("roles", i, "works_at"),
                             f"unknown place {r.works_at!r} (known: {', '.join(place_ids) or 'none'})"))
    written = "evening" in s.model_fields_set and "weights" in s.evening.model_fields_set
    for k in s.evening.weights if written else ():  # the defaults skip kinds a town lacks
        if k not in kinds:
            problems.append((("evening", "weights", k), _no_kind(k, s)))
    players = [p.id for p in s.players]
    event_ids = [e.id for e in s.events]
    for i, e in enumerate(s.events):
        if event_ids.index(e.id) < i:
            problems.append((("events", i, "id"), f"event id {e.id!r} is used twice (first at events[{event_ids.index(e.id)}])"))
        if s.language not in e.text:
            problems.append((("events", i, "text"), f"no text in the world's language {s.language!r}"))
        for j, k in enumerate(e.at):
            if k not in kinds:
                problems.append((("events", i, "at", j), _no_kind(k, s, event=True)))
        if e.actor == "player" and not players:
            problems.append((("events", i, "actor"), "an event acted by a player needs `players:`"))
        for j, r in enumerate(e.roles):
            if e.actor == "player":
                problems.append((("events", i, "roles"), "an event acted by a player has no roles to draw from"))
                break
            if r not in role_ids:
                problems.append((("events", i, "roles", j), f"unknown role {r!r}{nearest(r, role_ids)}"))
        broken = False
        for lang, template in e.text.items():
            try:
                template.format(actor="A", other="B", place="P")
            except (KeyError, IndexError, ValueError) as exc:
                broken = True
                problems.append((("events", i, "text", lang), f"bad template ({exc}); use {{actor}}, {{other}}, {{place}}"))
                continue
            if not e.other and "other" in _fields_of(template):
                # with other: false nobody is drawn for {other}, and every fact would read "stole ... from  at"
                broken = True
                problems.append((("events", i, "text", lang),
                                 "the text names {other} but no second person is drawn for it: set other: true "
                                 "(or take {other} out of the text)"))
        if e.predicate is not None and not broken:
            if e.predicate not in INVENTORY:
                problems.append((("events", i, "predicate"),
                                 f"unknown predicate {e.predicate!r}{nearest_predicate(e.predicate, list(INVENTORY))}"))
            elif s.language in e.text:
                # `predicate` sets the reading, so the text needs no cue word of it (K-20: "..., careless
                # work" was written in, and the actor then said it of himself); only words that say the
                # opposite are refused (a gift whose text says "stole", a theft that "didn't steal")
                sample = e.text[s.language].format(actor="A", other="B", place="P")
                reading = read_by_cues(sample)
                if reading is not None and _contradicts(reading, INVENTORY[e.predicate]):
                    problems.append((("events", i, "text", s.language),
                                     f"the text reads as {reading.key!r}{' (negated)' if reading.negated else ''}, "
                                     f"not {e.predicate!r}: its words say the opposite of the predicate; "
                                     "reword it or change `predicate:`"))
    for j, ev in enumerate(s.rumour.seed_events):
        if ev not in event_ids:
            problems.append((("rumour", "seed_events", j), f"unknown event {ev!r} (known: {', '.join(event_ids)})"))
    for i, p in enumerate(s.players):
        if re.fullmatch(r"n[1-9]\d*", p.id):  # the generated NPCs are n1..nN (`simulate` died: id already exists)
            problems.append((("players", i, "id"), f"{p.id!r} is the id of a generated NPC (they are n1, n2, ...); "
                                                   "give the player an id of its own, e.g. 'reporter'"))
        if players.index(p.id) < i:
            problems.append((("players", i, "id"), f"player id {p.id!r} is used twice"))
        for j, k in enumerate(p.visits):
            if k not in kinds:
                problems.append((("players", i, "visits", j), _no_kind(k, s)))
    return problems


def _contradicts(reading: Reading, declared: PredicateSpec) -> bool:
    """Whether the words' own reading says the opposite of the declared predicate: that predicate
    negated, or another that blames where it praises (or praises where it blames)."""
    from townsfolk.memory.predicates import INVENTORY

    if reading.key == declared.key:
        return reading.negated
    return INVENTORY[reading.key].valence * declared.valence < 0


def _fields_of(template: str) -> set[str]:
    """The {names} a str.format template fills (a template that parsed is assumed)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _known_keys() -> list[str]:
    keys: set[str] = set()
    for model in (WorldSpec, TraitDist, Range, PlaceSpec, RoleSpec, HouseholdSpec, WorkTiesSpec, FriendshipSpec,
                  SocialSpec, EveningSpec, EventSpec, RumourSpec, PlayerSpec):
        keys.update(f.alias or n for n, f in model.model_fields.items())
    return sorted(keys)


def parse_world_spec(text: str, file: str = "<world>") -> WorldSpec:
    """Validate world-spec text; raise ScenarioError naming file, line and field on the first problem
    (the others it found in `.also`)."""
    try:
        data, node = load_checked(text)  # the same hardened reader as scenarios: duplicate keys, alias bombs...
    except YamlProblem as exc:
        raise ScenarioError(file, exc.line, field_name(exc.path), exc.message) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(file, *syntax_problem(exc, text)) from None
    if not isinstance(data, dict):
        raise ScenarioError(file, 1, "", "a world spec must be a YAML mapping (world:, population:, roles: ...)")
    lines = line_index(node)
    if "scenario" in data and "world" not in data:
        raise ScenarioError(file, line_for(lines, ("scenario",)), "scenario",
                            "this is a scenario (it has `scenario:`), not a world spec: play it with "
                            f"`townsfolk play {file}`; a world spec starts with `world:` (scenarios/WORLDS.md)")
    try:
        spec = WorldSpec.model_validate(data)
    except ValidationError as exc:
        # an unknown key usually explains a missing one (a typo), so it is reported first
        errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        unknown = {(clean_loc(tuple(e["loc"]))[:-1], str(e["loc"][-1])) for e in errors if e["type"] == "extra_forbidden"}
        errors = [e for e in errors if e["type"] != "missing" or not typo_explains(clean_loc(tuple(e["loc"])), unknown)]
        raise_all(list({str(p): p for p in (_schema_problem(e, lines, file) for e in errors)}.values()))
    problems = []
    for path, msg in _semantic_problems(spec):
        msg += quoted_full_width_hint(msg, value_at(data, path))
        problems.append(ScenarioError(file, line_for(lines, path), field_name(path), msg))
    raise_all(problems)
    return spec


def _schema_problem(err: dict, lines: dict, file: str) -> ScenarioError:
    """One pydantic error as the designer's FILE:LINE: FIELD: message."""
    path = clean_loc(tuple(err["loc"]))
    msg = err["msg"]
    colonless = colonless_key(path[-1], err.get("input"), _known_keys()) \
        if err["type"] == "extra_forbidden" else None
    if colonless is not None:  # {at： 8} or {name 阿甲}: the key meant, its colon missing or full-width
        key, msg = colonless
        path = (*path[:-1], key)
    elif err["type"] == "extra_forbidden":
        msg = f"unknown key {path[-1]!r}"
        close = difflib.get_close_matches(str(path[-1]), _known_keys(), n=1)
        if close:
            msg += f" (did you mean {close[0]!r}?)"
    elif err["type"] == "missing":
        msg = f"missing required key {path[-1]!r}"
    else:
        msg = plain_message(err, path) or msg
    return ScenarioError(file, line_for(lines, path), field_name(path), msg.removeprefix("Value error, "))


def load_world_spec(path: str | Path) -> WorldSpec:
    """Read and validate a world spec file."""
    return parse_world_spec(read_text_file(path, "world spec"), str(path))
