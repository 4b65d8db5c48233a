"""The inspector page at `/` in headless Chromium against a real server: it lists the game's worlds,
draws the relationship graph, shows the timeline and answers "why" for a chosen pair."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.serve_fixture import LiveServer
from townsfolk.sim.server_inspector import graph_svg
from townsfolk.sim.town import Town

FERRY = Path(__file__).resolve().parent.parent / "scenarios" / "ferry.yaml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def test_the_graph_is_one_arrow_per_edge_coloured_by_kind():
    town = Town.from_scenario(FERRY)
    town.say("rider", "ida", "Evening, captain.")
    svg = graph_svg(town)
    edges = [e for e in town.world.graph.edges() if e.strength > 0.01]
    assert svg.count('class="edge"') == len(edges) and svg.count('class="node"') == len(town.world.characters)
    assert 'data-kind="colleague"' in svg and "<rect" in svg  # players are squares
    assert graph_svg(town) == svg  # deterministic


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)")
def test_the_inspector_in_headless_chromium(tmp_path):
    from playwright.sync_api import sync_playwright

    server = LiveServer(tmp_path, keys={"k-view": "viewer"}).start()
    try:
        with server.client("k-view") as c:
            assert c.post("/v1/worlds", json={"id": "ferry", "scenario": FERRY.read_text(encoding="utf-8")}).status_code == 201
            c.post("/v1/worlds/ferry/talk", json={"player": "rider", "npc": "ida", "text": "Evening, captain!"})
            c.post("/v1/worlds/ferry/events", json={"what": "Rider paid the fare in silver", "actor": "rider",
                                                    "about": "rider", "witnesses": ["ida", "bram"], "valence": 0.5})
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--headless", "--no-sandbox", "--disable-gpu",
                                              "--disable-background-networking"])
            page = browser.new_page()
            page.goto(server.url + "/")
            page.wait_for_selector("#status:has-text('401')")  # no key yet: the API says so
            page.fill("#key", "k-view")
            page.click("#load")
            page.wait_for_selector("#graph svg .node")
            assert page.locator("#graph svg .node").count() == 5
            assert page.locator("#graph svg .edge").count() >= 6
            assert page.locator("#timeline .entry").count() >= 3
            assert "Rider paid the fare in silver" in page.inner_text("#timeline")
            page.select_option("#holder", "ida")
            page.select_option("#target", "rider")
            page.click("#ask")
            page.wait_for_function("document.getElementById('why').textContent.length > 0")
            text = page.inner_text("#why")
            assert "familiarity" in text and "believes" in text, text
            browser.close()
    finally:
        server.stop()
