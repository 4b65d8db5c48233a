"""Newcomer findings (session 15) on counts, read-only towns and expectations, each reproduced
with a world of this file's own (a net-mending cove in en, a salt-pan hamlet in zh)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlalchemy import text as sql
from typer.testing import CliRunner

from townsfolk import Town
from townsfolk.sim.cli import app
from townsfolk.sim.scenario import ScenarioError, parse_scenario

COVE = """\
scenario: The torn net
language: en
characters:
  ada: {name: Ada, role: net mender}
  bo: {name: Bo, role: deckhand}
  cal: {name: Cal, role: cook}
  guest: {name: the Guest, player: true}
relationships:
  - {from: ada, to: bo, kind: friend, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: "Bo tore Ada's net and hid it", actor: bo, about: ada, witnesses: [cal], valence: -0.5}}
  - {at: 2, say: {speaker: cal, to: ada, about: bo, text: "Bo tore your net and hid it."}}
expect:
  - {at: 2, relation: {from: ada, to: bo, kind: friend}, below: 0.8}
"""

HAMLET = """\
world: 盐滩小村
language: zh
seed: 3
days: 0.5
population: 40
places:
  - {id: pan, kind: work, count: 1, capacity: 40, name: {zh: "盐滩{n}"}}
  - {id: shop, kind: market, capacity: 40, name: {zh: "杂货铺"}}
roles:
  - {id: saltman, name: {zh: 晒盐的}, share: 1.0, works_at: pan, hours: [5, 15]}
social:
  households: {size_mean: 3, kind: family}
  workplaces: {kind: colleague, per_npc: 3}
  friendships: {model: powerlaw_cluster, m: 2, p: 0.2, kind: friend}
events:
  - {id: owe, rate_per_day: 6, predicate: debt_unpaid, valence: -0.5, other: true, witnesses: 2,
     text: {zh: "{actor}借了{other}的钱，一直不还钱"}}
