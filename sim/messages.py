"""One message catalogue per language for everything the CLI prints around the story.

A Chinese world is read in Chinese: headings, labels, table columns, plural forms and the
relationship-stage names all come from here, keyed by the world's language. Machine output
(`--json`) keeps its English keys; only what a person reads is translated.
"""

from __future__ import annotations

from rich.cells import cell_len

from townsfolk.world.relation_kinds import BUILTIN_KINDS, RelationKind

EN: dict[str, str] = {
    "why.title": "Why {holder} regards {target} as {as_they}",
    "reason.tension_fades": "tension fades",
    "why.impression": "impression",
    "why.summary": "summary",
    "why.no_edges": "no edges between them",
    "why.edge": "{kind} now {strength} (since {since}, last reinforced {last}); over time: {curve}",
    "why.fact": "fact",
    "why.corrected": "later corrected:",
    "why.beliefs": "beliefs held about them",
    "why.superseded": "superseded because:",
    "why.credibility": "credibility",
    "why.hop": "hop",
    "why.impression_value": "{text} (valence {valence:+.2f}, confidence {confidence:.2f})",
    "inspect.characters": "{title} — characters",
    "inspect.edges": "edges", "inspect.beliefs": "beliefs", "inspect.facts": "facts",
    "inspect.beliefs_held": "beliefs {name} holds", "inspect.beliefs_about": "beliefs others hold about {name}",
    "col.id": "id", "col.name": "name", "col.role": "role", "col.player": "player", "col.traits": "traits",
    "col.from": "from", "col.to": "to", "col.kind": "kind", "col.strength": "strength", "col.changes": "changes",
    "col.holder": "holder", "col.belief": "belief", "col.source": "source", "col.hops": "hops",
    "col.credibility": "credibility", "col.status": "status", "col.tick": "tick", "col.actor": "actor",
    "col.text": "text",
    "yes": "yes", "private": "(private)", "none": "(none)",
    "memories.title": "what {npc} remembers about {player}",
    "memories.impressions": "impressions", "memories.summaries": "summaries",
    "memories.beliefs": "beliefs", "memories.events": "events",
    "memories.naming": "naming you, about others (forget keeps these, with you made anonymous)",
    "decisions.title": "gate decisions of {npc} ({n})",
    "play.summary": "ticks {ticks} · npcs {npcs} · {model_calls} · expectations {passed} passed, {failed} failed · "
                    "saved to {target}",
    "play.gate": "gate decisions: ",
    "play.failed": "expectation {index} failed at tick {at}:",
    "play.found": "found:",
    "forget.done": "erased {kinds}; redacted {facts}; reverted {edges}; database rewritten and compacted",
    "forget.cli": "erased {kinds}; redacted {facts}; kept {edges} with their cause now anonymous{anonymised}"
                  "{shred}; database rewritten atomically",
    "forget.anonymised": "; the player is no longer named in {n} kept item{s}",
    "forget.shred": "; destroyed {n} key(s) of the player",
    "report.header": "{npcs} · {days_text} simulated · a townsfolk headless run",
    "report.page_title": "{title} — townsfolk report",
    "report.card.npcs": "NPCs", "report.card.days": "days", "report.card.tellings": "tellings",
    "report.card.rumours": "rumours followed", "report.card.reach": "widest reach", "report.card.chain": "deepest chain",
    "report.card.hops": "{n} hop{s}", "report.card.model_calls": "model calls",
    "report.reach": "Rumour reach over time",
    "report.reach.note": "Each line is one thing that really happened (an origin fact) and how many people had heard "
                         "some version of it by each day.",
    "report.col.origin": "origin", "report.col.what": "what happened", "report.col.tick": "tick",
    "report.col.heard_by": "heard by", "report.col.who": "who", "report.col.role": "role",
    "report.col.retellings": "retellings", "report.col.from": "from", "report.col.to": "to", "report.col.kind": "kind",
    "report.col.start": "start", "report.col.now": "now", "report.col.change": "change", "report.col.changes": "changes",
    "report.hops": "Credibility and distortion by hop",
    "report.hops.note": "Witnesses (hop 0) are believed most; every retelling costs credibility, and exaggerators "
                        "change the story on the way.",
    "report.cascade": "The largest cascade",
    "report.cascade.note": " — heard by {size} people ({shown} shown{deepest}); dot size is credibility, colour the "
                           "distortion.",
    "report.cascade.deepest": ", the deepest chains",
    "report.ties": "Relationships over time", "report.ties.note": "The spread of tie strengths at the end of each day.",
    "report.mood": "Mood", "report.spreaders": "Top spreaders", "report.summary": "Summary",
    "report.changed": "Most-changed ties", "report.changed.note": "Ask why:",
    "report.row.npcs": "NPCs / players", "report.row.ticks": "ticks (tick length)",
    "report.row.ties": "tied pairs (two people with a relationship, counted once; bond axes not counted)", "report.row.facts": "facts recorded",
    "report.row.events": "events / tellings / small talk",
    "report.row.encounters": "encounters / held by the gate / stifled (Maki-Thompson)",
    "report.row.beliefs": "beliefs held (by how many NPCs)",
    "report.row.credibility": "mean credibility of second-hand beliefs", "report.row.distorted": "distorted retellings",
    "report.row.distorted_value": "{n} of {total}", "report.row.mood": "mood at the end (mean valence)",
    "report.row.usage": "model calls · tokens in / out",
    "errands.title": "errands ({n})", "errands.from": " (from {npc})", "errands.waiting": ", waiting for {pending}",
    "errands.paused": " ({reason} at {at})", "errands.slots": "slots", "errands.skipped": "skipped",
    "errands.was": "was", "why.interaction": "interaction",
    "report.wrote": "wrote {out} ({kb} KB)",
    "simulate.summary": "{title}: {npcs} · {ties} · {days_text} ({ticks}, {rate:.1f} ticks/s) · "
                        "{events} · {tellings} · {stifled} · {beliefs} held by {reached} · {model_calls} · "
                        "built in {build_s:.1f} s, ran {run_s:.1f} s · saved to {target}",
    "expect.ok": "ok", "expect.failed": "FAILED", "expect.found": "found:",
    "stage.reasons": "{interactions} over {days}, familiarity {familiarity:.2f}, trust {trust:.2f}, "
                     "tension {tension:.2f}",
}

