"""The world generator: a world spec and a seed become a town (characters, places, ties).

Everything is drawn from one numpy Generator seeded by the spec's seed (or the caller's), in a
fixed order, so the same spec and seed give the same town, name for name and tie for tie. The
per-NPC layout (role, home, workplace, hours) is kept as arrays for the daily life to index.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from townsfolk.agents.bonds import seed_bonds_all
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.world_spec import TraitDist, WorldSpec
from townsfolk.sim.worldgen_names import draw_families, draw_names
from townsfolk.sim.worldgen_reasons import SeedReasons
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock, parse_duration
from townsfolk.world.relation_kinds import kinds_for
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

DEFAULT_PLACE_NAMES = {
    "work": {"en": "the {id} {n}", "zh": "{id}{n}"},
    "market": {"en": "the market {n}", "zh": "集市{n}"},
    "tavern": {"en": "the tavern {n}", "zh": "酒馆{n}"},
    "temple": {"en": "the temple {n}", "zh": "庙{n}"},
    "square": {"en": "the square {n}", "zh": "广场{n}"},
    "other": {"en": "the {id} {n}", "zh": "{id}{n}"},
}


@dataclass
class Place:
    id: str
    kind: str
    name: str
    capacity: int


@dataclass
class Town:
    """A generated world and its layout: who lives where, works where, and when."""

    spec: WorldSpec
    world: World
    memory: MemoryStore
    places: list[Place]
    npcs: list[str]  # in row order of every array below
    players: list[str]
    role: np.ndarray  # role index per NPC
    home: np.ndarray  # place index per NPC
    work: np.ndarray  # place index per NPC, -1 for none
    work_from: np.ndarray  # hour
    work_until: np.ndarray
    place_kind: np.ndarray  # kind name per place (object array)
    digest: str = ""
    ties: dict[str, int] = field(default_factory=dict)  # ties per kind (a pair both family and friend is in both)
    tie_pairs: int = 0  # pairs of people with any tie, each pair once: what `simulate` and `report` call ties

    def places_of_kind(self, kind: str) -> np.ndarray:
        return np.flatnonzero(self.place_kind == kind)


def spec_digest(spec: WorldSpec, seed: int, npcs: int) -> str:
    body = spec.model_dump_json() + f"|seed={seed}|npcs={npcs}"
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def _household_sizes(rng: np.random.Generator, n: int, mean: float, size_max: int) -> np.ndarray:
    """Sizes 1 + Poisson(mean - 1), capped, drawn until they hold everyone (the last one trimmed)."""
    guess = int(n / max(mean, 1.0) * 1.3) + 4
    sizes = np.minimum(1 + rng.poisson(max(mean - 1.0, 0.0), size=guess), size_max)
    while sizes.sum() < n:
        sizes = np.concatenate([sizes, np.minimum(1 + rng.poisson(max(mean - 1.0, 0.0), size=guess), size_max)])
    cum = np.cumsum(sizes)
    k = int(np.searchsorted(cum, n)) + 1
    sizes = sizes[:k].copy()
    sizes[-1] -= int(cum[k - 1] - n)
    return sizes


def _traits(rng: np.random.Generator, spec: WorldSpec, role: np.ndarray) -> dict[str, np.ndarray]:
    """Each trait per NPC: a clipped normal, the role's distribution where it sets one."""
    keys = sorted(set(spec.traits) | {k for r in spec.roles for k in r.traits})
    out: dict[str, np.ndarray] = {}
    for key in keys:
        base = spec.traits.get(key, TraitDist())
        means = np.array([r.traits.get(key, base).mean for r in spec.roles])[role]
        sds = np.array([r.traits.get(key, base).sd for r in spec.roles])[role]
        out[key] = np.round(np.clip(rng.normal(means, sds), 0.0, 1.0), 3)
    return out


