"""What code writes about an errand (timeline lines, the reasons in its history), per language.

A Chinese world's timeline and `townsfolk errands` read in Chinese; slot names and values stay as
the designer wrote them (they are keys and the world's own words).
"""

from __future__ import annotations

NOTES: dict[str, dict[str, str]] = {
    "zh": {
        "taken_over": "从{origin}手里接过来", "switched_away": "先放一放，去办别的", "paused": "暂停",
        "resumed": "接着办", "queued": "排在手头这件后面", "set_aside": "搁到一边", "its_turn": "轮到它了",
        "asked_whom": "问交给谁办", "confirmed": "{slot} 已确认", "denied": "{slot} {old} 被否认",
        "changed": "{slot}：{old} → {new}", "added": "{slot} 加上 {value}", "filled": "{slot} = {value}",
        "corrected": "{slot}：{old} → {new}（改正）", "cleared": "{dep} 清空（取决于 {slot}）",
        "defaulted": "{slot} = {value}（默认）", "skipped": "{slot} 跳过", "implicit": "{slot} = {value}（默认，没问）",
        "why.from": "取自 {source}", "why.expired": "自 {since} 起暂停，超过了 {expires}",
        "why.implicit": "默认值，不必问", "why.no_question": "没有可问的话", "why.read_back": "已复述确认",
        "why.needs_met": "所需都齐了", "why.done": "每一步都办完了", "why.depends": "取决于 {slot}",
    },
    "en": {
        "taken_over": "taken over from {origin}", "switched_away": "switched away", "paused": "paused",
        "resumed": "resumed", "queued": "queued behind the errand in hand", "set_aside": "set aside",
        "its_turn": "its turn now", "asked_whom": "asked whom to hand it to", "confirmed": "{slot} confirmed",
        "denied": "{slot} {old} denied", "changed": "{slot}: {old} → {new}", "added": "{slot} + {value}",
        "filled": "{slot} = {value}", "corrected": "{slot}: {old} → {new} (corrected)",
        "cleared": "{dep} cleared (depends on {slot})", "defaulted": "{slot} = {value} (default)",
        "skipped": "{slot} skipped", "implicit": "{slot} = {value} (implicit)",
        "why.from": "from {source}", "why.expired": "paused since {since}, longer than {expires}",
        "why.implicit": "implicit: inferred without asking", "why.no_question": "no question for it",
        "why.read_back": "read back", "why.needs_met": "its needs are met", "why.done": "every step done",
        "why.depends": "depends on {slot}",
    },
}


def note_text(language: str, key: str, **values: object) -> str:
    """One note in the world's language (unknown languages write English)."""
    return NOTES.get(language, NOTES["en"])[key].format(**values)
