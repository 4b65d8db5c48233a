"""The errand file: what a designer writes under `errands:` in a scenario, and its load-time checks.

An errand (ordering tea, a favour, a quest) is three constraints written down: the **topology**
(nodes and which may follow which), the **information state** (slots with modifiers), and the
**code** that decides (agents/errands.py). The model never sees this file as instructions; it only
reads an utterance into intents and slot values that code then checks against it.

Cross-checks a schema cannot do (an unknown slot in `needs`, a cycle in `after` or `depends_on`,
a `default` outside `values`) are returned as (path, message) pairs, so the scenario loader can
name the file, line and field like every other mistake.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from townsfolk.world.clock import parse_duration

SOURCES = ("player.name", "player.id", "npc.name", "npc.id", "place")  # where `from:` may read a value
TEMPLATE = re.compile(r"\{([^{}]+)\}")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class SlotSpec(_Strict):
    """One piece of information the errand needs, with its modifiers."""

    ask: str = ""  # the question the NPC asks for it
    type: Literal["text", "int"] = "text"
    values: list[str] = Field(default_factory=list)  # the only accepted answers (text slots)
    aliases: dict[str, list[str]] = Field(default_factory=dict)  # other words for a value: {龙井: [龙井茶]}
    units: list[str] = Field(default_factory=list)  # words after a number that name this slot: [位, people]
    min: int | None = None  # bounds for an int slot
    max: int | None = None
    default: str | int | None = None
    fixed: bool = False  # never asked again once known (or filled from the world)
    incremental: bool = False  # values accumulate; a supplement adds to them
    explicit: bool = False  # must be stated in the player's own words: no default, no inference
    implicit: bool = False  # may be inferred or defaulted without asking (said as a statement)
    confirm: bool = False  # read back for a yes before it counts
    required: bool = False  # the errand cannot be done without it
    from_: str | None = Field(default=None, alias="from")  # filled from the world: player.name, place ...
    depends_on: list[str] = Field(default_factory=list)  # cleared and asked again when one of these changes


class NodeSpec(_Strict):
    """One step of the errand; `after` is the topology: it may only start once those are done."""

    id: str
    needs: list[str] = Field(default_factory=list)
    after: list[str] = Field(default_factory=list)
    confirm_back: bool = False  # read every answer back for a yes before the step counts
    done: bool = False  # finishing this step finishes the errand
    say: str = ""  # what the NPC says when the step is finished ({slot} and {player} filled in)


class HappenTemplate(_Strict):
    """A `happen` beat run when the errand is done, with {player}, {npc} and {slot} filled in."""

    what: str
    actor: str | None = None
    about: str | None = None
    witnesses: list[str] = Field(default_factory=list)
    valence: Annotated[float, Field(ge=-1.0, le=1.0)] = 0.0
    place: str | None = None


class OnDone(_Strict):
    happen: HappenTemplate | None = None
    say: str = ""  # the NPC's closing line ({slot} filled in)


class ErrandSpec(_Strict):
    """One errand an NPC runs: how it starts, what it needs, which step follows which."""

    npc: str
    title: str
    starts: list[str] = Field(min_length=1)  # examples of what starts it, matched by meaning
    expires: str | None = None  # a paused errand older than this is dropped, with a line saying so
    escalate_to: list[str] = Field(default_factory=list)  # who may take it over when the player asks
    slots: dict[str, SlotSpec] = Field(default_factory=dict)
    nodes: list[NodeSpec] = Field(min_length=1)
    on_done: OnDone = Field(default_factory=OnDone)

    @field_validator("expires")
    @classmethod
    def _expires_is_duration(cls, v: str | None) -> str | None:
        if v is not None:
            parse_duration(v)
        return v

    def node(self, node_id: str) -> NodeSpec:
        return next(n for n in self.nodes if n.id == node_id)

    @property
    def needed(self) -> set[str]:
        """Slots some node needs; the rest are asked before the errand is done."""
        return {s for n in self.nodes for s in n.needs}

    def dependents(self, slot: str) -> list[str]:
        """Every slot that depends on `slot`, directly or through others, in file order."""
        out: list[str] = []
        frontier = [slot]
        while frontier:
            cur = frontier.pop(0)
            for name, spec in self.slots.items():
                if cur in spec.depends_on and name not in out and name != slot:
                    out.append(name)
                    frontier.append(name)
        return [s for s in self.slots if s in out]


ERRAND_MODELS: tuple[type[BaseModel], ...] = (SlotSpec, NodeSpec, HappenTemplate, OnDone, ErrandSpec)


def _cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """A cycle in a name -> [names it points at] graph, as the names along it, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in graph.get(n, []):
            if m not in graph:
                continue
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if state.get(m) is None:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in graph:
        if state.get(n) is None:
            found = visit(n)
            if found:
                return found
    return None