def _ring_ties(members: np.ndarray, k: int) -> list[tuple[int, int]]:
    """Each member tied to its k nearest on a ring (k//2 each side, at least one): a small-world
    base for colleagues, drawn by the caller's permutation."""
    g = len(members)
    if g < 2 or k <= 0:
        return []
    half = max(1, min(k // 2 if k > 1 else 1, (g - 1) // 2 if g > 2 else 1))
    pairs = set()
    for step in range(1, half + 1):
        for i in range(g):
            a, b = int(members[i]), int(members[(i + step) % g])
            if a != b:
                pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


def _friend_graph(spec: WorldSpec, n: int, seed: int) -> nx.Graph:
    f = spec.social.friendships
    if n < 3:
        return nx.empty_graph(n)
    if f.model == "powerlaw_cluster":
        return nx.powerlaw_cluster_graph(n, min(f.m, n - 1), f.p, seed=seed)
    if f.model == "barabasi_albert":
        return nx.barabasi_albert_graph(n, min(f.m, n - 1), seed=seed)
    if f.model == "watts_strogatz":
        return nx.watts_strogatz_graph(n, min(2 * f.m, n - 1), f.p, seed=seed)
    return nx.fast_gnp_random_graph(n, f.p, seed=seed)


def generate(spec: WorldSpec, *, seed: int | None = None, npcs: int | None = None) -> Town:
    """Build the town a spec describes. Same spec + seed (+ npcs) -> the same town."""
    seed = spec.seed if seed is None else seed
    n = spec.population if npcs is None else npcs
    if n < 2:
        raise ValueError("a town needs at least 2 NPCs")
    lang = spec.language
    gen = np.random.default_rng([seed, 0x70E2])  # the generator's own stream; the world's rng starts fresh
    clock = SimClock(start=spec.start, tick_length=parse_duration(spec.tick))
    world = World(clock=clock, seed=seed, language=lang, title=spec.world)
    world.relation_kinds = kinds_for(spec.relationship_kinds)

    # roles, households, names, traits
    shares = np.array([r.share for r in spec.roles], dtype=float)
    role = gen.choice(len(spec.roles), size=n, p=shares / shares.sum())
    sizes = _household_sizes(gen, n, spec.social.households.size_mean, spec.social.households.size_max)
    household = np.repeat(np.arange(len(sizes)), sizes)
    families = draw_families(gen, len(sizes), lang, spec.names.get("family"))
    names = draw_names(gen, [families[h] for h in household], lang, given=spec.names.get("given"))
    traits = _traits(gen, spec, role)

    # places: one home per household, then every copy of every place in the spec
    places = [Place(id=f"home{h + 1}", kind="home", capacity=int(sizes[h]) + 4,
                    name=(f"{families[h]}家" if lang == "zh" else f"the {families[h]} house")) for h in range(len(sizes))]
    copies: dict[str, list[int]] = {}
    for p in spec.places:
        template = p.name.get(lang) or DEFAULT_PLACE_NAMES[p.kind][lang]
        for k in range(p.count):
            number = "" if p.count == 1 else str(k + 1)
            name = template.format(id=p.id, n=number).strip()
            copies.setdefault(p.id, []).append(len(places))
            places.append(Place(id=p.id if p.count == 1 else f"{p.id}{k + 1}", kind=p.kind, name=name,
                                capacity=p.capacity))
    work = np.full(n, -1, dtype=np.int64)
    for r_idx, r in enumerate(spec.roles):
        rows = np.flatnonzero(role == r_idx)
        if r.works_at is not None and len(rows):
            options = np.array(copies[r.works_at])
            work[rows] = options[gen.integers(len(options), size=len(rows))]
    hours = np.array([r.hours for r in spec.roles], dtype=np.int64)[role]

    ids = [f"n{i + 1}" for i in range(n)]
    role_word = [r.name.get(lang, r.id) for r in spec.roles]
    for i, cid in enumerate(ids):
        world.add_character(Character(id=cid, name=names[i], role=role_word[role[i]],
                                      persona=(f"住在{places[household[i]].name}" if lang == "zh"
                                               else f"lives at {places[household[i]].name}"),
                                      traits={k: float(v[i]) for k, v in traits.items()}))
    players = []
    for p in spec.players:
        world.add_character(Character(id=p.id, name=p.name, is_player=True))
        players.append(p.id)

    # ties: households, workplaces, friendships (networkx), each edge both ways
    soc = spec.social
    pairs: list[tuple[int, int, str, float]] = []
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    for h, (s0, size) in enumerate(zip(starts, sizes, strict=True)):
        members = np.arange(s0, s0 + size)
        for a in range(size):
            for b in range(a + 1, size):
                pairs.append((int(members[a]), int(members[b]), soc.households.kind, 0.0))
        del h
    work_place: dict[tuple[int, int], int] = {}  # a workplace tie's place, for the words of its reason
    for place_idx in np.unique(work[work >= 0]):
        members = gen.permutation(np.flatnonzero(work == place_idx))
        ring = _ring_ties(members, soc.workplaces.per_npc)
        pairs += [(a, b, soc.workplaces.kind, 0.0) for a, b in ring]
        work_place.update(((min(a, b), max(a, b)), int(place_idx)) for a, b in ring)
    perm = gen.permutation(n)
    fg = _friend_graph(spec, n, int(gen.integers(2**31)))
    friend_edges = sorted((min(int(perm[a]), int(perm[b])), max(int(perm[a]), int(perm[b]))) for a, b in fg.edges())
    rival = gen.random(len(friend_edges)) < soc.friendships.rivals
    # a household pair stays family: the friendship draw may add warmth to it, never a rivalry
    ends = np.array(friend_edges, dtype=np.int64).reshape(-1, 2)
    rival &= household[ends[:, 0]] != household[ends[:, 1]]
    pairs += [(a, b, "rival" if r else soc.friendships.kind, 0.0) for (a, b), r in zip(friend_edges, rival, strict=True)]
    ranges = {soc.households.kind: soc.households.strength, soc.workplaces.kind: soc.workplaces.strength,
              soc.friendships.kind: soc.friendships.strength, "rival": soc.friendships.strength}
    strengths = gen.random(len(pairs))
    words = SeedReasons(world, lang, soc.households.kind, soc.workplaces.kind, soc.friendships.kind)
    reasons: list[str] = []
    counts: dict[str, int] = {}
    seen: set[tuple[int, int, str]] = set()
    sources: list[str] = []
    targets: list[str] = []
    kinds: list[str] = []
    tie_strengths: list[float] = []
    for (a, b, kind, _), u in zip(pairs, strengths, strict=True):  # every pair has a < b
        if (a, b, kind) in seen:
            continue
        seen.add((a, b, kind))
        rng_ = ranges[kind]
        s = round(float(rng_.low + (rng_.high - rng_.low) * u), 3)
        sources += (ids[a], ids[b])
        targets += (ids[b], ids[a])
        kinds += (kind, kind)
        tie_strengths += (s, s)
        reason = words.reason(kind, places[work_place[(a, b)]].name if kind == soc.workplaces.kind
                              and (a, b) in work_place else None)
        reasons += (reason, reason)
        counts[kind] = counts.get(kind, 0) + 1
    # one bulk call for the ties, one array pass for the bond axes they imply (what a set_edge and a
    # seed_bonds per tie did, in the time a 10k town allows)
    world.graph.add_edges(sources, targets, kinds, tie_strengths, tick=0, time=world.now, cause=Cause(kind="seed"),
                          reason=reasons)
    seed_bonds_all(world)

    town = Town(spec=spec, world=world, memory=MemoryStore(), places=places, npcs=ids, players=players,
                role=role, home=household.astype(np.int64), work=work, work_from=hours[:, 0],
                work_until=hours[:, 1], place_kind=np.array([p.kind for p in places], dtype=object),
                digest=spec_digest(spec, seed, n), ties=counts, tie_pairs=len({(a, b) for a, b, _ in seen}))
    return town
