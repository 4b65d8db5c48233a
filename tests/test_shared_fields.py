"""A maker's objects share one fields set (world/bare.py SharedFields): never changed in place."""

from __future__ import annotations

import copy
import pickle
from datetime import datetime

import pytest

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression
from townsfolk.sim.log import LogEntry
from townsfolk.world.bare import SharedFields, maker, mark_set
from townsfolk.world.facts import Fact

T0 = datetime(2024, 5, 1, 9)
_event = maker(EventMemory, ("id", "holder", "tick", "time", "what", "about"))


def test_a_makers_objects_share_one_fields_set_of_their_given_fields() -> None:
    a, b = _event("e1", "ida", 1, T0, "x", "bo"), _event("e2", "ida", 2, T0, "y", None)
    assert a.model_fields_set is b.model_fields_set
    assert a.model_fields_set == {"id", "holder", "tick", "time", "what", "about"}
    assert a.model_dump(exclude_unset=True) == EventMemory(
        id="e1", holder="ida", tick=1, time=T0, what="x", about="bo").model_dump(exclude_unset=True)
    fact = maker(Fact, ("id", "tick", "time", "kind"))
    assert fact("f1", 1, T0, "happen").model_fields_set is fact("f2", 1, T0, "happen").model_fields_set
    line = maker(LogEntry, ("tick", "time", "kind", "who", "text", "ids"))
    assert line(1, "t", "gossip", [], "a", {}).model_fields_set is line(2, "t", "gossip", [], "b", {}).model_fields_set


def test_setting_a_field_gives_that_object_a_set_of_its_own() -> None:
    a, b = _event("e1", "ida", 1, T0, "x", "bo"), _event("e2", "ida", 2, T0, "y", None)
    a.status = "archived"
    assert "status" in a.model_fields_set and "status" not in b.model_fields_set
    assert type(a.model_fields_set) is set and type(b.model_fields_set) is SharedFields
    b.what = "z"  # a field it was given: its set stays the shared one, unchanged
    assert type(b.model_fields_set) is SharedFields and b.what == "z"
    c = _event("e3", "ida", 3, T0, "w", None)
    mark_set(c, ("recalls",))  # a field written straight into __dict__ (consolidation's archiving)
    assert "recalls" in c.model_fields_set and "recalls" not in b.model_fields_set


def test_the_shared_set_refuses_a_change_in_place() -> None:
    a = _event("e1", "ida", 1, T0, "x", "bo")
    shared = a.model_fields_set
    with pytest.raises(TypeError):
        shared.add("status")
    with pytest.raises(TypeError):
        shared.update({"recalls"})
    with pytest.raises(TypeError):
        shared.discard("id")
    shared.add("id")  # (a name it holds: nothing changes)
    assert shared == {"id", "holder", "tick", "time", "what", "about"}


def test_copies_and_pickles_have_sets_of_their_own() -> None:
    a = _event("e1", "ida", 1, T0, "x", "bo")
    for other in (a.model_copy(update={"status": "archived"}), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert type(other.model_fields_set) is set
        assert other.model_fields_set >= a.model_fields_set
    assert "status" not in a.model_fields_set
    belief = maker(Belief, ("id", "holder", "claim", "text", "source", "credibility", "tick", "time"))(
        "b1", "ida", Claim(about="bo", predicate="stole", severity=0.6), "Bo stole", "told", 0.5, 1, T0)
    belief.status = "superseded"
    assert belief.status == "superseded" and "status" in belief.model_fields_set
    imp = maker(Impression, ("id", "holder", "about", "text", "tick", "time"))("i1", "ida", "bo", "sly", 1, T0)
    imp.confidence = 0.4
    assert imp.model_fields_set == {"id", "holder", "about", "text", "tick", "time", "confidence"}


def test_engine_made_lines_share_theirs_and_redacting_one_changes_it_alone() -> None:
    a, b = LogEntry.many(1, "t", "mood", [("n1", "calm"), ("n2", "glum")])
    c = LogEntry.trusted(1, "t", "gossip", ["n1"], "x", {"fact": "f1"})
    d = LogEntry.trusted(1, "t", "gossip", ["n2"], "y", {"fact": "f2"})
    assert a.model_fields_set is b.model_fields_set and c.model_fields_set is d.model_fields_set
    assert a.model_fields_set == {"tick", "time", "kind", "who", "text"} and "ids" in c.model_fields_set
    a.text = "(said in private)"  # sim/private_lines.py: a given field, the set unchanged
    assert b.text == "glum" and b.model_fields_set == {"tick", "time", "kind", "who", "text"}
    a.ids = {"belief": "b1"}  # a field it was not given: a set of its own
    assert "ids" in a.model_fields_set and "ids" not in b.model_fields_set