def errand_problems(errands: dict[str, ErrandSpec], characters: set[str], players: set[str]
                    ) -> list[tuple[tuple, str]]:
    """What a schema cannot check, as (path under `errands`, message), in file order."""
    out: list[tuple[tuple, str]] = []
    for eid, e in errands.items():
        base = (eid,)
        if e.npc not in characters:
            out.append((base + ("npc",), f"unknown character {e.npc!r} (known: {', '.join(sorted(characters))})"))
        elif e.npc in players:
            out.append((base + ("npc",), f"{e.npc!r} is a player, but an NPC runs an errand"))
        for j, other in enumerate(e.escalate_to):
            if other not in characters or other in players:
                out.append((base + ("escalate_to", j), f"{other!r} is not an NPC of this scenario"))
        slots = set(e.slots)
        for name, s in e.slots.items():
            at = base + ("slots", name)
            if s.explicit and s.implicit:
                out.append((at + ("implicit",), "a slot cannot be both explicit and implicit"))
            if s.explicit and (s.default is not None or s.from_ is not None):
                out.append((at + ("explicit",), "an explicit slot must be stated: it cannot have a default or `from`"))
            if s.values and s.type == "int":
                out.append((at + ("values",), "an int slot takes numbers; `values` is for text slots"))
            if s.default is not None:
                if s.type == "int" and not isinstance(s.default, int):
                    out.append((at + ("default",), f"default {s.default!r} is not a number"))
                elif s.values and s.default not in s.values:
                    out.append((at + ("default",), f"default {s.default!r} is not one of values {s.values}"))
            for v in s.aliases:
                if s.values and v not in s.values:
                    out.append((at + ("aliases", v), f"alias for {v!r}, which is not one of values {s.values}"))
            if s.from_ is not None and s.from_ not in SOURCES:
                out.append((at + ("from",), f"unknown source {s.from_!r} (known: {', '.join(SOURCES)})"))
            if not s.ask and s.from_ is None and s.default is None:
                out.append((at + ("ask",), "nobody can fill this slot: give it `ask`, `from` or `default`"))
            if s.fixed and s.depends_on:
                out.append((at + ("depends_on",), "a fixed slot is never asked again, so it cannot depend on another"))
            for j, dep in enumerate(s.depends_on):
                if dep not in slots:
                    out.append((at + ("depends_on", j), f"unknown slot {dep!r} (known: {', '.join(e.slots)})"))
                elif dep == name:
                    out.append((at + ("depends_on", j), "a slot cannot depend on itself"))
        dep_cycle = _cycle({n: list(s.depends_on) for n, s in e.slots.items()})
        if dep_cycle:
            out.append((base + ("slots", dep_cycle[0], "depends_on"),
                        f"depends_on cycle: {' -> '.join(dep_cycle)}"))
        ids = [n.id for n in e.nodes]
        seen: set[str] = set()
        for i, n in enumerate(e.nodes):
            at = base + ("nodes", i)
            if n.id in seen:
                out.append((at + ("id",), f"node {n.id!r} is defined twice"))
            seen.add(n.id)
            for j, need in enumerate(n.needs):
                if need not in slots:
                    out.append((at + ("needs", j), f"unknown slot {need!r} (known: {', '.join(e.slots) or 'none'})"))
            for j, prev in enumerate(n.after):
                if prev not in ids:
                    out.append((at + ("after", j), f"unknown node {prev!r} (known: {', '.join(ids)})"))
                elif prev == n.id:
                    out.append((at + ("after", j), "a node cannot come after itself"))
        after_cycle = _cycle({n.id: list(n.after) for n in e.nodes})
        if after_cycle:
            i = ids.index(after_cycle[0])
            out.append((base + ("nodes", i, "after"), f"cycle in after: {' -> '.join(after_cycle)}"))
        if not any(n.done for n in e.nodes):
            out.append((base + ("nodes",), "no node is marked `done: true`, so the errand could never finish"))
        if not any(not n.after for n in e.nodes):
            out.append((base + ("nodes",), "every node comes after another: there is no first step"))
        known = slots | {f"{n}.unit" for n in slots} | {"player", "npc", "title"}  # {jin}: 五, {jin.unit}: 五斤
        texts: list[tuple[tuple, str]] = [(base + ("nodes", i, "say"), n.say) for i, n in enumerate(e.nodes)]
        texts.append((base + ("on_done", "say"), e.on_done.say))
        if e.on_done.happen is not None:
            h = e.on_done.happen
            texts += [(base + ("on_done", "happen", "what"), h.what)]
            for key in ("actor", "about"):
                value = getattr(h, key)
                if value and not TEMPLATE.fullmatch(value) and value not in characters:
                    out.append((base + ("on_done", "happen", key), f"unknown character {value!r}"))
        for at, text in texts:
            for name in TEMPLATE.findall(text or ""):
                if name not in known:
                    out.append((at, f"unknown placeholder {{{name}}} (known: {', '.join(sorted(known))})"))
    return out
