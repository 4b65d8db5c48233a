"""What a player tells an NPC in conversation, the NPC holds as a belief (told by the player).

`town.say(player, npc, "Tomas took the flour for the sick")` used to leave only the memory of being
spoken to: asked later what it knows of Tomas, the NPC had nothing, and a whisper (`private=True`)
was lost the same way. A statement (intent `tell`, or chat that is no question) that names someone else now becomes the NPC's
belief about that person, with the player as its teller (one hop, credibility from the NPC's trust
in the player), appraised like any telling. A whisper's belief is private: the gossip step never
passes a private belief on and no other player's context sees it (memory/privacy.py), so it stays
with this NPC. "He had taken them for the sick" means the last person this player named to this
NPC today. A player standing up for someone else ("张嫂说小何故意抓错药，那不是真的，他只是太累了",
agents/vouch.py) is a denial weighed by trust in the player: the rumour it denies is superseded or
weakened, its edge moves undone in proportion, and an excuse held as the lesser blame.
"""

from __future__ import annotations

import re

from townsfolk.agents.appraisal import EdgeMove, appraise_belief_moves, undo_belief_moves
from townsfolk.agents.barter import read_offer
from townsfolk.agents.listener_words import drop_opener
from townsfolk.agents.only_said import harsher_word, only_said
from townsfolk.agents.retraction import is_retraction
from townsfolk.agents.vouch import TRUSTED as _TRUSTED
from townsfolk.agents.vouch import Vouch, read_vouch, reads_as_blame, shares_words
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.perception import form_belief, mentioned_ids, read_claim, trust_in
from townsfolk.memory.predicates import INVENTORY
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.told_clauses import JOIN as _JOINED
from townsfolk.sim.told_clauses import clauses
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

_PRONOUN_LEAD = {"en": re.compile(r"^\s*(?:he|she|they|him|her)\b", re.IGNORECASE), "zh": re.compile(r"^\s*[他她]")}
_LOOK_BACK = 40  # facts scanned back for the person a pronoun stands for
# a question tells nothing, whatever the intent reader made of it ("林旅人跟你说过什么秘密吗？")
_QUESTION = {"en": re.compile(r"\?|^\s*(?:(?:so|and|but|well|oh),?\s+)?(?:did|does|do|is|was|were|are|has|have|had|"
                               r"can|could|will|would|who|what|why|how|when|where|which)\b", re.IGNORECASE),
             "zh": re.compile(r"[？?]|[吗呢]\s*[。！!]?\s*$|是不是|有没有|是否|会不会|对不对")}
_STATEMENT_INTENTS = ("tell", "chat")
EXCUSED = 0.5  # how much of a slip's weight is left once excused ("he was just exhausted")
TRUSTED = _TRUSTED  # trust in a player above a stranger's 0.5: their denial of a rumour supersedes it


def _named_earlier(world: World, player: str, npc: str, before: Fact) -> str | None:
    """The last other person the player named to this NPC on the same day (what 'he' refers to)."""
    facts = list(world.facts)
    for fact in reversed(facts[-_LOOK_BACK:]):
        if fact.id == before.id or fact.kind != "ask" or fact.actor != player or npc not in fact.to:
            continue
        if fact.time.date() != before.time.date():
            return None
        named = [c for c in mentioned_ids(world, fact.text) if c not in (player, npc)]
        if named:
            return named[0]
    return None


def subject_of(world: World, player: str, npc: str, fact: Fact) -> tuple[str | None, str | None]:
    """(whom the statement is about, the other person in it) or (None, None) when it names nobody."""
    named = [c for c in mentioned_ids(world, fact.text) if c not in (player, npc)]
    lang = "zh" if world.language == "zh" else "en"
    if named and not _PRONOUN_LEAD[lang].match(fact.text):
        return named[0], (named[1] if len(named) > 1 else None)
    earlier = _named_earlier(world, player, npc, fact) if _PRONOUN_LEAD[lang].match(fact.text) else None
    if earlier is not None:
        return earlier, next((c for c in named if c != earlier), None)
    return (named[0], named[1] if len(named) > 1 else None) if named else (None, None)


