"""The offline voice reads well in every shipped scenario, under more than one seed.

Each scenario is played (those of up to 40 ticks under two seeds, longer ones under their own, the
951-tick season only through its first days) and every line an NPC spoke (replies and reach-out messages)
is checked: no quotation inside the quoted line, no "sent I" / "told I" case errors, no line said
twice by the same NPC on the same day, and every line in the world's script. Timeline lines (what was
said, what was passed on) are checked too: a quotation never opens inside another.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario

SCENARIOS = sorted(p for p in (Path(__file__).resolve().parent.parent / "scenarios").glob("*.yaml")
                   if not p.name.endswith(".world.yaml"))
LONG = {"village.yaml": None, "teahouse_season.yaml": 120}  # one seed; the season only partly
SHORT_TICKS = 40  # scenarios up to this long are played under two seeds
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
NESTED = {"zh": re.compile(r"[“”「」\"]"), "en": re.compile(r"[\"“”]")}
CASE_ERRORS = re.compile(
    r"\b(?:sent|told|gave|with|to|for|asked|saw|helped|from|by|about|thanked|blamed|met|at|of|called|showed|"
    r"brought|like|than|between) I\b|\bme (?:am|was|is|have|had)\b|\bI's\b|\byou (?:is|was|has)\b|\bI (?:is|has)\b")


TIMELINE: dict[str, list[tuple[str, str]]] = {}  # scenario -> (language, timeline text), filled by spoken_lines


def nested_quotes(text: str, language: str) -> bool:
    """Whether a quotation opens inside another (“a “b”” or "a "b"")."""
    if language == "zh":
        depth = 0
        for ch in text:
            if ch == "“":
                if depth:
                    return True
                depth += 1
            elif ch == "”":
                depth = max(0, depth - 1)
        return False
    depth = 0
    for i, ch in enumerate(text):
        if ch != '"':
            continue
        after = text[i + 1] if i + 1 < len(text) else " "
        opens = (i == 0 or text[i - 1] in " (:") and after not in " .,;:)!?"
        if opens and depth:
            return True
        depth = depth + 1 if opens else max(0, depth - 1)
    return False


def spoken_lines(path: Path) -> list[tuple[str, str, str, str]]:
    """(language, npc, day, text) for every line an NPC spoke in a few plays of the scenario."""
    scenario = load_scenario(path)
    if path.name in LONG or scenario.last_tick > SHORT_TICKS:
        plays = [(None, LONG.get(path.name))]
    else:
        plays = [(None, None), (scenario.seed + 1, None)]
    out = []
    for seed, until in plays:
        result = play(scenario, db=None, seed=seed, until=until)
        world = result.sim.world
        TIMELINE.setdefault(path.name, []).extend((scenario.language, e.text) for e in result.log)
        for fact in world.facts:
            if fact.kind in ("reply", "message") and fact.actor and not world.character(fact.actor).is_player:
                out.append((scenario.language, f"{seed}:{fact.actor}", fact.time.date().isoformat(), fact.text))
    return out


def problems(lines: list[tuple[str, str, str, str]]) -> list[str]:
    found = []
    for lang, npc, _day, text in lines:
        if NESTED[lang].search(text):
            found.append(f"nested quote from {npc}: {text}")
        if lang == "en" and CASE_ERRORS.search(text):
            found.append(f"case error from {npc}: {text}")
        cjk, latin = len(CJK.findall(text)), len(LATIN.findall(text))
        if lang == "en" and cjk:
            found.append(f"CJK in an English world from {npc}: {text}")
        if lang == "zh" and cjk < 0.8 * (cjk + latin):
            found.append(f"not mostly Chinese from {npc}: {text}")
    repeats = Counter((npc, day, text) for _lang, npc, day, text in lines)
    found += [f"{npc} said twice on {day}: {text}" for (npc, day, text), n in repeats.items() if n > 1]
    return found


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_npc_line_reads_well(path: Path) -> None:
    lines = spoken_lines(path)
    bad = problems(lines)
    bad += [f"nested quote in the timeline: {text}" for lang, text in TIMELINE.get(path.name, [])
            if nested_quotes(text, lang)]
    assert not bad, "\n".join(bad[:20])


def test_the_checks_catch_what_was_seen_before() -> None:
    """The old voice's lines fail these checks (so the test above can fail)."""
    old = [("en", "jem", "d", "Bram sent I the wrong flour."),
           ("zh", "aqing", "d", "没什么啊。我跟老顾客说：“他又迟到了”。"),
           ("en", "cora", "d", "Well... You told me that Bram is careless."),
           ("en", "cora", "d", "Well... You told me that Bram is careless."),
           ("en", "ada", "d", "我不知道。"), ("zh", "laoli", "d", "I don't really know anything about that.")]
    bad = problems(old)
    assert any("case error" in b for b in bad)
    assert any("nested quote" in b for b in bad)
    assert any("said twice" in b for b in bad)
    assert any("CJK in an English" in b for b in bad)
    assert any("not mostly Chinese" in b for b in bad)
    assert nested_quotes("王婶 对 小梅 说：“老张说：“赵哥好像往井边倒过豆渣””（照实说）", "zh")
    assert not nested_quotes("王婶 对 小梅 说：“老张说：『赵哥好像往井边倒过豆渣』”（照实说）", "zh")
    assert nested_quotes('Ann to Bo: "Cy says: "Dora is late"" (faithful)', "en")
    assert not nested_quotes('Ann to Bo: "Cy says: ‘Dora is late’" (faithful)', "en")