ZH: dict[str, str] = {
    "why.title": "{holder}为什么这样看{target}",
    "reason.tension_fades": "芥蒂随时间淡了",
    "why.impression": "印象",
    "why.summary": "总结",
    "why.no_edges": "两人之间没有关系边",
    "why.edge": "{kind} 现在 {strength}（始于 {since}，最近一次加强 {last}）；变化：{curve}",
    "why.fact": "事实",
    "why.corrected": "后来澄清：",
    "why.beliefs": "对其持有的看法",
    "why.superseded": "被取代的原因：",
    "why.credibility": "可信度",
    "why.hop": "第{n}手",
    "why.impression_value": "{text}（好恶 {valence:+.2f}，把握 {confidence:.2f}）",
    "inspect.characters": "{title} — 人物",
    "inspect.edges": "关系", "inspect.beliefs": "看法", "inspect.facts": "事实",
    "inspect.beliefs_held": "{name}持有的看法", "inspect.beliefs_about": "别人关于{name}的看法",
    "col.id": "编号", "col.name": "名字", "col.role": "身份", "col.player": "玩家", "col.traits": "性格",
    "col.from": "从", "col.to": "到", "col.kind": "类型", "col.strength": "强度", "col.changes": "变化次数",
    "col.holder": "持有人", "col.belief": "看法", "col.source": "来源", "col.hops": "手数",
    "col.credibility": "可信度", "col.status": "状态", "col.tick": "时刻", "col.actor": "谁做的",
    "col.text": "内容",
    "yes": "是", "private": "（私密）", "none": "（无）",
    "memories.title": "{npc}记得的关于{player}的事",
    "memories.impressions": "印象", "memories.summaries": "总结",
    "memories.beliefs": "看法", "memories.events": "经历",
    "memories.naming": "提到你的、关于别人的事（forget 会留下这些，只把你匿名）",
    "decisions.title": "{npc}的开口决定（{n} 条）",
    "play.summary": "共 {ticks} 个时刻 · {npcs} 个 NPC · {model_calls} · 期望 {passed} 条通过，{failed} 条未通过 · "
                    "已保存到 {target}",
    "play.gate": "开口决定：",
    "play.failed": "期望 {index} 在时刻 {at} 未通过：",
    "play.found": "实际：",
    "forget.done": "已抹去 {kinds}；涂掉 {facts}；撤回 {edges}；数据库已重写并压缩",
    "forget.cli": "已抹去 {kinds}；涂掉 {facts}；保留 {edges}，起因已匿名{anonymised}"
                  "{shred}；数据库已原子地重写",
    "forget.anonymised": "；{n} 条保留的内容不再提到这位玩家",
    "forget.shred": "；销毁了这位玩家的 {n} 把密钥",
    "report.header": "{npcs} · 模拟 {days:g} 天 · townsfolk 无界面运行",
    "report.page_title": "{title} — townsfolk 报告",
    "report.card.npcs": "NPC", "report.card.days": "天", "report.card.tellings": "传话",
    "report.card.rumours": "追踪的传闻", "report.card.reach": "传得最广", "report.card.chain": "最长的链",
    "report.card.hops": "{n} 手", "report.card.model_calls": "模型调用",
    "report.reach": "传闻随时间传开",
    "report.reach.note": "每条线是一件真实发生的事（源事实），以及每天有多少人听到过某个版本。",
    "report.col.origin": "源事实", "report.col.what": "发生了什么", "report.col.tick": "时刻",
    "report.col.heard_by": "听说的人数", "report.col.who": "谁", "report.col.role": "身份",
    "report.col.retellings": "传话次数", "report.col.from": "从", "report.col.to": "到", "report.col.kind": "类型",
    "report.col.start": "起初", "report.col.now": "现在", "report.col.change": "变化", "report.col.changes": "变化次数",
    "report.hops": "各手的可信度与走样",
    "report.hops.note": "亲眼看到的人（第0手）最可信；每传一次可信度就降一些，爱夸张的人还会把事情说变样。",
    "report.cascade": "传得最大的一串",
    "report.cascade.note": " — {size} 人听说（显示 {shown} 人{deepest}）；点的大小是可信度，颜色是走样的方式。",
    "report.cascade.deepest": "，只画最长的链",
    "report.ties": "关系随时间的变化", "report.ties.note": "每天结束时关系强度的分布。",
    "report.mood": "情绪", "report.spreaders": "最爱传话的人", "report.summary": "概况",
    "report.changed": "变化最大的关系", "report.changed.note": "问为什么：",
    "report.row.npcs": "NPC / 玩家", "report.row.ticks": "时刻数（每个时刻长度）",
    "report.row.ties": "关系（有关系的两个人算一条，不计亲疏各轴）", "report.row.facts": "记下的事实",
    "report.row.events": "事件 / 传话 / 闲聊",
    "report.row.encounters": "碰面 / 忍住没说 / 没传开（Maki-Thompson）",
    "report.row.beliefs": "持有的看法（多少个 NPC）",
    "report.row.credibility": "二手看法的平均可信度", "report.row.distorted": "走样的传话",
    "report.row.distorted_value": "{total} 次中 {n} 次", "report.row.mood": "结束时的情绪（平均好恶）",
    "report.row.usage": "模型调用 · 输入 / 输出词元",
    "errands.title": "差事（{n}）", "errands.from": "（转自{npc}）", "errands.waiting": "，等着 {pending}",
    "errands.paused": "（{reason}，{at}）", "errands.slots": "信息", "errands.skipped": "跳过",
    "errands.was": "原为", "why.interaction": "往来",
    "report.wrote": "报告已写入 {out}（{kb} KB）",
    "simulate.summary": "{title}：{npcs} · {ties} · {days:g} 天（{ticks}，每秒 {rate:.1f} 个）· "
                        "{events} · {tellings} · {stifled} · {reached} 持有 {beliefs} · "
                        "{model_calls} · 生成用时 {build_s:.1f} 秒，运行 {run_s:.1f} 秒 · 已保存到 {target}",
    "expect.ok": "通过", "expect.failed": "未通过", "expect.found": "实际：",
    "stage.reasons": "{interactions}，相识 {days}，熟悉度 {familiarity:.2f}，信任 {trust:.2f}，芥蒂 {tension:.2f}",
}