# "Hanna thinks you stole the flour" is Hanna's view of the listener (an attitude), not a theft by
# Hanna; "Tomas told me Ilse burned the bread" is Tomas's word about Ilse. {x}: a name in the text.
_ATTITUDE = {"en": r"^(?:i heard |apparently |they say |word is )?{x} (?:thinks|believes|reckons|says|is saying|claims|"
                   r"told everyone|is telling (?:everyone|people)|suspects) (?:that )?(?P<rest>.+)$",
             # 阿海在背后说柳娘的绣活粗糙 (M-12): a 背后 / 私下 / 到处 before the verb is still his view of her
             "zh": r"^(?:听说|据说)?{x}(?:在背后|背地里|背后|私下里?|私底下|在外面|到处|逢人就|老是|总是|一直)?"
                   r"(?:觉得|认为|说|嫌|怀疑|以为|到处说|跟人说)(?P<rest>.+)$"}
# ... and, a sentence of its own, what someone only said ("老秦没那么说，他只说小虎忘了拴马": 老秦's word about
# 小虎, not the player's word that 老秦 was careless)
_REPORTED = {"en": r"^(?:{x} told me|i heard from {x}|according to {x},?|{x} (?:only |just |merely )?(?:said|says|has been saying)"
                   # what one told another ("Dorrit told Jasper you called Milo unreliable": Dorrit's word, not her
                   # being unreliable; third newcomer K-2)
                   r"|{x} (?:told|has told|was telling|kept telling) (?!me\b)[a-z][\w'-]*) (?:that )?(?P<rest>.+)$",
             "zh": r"^(?:{x}(?:跟我说|告诉我|和我说|对我说|只说|就说|只是说|不过说)了?过?|听{x}说"
                   r"|{x}(?:跟|和|对)(?!我)[\u4e00-\u9fff]{{1,4}}?(?:说|讲)了?过?|{x}告诉(?!我)[\u4e00-\u9fff]{{1,4}}?(?=你|他|她))"
                   r"[，,：:]?(?P<rest>.+)$"}
# ... and someone said NOT to have said it ("Pell never said Rowan is a thief", "春嫂没说过小虎不老实", "Pell didn't
# say that", "春嫂没那么说"): a denial of their word, never their deed nor their accusation (it read as 春嫂 being
# dishonest, and cooled the hearer toward her); at most it takes back the belief that they said it
_UNSAID = {"en": r"^{x} (?:never|didn't|did not|has never|hasn't|had never)\s+(?:once\s+|ever\s+)?(?:said|say|claimed|claim|"
                 r"told (?:anyone|anybody|me|us|people|you))(?: that)?\s+(?P<rest>.+)$",
           "zh": r"^{x}(?:从来|从|也|并|可|根本|压根儿?)?(?:没有|没|未曾|不曾|从未)(?:有)?(?:说|讲|提|(?=(?:那么|这么|这样|那样)说))"
                 r"(?:过)?(?P<rest>.*)$"}
_UNSAID_THAT = {"en": re.compile(r"^(?:that|so|it|any such thing|anything like that|anything of the kind|such a thing)$",
                                 re.IGNORECASE),
                "zh": re.compile(r"^(?:那么说|这么说|这样说|那样说|这话|那话|这种话|那种话)(?:过)?$")}
_YOU = {"en": re.compile(r"^(?:you|you're|you've|your)\b", re.IGNORECASE), "zh": re.compile(r"^你")}
# "Dot is telling everyone Agnes stole your net. That's not true, she was mending it": the rumour is
# reported to be denied; the player says Agnes did not steal it, not that Dot thinks so
_DENIAL = {"en": re.compile(r"^\s*(?:(?:but|no),?\s+)?(?:(?:that|it)(?:'s| is| isn't| is not| was| wasn't)\s+(?:not\s+)?"
                            r"(?:true|so|right|a lie|nonsense|rubbish)|not true|nonsense|rubbish|lies)\b", re.IGNORECASE),
           "zh": re.compile(r"^\s*(?:可|但)?(?:这|那)?(?:不是真的|不是这样|没有的事|瞎说|胡说|不对|根本没有|才不是)")}


# "我其实欠了王婆三两银子" / "Honestly, I owe Bram two crowns": the player is the one who did it (or
# owes), not the person named after the verb; "我听说/我觉得/I heard/I think ..." reports someone else
_I_DID = {"zh": re.compile(r"^\s*(?:(?:其实|说实话|老实说|实话说|不瞒你说|说真的|唉|哎)[，,]?\s*)?我(?:其实|之前|以前|上回|昨天|前天|"
                           r"今天|早上|刚才|已经|还|也|都)*"
                           r"(?!们|的|听|觉|认为|看|瞧|见|发现|知道|猜|想|怀疑|估计|记得|跟你|告诉|说|相信|怕|担心|希望|以为|是说)"),
          "en": re.compile(r"^\s*(?:(?:honestly|actually|to be honest|truth is|look|well|so),?\s+)?i(?:'ve|'d| have| had)?"
                           r"\s+(?!heard|hear|think|thought|believe|saw|see|seen|know|knew|guess|suspect|reckon|noticed|"
                           r"found|feel|felt|remember|wonder|hope|fear|doubt|bet|was told|am told|told|mean|'m|am\b)",
                           re.IGNORECASE)}
