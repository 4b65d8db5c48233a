""""Whose fault was it?" / 这事怪谁？ names nobody and asks me to: whom I hold to blame for the trouble
I know of, said first ("Finn's, I'd say."), then what I hold of it.

Found in a bell foundry of my own: Tess, who saw the bell crack and told Olly "Finn let the fire
drop", answered "Can't say I know, I'm afraid."; the question shares no word with anything she holds,
so nothing was drawn on. The grounding now brings in what I hold against someone of late (what we
just spoke of first), and the voice names them; a trouble that blames nobody is said to be nobody's.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.memory.predicates import BLAMELESS_KINDS, INVENTORY
from townsfolk.memory.store import MemoryStore

_ASKS = {"en": re.compile(r"\bwhose fault\b|\bwho(?:'s| is| was)? (?:to blame|at fault|responsible)\b"
                          r"|\bwho (?:should|do you|would you) (?:i )?blame\b|\bwho(?:'s| is) (?:the )?culprit\b", re.IGNORECASE),
         "zh": re.compile(r"怪谁|赖谁|谁的错|谁的责任|谁的不是|该怪谁|是谁(?:的)?(?:过错|不对)|罪魁祸首是谁")}
PHRASES = {"en": {"someone": ["{name}'s, I'd say.", "I'd put it on {name}."], "nobody": ["Nobody's, really."],
                  "unweighed": ["If it's anyone's, I suppose it's {name}'s."]},
           "zh": {"someone": ["要我说，得怪{name}。", "说起来得怪{name}。"], "nobody": ["说起来谁也怪不着。"],
                  "unweighed": ["要说怪谁，也只能怪{name}吧。"]}}
LOOK_BACK = 12  # how many of my newest memories and beliefs are looked through for a trouble


def asks_whose_fault(question: str, language: str) -> bool:
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def troubles_lately(memory: MemoryStore, npc: str, skip: set[str]) -> list[str]:
    """Ids of my newest troubles about someone else (a bad thing seen, told or said of them), newest
    first, not about me nor anyone in `skip` (the asker), nothing private."""
    held: list[EventMemory | Belief] = [e for e in memory.events_of(npc)[-LOOK_BACK:]
                                        if not e.private and not e.meta.get("dialogue") and not e.meta.get("message")]
    held += [b for b in memory.beliefs_of(npc)[-LOOK_BACK:] if not b.private]
    out = []
    for item in sorted(held, key=lambda x: -x.tick):
        about = item.claim.about if isinstance(item, Belief) else item.about
        valence = item.claim.valence if isinstance(item, Belief) else item.valence
        if about and about != npc and about not in skip and valence < -0.1:
            out.append(item.id)
    return out[:2]


def fault_answer(items: list[GroundingItem], language: str, pick_index: int) -> tuple[str, GroundingItem] | None:
    """Who is to blame, and the trouble it is said of: the story we just spoke of first (`fault_story`:
    session 26, 这事怪谁？ after 老孙克扣工钱 named 李嫂 of another tale in the same reply), else the first trouble
    among what the reply draws on (None: none held). A story I could not weigh (no reading, no valence) is
    put on its one, hedged."""
    lang = "zh" if language == "zh" else "en"
    story = next((g for g in items if g.meta.get("fault_story")), None)
    for g in ([story] if story is not None else []) + [g for g in items if g is not story]:
        unweighed = g is story and abs(g.valence) <= 0.1 and g.meta.get("predicate") in (None, "remark")  # unread
        if g.kind not in ("event", "belief") or (g.valence >= -0.1 and not unweighed) or not g.meta.get("about_name"):
            continue
        if g.meta.get("about_me") or g.meta.get("my_deed"):
            continue
        key = None if unweighed else g.meta.get("predicate")
        if key is None and g.kind == "event":  # an event keeps no reading: its words read by their cues
            reading = read_by_cues(g.text)
            key = reading.key if reading is not None and not reading.negated else None
        spec = INVENTORY[key] if key and key in INVENTORY else None
        blames = spec is None or (spec.kind not in BLAMELESS_KINDS and key != "mishap")
        options = PHRASES[lang]["nobody" if not blames else "unweighed" if unweighed and key is None else "someone"]
        return options[pick_index % len(options)].format(name=g.meta["about_name"]), g
    return None