# Countable nouns: English (singular, plural); Chinese a measure word, which has no plural.
NOUNS: dict[str, tuple[str, str, str]] = {
    "event": ("event", "events", "条经历"), "belief": ("belief", "beliefs", "条看法"),
    "summary": ("summary", "summaries", "条总结"), "impression": ("impression", "impressions", "条印象"),
    "fact": ("fact", "facts", "条事实"), "edge_change": ("edge change", "edge changes", "处关系变化"),
    "interaction": ("interaction", "interactions", "次往来"), "day": ("day", "days", "天"),
    "memory": ("memory", "memories", "条记忆"), "decision": ("decision", "decisions", "条决定"),
}

# Timeline kinds as a reader sees them (the JSON keeps the English key).
KINDS_ZH: dict[str, str] = {
    "happen": "发生", "say": "说话", "gossip": "传话", "belief": "看法", "edge": "关系", "meet": "碰面",
    "mood": "情绪", "ask": "提问", "reply": "回答", "mediate": "调解", "revise": "修正", "summary": "总结",
    "expect": "检查", "start": "开始", "impression": "印象", "forget": "遗忘", "dormant": "疏远", "wake": "重逢",
    "hold": "没开口", "stage": "阶段", "message": "捎话", "errand": "差事",
}

# Errand states and history kinds (agents/errands.py) as a Chinese reader sees them (JSON keeps the keys).
ERRAND_WORDS_ZH: dict[str, str] = {
    "active": "进行中", "paused": "暂停", "done": "办完", "cancelled": "取消", "expired": "作罢", "queued": "排队",
    "switched": "换着办", "escalated": "转交", "start": "开始", "fill": "填上", "confirm": "确认", "deny": "否认",
    "correct": "改正", "clear": "清空", "supplement": "加上", "default": "默认", "node": "一步办完", "pause": "暂停",
    "resume": "接着办", "cancel": "取消", "escalate": "转交", "expire": "作罢", "skip": "跳过",
}


