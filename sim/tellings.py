"""A tick's tellings carried out as one step: each decided in turn, their writes made together.

`GossipRound` draws who tells whom for the whole town at once; carrying the tellings out one by
one (`actions.gossip`) then cost ~0.4 ms each, spread over the few hundred small steps of a telling
(a fact, two memories and a belief, four edge changes, three timeline lines, each through its own
general function). Here each telling is decided in turn exactly as `retell` decides it (the belief
passed on, the world rng's draw of a distortion, the words), and the writes of a run of decided
tellings are made together: memories and beliefs in one pass over the store, trust and appraisal
read from the edge columns in one gather, every edge change of the run appended to the change log
at once and its edges' columns set by array.

The effects and their order are those of the one-by-one path (ids, change-log rows, interned words,
the memory journal, the store's hooks, the timeline). A telling joins the run only when nothing it
reads was written by an earlier telling of the run: its teller heard nothing in the run (the belief
it picks), its listener's edges toward the teller (trust) and toward the one the claim blames
(appraisal) were not moved in it, and the pair did not already chat in it (familiarity by the day).
Otherwise the run is written first and a new one begins with it, so a chain (heard, then retold in
the same tick) reads what the one-by-one path reads. A telling this path does not cover (a player on
either side, a pair without familiarity edges yet, a world where a bond axis counts as a warm tie)
is carried out by `actions.gossip` itself, after the run before it is written.
"""

from __future__ import annotations

from itertools import chain
from weakref import WeakKeyDictionary

import numpy as np

from townsfolk.agents.appraisal import appraisal_delta, appraisal_reason, responsible_for, room
from townsfolk.agents.bonds import BOND_KINDS, INTERACTION
from townsfolk.agents.familiarity_days import chat_once_each
from townsfolk.agents.grammar_en import inner_quotes as inner_quotes_en
from townsfolk.agents.grammar_zh import inner_quotes
from townsfolk.memory.beliefs import Belief, credibility
from townsfolk.memory.claims import Claim, render_claim
from townsfolk.memory.events import EventMemory
from townsfolk.memory.perception import _event as trusted_event  # remember's own check and build
from townsfolk.memory.predicates import INVENTORY
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.actions import gossip, stamp
from townsfolk.sim.gossip import DISTORTIONS, _pick5, distort, pick_belief
from townsfolk.sim.log import LogEntry
from townsfolk.sim.messages import distortion_label, relation_label
from townsfolk.world.bare import maker
from townsfolk.world.edge_columns import TAG_PREFIX
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import clamp01
from townsfolk.world.world import World

_EVENT_FIELDS = ("id", "holder", "tick", "time", "what", "place", "participants", "about", "importance",
                 "valence", "intensity", "source", "fact_id", "player_involved", "private", "meta")
_BELIEF_FIELDS = ("id", "holder", "claim", "text", "source", "told_by", "hops", "origin_fact_id", "via_fact_id",
                  "parent_id", "credibility", "distortion", "tick", "time", "private")
_FACT_FIELDS = ("id", "tick", "time", "kind", "actor", "to", "about", "text", "valence", "meta")
# what remember / form_belief / world.record build (bare: values of their own types, not validated again)
_event, _belief, _fact = maker(EventMemory, _EVENT_FIELDS), maker(Belief, _BELIEF_FIELDS), maker(Fact, _FACT_FIELDS)
_line = maker(LogEntry, ("tick", "time", "kind", "who", "text", "ids"))  # LogEntry.trusted with its ids


def _memory(*values: object) -> EventMemory:
    """An event memory as `remember` builds it: unvalidated when its values pass `trusted_event`'s
    checks (a telling's always do), else through it."""
    importance, valence, intensity = values[8], values[9], values[10]
    if (type(importance) is float and 0.0 <= importance <= 1.0 and type(valence) is float  # type: ignore[operator]
            and type(intensity) is float and type(values[4]) is str and type(values[2]) is int):
        return _event(*values)
    return trusted_event(dict(zip(_EVENT_FIELDS, values, strict=True)))


