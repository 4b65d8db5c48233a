"""A player vouching for someone else: what is said of them, reported, denied and excused.

"张嫂说小何故意抓错药，那不是真的，他只是太累了" was kept as one raw quoted belief ("阿远说张嫂说…")
and moved nothing: the denial after "，" was never seen, and the rumour it denied stayed as it was.
It says three things: someone's claim (张嫂's, about 小何), the player's denial of it, and an excuse
(tired: careless, not malicious). "那不是真的" alone, right after the NPC repeated a rumour to the
player, denies that rumour. `read_vouch` reads the line into a `Vouch`; sim/player_tells.py turns it
into beliefs and corrections, agents/defence.py into the NPC's answer. (Standing up for the listener
itself, "王婆说你…", is agents/defence.py's own.)
"""

from __future__ import annotations

import re
from typing import NamedTuple

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.perception import mentioned_ids, read_claim
from townsfolk.memory.predicates import INVENTORY
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

TRUSTED = 0.55  # trust in a player above a stranger's 0.5: their word against a rumour is taken


class Vouch(NamedTuple):
    """One line standing up for a third party."""

    about: str  # whom the player stands up for
    teller: str | None  # whose word is denied, when named or known
    accused: str  # the accused words as the rumour has them ("小何故意抓错药")
    excuse: str | None  # the excuse, the leading he/she as the name ("小何只是太累了"), or None
    rumour: str | None = None  # the belief denied, when the line denies what the NPC just said
    said: str = ""  # the report and its denial, without the excuse ("张嫂说小何故意抓错药，那不是真的")


_PIECE = re.compile(r"[，,。！？!?;；—]+|\.(?:\s+|$)|\s+-\s+")
DENIAL = {"en": re.compile(r"^\s*(?:(?:but|no|well),?\s+)*(?:(?:that|it|this)(?:'s| is| isn't| is not| was| wasn't| was not)\s+"
                           r"(?:not\s+|simply\s+not\s+|just\s+not\s+)?(?:true|so|right|fair|a lie|nonsense|rubbish|how it was)|"
                           r"not true|nonsense|rubbish|lies|that's a lie|it's a lie|i don'?t believe (?:it|that|a word)|"
                           r"(?:he|she|they) (?:didn'?t|did not|never did|would never)(?: do (?:it|that))?\s*$|"
                           r"(?:he|she|they) never meant (?:it|to))", re.IGNORECASE),
          "zh": re.compile(r"^\s*(?:可|但|但是|可是|其实)?(?:这|那|这话|那话)?(?:根本|压根)?(?:不是真的|不是这样|没有的事|"
                           r"没这回事|哪有这回事|瞎说|胡说|不对|根本没有|才不是|是瞎说|是胡说|是冤枉(?:他|她)?|冤枉)"
                           r"|^\s*(?:可|但|其实)?(?:他|她)(?:不是故意的|没有故意|可不是存心的|不是存心的)")}
EXCUSE = {"en": re.compile(r"\b(?:(?:was|is|'s|were|had been|has been)\s+(?:just\s+|only\s+|simply\s+|so\s+|too\s+|very\s+|"
                           r"completely\s+|dead\s+|plain\s+|worn\s+)*(?:exhausted|tired|worn out|overworked|half asleep|"
                           r"dead on (?:his|her|their) feet|run off (?:his|her|their) feet|ill|unwell|sick|distracted|rushed|"
                           r"flustered)|an honest mistake|was an accident|by accident|by mistake|didn'?t mean (?:it|to)|"
                           r"never meant (?:it|to)|a slip)\b", re.IGNORECASE),
          "zh": re.compile(r"(?:太累|累坏|累糊涂|累昏|累得|太困|困得|没睡好|一夜没睡|熬了一宿|忙昏|忙糊涂|忙晕|忙不过来|看花了眼|"
                           r"没看清|一时糊涂|一时疏忽|不小心|手忙脚乱|病了|不舒服|不是故意|不是存心|没留神)")}