def errand_word(language: str, word: str) -> str:
    return ERRAND_WORDS_ZH.get(word, word) if language == "zh" else word


# Relationship stages (agents/stage.py) in words rather than identifiers.
STAGES: dict[str, dict[str, str]] = {
    "zh": {"new_connection": "初识", "warming_up": "渐熟", "comfortable_chat": "谈得来", "trusted_companion": "信得过",
           "close_bond": "知心", "repairing": "修补中", "boundary_sensitive": "要注意分寸", "dependency_watch": "依赖留意",
           "—": "—"},
}

# How a retelling changed the words (sim/gossip.py), as a Chinese reader would say it.
DISTORTIONS_ZH: dict[str, str] = {"faithful": "照实说", "intensify": "说重了", "generalise": "以偏概全",
                                  "misattribute": "张冠李戴", "drop_hedge": "去掉了“好像”"}

# Where a belief came from (memory/beliefs.py), as a Chinese reader would say it.
SOURCES_ZH: dict[str, str] = {"witnessed": "亲眼看到", "told": "听说", "account": "当面说明", "overheard": "听到",
                              "inferred": "推断", "scenario": "场景设定"}

CATALOGUES = {"en": EN, "zh": ZH}


STATUSES_ZH: dict[str, str] = {"held": "仍相信", "superseded": "已不再相信", "forgotten": "已忘记", "erased": "已抹去"}


def status_label(language: str, status: str) -> str:
    return STATUSES_ZH.get(status, status) if language == "zh" else status


