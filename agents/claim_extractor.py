"""The model reads a sentence into a claim: validated structured output, falling back offline.

With a model configured (and `model_claims` on), what happens and what is said is read by the
model into (subject, predicate, object, negated, hedged, generalised) over the open inventory.
The answer is validated with pydantic against the inventory and the world's characters; anything
unusable (a failure, an unknown predicate, a subject nobody is) falls back to the offline reading
(cue words at word boundaries, then meaning by embedding).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from pydantic import BaseModel

from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, Message
from townsfolk.agents.llm.structured import complete_structured
from townsfolk.memory.claims import PREDICATES, Claim, claim_from_text
from townsfolk.world.world import World

ClaimReader = Callable[..., Claim]


class ExtractedClaim(BaseModel):
    """What the model is asked for; checked against the inventory before it is used."""

    predicate: str
    subject: str | None = None  # a character id, or null when the sentence is about nobody
    object: str | None = None  # who it was done to or for
    negated: bool = False
    hedged: bool = False
    generalised: bool = False


def claim_request(text: str, world: World) -> LLMRequest:
    """The structured request: the sentence, the inventory (key, meaning, valence) and who exists."""
    inventory = [{"key": p.key, "means": p.en, "valence": p.valence} for p in PREDICATES.values()]
    people = {cid: c.name for cid, c in world.characters.items()}
    system = ("Read the sentence into one claim. Choose `predicate` from the inventory keys only (use "
              "'remark' if none fits); `subject` and `object` are ids from the people list or null. "
              "Mark negated (it says the thing did not happen), hedged (maybe, it seems) and generalised "
              "(always, every time). Answer with JSON only.")
    user = json.dumps({"sentence": text, "people": people, "inventory": inventory}, ensure_ascii=False)
    return LLMRequest(task="claim", language=world.language,  # type: ignore[arg-type]
                      messages=[Message(role="system", content=system), Message(role="user", content=user)],
                      max_tokens=120, temperature=0.0)


def model_claim_reader(provider: LLMProvider, world: World) -> ClaimReader:
    """A claim reader backed by the model, the offline reading as its fallback and baseline."""

    def read(text: str, *, about: str | None, said_by: str | None = None, obj: str | None = None) -> Claim:
        offline = claim_from_text(text, about=about, said_by=said_by, obj=obj)
        proposal, _responses = complete_structured(provider, claim_request(text, world), ExtractedClaim)
        if proposal is None or proposal.predicate not in PREDICATES:
            return offline
        if proposal.object is not None and proposal.object not in world.characters:
            return offline
        spec = PREDICATES[proposal.predicate]
        return offline.model_copy(update={
            "predicate": spec.key, "severity": spec.severity, "tone": spec.valence,
            "negated": proposal.negated, "hedged": proposal.hedged, "generalised": proposal.generalised,
            "obj": obj or proposal.object,
            "quote": text})

    return read
