"""'When did it break?' right after 'What happened to the lamp?': "it" is the last thing talked
about. The bare pronoun named nothing, so the NPC said it had heard nothing of "that".

The player's previous question to this NPC today gives the thing: its last "the X" (en) or the
noun before 怎么了/坏了/的事 (zh) is put in for the bare it / 它.
"""

from __future__ import annotations

import re

# zh says an event it points back to without a pronoun: 出事的时候你在场吗？ (那件事 / 那事: the thing's matter)
_IT = {"en": re.compile(r"\bit\b", re.IGNORECASE), "zh": re.compile(r"它|出事|那件事|那事(?!情)")}
# "the lamp", "his net", and a named owner's thing without an article: "Dora's ledger"
_THING = {"en": re.compile(r"\b(?:the|your|his|her|their|my) ((?:[a-z]+'s )?[a-z]+)\b|\b((?-i:[A-Z][a-z]+)'s [a-z]+)\b",
                           re.IGNORECASE),
          "zh": re.compile(r"(?:(?:那|这|一)[个匹件把条张只块头台辆批箱]|那|这)?((?:(?!的)[\u4e00-\u9fff]){1,4}?)(?:怎么了|坏了|的事|出了什么事|是怎么回事|怎么回事|还好吗|呢)")}
_NOT_OWNERS = {"what", "that", "it", "who", "here", "there", "let", "where", "how", "he", "she", "one", "today"}
_DUMMY = {"en": re.compile(r"\bit(?:'s| is| was)? (?:true|so|raining|snowing|ok|okay|fine|late|early|cold|hot|going|like)\b"
                          # the weather's and the clock's "it": "Will it rain tomorrow?", "What time is it?"
                          r"|\b(?:will|would|did|does|is|was|might|could) it (?:be )?(?:rain|snow|freeze|blow|storm|thunder|"
                          r"clear|brighten|turn|get (?:cold|warm|dark|light)|(?:be )?(?:fine|sunny|wet|windy|foggy|cold|hot|warm|dry|"
                          r"dark|light|late|early))\w*\b|\bwhat time is it\b|\bis it going to\b"
                          r"|\bhow(?:'s| is) it\b|\bis it (?:true|so)\b|\bthat's it\b", re.IGNORECASE),
          "zh": re.compile(r"其它|它们")}
_NOT_THINGS = {"way", "time", "day", "morning", "evening", "news", "matter", "thing", "truth", "weather"}


# a word that describes a thing rather than names it ("the frayed rope", "the broken lamp"): the next word
# is the thing (K-19: "Did you see it yourself?" after "...leave the frayed rope?" became "see the frayed")
_DESCRIBED = re.compile(r"\b(?P<adj>[a-z]+(?:ed|en))\s+(?P<noun>[a-z]+)\b")
_NOT_NOUNS = {"on", "in", "at", "of", "with", "from", "for", "to", "by", "and", "or", "off", "up", "down", "out",
              "yesterday", "today", "again", "too", "then", "there", "here", "last", "this", "that", "when", "while"}


def _with_noun(previous: str, thing: str) -> str | None:
    """'frayed rope' for the adjective 'frayed' of "the frayed rope", or None."""
    for m in _DESCRIBED.finditer(previous.lower()):
        if m.group("adj") == thing.lower() and m.group("noun") not in _NOT_NOUNS:
            return thing + " " + m.group("noun")
    return None


def resolve_it(text: str, previous: str | None, lang: str) -> str:
    """The question with a bare it / 它 replaced by the thing the previous question named."""
    key = "zh" if lang == "zh" else "en"
    if not previous or not _IT[key].search(text):  # cheap first: most lines have no "it"
        return text
    things = [thing for m in _THING[key].finditer(previous) if (thing := m.group(1) or m.group(2))
              and thing.lower() not in _NOT_THINGS and thing.split("'")[0].lower() not in _NOT_OWNERS]
    if not things or _DUMMY[key].search(text):
        return text
    thing = things[-1]
    if key == "en" and (whole := _with_noun(previous, thing)):
        thing = whole  # "the frayed rope": the thing, not its adjective
    if key == "zh":
        return _IT[key].sub(lambda m: thing + {"它": "", "出事": "出事"}.get(m.group(0), "的事"), text, count=1)
    if thing[0].isupper():  # "Dora's ledger": a name says whose, no article before it
        return _IT[key].sub(thing, text, count=1)
    return _IT[key].sub(lambda m: ("The " if m.group(0)[0].isupper() else "the ") + thing, text, count=1)