rumour: {rule: townsfolk, tell_probability: 0.5, meetings_per_hour: 0.6, seed_fraction: 0.05, seed_events: [owe]}
"""


# --- 19. a bound that bounds nothing is refused where it stands -----------------------------------
@pytest.mark.parametrize("subject", ["belief: {holder: ada, about: bo, min_hops: 1}",
                                     "reply: {npc: ada}, mentions: [net]",
                                     "summary: {holder: ada, about: bo}"])
def test_below_on_a_belief_reply_or_summary_names_file_line_and_field(subject: str) -> None:
    text = COVE + f"  - {{at: 2, {subject},\n     below: 0.5}}\n"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "cove.yaml")
    said = str(err.value)
    line = text.splitlines().index("     below: 0.5}") + 1
    assert said.startswith(f"cove.yaml:{line}: expect[1].below:"), said
    assert "takes no `below`" in said
    parse_scenario(COVE, "cove.yaml")  # the relation's and impression's bounds are still welcome
    parse_scenario(COVE + "  - {at: 2, impression: {holder: ada, about: bo}, at_least: -0.5}\n", "cove.yaml")


# --- 19. a read-only town answers, and says that nothing was kept ----------------------------------
def test_a_read_only_town_says_its_turns_are_not_saved(tmp_path: Path) -> None:
    scenario = tmp_path / "cove.yaml"
    scenario.write_text(COVE, encoding="utf-8")
    db = tmp_path / "cove.db"
    played = CliRunner().invoke(app, ["play", str(scenario), "--db", str(db), "--json"])
    assert played.exit_code == 0, played.output[-1500:]
    with Town.open(db) as writer:
        said = writer.say("guest", "ada", "What happened to your net?")
        assert said.answered and not said.read_only
        length = writer.info().timeline_length
    with Town.open(db, read_only=True) as reader:
        turn = reader.say("guest", "Ada", "Did Bo say sorry?")
        assert turn.answered and turn.read_only
        assert reader.event("Bo mended the net", actor="bo", witnesses=["ada"]).read_only
        assert reader.advance(1).read_only
        assert "read_only" in turn.model_dump() and "nothing of it was saved" in \
            type(turn).model_fields["read_only"].description
    with Town.open(db, read_only=True) as again:
        assert again.info().timeline_length == length  # and indeed nothing was


# --- 17. one wording for the model-call count: the bar and the summary agree -----------------------
def test_an_offline_simulate_summary_says_no_model_like_its_bar(tmp_path: Path) -> None:
    spec = tmp_path / "hamlet.world.yaml"
    spec.write_text(HAMLET, encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", str(spec), "--db", str(tmp_path / "h.db")])
    assert result.exit_code == 0, result.output
    summary = result.output.strip().splitlines()[-4:]
    text = " ".join(summary)
    assert "没有用模型（离线）" in text and "模型调用" not in text, summary
    assert re.search(r"\d+ 条关系（一对人算一条）", text), summary


def test_the_tie_chart_says_what_it_counts() -> None:
    from townsfolk.sim.report_words import chart_word

    for lang, words in (("en", "one per direction and kind"), ("zh", "每个方向、每种关系各算一条")):
        assert words in chart_word(lang, "moved.label", name="x", moved=1, total=2)


# --- 16. forget says what it did, and nothing about what it did not ------------------------------
def test_forget_leaves_out_a_zero_count_and_words_the_rest() -> None:
    from townsfolk.sim.messages import anonymised_clause

    assert anonymised_clause("en", 0) == "" and anonymised_clause("zh", 0) == ""
    assert anonymised_clause("en", 1) == "; the player is no longer named in 1 kept item"
    assert anonymised_clause("en", 3).endswith("in 3 kept items")
    assert "3 条保留的内容不再提到这位玩家" in anonymised_clause("zh", 3)


def test_forget_line_on_a_run_that_anonymised_nothing(tmp_path: Path) -> None:
    scenario = tmp_path / "cove.yaml"
    scenario.write_text(COVE, encoding="utf-8")
    db = tmp_path / "cove.db"
    assert CliRunner().invoke(app, ["play", str(scenario), "--db", str(db), "--json"]).exit_code == 0
    with Town.open(db) as town:
        town.say("guest", "ada", "Good morning, Ada.")
    said = CliRunner().invoke(app, ["forget", "--db", str(db), "--player", "guest"])
    assert said.exit_code == 0, said.output
    text = " ".join(said.output.split())
    assert text.startswith("erased") and "name the player no more" not in text and "0 kept item" not in text, text


# --- 16. the play summary's gate: per trigger, and the totals apart --------------------------------
def test_play_json_gate_lists_triggers_and_totals_apart(tmp_path: Path) -> None:
    scenario = tmp_path / "cove.yaml"
    text = COVE.replace("expect:", "  - {at: 3, ask: {player: guest, npc: ada, text: \"What happened to your net?\"}}\n"
                        "  - {at: 4, ask: {player: guest, npc: cal, text: \"Did you see it?\"}}\nexpect:")
    scenario.write_text(text, encoding="utf-8")
    played = CliRunner().invoke(app, ["play", str(scenario), "--db", str(tmp_path / "c.db"), "--json"])
    assert played.exit_code == 0, played.output[-1500:]
    summary = json.loads(played.output.strip().splitlines()[-1])
    gate, outcomes = summary["gate"], summary["gate_outcomes"]
    assert gate.get("addressed:speak", 0) >= 2 and "speak" not in gate, gate
    assert all(":" in k for k in gate) and not any(":" in k for k in outcomes), summary
    for outcome, n in outcomes.items():  # the totals are the per-trigger counts summed
        assert n == sum(v for k, v in gate.items() if k.endswith(":" + outcome)), (outcome, summary)


# --- 16. why says what happened behind "was there" and a cold meeting ------------------------------
YUCUN = """\
scenario: 鱼篓
language: zh
characters:
  ashui: {name: 阿水, role: 渔夫}
  laozhou: {name: 老周, role: 网匠}
  xiaohong: {name: 小红, role: 卖鱼的}