# "X says / told me / thinks ... (that) REST": the report, X named at its head; zh 听X说 too
_REPORT = {"en": r"^(?:(?:i heard from|according to) {x},?\s+|{x}\s+(?:says|said|is saying|told me|tells everyone|"
                 r"is telling (?:everyone|people|folk)|claims|claimed|reckons|thinks|swears|believes|told you)\s+(?:that\s+)?)"
                 r"(?P<rest>.+)$",
           "zh": r"^(?:听{x}说|{x}(?:跟我说|告诉我|和我说|对我说|跟你说|告诉你|到处说|跟人说|逢人就说|说|讲|传)(?:了|过)?[，,：:]?)"
                 r"(?P<rest>.+)$"}
_PRONOUN = {"en": re.compile(r"^\s*(?:he|she|they)\b", re.IGNORECASE), "zh": re.compile(r"^\s*[他她]")}
_YOU = {"en": re.compile(r"^\s*(?:you|you're|you've|your)\b", re.IGNORECASE), "zh": re.compile(r"^\s*[你您]")}
_LOOK_BACK = 40  # facts scanned back for the NPC's last answer to the player


_LOWER_AFTER_COMMA = re.compile(r"^(?:That|It|This|He|She|They|But|No|Not|Nonsense|Rubbish|Lies)\b")


def _joined(pieces: list[str], lang: str) -> str:
    """Clauses said as one sentence again ("..., that isn't true"): a sentence's capital let go."""
    if lang == "zh":
        return "，".join(pieces)
    return ", ".join([pieces[0], *(p[0].lower() + p[1:] if _LOWER_AFTER_COMMA.match(p) else p for p in pieces[1:])])


def _pieces(text: str) -> list[str]:
    return [p.strip() for p in _PIECE.split(text) if p and p.strip()]


def _as_named(world: World, who: str, clause: str, lang: str) -> str:
    """The clause with its leading he/she as the person's name ("他只是太累了" -> "小何只是太累了")."""
    m = _PRONOUN[lang].match(clause)
    if m is None:
        return clause
    rest = clause[m.end():].lstrip()
    return world.name(who) + ("" if lang == "zh" or rest.startswith("'") else " ") + rest


def _excuse(world: World, who: str, pieces: list[str], lang: str) -> str | None:
    for piece in pieces:
        if EXCUSE[lang].search(piece):
            return _as_named(world, who, re.sub(r"^\s*(?:but|and|so)\s+", "", piece, flags=re.IGNORECASE), lang)
    return None


def _reported(world: World, speaker: str, npc: str, report: str, lang: str) -> tuple[str, str, str] | None:
    """(teller, whom it accuses, the accused words) when the words report someone's claim about a third party."""
    for cid in [c for c in mentioned_ids(world, report) if c not in (speaker, npc)]:
        name = world.name(cid)
        pattern = _REPORT[lang].format(x=re.escape(name.lower() if lang == "en" else name))
        m = re.match(pattern, report.lower() if lang == "en" else report)
        if m is None:
            continue
        rest = report[m.start("rest"):].strip()
        if _YOU[lang].match(rest):
            return None  # "王婆说你…": the listener defended (agents/defence.py)
        about = next((c for c in mentioned_ids(world, rest) if c not in (speaker, npc, cid)), None)
        return (cid, about, rest) if about is not None else None
    return None


def last_rumour_said(world: World, memory: MemoryStore, speaker: str, npc: str,
                     asked: str | None = None) -> Belief | None:
    """The second-hand blame the NPC's last answer to the speaker (today, nothing said since) was
    grounded on: what "那不是真的" / "That's not true" denies. `asked`: the fact of the line being
    read, when the NPC's answer to it is recorded already (that answer, and what follows, is passed over)."""
    now = world.now.date()
    facts = list(world.facts)[-_LOOK_BACK:]
    if asked is not None:
        at = next((i for i, f in enumerate(facts) if f.id == asked), None)
        facts = facts[:at] if at is not None else facts
    for fact in reversed(facts):
        if fact.time.date() != now:
            return None
        if fact.kind == "ask" and fact.actor == speaker and npc in fact.to:
            continue  # the line being answered (recorded before this reading)
        if fact.kind != "reply" or fact.actor != npc or speaker not in fact.to:
            if fact.actor == speaker or (fact.kind == "reply" and speaker in fact.to):
                return None  # the speaker talked with someone else since
            continue
        ids = (fact.meta or {}).get("grounding") or []
        told = [memory.beliefs[i] for i in ids if i in memory.beliefs]
        for belief in told:
            if (belief.holder == npc and belief.status == "held" and belief.source == "told"
                    and belief.told_by not in (speaker, None) and belief.claim.about not in (speaker, npc)
                    and not belief.claim.negated and belief.claim.valence < 0):
                return belief
        return None
    return None


