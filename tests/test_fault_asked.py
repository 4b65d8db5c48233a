""""Silas, were you drunk last night?" puts a fault to the NPC: denied as one (agents/deed_question.py).

Found by the newcomer (N-54): Silas answered "No idea, sorry. Nobody's told me.", a question about himself
met as hearsay he lacks. Now the accusation path: "Drunk? Certainly not." / "No, I wasn't drunk.", and owned
when the NPC's own deed is what is put to it. (zh asks it as a deed, 你昨晚喝醉了吗, already.)"""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.deed_question import fault_asked
from townsfolk.agents.voice import question_kind
from townsfolk.agents.voice_phrases import PHRASES


def test_a_fault_put_as_a_state() -> None:
    assert fault_asked("Silas, were you drunk last night?", "en") == "drunk"
    assert question_kind("Silas, were you drunk last night?", "en") == "deed"
    assert fault_asked("Were you the one who took it?", "en") is None and fault_asked("Were you there?", "en") is None
    assert question_kind("你昨晚喝醉了吗？", "zh") == "deed"


def test_were_you_drunk_is_denied_or_owned() -> None:
    town = Town.from_scenario({
        "scenario": "inn", "language": "en", "seed": 3, "start": "2026-05-10T07:00", "tick": "1h",
        "characters": {"silas": {"name": "Silas", "role": "grocer"}, "owen": {"name": "Owen", "role": "caretaker"},
                       "p": {"name": "Rowan", "player": True}},
        "timeline": [{"at": 1, "happen": {"what": "Owen got drunk at the Wheatsheaf", "actor": "owen",
                                          "witnesses": ["silas", "owen"], "valence": -0.3}}]})
    town.advance(1)
    said = town.say("p", "silas", "Silas, were you drunk last night?").text
    assert said.startswith(("Drunk? Certainly not.", "No, I wasn't drunk.")), said
    owned = town.say("p", "owen", "Owen, were you drunk last night?").text
    assert any(owned.startswith(p.split("{")[0]) for k in ("admit", "admit_rumour") for p in PHRASES["en"][k]), owned