class _Seen:
    """A claim as the tick has met it: its fields (the key of its words) and what a telling asks of
    it, its valence and whether it blames its subject (pure functions of the fields and the running
    world's predicates; a property lookup through the inventory each, asked per telling), and the
    fields a telling reads (a claim is a model: each attribute read costs several of a slot's)."""

    __slots__ = ("claim", "fields", "valence", "blames", "about", "severity", "people", "said", "plain")

    def __init__(self, claim: Claim, fields: tuple, valence: float, blames: bool,
                 said: dict[tuple[str | None, str | None], str]) -> None:
        self.claim, self.fields, self.valence, self.blames = claim, fields, valence, blames
        self.said = said  # its words by point of view, shared by every claim of the same fields
        self.about, self.severity = claim.about, claim.severity
        self.people = (claim.about, claim.target, claim.said_by)  # whose point of view changes its words
        self.plain: str | None = None  # its words from no one's point of view (a belief's text), once asked


class _Decided:
    """One telling decided (what is passed on, in which words), its writes not yet made; `pair` is the
    pair as the run keys it (the lesser id first)."""

    __slots__ = ("teller", "listener", "basis", "applied", "fact", "other", "chat_rows", "toward", "log", "seen",
                 "pair")

    def __init__(self, teller: str, listener: str, basis: Belief, seen: _Seen, applied: str,
                 fact: Fact, other: str | None, chat_rows: tuple[int, int, dict], log: list[LogEntry]) -> None:
        self.teller, self.listener, self.basis, self.seen = teller, listener, basis, seen
        self.applied, self.fact, self.other, self.log = applied, fact, other, log
        # the familiarity rows (teller's, listener's) and the listener's ties toward the teller by kind
        # (the graph's own dict, which trust reads: nothing in a run adds or drops a tie)
        self.chat_rows, self.toward = chat_rows[:2], chat_rows[2]
        self.pair = (teller, listener) if teller < listener else (listener, teller)


class _Lasting:
    """What a tick's tellings work out that the next tick's would work out alike: a claim's valence,
    blame and words by its fields (pure functions of the fields, the cast's names, the language and
    the predicates read with), what is asked of each claim object met (claims are not changed in
    place), a credibility by (trust, hops), a quotation's marks, a number's words.
    Worked out afresh every tick, most of a tick's claims were rendered again (the same rumour, the
    same few points of view). Kept per world while its names dict, language and predicate inventory
    (and that inventory's version) stay the ones it was made with; emptied past LASTING_MOST entries."""

    __slots__ = ("key", "asked", "seen", "credibility", "quoted", "two_places")

    def __init__(self, key: tuple) -> None:
        self.key = key
        # a claim's fields -> (valence, blames_subject, its words by point of view): hashed once per
        # claim object a tick meets, not once per words asked (a tuple does not keep its hash)
        self.asked: dict[tuple, tuple[float, bool, dict]] = {}
        # a claim object (held by its _Seen, so its id stays its own) -> what is asked of it: a faithful
        # retelling passes on the claim it was told, met when that telling was made
        self.seen: dict[int, _Seen] = {}
        self.credibility: dict[tuple[float, int], float] = {}
        self.quoted: dict[str, str] = {}  # spoken words -> the line's quotation, inner marks turned
        self.two_places: dict[float, str] = {}  # a strength or credibility -> its words on a line (:.2f)

    def holds(self, key: tuple) -> bool:
        k = self.key
        return (k[0] is key[0] and k[1] == key[1] and k[2] is key[2] and k[3] == key[3]
                and len(self.asked) + len(self.seen) + len(self.credibility) + len(self.quoted)
                + len(self.two_places) < LASTING_MOST)


LASTING_MOST = 100_000
_LASTING: WeakKeyDictionary[World, _Lasting] = WeakKeyDictionary()


def lasting(world: World, names: dict[str, str], language: str) -> _Lasting:
    """The world's `_Lasting`, made anew when what it was worked out with changed."""
    inventory = INVENTORY.current()
    key = (names, language, inventory, inventory.version)
    kept = _LASTING.get(world)
    if kept is None or not kept.holds(key):
        kept = _LASTING[world] = _Lasting(key)
    return kept