_ME = {"zh": re.compile(r"我(?!们)"), "en": re.compile(r"\b(?:me|my|mine)\b", re.IGNORECASE)}
_YOU_WORD = {"zh": re.compile(r"你(?!们)"), "en": re.compile(r"\byou\b", re.IGNORECASE)}


def _after_name(world: World, who: str, text: str) -> str | None:
    """The words after the first mention of someone (where an object of their deed is), or None."""
    at = text.lower().find(world.name(who).lower())
    return text[at + len(world.name(who)):] if at >= 0 else None


def _player_did(world: World, player: str, npc: str, text: str, lang: str) -> str | None:
    """When the player is the subject of the statement ("我欠了王婆…"), the one the deed concerns
    (whoever is named, the listener included, or the listener as 你/you); None when the statement
    is not the player's own doing, or concerns nobody else."""
    if not _I_DID[lang].match(text):
        text = drop_opener(text, lang)  # "Keep this between us: I still owe Pell money" / "别告诉别人，我欠春嫂的钱还没还"
        if not _I_DID[lang].match(text):  # was read as Pell owing money, and cooled the hearer toward the creditor
            return None
    named = [c for c in mentioned_ids(world, text) if c != player]
    if named:
        return named[0]
    return npc if _YOU_WORD[lang].search(text) else None


def _lead(world: World, pattern: str, text: str, ids: list[str]) -> tuple[str, str] | None:
    """(the person named at the head of the pattern, the rest of the sentence) when it matches."""
    for cid in ids:
        m = re.match(pattern.format(x=re.escape(world.name(cid).lower() if pattern.isascii() else world.name(cid))),
                     text.lower() if pattern.isascii() else text)
        if m is not None:
            start = m.start("rest")
            return cid, text[start:].strip()
    return None


_CLAUSE_BREAK = re.compile(r"[，,。！？!?.;；]")
_SENTENCE = re.compile(r"[^。！？!?.;；]+[。！？!?.;；]*")
_PRONOUN_WORD = {"en": re.compile(r"^\s*(?:he|she|they)\b", re.IGNORECASE), "zh": re.compile(r"^\s*[他她]")}
_SECOND_EN = [(r"\byou(?:'re| are)\b", "{n} is"), (r"\byou were\b", "{n} was"), (r"\byou(?:'ve| have)\b", "{n} has"),
              (r"\byourself\b", "{n}"), (r"\byour\b", "{n}'s"), (r"\byou\b", "{n}")]


def without_vocative(world: World, npc: str, text: str) -> str:
    """The words without the listener's name said to them ("阿海，老陈…", "Dov, Ysolde…"): the
    address is not part of what was told, and kept it reads "you told me that Dov, …"."""
    return re.sub(rf"^\s*{re.escape(world.name(npc))}\s*[，,:：]\s*", "", text, flags=re.IGNORECASE)


def as_listener_keeps_it(world: World, npc: str, text: str) -> str:
    """The quote with the player's "you" turned to the listener's name, as the listener keeps it
    (retold, "你" would be whoever hears it next)."""
    name = world.name(npc)
    if world.language == "zh":
        return re.sub(r"你(?!们)(?!知道吗|懂的|看啊|想想)|您", name, text)  # (你知道吗, 你懂的: a filler, nobody's)
    # "..., you know." / "you see": a filler, nobody's (it was kept as "Agatha thinks highly of Milo, Jasper know")
    text = re.sub(r"^\s*you (?:know|see),\s*", "", text, flags=re.IGNORECASE)
    text = re.sub(r",?\s*\byou (?:know|see)\b(?=\s*[.!?,;]|\s*$)", "", text, flags=re.IGNORECASE)
    for pattern, repl in _SECOND_EN:
        text = re.sub(pattern, repl.format(n=name), text, flags=re.IGNORECASE)
    return text


_FIRST_EN = [(r"\bI(?:'m| am)\b", "{n} is"), (r"\bI was\b", "{n} was"), (r"\bI(?:'ve| have)\b", "{n} has"),
             (r"\bmyself\b", "{n}"), (r"\bmy\b", "{n}'s"), (r"\bmine\b", "{n}'s"), (r"\b(?:I|me)\b", "{n}")]


