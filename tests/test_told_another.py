"""What one told another, reported by a player, is that one's word (newcomer K-2): "Dorrit told Jasper you called
Milo unreliable." became the player's belief "Dorrit is unreliable" and cooled Agatha toward Dorrit."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town

WORLD = """
scenario: print shop
language: {lang}
characters:
  agatha: {{name: {a}, role: {ra}}}
  milo: {{name: {m}, role: {rm}}}
  dorrit: {{name: {d}, role: {rd}}}
  jasper: {{name: {j}, role: {rj}}}
  quill: {{name: {q}, player: true}}
relationships:
  - {{from: agatha, to: dorrit, kind: colleague, strength: 0.6}}
"""


def _tie(town: Town) -> float:
    return next(e.strength for e in town.world.graph.edges_between("agatha", "dorrit") if e.kind == "colleague")


def test_told_another_is_their_word(tmp_path: Path) -> None:
    for lang, names, line in (
            ("en", ("Agatha", "master printer", "Milo", "compositor", "Dorrit", "ink mixer", "Jasper", "binder", "Quill"),
             "Dorrit told Jasper you called Milo unreliable."),
            ("zh", ("钱师傅", "酒坊掌柜", "二柱", "学徒", "胖婶", "卖豆腐的", "小六", "伙计", "过客"),
             "胖婶跟小六说你嫌二柱马虎。")):
        a, ra, m, rm, d, rd, j, rj, q = names
        path = tmp_path / f"{lang}.yaml"
        path.write_text(WORLD.format(lang=lang, a=a, ra=ra, m=m, rm=rm, d=d, rd=rd, j=j, rj=rj, q=q), encoding="utf-8")
        town = Town.from_scenario(path)
        town.advance(1)
        before = _tie(town)
        town.say("quill", "agatha", line)
        told = [b for b in town.memory.beliefs_of("agatha") if b.told_by == "quill"]
        assert told and all(b.claim.about != "dorrit" for b in told), [(b.text, b.claim.about) for b in told]
        assert any(b.claim.said_by == "dorrit" for b in told), [(b.text, b.claim.said_by) for b in told]
        assert _tie(town) >= before
