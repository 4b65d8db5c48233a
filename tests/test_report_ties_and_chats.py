"""The report counts what happened (issue 10): a visiting player's chats are not "rumours followed",
"Most-changed ties" ranks what beliefs and events moved (a seeded rivalry fading with time is not a
change), one row per pair with both directions, and every chart has alt text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.sim.report import build_report, changed_pairs, chat_origins, most_changed
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec

SPEC = tiny_spec(2).replace("rumour:", "social: {friendships: {rivals: 0.5}}\n"
                            "players:\n  - {id: visitor, name: the Visitor, visits: [market], meets_per_hour: 2}\n"
                            "rumour:")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, str]:
    db = tmp_path_factory.mktemp("r") / "t.db"
    result = simulate(parse_world_spec(SPEC), db=db)
    return result, build_report(str(db))


def test_a_visitors_chats_are_not_rumours_followed(run: tuple[object, str]) -> None:
    result, page = run
    world = result.sim.world
    chats = chat_origins(world)
    assert chats, "the visitor chatted with nobody"
    origins = {b.origin_fact_id for b in result.sim.memory.beliefs.values() if b.origin_fact_id}
    real = origins - chats
    card = re.search(r"<b>([\d,]+)</b><span>rumours followed</span>", page)
    assert card and int(card.group(1).replace(",", "")) == len(real)
    assert "chatted with" not in page.split("Rumour reach over time")[1].split("</table>")[0]
    if len(real) > 6:  # the table shows the widest six and says of how many
        assert f"The 6 that reached most people, of the {len(real)} rumours followed." in page


def test_fading_with_time_is_no_change_and_each_pair_is_one_row(run: tuple[object, str]) -> None:
    result, page = run
    world = result.sim.world
    faded = [e for e in world.graph.edges() if e.kind == "tension"
             and all(c.cause.kind in ("time", "seed") for c in e.history) and len(e.history) > 1]
    assert faded, "no seeded tension faded"
    ranked = {e.key for _, _, e, _ in most_changed(world)}
    assert not ranked & {e.key for e in faded}
    pairs = changed_pairs(world)
    keys = [(a, b, kind) for a, b, kind, _, _ in pairs]
    assert len(keys) == len({(frozenset((a, b)), kind) for a, b, kind in keys})
    assert any(len(cells) == 2 for *_, cells, _ in pairs)
    table = page.split("Most-changed ties")[1]
    assert " / " in table and "a seeded tension fading with time is not a change" in table


def test_every_chart_has_alt_text(run: tuple[object, str]) -> None:
    _, page = run
    images = re.findall(r"<img [^>]*>", page)
    assert images and all(re.search(r'alt="[^"]{10,}"', i) for i in images)


def test_the_report_page_is_written(run: tuple[object, str], tmp_path: Path) -> None:
    _, page = run
    assert page.startswith("<!doctype html>") and "</html>" in page