def as_speaker_said_it(world: World, player: str, text: str) -> str:
    """The player's words of themselves with their I / 我 as their name, as the listener keeps them
    (kept as 我, they read as the listener's own deed when it says them)."""
    name = world.name(player)
    if world.language == "zh":
        return re.sub(r"我(?!们)", name, text)
    for pattern, repl in _FIRST_EN:
        text = re.sub(pattern, repl.format(n=name), text)
    return text


def _sentences_resolved(world: World, player: str, npc: str, text: str, lang: str) -> list[str]:
    """The sentences of the statement, a leading he/she put back as the person named before it
    ("Brannock is upset with you. He thinks you cheated him.")."""
    out: list[str] = []
    last: str | None = None
    for m in _SENTENCE.finditer(text):
        sentence = m.group(0).strip().rstrip("。.!！;；")
        if not sentence:
            continue
        lead = _PRONOUN_WORD[lang].match(sentence)
        if lead is not None and last is not None:
            sentence = world.name(last) + ("" if lang == "zh" else " ") + sentence[lead.end():].lstrip()
        named = [c for c in mentioned_ids(world, sentence) if c not in (player, npc)]
        last = named[0] if named else last
        out.append(sentence)
    return out


def read_statement(world: World, memory: MemoryStore, *, player: str, npc: str, fact: Fact) -> Claim | None:
    """The claim a player's statement makes, or None when it names nobody but the two of them."""
    claim = _read_statement(world, memory, player=player, npc=npc, fact=fact)
    if claim is not None and claim.quote:
        # the confiding opener ("Between you and me,", 别告诉别人) is how it was said, not what: kept, it became
        # "Between Rowan and me, I think ..." and was said back as "You told me that Between me and me, ..."
        quote = drop_opener(without_vocative(world, npc, claim.quote), "zh" if world.language == "zh" else "en")
        if claim.about == player:  # "不瞒你说，我把老张的磨盘弄坏了": kept as 旅客把老张的磨盘弄坏了
            quote = as_speaker_said_it(world, player, quote)
        claim = claim.model_copy(update={"quote": as_listener_keeps_it(world, npc, quote)})
    return claim


def reported_attitude(world: World, memory: MemoryStore, *, speaker: str, listener: str, text: str) -> Claim | None:
    """Words that report a third person's view of someone ("Ida says you are lazy", 阿青说你不靠谱), read as
    that person's attitude, or None: a scripted `say` with `about: ida` kept it as "Colm says Ida is lazy"."""
    lang = "zh" if world.language == "zh" else "en"
    return _attitude(world, memory, player=speaker, npc=listener, text=_spoken(world, listener, text), lang=lang)


def _attitude(world: World, memory: MemoryStore, *, player: str, npc: str, text: str, lang: str) -> Claim | None:
    """One sentence read as someone's view of someone ("Brannock thinks you cheated him")."""
    ids = [c for c in mentioned_ids(world, text) if c not in (player, npc)]
    lead = _lead(world, _ATTITUDE[lang], text, ids)
    if lead is not None:
        holder, rest = lead
        others = [c for c in mentioned_ids(world, rest) if c not in (player, holder)]
        target = npc if _YOU[lang].match(rest) else (others[0] if others else None)
        if target is not None:
            read = read_claim(memory, rest, about=target)
            if read.predicate != "remark" and not read.negated:
                return Claim(about=holder, predicate=read.predicate, target=target, severity=read.severity,
                             said_by=holder, quote=text, tone=read.tone)
    return None