class _Tick:
    """What every telling of the tick shares: names, language, time, its stamp, the warm kinds, and a
    claim's words rendered once for each point of view that changes them (most of a tick's tellings
    retell the same few claims), a quotation's marks."""

    def __init__(self, world: World) -> None:
        self.names, self.language, self.zh = world.names(), world.language, world.language == "zh"
        self.tick, self.now = world.tick, world.now
        self.stamp = stamp(world)
        self.today = self.now.date().isoformat()
        self.warm: dict[str, bool] = {}
        kept = lasting(world, self.names, self.language)  # (from tick to tick: see _Lasting)
        self._asked, self._seen, self._credibility, self._quoted, self._two_places = (
            kept.asked, kept.seen, kept.credibility, kept.quoted, kept.two_places)

    def two_places(self, x: float) -> str:
        """`f"{x:.2f}"`, once per value (credibilities and strengths repeat)."""
        text = self._two_places.get(x)
        if text is None:
            text = self._two_places[x] = f"{x:.2f}"
        return text

    def credibility(self, trust: float, hops: int) -> float:
        """`credibility("told", ...)`, once per (trust, hops) (a pure function of them)."""
        c = self._credibility.get((trust, hops))
        if c is None:
            c = self._credibility[(trust, hops)] = credibility("told", trust_in_teller=trust, hops=hops)
        return c

    def is_warm(self, world: World, kind: str) -> bool:
        w = self.warm.get(kind)
        if w is None:
            w = self.warm[kind] = world.warm_tie(kind)
        return w

    def warm_kinds(self, world: World) -> dict[str, bool]:
        """Whether each kind of tie the graph holds is warm (trust reads those), as one dict."""
        for kind in world.graph.columns.kinds:
            self.is_warm(world, kind)
        return self.warm

    def seen(self, claim: Claim) -> _Seen:
        """The claim's fields, valence and blame, worked out once per claim object (a faithful
        retelling passes on the very claim object) and once per distinct fields."""
        seen = self._seen.get(id(claim))
        if seen is None or seen.claim is not claim:
            fields = tuple(claim.__dict__.values())
            asked = self._asked.get(fields)
            if asked is None:
                asked = self._asked[fields] = (claim.valence, claim.blames_subject, {})
            seen = self._seen[id(claim)] = _Seen(claim, fields, asked[0], asked[1], asked[2])
        return seen

    def quoted(self, spoken: str) -> str:
        """`inner_quotes` of the spoken words in their quotation marks, once per words: on a line
        whose other words hold no quotation mark, the marks turn as they would on the whole line."""
        q = self._quoted.get(spoken)
        if q is None:
            if self.zh:
                q = inner_quotes(f"“{spoken}”")
            else:  # (words with no double quote of their own: the two marks stay as they are)
                q = f'"{spoken}"' if '"' not in spoken else inner_quotes_en(f'"{spoken}"')
            self._quoted[spoken] = q
        return q

    def say(self, claim: Claim, listener: str | None = None, speaker: str | None = None) -> str:
        return self.words(self.seen(claim), listener, speaker)

    def words(self, seen: _Seen, listener: str | None = None, speaker: str | None = None) -> str:
        """`render_claim` of the claim seen, for this listener and speaker, once per claim fields and
        the points of view that change them."""
        people = seen.people
        key = (listener if listener in people else None, speaker if speaker in people else None)
        said = seen.said
        text = said.get(key)
        if text is None:
            text = said[key] = render_claim(seen.claim, self.names, self.language, listener=listener,
                                            speaker=speaker)
        return text


def chat_rows(players: frozenset[str], adj: dict, teller: str, listener: str) -> tuple[int, int, dict] | None:
    """The pair's familiarity edges (teller's, listener's) when this path can carry the telling out:
    neither is a player (players keep no memories or bonds) and both edges exist (a first chat
    creates them, which `actions.gossip` does), with the listener's ties toward the teller by kind
    (trust reads them). `players` is `world.players()`, `adj` the graph's adjacency (row_of twice, inline)."""
    if teller == listener or teller in players or listener in players:
        return None
    ab, ba = adj[teller].get(listener), adj[listener].get(teller)
    a = ab.get("familiarity") if ab is not None else None
    b = ba.get("familiarity") if ba is not None else None
    return None if a is None or b is None else (a["row"], b["row"], ba)


def record_retelling(world: World, tick: _Tick, teller: str, listener: str, seen: _Seen, spoken: str,
                     basis_id: str, applied: str) -> Fact:
    """`world.record("retell", ...)` as `retell` calls it, built without its per-field checks when
    the values are of their fields' types (they are: the claim is validated; else world.record)."""
    about, valence = seen.about, seen.valence
    if type(valence) is not float or type(about) is not str or type(basis_id) is not str:
        return world.record("retell", actor=teller, to=(listener,), about=about, text=spoken,
                            valence=valence, meta={"basis": basis_id, "distortion": applied})
    fact = _fact(world.new_id("f"), tick.tick, tick.now, "retell", teller, (listener,), about, spoken,
                 valence, {"basis": basis_id, "distortion": applied})
    return world.facts.append(fact)


