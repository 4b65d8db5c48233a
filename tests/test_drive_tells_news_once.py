"""With drive on, an NPC speaking up on its own told the same story to the same listener again
(newcomer N-63: Pip told Mina "Owen took things without asking" at t1 and again at t25, and she held
two beliefs of one fact), and a mediation took the speaker's newest words for what had been retold
(N-61: Ada's later "Owen is always helping out" superseded Owen's faithful belief of her t2 grumble,
"the words were only ..."). Now the drive tells only what the listener did not have from the teller,
and a mediation reads the speaker's words on the belief's own chain of tellings."""

from __future__ import annotations

from collections import Counter

from townsfolk import Town

SCHOOL = """scenario: The missing bell at Lantern Street School
language: en
seed: 11
start: 2026-09-07T07:00
tick: 1h
place: Lantern Street School
drive: true
settled_days: 365
characters:
  ada:
    name: Ada
    role: schoolmistress
    persona: Strict but fair, keeps the register to the minute, hates surprises.
    traits: {candour: 0.8, exaggeration: 0.2}
  owen:
    name: Owen
    role: caretaker at the school
    persona: Quiet, handy, fixes things before anyone asks and forgets to say so.
    traits: {candour: 0.7, exaggeration: 0.1, sensitivity: 0.8}
  hattie:
    name: Hattie
    role: baker who sells buns at the school gate
    persona: Warm, loud, and every story she hears is bigger by the time she passes it on.
    traits: {candour: 0.2, exaggeration: 0.9, mischief: 0.4, talkativeness: 0.9}
    sells: [{ware: currant bun, price: 2, per: bun, words: [bun, buns]}]
  silas:
    name: Silas
    role: grocer and chairman of the school board
    persona: Pays the caretaker's wage and counts every penny of it.
    traits: {candour: 0.5, exaggeration: 0.4}
  mina:
    name: Mina
    role: seamstress
    persona: Mother of Pip; sews the school's curtains and trusts Hattie's news.
    traits: {candour: 0.6, exaggeration: 0.5, mischief: 0.1}
  pip:
    name: Pip
    role: pupil
    persona: Ten years old, rings the bell when allowed, asks too many questions.
    traits: {candour: 0.9, exaggeration: 0.6}
  newcomer:
    name: Rowan
    role: new assistant teacher
    player: true
relationship_kinds:
  - {key: employer, en: employer, zh: 东家, warmth: 0.5, coldness: 0.1}
relationships:
  - {from: ada, to: owen, kind: colleague, strength: 0.7, mutual: true}
  - {from: ada, to: owen, kind: friend, strength: 0.5, mutual: true}
  - {from: hattie, to: ada, kind: neighbour, strength: 0.6, mutual: true}
  - {from: hattie, to: ada, kind: friend, strength: 0.4}
  - {from: silas, to: owen, kind: employer, strength: 0.6}
  - {from: silas, to: hattie, kind: customer, strength: 0.5, mutual: true}
  - {from: silas, to: ada, kind: colleague, strength: 0.5, mutual: true}
  - {from: mina, to: hattie, kind: friend, strength: 0.7, mutual: true}
  - {from: mina, to: ada, kind: acquaintance, strength: 0.5, mutual: true}
  - {from: mina, to: pip, kind: family, strength: 0.9, mutual: true}
  - {from: ada, to: pip, kind: mentor, strength: 0.7}
  - {from: owen, to: pip, kind: friend, strength: 0.4}
  - {from: owen, to: hattie, kind: customer, strength: 0.5}
impressions:
  - {holder: ada, about: owen, text: dependable, valence: 0.6, confidence: 0.7}
  - {holder: owen, about: ada, text: strict but decent, valence: 0.4, confidence: 0.6}
  - {holder: silas, about: owen, text: costs more than he's worth, valence: -0.2, confidence: 0.5}
timeline:
  # day 1, 07:00 start. 08:00 Owen takes the cracked bell to the smithy without telling anyone
  - {at: 1, happen: {what: \"Owen took the school bell down from its post without asking anyone\",
                     actor: owen, witnesses: [pip], valence: -0.1, place: the schoolyard}}
  # 09:00 Ada finds the bell gone and grumbles to Hattie at the gate
  - {at: 2, say: {speaker: ada, to: hattie, about: owen, text: \"Owen took the bell without asking. That's not like him.\"}}
  # 10:00 Hattie tells Silas and Mina; 12:00 she tells Owen himself
  - {at: 3, gossip: {teller: hattie, to: silas, about: owen}}
  - {at: 3, gossip: {teller: hattie, to: mina, about: owen}}
  - {at: 5, gossip: {teller: hattie, to: owen, about: ada}}
  # 13:00 Mina passes it on to Pip's... well, to Pip
  - {at: 6, gossip: {teller: mina, to: pip, about: owen}}
  # 14:00 Owen and Ada pass in the corridor; Silas has a word with Owen
  - {at: 7, meet: [ada, owen]}
  - {at: 8, meet: [silas, owen]}
  # the player asks around
  - {at: 9, ask: {player: newcomer, npc: ada, text: \"Is something wrong between you and Owen?\"}}
  - {at: 10, ask: {player: newcomer, npc: owen, text: \"Owen, you look upset. What happened?\"}}
  # day 2, 08:00 Owen brings the mended bell back
  - {at: 25, happen: {what: \"Owen brought the school bell back from the smithy, mended and polished\",
                      actor: owen, witnesses: [ada, pip], valence: 0.4, place: the schoolyard}}
  - {at: 26, mediate: {player: newcomer, between: [ada, owen]}}
  - {at: 28, ask: {player: newcomer, npc: owen, text: \"How are things with Ada now?\"}}
  - {at: 29, ask: {player: newcomer, npc: silas, text: \"What do you make of Owen these days?\"}}
expect:
  - {at: 4, belief: {holder: silas, about: owen, min_hops: 2}}
  - {at: 6, belief: {holder: owen, about: ada, min_hops: 2}}
  - {at: 6, relation: {from: owen, to: ada, kind: colleague}, below: 0.7}
  - {at: 9, reply: {npc: ada}, mentions: [bell]}
  - {at: 26, relation: {from: owen, to: ada, kind: colleague}, at_least: 0.7}
  - {at: 29, belief: {holder: silas, about: owen, min_hops: 2, status: held}}
"""


def _played() -> Town:
    town = Town.from_scenario(SCHOOL)
    town.advance(29)
    return town


def test_an_npc_on_its_own_never_tells_one_listener_the_same_story_twice() -> None:
    town = _played()
    told = Counter((b.holder, b.told_by, b.origin_fact_id) for b in town.memory.beliefs.values()
                   if b.source == "told" and b.origin_fact_id)
    assert not [k for k, n in told.items() if n > 1], told


def test_a_mediation_reads_the_words_the_belief_came_from() -> None:
    town = _played()
    owen = [b for b in town.memory.beliefs.values() if b.holder == "owen" and b.superseded_reason]
    assert not [b.superseded_reason for b in owen if "always helping out" in b.superseded_reason]
    reply = town.say("newcomer", "owen", "How are things with Ada now?").text
    assert "always helping out" not in reply, reply