# "She's no cheat", "Lise isn't always late", "小柳不是那种人": the one defended said not to be what
# is said of them (the name, or he/she, at the head); "only late", "就是这回晚了一点": the milder account.
# 他是不是坏人？ asks (是不是, 算不算, 有没有): its 不是 denies nothing (M-5)
_NOT_SO = {"en": re.compile(r"^\s*(?:(?:but|no|well),?\s+)*(?P<who>[A-Z][\w'-]*|he|she|they)(?:'s| is| isn't| is not| was not|"
                            r" wasn't|'s not| are not| aren't)\s+(?:(?:no|not|not a|not an|never|never a|never an|not always|"
                            r"not that kind of|no kind of)\s+)?(?:cheat|liar|thief|crook|swindler|cheater|fraud|rogue|"
                            r"like that|that sort|that kind|always\s+\w+|a cheat|a liar|a thief|a crook)\b", re.IGNORECASE),
           "zh": re.compile(r"^\s*(?:可|但|其实)?(?P<who>[\u4e00-\u9fff]{1,3}?|他|她)(?:根本|压根|才|可|也)?(?:(?<!是)不是|(?<!算)不算|(?<!有)没)"
                            r"(?:那种人|那样的人|骗子|坏人|小偷|贼|总是|老是|一直|故意|存心|总(?!算|共|之|归|得))")}
_NEGATION_EN = re.compile(r"\b(is|was|are|were)(?:n't| not)\b|\b(\w+)'s not\b|\b(\w+)'s no\b", re.IGNORECASE)
_MILDER = {"en": re.compile(r"\b(?:only|just|merely)\b|\bthis once\b|\bonce\b", re.IGNORECASE),
           "zh": re.compile(r"就是|只是|不过是|这回|这一回|一回|这次|一次|一点")}


def _not_so(world: World, memory: MemoryStore, speaker: str, npc: str, pieces: list[str], lang: str,
            asked: str | None) -> Vouch | None:
    """"That's not fair on Lise. She's no cheat, her papers were only late": the one defended said not
    to be what is said of them, with a milder account beside it: a denial of the harsher rumour (the
    one the NPC just told the speaker, or else the blame it holds of them the words repeat), the milder
    account an excuse, never a blame of its own that would cool the tie to the one defended."""
    at = next((i for i, p in enumerate(pieces) if _NOT_SO[lang].match(p)), None)
    at = next((i for i, p in enumerate(pieces) if DENIAL[lang].match(p) and mentioned_ids(world, p)), None) \
        if at is None else at
    if at is None:
        return None
    others = [c for c in mentioned_ids(world, "，".join(pieces)) if c not in (speaker, npc)]
    rumour = last_rumour_said(world, memory, speaker, npc, asked)
    if rumour is not None and all(c == rumour.claim.about for c in others):
        about = rumour.claim.about
        accused = (rumour.claim.quote or rumour.text).rstrip("。.!！?？")
        teller: str | None = rumour.told_by
        said = f"{accused}{'？' if lang == 'zh' else '? '}{_as_named(world, about, pieces[at], lang)}"
    else:
        if len(others) != 1:
            return None
        about, teller, rumour = others[0], None, None
        piece = _as_named(world, about, pieces[at], lang)
        accused = (_NEGATION_EN.sub(lambda m: m.group(1) or f"{m.group(2) or m.group(3)}'s", piece) if lang == "en"
                   else re.sub(r"(?:根本|压根|才|可|也)?(?:不是|不算|没)", "", piece, count=1))
        said = piece
    milder = next((p for p in pieces[at + 1:] if _MILDER[lang].search(p) and not DENIAL[lang].match(p)), None)
    excuse = _excuse(world, about, pieces[at + 1:], lang) or (_as_named(world, about, milder, lang) if milder else None)
    vouch = Vouch(about=about, teller=teller, accused=accused, excuse=excuse,
                  rumour=rumour.id if rumour is not None else None, said=said)
    # with no rumour just told: only when the NPC holds a blame the words deny ("Tom isn't always home
    # on Mondays" stays news)
    return vouch if rumour is not None or blame_denied(world, memory, npc, vouch) else None


