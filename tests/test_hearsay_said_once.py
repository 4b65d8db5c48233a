"""The same hearsay is said once (newcomer K-35): a victim asked "林平文多收你钱了？" said "林平文不老实" four times in
one reply (two summaries of one day, each naming a teller, then the two beliefs themselves)."""

from __future__ import annotations

from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest
from townsfolk.agents.voice import compose


def _belief(i: str, teller: str, claim: str) -> GroundingItem:
    return GroundingItem(kind="belief", id=i, text=f"{teller}跟我说{claim}", about="lin", valence=-0.4,
                         meta={"source": "told", "teller_name": teller, "claim_text": claim, "about_name": "林平文"})


def test_same_claim_said_once_per_teller_and_one_summary() -> None:
    grounding = [
        GroundingItem(kind="summary", id="s1", text="和林平文这阵子不太顺，我老想起邵志敏跟我说林平文不老实", about="lin",
                      valence=-0.3, meta={"about_name": "林平文"}),
        GroundingItem(kind="summary", id="s2", text="最近和林平文之间不太顺，最记得的是郭强国跟我说林平文不老实", about="lin",
                      valence=-0.3, meta={"about_name": "林平文"}),
        _belief("b1", "邵志敏", "林平文不老实"), _belief("b2", "郭强国", "林平文不老实"),
    ]
    said = compose(LLMRequest(task="reply", language="zh", speaker="黄安", listener="游客", grounding=grounding,
                              messages=[], meta={"npc": "huangan", "asker": "ke", "act": "answer", "max_sentences": 4,
                                                 "subjects": ["lin"], "subject_names": ["林平文"], "variation": 1}))
    assert said.count("林平文不老实") <= 2, said
    assert said.count("不太顺") == 1, said
