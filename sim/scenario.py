"""The scenario file: a YAML world, a timeline of beats and expectations, validated with pydantic.

Every mistake is reported once, naming the file, the line and the field, so a designer can fix
it without reading a traceback.
"""

from __future__ import annotations

import difflib
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from townsfolk.agents.errand_spec import ERRAND_MODELS, ErrandSpec, errand_problems
from townsfolk.world.clock import parse_duration

Unit = Annotated[float, Field(ge=0.0, le=1.0)]
Signed = Annotated[float, Field(ge=-1.0, le=1.0)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class CharacterSpec(Strict):
    name: str
    role: str = ""
    persona: str = ""
    traits: dict[str, Unit] = Field(default_factory=dict)
    player: bool = False


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


class SaySpec(Strict):
    speaker: str
    to: str | list[str]
    about: str | None = None
    text: str
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
    text: str


class MediateSpec(Strict):
    player: str
    between: Annotated[list[str], Field(min_length=2, max_length=2)]


BEAT_KINDS = ("happen", "say", "tell", "gossip", "meet", "ask", "mediate")


class Beat(Strict):
    """One timeline entry: exactly one of the beat kinds, at a tick."""

    at: Annotated[int, Field(ge=0)]
    every: Annotated[int, Field(ge=1)] | None = None  # repeat every N ticks ...
    until: Annotated[int, Field(ge=0)] | None = None  # ... up to and including this tick
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
    at: Annotated[int, Field(ge=0)]
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
    seed: int = 0
    start: datetime = datetime(2026, 1, 1, 8, 0)
    tick: str = "1h"
    place: str | None = None
    drive: bool = False  # NPCs may speak up and reach out on their own each tick (the gate decides)
    settled_days: Annotated[float, Field(ge=0)] = 0.0  # how long NPCs have lived here (cold start)
    characters: dict[str, CharacterSpec]
    relationships: list[RelationshipSpec] = Field(default_factory=list)
    impressions: list[ImpressionSpec] = Field(default_factory=list)
    timeline: list[Beat] = Field(default_factory=list)
    expect: list[Expectation] = Field(default_factory=list)
    errands: dict[str, ErrandSpec] = Field(default_factory=dict)  # task dialogues (agents/errand_spec.py)

    @field_validator("tick")
    @classmethod
    def _tick_is_duration(cls, v: str) -> str:
        parse_duration(v)
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


class ScenarioError(Exception):
    """A scenario the engine cannot play, with where and why."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file, self.line, self.field, self.message = file, line, field, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field + ': ' if field else ''}{message}")


# --- line numbers ---------------------------------------------------------------------------
def _line_index(node: yaml.Node | None, path: tuple = (), out: dict | None = None) -> dict[tuple, int]:
    """Map every path in the YAML document to the 1-based line it starts on."""
    out = {} if out is None else out
    if node is None:
        return out
    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value
            out[path + (key,)] = key_node.start_mark.line + 1
            _line_index(value_node, path + (key,), out)
            out[path + (key,)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_index(item, path + (i,), out)
    return out


def _field_name(path: tuple) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _line_for(lines: dict[tuple, int], path: tuple) -> int | None:
    for n in range(len(path), -1, -1):
        if path[:n] in lines:
            return lines[path[:n]]
    return None


def _clean_loc(loc: tuple) -> tuple:
    alias = {"from_": "from"}
    # pydantic adds union member names (e.g. 'str', 'list[str]') to the location; drop them
    return tuple(alias.get(p, p) for p in loc if not (isinstance(p, str) and ("[" in p or p in ("str", "list"))))


def _semantic_problems(s: Scenario) -> list[tuple[tuple, str]]:
    """Cross-references and ordering that a schema alone cannot check."""
    ids = set(s.characters)
    players = {cid for cid, c in s.characters.items() if c.player}
    problems: list[tuple[tuple, str]] = []

    def need(path: tuple, cid: str | None, *, player: bool | None = None) -> None:
        if cid is None:
            return
        if cid not in ids:
            problems.append((path, f"unknown character {cid!r} (known: {', '.join(sorted(ids))})"))
        elif player is True and cid not in players:
            problems.append((path, f"{cid!r} is not a player (mark it `player: true`)"))
        elif player is False and cid in players:
            problems.append((path, f"{cid!r} is a player, but an NPC is needed here"))

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


def _known_keys() -> list[str]:
    keys: set[str] = set()
    for model in (Scenario, CharacterSpec, RelationshipSpec, ImpressionSpec, HappenSpec, SaySpec, GossipSpec,
                  AskSpec, MediateSpec, Beat, BeliefExpect, RelationRef, ReplyExpect, LayerExpect, Expectation,
                  ErrandRef, *ERRAND_MODELS):
        for name, field in model.model_fields.items():
            keys.add(field.alias or name)
    return sorted(keys)


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Validate scenario text; raise ScenarioError naming file, line and field on the first problem."""
    try:
        node = yaml.compose(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(file, mark.line + 1 if mark else None, "", f"YAML error: {problem}") from None
    if not isinstance(data, dict):
        raise ScenarioError(file, 1, "", "a scenario must be a YAML mapping (scenario:, characters:, timeline: ...)")
    lines = _line_index(node)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        # an unknown key usually explains a missing one (a typo), so it is reported first
        err = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")[0]
        path = _clean_loc(tuple(err["loc"]))
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = f"unknown key {path[-1]!r}"
            close = difflib.get_close_matches(str(path[-1]), _known_keys(), n=1)
            if close:
                msg += f" (did you mean {close[0]!r}?)"
        elif err["type"] == "missing":
            msg = f"missing required key {path[-1]!r}"
        msg = msg.removeprefix("Value error, ")
        raise ScenarioError(file, _line_for(lines, path), _field_name(path), msg) from None
    problems = _semantic_problems(scenario)
    if problems:
        path, msg = problems[0]
        raise ScenarioError(file, _line_for(lines, path), _field_name(path), msg)
    return scenario


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(str(path), None, "", "no such scenario file") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise ScenarioError(str(path), None, "", f"cannot read: {exc.__class__.__name__}") from None
    return parse_scenario(text, str(path))