def read_vouch(world: World, memory: MemoryStore, *, speaker: str, npc: str, text: str,
               asked: str | None = None) -> Vouch | None:
    """The line read as vouching for someone else, or None (`asked`: the line's own fact, once answered)."""
    lang = "zh" if world.language == "zh" else "en"
    pieces = _pieces(text)
    at = next((i for i, p in enumerate(pieces) if DENIAL[lang].match(p)), None)
    if at is None or (at == 0 and any(c not in (speaker, npc) for c in mentioned_ids(world, text))):
        return _not_so(world, memory, speaker, npc, pieces, lang, asked)
    if at == 0:  # "那不是真的，他只是太累了": the rumour the NPC has just told the speaker
        rumour = last_rumour_said(world, memory, speaker, npc, asked)
        if rumour is None:
            return None
        about = rumour.claim.about
        accused = (rumour.claim.quote or rumour.text).rstrip("。.!！?？")
        return Vouch(about=about, teller=rumour.told_by, accused=accused,
                     excuse=_excuse(world, about, pieces[1:], lang), rumour=rumour.id,
                     said=f"{accused}{'？' if lang == 'zh' else '? '}{pieces[0]}")
    report = ("，" if lang == "zh" else ", ").join(pieces[:at])
    read = _reported(world, speaker, npc, report, lang)
    if read is None:
        return None
    teller, about, accused = read
    return Vouch(about=about, teller=teller, accused=accused, excuse=_excuse(world, about, pieces[at + 1:], lang),
                 said=_joined(pieces[:at + 1], lang))


def shares_words(a: str, b: str, zh: bool) -> bool:
    """Whether two sayings share at least two words (zh: two character pairs): a denial read as no
    particular wrong ("张嫂说小何明天来，不对") is about a rumour only when it repeats its words."""
    if zh:
        pairs = [{x + y for x, y in zip(t, t[1:], strict=False) if "\u4e00" <= x <= "\u9fff" and "\u4e00" <= y <= "\u9fff"}
                 for t in (a, b)]
    else:
        pairs = [set(re.findall(r"[a-z']{4,}", t.lower())) for t in (a, b)]
    return len(pairs[0] & pairs[1]) >= 2


def reads_as_blame(predicate: str) -> bool:
    """Whether the accused words read as a wrong of the one vouched for (not news, not praise)."""
    spec = INVENTORY.get(predicate)
    return spec is not None and spec.valence < 0 and spec.blames_subject


def blame_denied(world: World, memory: MemoryStore, npc: str, vouch: Vouch) -> list[Belief]:
    """The second-hand blame of the one vouched for that the line denies: the belief the NPC just
    said, or one of the wrong the accused words read as, or one the named teller passed on (when
    the words read as no wrong, only one that shares them)."""
    zh = world.language == "zh"
    predicate = read_claim(memory, vouch.accused, about=vouch.about).predicate
    blames = reads_as_blame(predicate)
    out = []
    for b in memory.beliefs_of(npc):
        if (b.status != "held" or b.source != "told" or b.claim.about != vouch.about or b.claim.negated
                or b.claim.valence >= 0):
            continue
        if vouch.rumour is not None:
            if b.id == vouch.rumour:
                out.append(b)
            continue
        if b.claim.predicate == predicate or (
                vouch.teller is not None and vouch.teller in (b.told_by, b.claim.said_by)
                and (blames or shares_words(b.claim.quote or b.text, vouch.accused, zh))):
            out.append(b)
    return out