def _unsaid(world: World, memory: MemoryStore, *, player: str, npc: str, text: str, lang: str) -> Claim | None:
    """The player's word that someone did not say something of someone: their attitude, negated (so it
    moves no tie), aimed at whom the words name; "didn't say that" denies what the NPC holds they said."""
    ids = [c for c in mentioned_ids(world, text) if c not in (player, npc)]
    lead = _lead(world, _UNSAID[lang], text, ids)
    if lead is None:
        return None
    holder, rest = lead
    first, _, after = (re.split(r"([，,;；])", rest, maxsplit=1) + ["", ""])[:3]
    first = first.strip().rstrip("。.!！")
    if after.strip() and (not first or _UNSAID_THAT[lang].match(first)):
        return None  # "春嫂没那么说，她只说小虎忘了拴船": what she did say is read as her word (_reported_lead)
    if not first or _UNSAID_THAT[lang].match(first):
        said = [b for b in memory.beliefs_of(npc) if b.claim.is_attitude and b.claim.about == holder
                and not b.claim.negated]
        if not said:
            return Claim(about=holder, predicate="remark", severity=0.0, said_by=player, quote=text, tone=0.0,
                         negated=True)
        last = max(said, key=lambda b: (b.tick, b.id)).claim
        return Claim(about=holder, predicate=last.predicate, target=last.target, severity=last.severity, said_by=player,
                     quote=text, tone=last.tone, negated=True)
    others = [c for c in mentioned_ids(world, first) if c not in (player, holder)]
    target = npc if _YOU[lang].match(first) else (others[0] if others else None)
    read = read_claim(memory, first, about=target or holder)
    return Claim(about=holder, predicate=read.predicate, target=target, severity=read.severity, said_by=player,
                 quote=text, tone=read.tone, negated=True)


def _spoken(world: World, npc: str, text: str) -> str:
    """The statement without the listener's name said first and its closing mark."""
    return without_vocative(world, npc, text.strip()).rstrip("。.!！")


def _read_statement(world: World, memory: MemoryStore, *, player: str, npc: str, fact: Fact) -> Claim | None:
    lang = "zh" if world.language == "zh" else "en"
    text = _spoken(world, npc, fact.text)
    sentences = _sentences_resolved(world, player, npc, text, lang)
    unsaid = _unsaid(world, memory, player=player, npc=npc, text=sentences[0], lang=lang) if sentences else None
    if unsaid is not None:
        return unsaid.model_copy(update={"quote": text})
    for i, sentence in enumerate(sentences):
        held = _attitude(world, memory, player=player, npc=npc, text=sentence, lang=lang)
        if held is not None:
            if held.target is not None and held.target != npc and any(_DENIAL[lang].match(s) for s in sentences[i + 1:]):
                # reported to be denied: the player's word is that the target did not do it
                return Claim(about=held.target, predicate=held.predicate, severity=held.severity, said_by=player,
                             quote=text, tone=held.tone, negated=True)
            return held.model_copy(update={"quote": text})
    lead = _reported_lead(world, player, npc, text, lang)
    if lead is not None:
        teller, rest = lead
        rest = first_sentence(rest)  # "Agatha only said you rushed the page. Jasper made it sound worse.": the
        # second sentence is the player's own word about Jasper, never a part of Agatha's (K-22)
        if _YOU[lang].match(rest) and not [c for c in mentioned_ids(world, rest) if c not in (player, teller, npc)]:
            # her word of the listener alone ("Agatha only said you rushed the page"): her attitude toward them, as
            # the player reports it (not "Dorrit told Jasper you called Milo unreliable": a word about Milo)
            read = read_claim(memory, rest, about=npc)
            if read.predicate == "remark":  # no word of the inventory: her words, as the player put them
                return read.model_copy(update={"said_by": teller, "quote": rest})
            return Claim(about=teller, predicate=read.predicate, target=npc, severity=read.severity, said_by=teller,
                         quote=first_sentence(text), tone=read.tone)
        about = next((c for c in mentioned_ids(world, rest) if c not in (player, teller)), None)
        if about is not None and about != npc:
            others = [c for c in mentioned_ids(world, rest) if c not in (player, teller, about)]
            return read_claim(memory, rest, about=about, said_by=teller, obj=others[0] if others else None)
    done_to = _player_did(world, player, npc, text, lang)
    if done_to is not None:  # the player's own doing, told of themselves: about the player, done to whom it names
        return read_claim(memory, text, about=player, said_by=player, obj=done_to)
    if _YOU[lang].match(text.strip()):  # "You were too hard on Agatha." / 你对阿秀太严了: of the listener, toward her
        named = [c for c in mentioned_ids(world, text) if c not in (player, npc)]  # (was read as of Agatha: newcomer L-9)
        if named:
            return read_claim(memory, text, about=npc, said_by=player, obj=named[0])
    about, obj = subject_of(world, player, npc, fact)
    if about is None:
        return None
    after = _after_name(world, about, text)
    if obj is None and after is not None and _ME[lang].search(after):
        obj = player  # "老张欠我三两银子" / "Bram owes me two crowns": done to the player
    return read_claim(memory, text, about=about, said_by=player, obj=obj)


def first_sentence(text: str) -> str:
    """The words up to the end of their first sentence."""
    m = _SENTENCE.match(text.strip())
    return m.group(0).strip().rstrip("。.!！;；") if m else text