class TellingRun:
    """Decided tellings whose writes wait, and what they will write (for the next telling's check)."""

    def __init__(self, world: World, memory: MemoryStore, tick: _Tick) -> None:
        self.world, self.memory, self.t = world, memory, tick
        self.pending: list[_Decided] = []
        self.listeners: set[str] = set()
        self.moved: set[tuple[str, str]] = set()  # (holder, other): warm edges appraisal may move
        self.pairs: set[tuple[str, str]] = set()  # pairs that chatted (familiarity both ways)
        self.runs = 0  # runs written (for tests and benches: how often a chain split the tick)

    def reads_written(self, d: _Decided) -> bool:
        """Whether the telling reads an edge an earlier telling of the run writes."""
        moved = self.moved
        return ((d.listener, d.teller) in moved or (d.other is not None and (d.listener, d.other) in moved)
                or d.pair in self.pairs)

    def appraises(self, d: _Decided) -> bool:
        """Whether the telling's appraisal will read and move edges: the listener has a warm tie toward
        the one blamed (else its write moves nothing, and a later telling to the same listener about
        the same person reads nothing this one writes: both may be in one run)."""
        keyed = self.world.graph.g._adj[d.listener].get(d.other)  # noqa: SLF001
        if keyed:
            world, tk = self.world, self.t
            for kind in keyed:
                if tk.is_warm(world, kind):
                    return True
        return False

    def add(self, d: _Decided) -> None:
        self.pending.append(d)
        self.listeners.add(d.listener)
        if d.other is not None and self.appraises(d):
            self.moved.add((d.listener, d.other))
        self.pairs.add(d.pair)

    def write(self) -> None:
        """Make the pending tellings' writes, in the one-by-one order."""
        pending = self.pending
        if not pending:
            return
        world, memory, tk = self.world, self.memory, self.t
        graph = world.graph
        cols = graph.columns
        adj = graph.g._adj  # noqa: SLF001
        names, zh, lang, tick, stamp_, today = tk.names, tk.zh, tk.language, tk.tick, tk.stamp, tk.today
        kinds_of = world.relation_kinds
        # every edge the run reads, gathered at once: nothing in the run writes what another of it reads
        trust_rows: list[list[int]] = []
        move_rows: list[list[tuple[str, int]]] = []
        wanted: list[int] = []
        chat_all: list[int] = []  # every chat's familiarity rows, in order (each at most once in a run)
        warm = tk.warm_kinds(world)
        for d in pending:
            rows = [data["row"] for kind, data in d.toward.items() if warm[kind]]
            trust_rows.append(rows)
            wanted += rows
            moves: list[tuple[str, int]] = []
            if d.other is not None:
                keyed = adj[d.listener].get(d.other)
                if keyed:  # by kind, as rows_between lists them
                    moves = sorted((k, data["row"]) for k, data in keyed.items() if warm[k])
                    wanted += [r for _, r in moves]
            move_rows.append(moves)
            chat_all += d.chat_rows
        wanted += chat_all
        at = np.array(wanted, dtype=np.int64)
        strength = dict(zip(wanted, cols.strength[at].tolist(), strict=True))
        chat_counts = cols.count[at[len(at) - len(chat_all):]].tolist()  # (only the chats read a count)
        t = cols.times.code(tk.now)
        chat_reason = f"{INTERACTION}: {'闲聊' if zh else 'chatted'}"
        kinds: list[str] = []
        items: list = []
        events: list[EventMemory] = []  # the items' events and beliefs apart, for put_all
        beliefs: list[Belief] = []
        changes: list[tuple[int, float, float, int, int, int]] = []
        code = cols.texts.code
        # the run's constant words, coded once when already interned (else as they come: texts keep their order)
        fact_kind, belief_kind, chat_code = (cols.texts.known(w) for w in ("fact", "belief", chat_reason))
        # the run's ids as `new_id` gives them, telling by telling (two memories, then a belief; nothing
        # else in the run takes one), the counters moved past them first
        counters = world.counters
        e_at, b_at = counters.get("e", 0), counters.get("b", 0)
        counters["e"], counters["b"] = e_at + 2 * len(pending), b_at + len(pending)
        # each chat's familiarity after it, its day counts moved past it (note_interaction) at once
        chatted = iter(chat_once_each(graph, chat_all, chat_counts, today))
        for d, trust_of, moves in zip(pending, trust_rows, move_rows, strict=True):
            teller, listener, seen, basis = d.teller, d.listener, d.seen, d.basis
            claim, valence, severity, about = seen.claim, seen.valence, seen.severity, seen.about
            # the fact's and the basis's fields read from their dicts (a model's attribute costs twice a key's)
            fact, held = d.fact.__dict__, basis.__dict__
            fid, f_tick, f_time, f_place, f_private = fact["id"], fact["tick"], fact["time"], fact["place"], \
                fact["private"]
            spoken, basis_id = fact["text"], held["id"]
            to, by = names[listener], names[teller]
            v_said, v_heard = valence * 0.3, valence * 0.6
            if -1.0 <= valence <= 1.0:  # (a claim's valence is: remember's clips are then no-ops)
                i_said, i_heard = abs(v_said), abs(v_heard)
            else:
                v_said, v_heard = max(-1.0, min(1.0, v_said)), max(-1.0, min(1.0, v_heard))
                i_said, i_heard = min(1.0, abs(v_said)), min(1.0, abs(v_heard))
            importance = 0.4 + 0.3 * severity
            # remember's check (`_memory`), made once for both: floats in range, a str, an int tick
            make = (_event if type(valence) is float and type(importance) is float and 0.0 <= importance <= 1.0
                    and type(f_tick) is int else _memory)
            e_at += 2
            b_at += 1
            # the retelling's participants (remember's people_of, no player): a list of its own for each
            said = make(f"e{e_at - 1}", teller, f_tick, f_time,
                        f"我跟{to}说：“{spoken}”" if zh else f'I told {to}: "{spoken}"',
                        f_place, [teller, listener], about, 0.2, v_said, i_said, "said", fid, False, f_private, {})
            heard = make(f"e{e_at}", listener, f_tick, f_time,
                         f"{by}跟我说：“{spoken}”" if zh else f'{by} told me: "{spoken}"',
                         f_place, [teller, listener], about, importance, v_heard, i_heard, "heard", fid, False,
                         f_private, {"teller": teller})
            hops = held["hops"] + 1
            trust = strength[trust_of[0]] if len(trust_of) == 1 else max((strength[r] for r in trust_of), default=0.5)
            b_text = seen.plain
            if b_text is None:
                b_text = seen.plain = tk.words(seen)
            bid, b_credibility, b_private = f"b{b_at}", tk.credibility(trust, hops), held["private"]
            # form_belief's check: values of their fields' own types are not validated again
            if type(hops) is int and hops >= 0 and type(b_credibility) is float and type(claim) is Claim \
                    and type(b_private) is bool:
                belief = _belief(bid, listener, claim, b_text, "told", teller, hops, held["origin_fact_id"], fid,
                                 basis_id, b_credibility, d.applied, f_tick, f_time, b_private)
            else:
                belief = Belief(**dict(zip(_BELIEF_FIELDS, (
                    bid, listener, claim, b_text, "told", teller, hops, held["origin_fact_id"], fid, basis_id,
                    b_credibility, d.applied, f_tick, f_time, b_private), strict=True)))
                b_text, b_credibility = belief.text, belief.credibility
            items += (said, heard, belief)
            kinds += ("event", "event", "belief")
            events += (said, heard)
            beliefs.append(belief)
            lines = []
            if moves:  # appraisal (appraise_belief_moves): the listener's warm edges toward the one blamed
                delta = appraisal_delta(memory, listener, d.other, claim, b_credibility,  # type: ignore[arg-type]
                                        valence, belief=belief)
                if abs(delta) >= 1e-4:
                    reason = appraisal_reason(lang, belief)
                    cause_kind = code("belief") if belief_kind is None else belief_kind
                    cause_id, reason_code = code(bid), code(reason)
                    for kind, r in moves:
                        before = strength[r]
                        after = clamp01(before + round(room(before, delta), 4))
                        changes.append((r, before, after, cause_kind, cause_id, reason_code))
                        lines.append((after, kind, before, reason))
            # the chat (bonds.interaction_rows, familiarity only): teller's edge, then listener's
            cause_kind = code("fact") if fact_kind is None else fact_kind
            cause_id = code(fid)
            reason_code = code(chat_reason) if chat_code is None else chat_code
            for r in d.chat_rows:
                changes.append((r, strength[r], next(chatted), cause_kind, cause_id, reason_code))
            log = d.log
            log.append(_line(tick, stamp_, "gossip", [teller, listener], _gossip_text(tk, by, to, spoken, d.applied),
                             {"fact": fid, "basis": basis_id, "belief": bid}))
            log.append(_line(tick, stamp_, "belief", [listener],
                             f"{to} 听信：{b_text}（可信度 {tk.two_places(b_credibility)}，第 {hops} 手）" if zh
                             else f"{to} now believes: {b_text} (credibility {tk.two_places(b_credibility)}, "
                                  f"hop {hops})", {"belief": bid}))
            if lines:  # strongest first, then by kind (moves_log's order: the target is one person)
                other_name = names.get(d.other, d.other)  # type: ignore[arg-type]
                for after, kind, before, reason in sorted(lines, key=lambda m: (-m[0], m[1])):
                    log.append(_line(tick, stamp_, "edge", [listener, d.other],
                                     f"{to} → {other_name} [{relation_label(lang, kind, kinds_of)}] "
                                     f"{tk.two_places(before)} → {tk.two_places(after)} ({reason})",
                                     {"cause": f"belief:{bid}"}))
        memory.put_all(kinds, items, (events, beliefs))
        _append_changes(graph, tick, t, changes)
        self.pending = []
        self.listeners.clear()
        self.moved.clear()
        self.pairs.clear()
        self.runs += 1