_PERSON = {"en": re.compile(r"\b(?P<w>he|him|his|she|her)\b(?P<after>\s*(?:[.,;:!?]|$|\s+(?:and|or|to|for|about|of|at|with|"
                            r"now|then|too|again|yet|still|lately|today|yesterday|really|these|that|so|back)\b))?",
                            re.IGNORECASE),
           "zh": re.compile(r"(?P<w>[他她])(?!们|人)")}


def resolve_person(text: str, previous: str | None, world: object, npc: str, lang: str, reply: str | None = None) -> str:
    """The question with each bare he / she / 他 / 她 (him, his, her) replaced by the person of the world
    the previous question named ("What's he like?" after "Do you know Silas?"; "Did she say he stole
    it?" after "What did Ada tell you about Owen?"), when the words name nobody themselves: the one
    named, or of several the one whose pronoun (declared, or read from persona and role) is that one."""
    from townsfolk.agents.persona_clause import pronoun_for, pronoun_zh
    from townsfolk.memory.name_index import name_index

    key = "zh" if lang == "zh" else "en"
    found = list(_PERSON[key].finditer(text))
    if not previous or not found:
        return text
    index = name_index(world)  # type: ignore[arg-type]
    chars = world.characters  # type: ignore[attr-defined]
    if [c for c in index.named(text) if c != npc]:
        return text  # "Is Ada angry with her?": the words name their own
    named = [chars[c] for c in index.named(previous) if c != npc and c in chars and not chars[c].is_player]
    if not named and reply:  # "谁跟你说的？" -> "我听柳娘说的。" -> "她也不是有心的。": the one my answer named
        named = [chars[c] for c in index.named(reply) if c != npc and c in chars and not chars[c].is_player]
    if not named:
        return text

    def said_of(c: object) -> str:  # "he", "she" or "" (unknown)
        p = pronoun_zh(c.name, c.role, c.persona, c.pronoun) if key == "zh" \
            else pronoun_for(c.persona, c.role, c.pronoun)  # type: ignore[attr-defined]
        return {"他": "he", "她": "she", "they": ""}.get(p, p)

    for m in reversed(found):  # from the right, so the positions before stay where they were
        word = m.group("w").lower()
        sex = "she" if word in ("she", "her", "她") else "he"
        fits = [c for c in named if said_of(c) in (sex, "")]
        sure = [c for c in fits if said_of(c) == sex]
        who = fits[0] if len(fits) == 1 else sure[0] if len(sure) == 1 else None
        if who is None:
            continue
        owner = key == "en" and (word == "his" or (word == "her" and m.group("after") is None))  # "her bell": Ada's
        text = text[:m.start("w")] + who.name + ("'s" if owner else "") + text[m.end("w"):]  # type: ignore[attr-defined]
    return text


def last_reply(world: object, memory: object, npc: str, speaker: str) -> str | None:
    """What this NPC last answered the speaker today (its own memory of the reply)."""
    today = world.now.date()  # type: ignore[attr-defined]
    for event in reversed(memory.events_of(npc)):  # type: ignore[attr-defined]
        if event.time.date() != today:
            return None
        fact = world.facts.get(event.fact_id) if event.fact_id and event.fact_id in world.facts else None  # type: ignore[attr-defined]
        if fact is not None and fact.kind == "reply" and speaker in fact.to:
            return fact.text
    return None


def previous_question(world: object, memory: object, npc: str, speaker: str, text: str) -> str | None:
    """The speaker's last words to this NPC today before these ones (the NPC's own memory of them)."""
    today = world.now.date()  # type: ignore[attr-defined]
    skipped = False
    for event in reversed(memory.events_of(npc)):  # type: ignore[attr-defined]
        if event.time.date() != today:
            return None
        fact = world.facts.get(event.fact_id) if event.fact_id and event.fact_id in world.facts else None  # type: ignore[attr-defined]
        if fact is None or fact.kind != "ask" or fact.actor != speaker:
            continue
        if not skipped and fact.text == text:
            skipped = True  # these very words, recorded before the reply
            continue
        return fact.text
    return None