def _reported_lead(world: World, player: str, npc: str, text: str, lang: str) -> tuple[str, str] | None:
    """(teller, what they said) when the statement, or one of its later clauses, reports someone's
    word; a clause's leading he/she is the person named before it ("老秦没那么说，他只说…")."""
    def others(said: str) -> list[str]:
        return [c for c in mentioned_ids(world, said) if c not in (player, npc)]
    lead = _lead(world, _REPORTED[lang], text, others(text))
    pieces = [p.strip() for p in _CLAUSE_BREAK.split(text) if p.strip()]
    last = next(iter(others(pieces[0])), None) if pieces else None
    for piece in pieces[1:]:
        if lead is not None:
            break
        pronoun = _PRONOUN_WORD[lang].match(piece)
        if pronoun is not None and last is not None:
            piece = world.name(last) + ("" if lang == "zh" else " ") + piece[pronoun.end():].lstrip()
        lead = _lead(world, _REPORTED[lang], piece, others(piece))
        last = next(iter(others(piece)), last)
    return lead


def believe_told(world: World, memory: MemoryStore, *, player: str, npc: str, fact: Fact,
                 intents: set[str]) -> list[tuple[Belief, list[EdgeMove]]]:
    """The NPC's belief from a player's statement about someone else (none for a question, a
    greeting or words about nobody), with the edges its appraisal moved."""
    lang = "zh" if world.language == "zh" else "en"
    if (not _QUESTION[lang].search(fact.text) and world.character(player).is_player
            and not world.character(npc).is_player):
        vouch = read_vouch(world, memory, speaker=player, npc=npc, text=_spoken(world, npc, fact.text),
                           asked=fact.id)
        if vouch is not None:  # "张嫂说小何故意抓错药，那不是真的，他只是太累了"
            return _believe_vouch(world, memory, player=player, npc=npc, fact=fact, vouch=vouch)
    # the player taking back what they told ("I made that up about Corvin", "刚才是我瞎说的"): was kept as one
    # more belief beside the rumour they started; said with a "sorry" it read as an apology alone and took
    # nothing back ("That was a lie, sorry.", "刚才那是骗你的，对不起"): a retraction whatever else it is
    if (is_retraction(fact.text, lang) and world.character(player).is_player and not world.character(npc).is_player
            and take_back(world, memory, player=player, npc=npc, fact=fact)):
        return []  # the player's own word taken back (nothing new believed)
    told = any(k in intents for k in _STATEMENT_INTENTS) or (
        "disclose" in intents and _player_did(world, player, npc, _spoken(world, npc, fact.text), lang) not in (None, npc))
    if (not told or _QUESTION[lang].search(fact.text)
            or _QUESTION["zh" if lang == "en" else "en"].search(fact.text)
            or not world.character(player).is_player or world.character(npc).is_player):
        return []
    if read_offer(_spoken(world, npc, fact.text), lang == "zh") is not None:
        return []  # "我拿这把刀换你两个馒头": an offer (answered by agents/barter.py), kept as a talk, not news
    claim = read_statement(world, memory, player=player, npc=npc, fact=fact)
    if claim is None:
        return []
    claims = [claim]
    parts = clauses(fact.text, lang, world.name(claim.about))  # "... and I think he drinks" (told_clauses.py)
    sentences = _sentences_resolved(world, player, npc, _spoken(world, npc, fact.text), lang)
    if len(sentences) > 1 and not parts and claim.said_by not in (None, player):
        # "Agatha only said you rushed the page. Jasper made it sound worse.": two sentences, two beliefs (K-22)
        for t in sentences[1:]:
            c = read_statement(world, memory, player=player, npc=npc, fact=fact.model_copy(update={"text": t}))
            if c is not None and c.predicate != "remark" and all((k.about, k.predicate) != (c.about, c.predicate)
                                                                for k in claims):
                claims.append(c)
    if parts:  # each clause read alone, not only the whole statement's strongest word
        read = [read_statement(world, memory, player=player, npc=npc, fact=fact.model_copy(update={"text": t}))
                for t in [_JOINED[lang].split(fact.text)[0], *parts]]
        kept: list[Claim] = []
        for c in read:
            if c is not None and c.predicate != "remark" and all(
                    (k.about, k.predicate) != (c.about, c.predicate) for k in kept):
                kept.append(c)
        claims = kept if len(kept) > 1 else claims
    out = []
    account = only_said(world, _spoken(world, npc, fact.text))  # "Agatha only said you rushed the page" (K-22)
    for c in claims:
        belief = form_belief(world, memory, npc, c, source="told", fact=fact, origin_fact_id=fact.id,
                             told_by=player, hops=1, private=fact.private)
        harsher = harsher_word(world, memory, npc, player, account[0]) if account and c.said_by == account[0] else None
        if harsher is not None:
            # what she only said, set against the harsher word of hers I was told: weighed like a vouch (a
            # trusted player's account supersedes it, a stranger's sits beside it), and it cools nothing itself
            moves: list[EdgeMove] = []
            correct_rumours(world, memory, npc=npc, player=player, correction=belief, teller=c.said_by,
                            only=harsher.id, vouched=True, moves=moves)
            out.append((belief, moves))
            continue
        out.append((belief, appraise_belief_moves(world, memory, belief)))
        if c.negated:
            correct_rumours(world, memory, npc=npc, player=player, correction=belief)
    return out


