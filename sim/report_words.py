"""The words inside the report's charts (titles, axes, legends) and a few of its cells, per language.

Kept apart from the page's own words (sim/messages.py) because they are drawn by matplotlib:
a reader of a zh town reads its charts in Chinese, with people's names and the facts' own text.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "reach.title": "How far each rumour reached", "reach.x": "day", "reach.y": "people who have heard it",
    "cred.title": "Credibility falls with every hop", "cred.x": "hops from the witness", "cred.y": "credibility",
    "cred.mean": "mean",
    "dist.title": "How retellings changed the story", "dist.x": "hops from the witness",
    "dist.y": "share of beliefs at that hop",
    "hop": "hop {n}",
    "ties.title": "Tie strength (family, friends, colleagues …)", "ties.x": "day", "ties.y": "strength",
    "moved.title": "Ties that moved: change since the start", "moved.x": "day", "moved.y": "change in strength",
    "moved.ties": "ties", "moved.affinity": "affinity",
    "moved.label": "{name}: {moved:,} of {total:,} moved (one per direction and kind; mean, 10–90%)",
    "band.10_90": "10–90%", "band.25_75": "25–75%", "median": "median", "mean": "mean",
    "mood.title": "Everyone's mood (valence, −1 low … +1 cheerful)", "mood.x": "day", "mood.y": "valence",
    "mood.band": "10–90% of NPCs",
    "spreaders.title": "Top spreaders (retellings)", "spreaders.x": "times they passed something on",
    "col.when": "when",
    "usage.offline": "no model: an offline run, the rules wrote every line",
    "usage.offline_card": "none (offline)",
    "usage.calls": "{calls} · {tokens_in} / {tokens_out}",
    "usage.no_tokens": "{calls} · no tokens reported",
    "why.command": "townsfolk why --db RUN FROM TO",
    "interrupted": "Unfinished run: interrupted at tick {tick}{of} ({when}). Everything below is up to "
                   "then; `townsfolk simulate SPEC --db RUN --resume` goes on with it.",
    "interrupted.of": " of {ticks}",
    "changed.ranked": "Ranked by what beliefs and events moved (a seeded tension fading with time is not a "
                      "change); each pair once, its two directions as A→B / B→A.",
    "reach.shown": "The {shown} that reached most people, of the {n} rumours followed.",
    "changed.faded": "{change} (then faded {drift})",
    "alt.reach": "Line chart: how many people had heard each of the {n} widest rumours, day by day.",
    "alt.hops": "Charts: credibility and the kinds of distortion at each hop from the witness.",
    "alt.cascade": "Tree of the largest cascade: who heard it from whom ({n} people).",
    "alt.ties": "Chart: the spread of tie strengths at the end of each day, and the ties that moved.",
    "alt.mood": "Chart: the town's mean mood (valence) over the run, with the 10–90% band.",
    "alt.spreaders": "Bar chart: the NPCs who passed things on most often.",
}

ZH: dict[str, str] = {
    "reach.title": "每条传闻传到了多少人", "reach.x": "天", "reach.y": "听说过的人数",
    "cred.title": "每传一手，可信度就低一些", "cred.x": "离亲眼看见的人隔了几手", "cred.y": "可信度",
    "cred.mean": "平均",
    "dist.title": "传话怎样把事情说变了样", "dist.x": "离亲眼看见的人隔了几手", "dist.y": "这一手里各种说法的比例",
    "hop": "第{n}手",
    "ties.title": "关系强度（家人、朋友、同事……）", "ties.x": "天", "ties.y": "强度",
    "moved.title": "变了的关系：比起开始时变了多少", "moved.x": "天", "moved.y": "强度的变化",
    "moved.ties": "关系", "moved.affinity": "好感",
    "moved.label": "{name}：{total} 条中变了 {moved} 条（每个方向、每种关系各算一条；平均，10–90%）",
    "band.10_90": "10–90%", "band.25_75": "25–75%", "median": "中位数", "mean": "平均",
    "mood.title": "众人的情绪（好恶，−1 低落 … +1 高兴）", "mood.x": "天", "mood.y": "好恶",
    "mood.band": "10–90% 的 NPC",
    "spreaders.title": "最爱传话的人（传话次数）", "spreaders.x": "传出去的次数",
    "col.when": "什么时候",
    "usage.offline": "没有用模型：离线运行，每句话都由规则写出",
    "usage.offline_card": "无（离线）",
    "usage.calls": "{calls} 次 · 输入 {tokens_in} / 输出 {tokens_out}",
    "usage.no_tokens": "{calls} 次 · 服务器没有报告词元数",
    "why.command": "townsfolk why --db 运行库 谁 对谁",
    "interrupted": "这次运行没有跑完：在第 {tick}{of} 个时刻中断（{when}）。下面的一切只到那时为止；"
                   "用 `townsfolk simulate 世界文件 --db 运行库 --resume` 接着跑。",
    "interrupted.of": " / {ticks}",
    "changed.ranked": "按看法和事件带来的变化排序（开始时定下的芥蒂随时间淡去不算变化）；每一对人只列一行，"
                      "两个方向写成 甲→乙 / 乙→甲。",
    "reach.shown": "追踪的 {n} 条传闻中，传得最广的 {shown} 条。",
    "changed.faded": "{change}（随后随时间淡了 {drift}）",
    "alt.reach": "折线图：传得最广的 {n} 条传闻，每天各有多少人听说过。",
    "alt.hops": "图：离亲眼看见的人隔了几手，每一手的可信度和走样的方式。",
    "alt.cascade": "树状图：传得最大的一串，谁从谁那里听来的（{n} 人）。",
    "alt.ties": "图：每天结束时关系强度的分布，以及变了的关系。",
    "alt.mood": "图：镇上平均情绪（好恶）随时间的变化，带 10–90% 的范围。",
    "alt.spreaders": "条形图：最常把事情传出去的 NPC。",
}


def chart_word(language: str, key: str, **slots: object) -> str:
    """A chart's word in the world's language (English when zh lacks it)."""
    return (ZH if language == "zh" else EN).get(key, EN[key]).format(**slots)


def usage_words(language: str, usage: dict, model: str | None) -> tuple[str, str]:
    """The report's model card and usage cell. An offline run calls the rules where a model would
    be called, so its "216 · 0 / 0" read as a model that answered 216 times for free: it says there
    was no model. A run saved before the model's name was kept counts as offline when no token
    was counted and nothing failed (the offline provider counts none; a model server reports them)."""
    calls = usage.get("model_calls", 0)
    tokens_in, tokens_out = usage.get("tokens_in", 0), usage.get("tokens_out", 0)
    offline = model == "offline" or (model is None and not (tokens_in or tokens_out or usage.get("failures")))
    if offline:
        return chart_word(language, "usage.offline_card"), chart_word(language, "usage.offline")
    if not (tokens_in or tokens_out):
        return str(calls), chart_word(language, "usage.no_tokens", calls=calls)
    return str(calls), chart_word(language, "usage.calls", calls=calls, tokens_in=tokens_in, tokens_out=tokens_out)


def shown_days(days: float) -> float:
    """Days as a reader counts them: two decimals at most (19 hours are 0.79 days, not 0.791667)."""
    return round(days, 2)


def days_text(language: str, days: float) -> str:
    """'1 day', '2.5 days', '3 天' (0.79 days, not 0.791667)."""
    days = shown_days(days)
    if language == "zh":
        return f"{days:g} 天"
    return f"{days:g} day" + ("" if days == 1 else "s")


def duration_text(language: str, seconds: float) -> str:
    """A tick length as a designer writes it: '1h', '30m' (zh: '1 小时', '30 分钟'), not '1:00:00'."""
    s = int(round(seconds))
    for size, en, zh in ((86400, "d", " 天"), (3600, "h", " 小时"), (60, "m", " 分钟")):
        if s % size == 0 and s >= size:
            return f"{s // size}{zh if language == 'zh' else en}"
    return f"{s}{' 秒' if language == 'zh' else 's'}"


def when_text(language: str, days_in: float, clock_text: str) -> str:
    """When a fact happened, as a reader counts: 'day 2, 14:00' / '第2天 14:00'."""
    day = int(days_in) + 1
    return f"第{day}天 {clock_text}" if language == "zh" else f"day {day}, {clock_text}"


# the same words as the play timeline and why (sim/messages.py AXES_ZH): tension is 芥蒂 everywhere
BOND_AXES_ZH = {"familiarity": "熟悉", "trust": "信任", "affinity": "好感", "tension": "芥蒂"}


def tie_kind_text(language: str, kind: str, kinds: dict) -> str:
    """A kind of tie or a bond axis as the world's reader names it ('family' / '家人', 'tension' / '芥蒂')."""
    if kind in kinds:
        return kinds[kind].label(language)
    return BOND_AXES_ZH.get(kind, kind) if language == "zh" else kind