relationships:
  - {from: ashui, to: xiaohong, kind: friend, strength: 0.7, mutual: true}
  - {from: laozhou, to: ashui, kind: neighbour, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: "阿水偷了老周的鱼篓", actor: ashui, about: laozhou, witnesses: [xiaohong], valence: -0.6}}
  - {at: 2, say: {speaker: xiaohong, to: laozhou, about: ashui, text: "阿水偷了你的鱼篓。"}}
  - {at: 3, meet: [laozhou, ashui]}
"""


def test_why_shows_the_moment_behind_an_interaction(tmp_path: Path) -> None:
    from townsfolk.sim.run_reader import RunReader
    from townsfolk.sim.why import explain

    scenario = tmp_path / "yu.yaml"
    scenario.write_text(YUCUN, encoding="utf-8")
    db = tmp_path / "yu.db"
    assert CliRunner().invoke(app, ["play", str(scenario), "--db", str(db), "--json"]).exit_code == 0
    said = " ".join(CliRunner().invoke(app, ["why", "阿水", "小红", "--db", str(db)]).output.split())
    assert re.search(r"在场 \(事实 f1\) [│ ]*└── 事实 f1（t1）：阿水偷了老周的鱼篓", said), said
    cold = " ".join(CliRunner().invoke(app, ["why", "老周", "阿水", "--db", str(db)]).output.split())
    assert "碰面，心里有疙瘩，不太热络" in cold and "事实 f3（t3）：老周、阿水 碰面" in cold, cold
    part = RunReader(str(db)).slice_why("ashui", "xiaohong")  # the saved-run slice reads that fact too
    got = explain(part.world, part.memory, "ashui", "xiaohong")
    assert any(c.fact_id == "f1" and c.cause_kind == "fact" for e in got.edges for c in e.changes)


# --- 10. why on a saved headless run walks every teller back to the witness ----------------------
def test_headless_why_shows_the_whole_chain_of_tellers(tmp_path: Path) -> None:
    from townsfolk.sim.run_reader import RunReader
    from townsfolk.sim.simulate import simulate
    from townsfolk.sim.why import explain
    from townsfolk.sim.world_spec import parse_world_spec

    db = tmp_path / "hamlet.db"
    simulate(parse_world_spec(HAMLET.replace("days: 0.5", "days: 1")), db=db)
    reader = RunReader(str(db))
    with reader.store.engine.connect() as conn:  # the deep retellings, straight from their rows
        rows = conn.execute(sql("SELECT data FROM memory_item WHERE kind = 'belief'")).all()
    deep = [d for (raw,) in rows if (d := raw if isinstance(raw, dict) else json.loads(raw))["hops"] >= 2]
    assert len(deep) >= 5, len(deep)
    shown = 0
    for belief in deep[:12]:
        holder, about = belief["holder"], belief["claim"]["about"]
        part = reader.slice_why(holder, about)
        got = explain(part.world, part.memory, holder, about)
        chain = next(c for b, c in got.beliefs if b.id == belief["id"])
        assert [h.hops for h in chain] == list(range(belief["hops"] + 1)), (belief["id"], chain)
        assert chain[0].source == "witnessed" and chain[-1].holder == holder
        shown += 1
    said = " ".join(CliRunner().invoke(app, ["why", deep[0]["holder"], deep[0]["claim"]["about"],
                                             "--db", str(db)]).output.split())
    assert said.count("第0手") >= 1 and f"第{deep[0]['hops']}手" in said, said
    assert shown


def test_the_report_card_of_an_offline_run_says_no_model_in_both_languages() -> None:
    from townsfolk.sim.report_words import usage_words

    standin = {"model_calls": 1068, "tokens_in": 0, "tokens_out": 0}  # the rules' decisions, counted
    for lang, card in (("zh", "无（离线）"), ("en", "none (offline)")):
        for model in ("offline", None):
            got, cell = usage_words(lang, standin, model)
            assert got == card and "1068" not in cell, (lang, model, got, cell)
    assert usage_words("en", {"model_calls": 12, "tokens_in": 300, "tokens_out": 90}, "qwen")[0] == "12"