def _believe_vouch(world: World, memory: MemoryStore, *, player: str, npc: str, fact: Fact,
                   vouch: Vouch) -> list[tuple[Belief, list[EdgeMove]]]:
    """The player standing up for someone else: the NPC's belief that what was said of them is not
    so (the player's denial, weighed by trust in the player against the rumour it denies), and, with
    an excuse ("他只是太累了", "he was just exhausted"), that it was a slip: careless, not meant."""
    denied = memory.beliefs.get(vouch.rumour) if vouch.rumour else None
    read = denied.claim if denied is not None else read_claim(memory, vouch.accused, about=vouch.about)
    # the report and its denial ("那不是真的" alone: with what it denies, "小何是故意抓错药的？那不是真的");
    # the excuse is a belief of its own
    quote = as_listener_keeps_it(world, npc, vouch.said or _spoken(world, npc, fact.text))
    claim = Claim(about=vouch.about, predicate=read.predicate, severity=read.severity, said_by=player,
                  quote=quote, tone=read.tone, negated=True)
    belief = form_belief(world, memory, npc, claim, source="told", fact=fact, origin_fact_id=fact.id,
                         told_by=player, hops=1, private=fact.private)
    moves = appraise_belief_moves(world, memory, belief)
    cleared = correct_rumours(world, memory, npc=npc, player=player, correction=belief, teller=vouch.teller,
                              only=vouch.rumour, vouched=True, moves=moves)  # the rumour's moves undone, on the timeline
    out = [(belief, moves)]
    slip = INVENTORY.get("careless")
    denied_spec = INVENTORY.get(read.predicate)
    if (vouch.excuse and slip is not None
            and (denied_spec is None or denied_spec.severity > slip.severity or read.predicate == "remark")):
        # an excused slip weighs half a plain one: the vouching is not undone by the carelessness it admits
        excuse = Claim(about=vouch.about, predicate=slip.key, severity=round(slip.severity * EXCUSED, 4), said_by=player,
                       quote=as_listener_keeps_it(world, npc, vouch.excuse), tone=round(slip.valence * EXCUSED, 4))
        # the slip is the NPC's reading of the excuse, not the player's word: said as the player put it
        # ("小何只是太累了", not "小何马虎") until a retelling changes it
        excuse.guessed = excuse.reading_signature()
        held = form_belief(world, memory, npc, excuse, source="told", fact=fact, origin_fact_id=fact.id,
                           told_by=player, hops=1, private=fact.private)
        # the lesser blame stands in for the graver one the NPC let go; beside a rumour still held (a
        # stranger's word) it moves nothing, or standing up for someone would cool the tie to them
        out.append((held, appraise_belief_moves(world, memory, held) if cleared else []))
    return out