def source_label(language: str, source: str) -> str:
    return SOURCES_ZH.get(source, source) if language == "zh" else source


def distortion_label(language: str, distortion: str) -> str:
    return DISTORTIONS_ZH.get(distortion, distortion) if language == "zh" else distortion


def msg(language: str, key: str, **slots: object) -> str:
    """The catalogue entry for ``key`` in the world's language (English if zh lacks it)."""
    table = CATALOGUES.get(language, EN)
    return table.get(key, EN[key]).format(**slots)


def count(language: str, n: int, noun: str) -> str:
    """'1 summary', '2 summaries', '2 条总结'."""
    one, many, zh = NOUNS[noun]
    if language == "zh":
        return f"{n} {zh}"
    return f"{n} {one if n == 1 else many}"


def anonymised_clause(language: str, n: int) -> str:
    """'; the player is no longer named in 3 kept items', or nothing when none did (it read '0 kept items
    name the player no more')."""
    return msg(language, "forget.anonymised", n=n, s="" if n == 1 else "s") if n else ""


# Edge-change reasons the engine stores as fixed English words (agents/bonds.py), read through the
# catalogue: a zh town's `why` printed "tension fades  (time)" among its Chinese lines (newcomer K-34).
REASON_KEYS: dict[str, str] = {"tension fades": "reason.tension_fades"}


def reason_label(language: str, reason: str) -> str:
    """An edge change's reason as read: the 'interaction: ' marker code counts by, in the world's language."""
    if reason in REASON_KEYS:  # a reason the engine writes in English words, said in the world's language
        return msg(language, REASON_KEYS[reason])
    head, sep, rest = reason.partition(": ")
    if sep and head == "interaction" and language != "en":
        return msg(language, "why.interaction") + ("：" if language == "zh" else ": ") + rest
    return reason


# The four bond axes (agents/bond_axes.py) as a Chinese reader names them; tie kinds come from agents/bonds.
AXES_ZH: dict[str, str] = {"familiarity": "熟悉", "trust": "信任", "affinity": "好感", "tension": "芥蒂"}

# What moved an edge (world/relationships.Cause.kind), as read beside its id.
CAUSES_ZH: dict[str, str] = {"seed": "设定", "fact": "事实", "event": "经历", "belief": "看法",
                             "impression": "印象", "mediation": "调解", "time": "时间"}


def relation_label(language: str, kind: str, kinds: dict[str, RelationKind] | None = None) -> str:
    """An edge kind in words (好感, 合作, a world's own 房东) in a Chinese world; the key in an English one."""
    meaning = (kinds or BUILTIN_KINDS).get(kind)
    if language != "zh":
        return meaning.en if meaning is not None else kind
    return AXES_ZH.get(kind) or (meaning.zh if meaning is not None else kind)


def cause_label(language: str, kind: str, cause_id: str | None) -> str:
    """'fact:f1' for a designer reading English; '事实 f1' in a Chinese world."""
    if language == "zh":
        word = CAUSES_ZH.get(kind, kind)
        return f"{word} {cause_id}" if cause_id else word
    return f"{kind}:{cause_id}" if cause_id else kind


def when_label(language: str, iso: str) -> str:
    """An ISO minute ('2026-03-01T08:00') as read: '3月1日 08:00' or '2026-03-01 08:00'."""
    date, _, clock = iso.partition("T")
    if language == "zh" and date.count("-") == 2:
        _, month, day = date.split("-")
        return f"{int(month)}月{int(day)}日 {clock}".strip()
    return f"{date} {clock}".strip()


def kind_label(language: str, kind: str) -> str:
    return KINDS_ZH.get(kind, kind) if language == "zh" else kind


def stage_name(language: str, stage: str) -> str:
    """A Chinese world names stages in words; an English one keeps the identifiers its docs use."""
    return STAGES["zh"].get(stage, stage) if language == "zh" else stage


def pad(text: str, width: int) -> str:
    """Pad to a width in terminal cells (a Chinese character takes two)."""
    return text + " " * max(0, width - cell_len(text))