def _gossip_text(tk: _Tick, teller: str, listener: str, spoken: str, applied: str) -> str:
    """The gossip line (`actions.gossip`'s words): the quotation's marks turned once per words when
    the names and label around it hold no quotation mark (then they turn alike), else on the line."""
    if tk.zh:
        label = distortion_label("zh", applied)
        if not _ZH_MARKS.intersection(teller + listener + label):
            return f"{teller} 对 {listener} 说：{tk.quoted(spoken)}（{label}）"
        return inner_quotes(f"{teller} 对 {listener} 说：“{spoken}”（{label}）")
    if '"' not in teller and '"' not in listener and '"' not in applied:
        return f"{teller} to {listener}: {tk.quoted(spoken)} ({applied})"
    return inner_quotes_en(f'{teller} to {listener}: "{spoken}" ({applied})')


_ZH_MARKS = frozenset("“”")


def _append_changes(graph, tick: int, t: int, changes: list[tuple[int, float, float, int, int, int]]) -> None:  # noqa: ANN001
    """Every change of the run in one append to the change log, its edges' columns set by array
    (each edge at most once in a run: `_record`'s per-change steps, all at once)."""
    if not changes:
        return
    cols, log = graph.columns, graph.log
    r, before, after, cause_kind, cause_id, reason = zip(*changes, strict=True)
    r = np.array(r, dtype=np.int64)
    before, after = np.array(before, dtype=np.float64), np.array(after, dtype=np.float64)
    reason = np.array(reason, dtype=np.int64)
    log_rows = log.append_many(edge=r, seq=cols.count[r], tick=tick, time=t, before=before, after=after,
                               cause_kind=np.array(cause_kind, dtype=np.int64),
                               cause_id=np.array(cause_id, dtype=np.int64), reason=reason, prev=cols.tail[r])
    cols.tail[r] = log_rows
    cols.count[r] += 1
    cols.last_reinforced[r[after > before]] = t
    cols.strength[r] = after
    texts = cols.texts.values  # a run's reasons are a few words: each looked at once
    tagged = [c for c in set(reason.tolist()) if texts[c].startswith(TAG_PREFIX)]
    if tagged:  # (a comparison per tagged reason, a run has one or two: np.isin sorts, ~10x the cost)
        hit = reason == tagged[0]
        for c in tagged[1:]:
            hit |= reason == c
        cols.tagged[r[hit]] += 1
    cols.dirty[r] = True