def correct_rumours(world: World, memory: MemoryStore, *, npc: str, player: str, correction: Belief,
                    teller: str | None = None, only: str | None = None, vouched: bool = False,
                    moves: list[EdgeMove] | None = None) -> list[Belief]:
    """"That's not true, Rowan didn't steal it": a player the NPC trusts (a warm tie stronger than a
    stranger's even chance) denying what a second-hand belief says supersedes it, when the denial is
    at least as credible; the edge changes the rumour made are undone, citing the correction, so
    later replies and `why` show it. A denial less credible than the rumour weakens it instead: the
    rumour keeps the part of its credibility the denial does not outweigh, and that share of its
    edge changes is undone. A stranger's word only sits beside the rumour. The rumour denied is the
    one of the same predicate, or, the teller named ("张嫂说小何…，那不是真的"), any blame that
    teller passed on of that person, or (`only`) the one the NPC had just said. The edge moves undone
    are added to `moves` when given."""
    if trust_in(world, npc, player) < TRUSTED:
        return []
    names = {cid: c.name for cid, c in world.characters.items()}
    zh = world.language == "zh"
    denied = correction.claim
    done = []
    # this player's earlier word against blame of this person: what it weakened is not weakened again,
    # nor undone twice when a later word clears it
    earlier = frozenset(b.id for b in memory.beliefs_of(npc) if b.id != correction.id and b.told_by == player
                        and b.claim.negated and b.claim.about == denied.about) if vouched else frozenset()
    for old in [b for b in memory.beliefs_of(npc) if b.concerns(denied.about)]:
        if (old.id == correction.id or old.status != "held" or old.source in ("witnessed", "participated")
                or old.claim.negated):
            continue
        if denied.target is not None and old.claim.target != denied.target:
            continue  # "Pell never said Rowan is a thief" takes back Pell's word of Rowan, not a word of Pell
        if only is not None:
            if old.id != only:
                continue
        elif old.claim.predicate != denied.predicate and not (
                teller is not None and teller in (old.told_by, old.claim.said_by) and old.claim.valence < 0
                and (reads_as_blame(denied.predicate) or shares_words(old.claim.quote or old.text, denied.quote or "", zh))):
            continue  # (a denial of no wrong, "张嫂说小何明天来，不对", clears only what shares its words)
        if earlier and correction.credibility <= max(memory.beliefs[i].credibility for i in earlier):
            continue  # the same word again, from a player trusted no more than before: nothing new to weigh
        said = drop_opener(denied.quote or correction.text, "zh" if zh else "en").rstrip("。.!！")
        reason = ((f"{names[player]}替{names[denied.about]}说话：{said}" if zh
                   else f"{names[player]} vouched for {names[denied.about]}: {said}") if vouched
                  else (f"{names[player]}说不是这样：{said}" if zh else f"{names[player]} said it is not so: {said}"))
        if old.credibility > correction.credibility:
            if not vouched:
                continue
            share = correction.credibility / (old.credibility + correction.credibility)
            old.credibility = round(old.credibility * (1.0 - share), 4)
            memory.touch(old)
            undone = undo_belief_moves(world, npc, denied.about, old.id, cause=Cause(kind="belief", id=correction.id),
                                       reason=("存疑：" if zh else "doubted: ") + reason, share=share)
            if moves is not None:
                moves.extend(undone)
            done.append(old)
            continue
        old.status, old.superseded_by, old.superseded_tick = "superseded", correction.id, world.tick
        old.superseded_reason = reason
        memory.touch(old)
        undone = undo_belief_moves(world, npc, denied.about, old.id, cause=Cause(kind="belief", id=correction.id),
                                   reason=("更正：" if zh else "corrected: ") + old.superseded_reason, undone_by=earlier)
        if moves is not None:
            moves.extend(undone)
        done.append(old)
    return done


def take_back(world: World, memory: MemoryStore, *, player: str, npc: str, fact: Fact) -> list[Belief]:
    """The player withdrawing their own word: what the NPC believes of the person named (or, none
    named, of the last one the player told it about) on this player's telling alone is superseded,
    citing the retraction, and the edge changes it made are undone. The teller needs no trust to
    unsay what only their word stood on; what the NPC saw or heard from others stays."""
    zh = world.language == "zh"
    mine = [b for b in memory.beliefs_of(npc) if b.status == "held" and b.source == "told" and b.told_by == player]
    named = [c for c in mentioned_ids(world, fact.text) if c not in (player, npc)]
    if not named and mine:
        named = [max(mine, key=lambda b: (b.tick, b.id)).claim.about]
    said = _spoken(world, npc, fact.text)
    done = []
    for old in [b for b in mine if any(b.concerns(c) for c in named)]:
        old.status, old.superseded_tick = "superseded", world.tick
        old.superseded_reason = (f"{world.name(player)}说那是瞎说的：{said}" if zh
                                 else f"{world.name(player)} took it back: {said}")
        memory.touch(old)
        for other in {old.claim.about, *([old.claim.target] if old.claim.target else [])} - {npc}:
            undo_belief_moves(world, npc, other, old.id, cause=Cause(kind="fact", id=fact.id),
                              reason=("收回：" if zh else "taken back: ") + old.superseded_reason)
        done.append(old)
    return done
