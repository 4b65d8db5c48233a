"""Bad news of the NPC's own people, kept from a stranger, is not denied: 李嫂, asked by a passing pedlar whether
her boy had spoilt the teacher's book, said "没听说有这回事" though she had heard it; now she won't say."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town

WORLD = """
scenario: school
language: {lang}
characters:
  lisao: {{name: {mum}, role: {role}}}
  xiaohu: {{name: {boy}, role: {boy_role}}}
  chuner: {{name: {girl}, role: {boy_role}}}
  ke: {{name: {player}, player: true}}
relationships:
  - {{from: lisao, to: xiaohu, kind: family, strength: 0.9, mutual: true}}
timeline:
  - {{at: 1, say: {{speaker: chuner, to: lisao, about: xiaohu, text: "{claim}"}}}}
"""


def test_kin_news_kept_not_denied(tmp_path: Path) -> None:
    for lang, mum, role, boy, boy_role, girl, player, claim, ask, denials, kept in (
            ("zh", "李嫂", "卖菜的", "小虎", "学童", "春儿", "货郎", "小虎偷了先生的钱", "小虎是不是偷了先生的钱？",
             ("没听说", "不知道"), ("不好多说", "不是我该说")),
            ("en", "Bess", "greengrocer", "Tam", "schoolboy", "Jenny", "Pedlar", "Tam stole the teacher's money",
             "Did Tam steal the teacher's money?", ("Not that I know", "haven't heard", "No idea"),
             ("rather not", "not mine to tell"))):
        path = tmp_path / f"{lang}.yaml"
        path.write_text(WORLD.format(lang=lang, mum=mum, role=role, boy=boy, boy_role=boy_role, girl=girl,
                                     player=player, claim=claim), encoding="utf-8")
        town = Town.from_scenario(path)
        town.advance(2)
        assert town.memory.beliefs_of("lisao", "xiaohu"), "she heard it"
        said = town.say("ke", "lisao", ask).text
        assert not any(d in said for d in denials) and any(k in said for k in kept), said