def tell_all(world: World, memory: MemoryStore, pairs: list[tuple[str, str]], *,
             about: str | None = None) -> tuple[list[LogEntry], int]:
    """Carry out the tellings (teller, listener) in order as `actions.gossip` would one by one (no
    pinned words); returns the timeline and how many runs were written."""
    if any(world.warm_tie(k) for k in BOND_KINDS):  # a bond axis read as trust: the chat would move it
        return [e for t, li in pairs for e in gossip(world, memory, teller=t, listener=li, about=about,
                                                    text=None)], 0
    tk = _Tick(world)
    run = TellingRun(world, memory, tk)
    chars, rng, graph, players = world.characters, world.rng, world.graph, world.players()
    counters, append_fact = world.counters, world.facts.append
    adj, pred = graph.g._adj, graph.g._pred  # noqa: SLF001
    logs: list[list[LogEntry]] = []
    heard, moved, chatted = run.listeners, run.moved, run.pairs  # (a write empties them in place)
    for teller, listener in pairs:
        if teller in heard:  # it heard something earlier in the run: its pick must see it
            run.write()
        # chat_rows, inline (once per telling)
        rows = None
        if teller != listener and teller not in players and listener not in players:
            ab, ba = adj[teller].get(listener), adj[listener].get(teller)
            a = ab.get("familiarity") if ab is not None else None
            b = ba.get("familiarity") if ba is not None else None
            if a is not None and b is not None:
                rows = (a["row"], b["row"], ba)
        if rows is None:
            run.write()
            logs.append(gossip(world, memory, teller=teller, listener=listener, about=about, text=None))
            continue
        basis = pick_belief(memory, teller, listener, about)
        if basis is None:
            logs.append([_line(tk.tick, tk.stamp, "gossip", [teller, listener],
                                          f"{world.name(teller)} 没什么可传的" if tk.zh
                                          else f"{world.name(teller)} has nothing to pass on", {})])
            continue
        held = basis.__dict__  # (a model's attribute costs twice a key of its dict)
        told = held["claim"]
        # choose_distortion, inline: the teller's weights (`_raw_weights`), one uniform of the world's rng
        traits = chars[teller].__dict__["traits"]
        candour, exaggeration = traits.get("candour", 0.5), traits.get("exaggeration", 0.3)
        chosen = DISTORTIONS[_pick5(0.2 + candour * (1.0 - exaggeration), exaggeration, 0.5 * exaggeration,
                                    0.5 * traits.get("mischief", 0.1), 0.3 if told.__dict__["hedged"] else 0.0,
                                    rng.random())]
        if chosen == "faithful":  # (what distort gives back for it, without the call)
            claim, applied = told, "faithful"
        else:
            # only a misattribution needs the teller's circle (a sort over everyone they know): the graph's
            # `acquaintances`, its two adjacency dicts' keys read in place
            others = sorted(adj[teller].keys() | pred[teller].keys()) if chosen == "misattribute" else []
            claim, applied = distort(told, chosen, listener=listener, others=others, rng=rng,
                                     heard_from=held["told_by"])
        seen = tk.seen(claim)
        spoken, basis_id, about_, valence = tk.words(seen, listener, teller), held["id"], seen.about, seen.valence
        if type(valence) is float and type(about_) is str and type(basis_id) is str:
            # record_retelling, inline: world.new_id("f") and the fact built unvalidated, appended
            f_at = counters.get("f", 0) + 1
            counters["f"] = f_at
            fact = append_fact(_fact(f"f{f_at}", tk.tick, tk.now, "retell", teller, (listener,), about_, spoken,
                                     valence, {"basis": basis_id, "distortion": applied}))
        else:
            fact = record_retelling(world, tk, teller, listener, seen, spoken, basis_id, applied)
        other = responsible_for(claim, listener) if seen.blames else None
        decided = _Decided(teller, listener, basis, seen, applied, fact,
                           other if other is not None and other in chars else None, rows, [])
        # run.reads_written, then run.add, inline (once per telling)
        pair = decided.pair
        if ((listener, teller) in moved or (decided.other is not None and (listener, decided.other) in moved)
                or pair in chatted):
            run.write()
        run.pending.append(decided)
        heard.add(listener)
        if decided.other is not None and run.appraises(decided):
            moved.add((listener, decided.other))
        chatted.add(pair)
        logs.append(decided.log)
    run.write()
    return list(chain.from_iterable(logs)), run.runs
