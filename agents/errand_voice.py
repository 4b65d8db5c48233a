"""What an NPC says while running an errand, in zh and en: the lines code composes.

Code decides what happens; these templates only say it the way a shopkeeper or a neighbour
would. A designer's own words (`ask`, `say`, `on_done.say`) come first; these fill the gaps.
"""

from __future__ import annotations

LINES: dict[str, dict[str, str]] = {
    "zh": {
        "start": "好嘞。",
        "reask": "那，",
        "queued": "行，{title}我记下了，这边办完就给您办。",
        "switch": "行，先{title}。{other}回头接着说。",
        "resume": "好，接着说{title}。",
        "restate": "刚才问到：{question}",
        "paused": "好，您先忙，回来接着说。",
        "pause_nothing": "好，您先忙。",
        "cancelled": "好，{title}就不弄了。",
        "filled": "{value}，记下了。",
        "supplement": "再加{value}。",
        "corrected": "好，不是{old}，是{new}。",
        "cleared": "{values}是照{old}定的，得重新定。",
        "confirm": "{value}，对吧？",
        "confirm_again": "那您再说一遍：",
        "implicit": "先按{value}来，要换跟我说一声。",
        "default": "那就{value}。",
        "skipped": "好，这个先不管。",
        "skip_required": "这个可省不了，",
        "explicit_needed": "这个得您亲口说定，",
        "readback": "我跟您对一下：{values}。没错吧？",
        "what_wrong": "哪儿不对？您说，我改。",
        "done": "好嘞，这就去办。",
        "next_queued": "您刚才还说要{title}——",
        "escalated": "这事我做不了主，我请{target}来跟您说。",
        "escalate_who": "您想找谁来办？{options}",
        "escalated_in": "{origin}跟我说了{title}的事，",
        "expired": "{npc}：{title}的事搁太久了，就作罢了。",
        "fixed_kept": "{value}已经定了。",
        "not_an_option": "{value}我们这儿没有，",
        "sep": "，",
        "options_sep": "、",
    },
    "en": {
        "start": "Right.",
        "reask": "So,",
        "queued": "Sure, I've noted {title}; I'll see to it once this is done.",
        "switch": "All right, {title} first. We'll come back to {other}.",
        "resume": "Right, back to {title}.",
        "restate": "Where we were: {question}",  # the question keeps its capital: it is quoted
        "paused": "Of course, go ahead; we'll pick it up when you're back.",
        "pause_nothing": "Of course, go ahead.",
        "cancelled": "All right, we'll leave {title}.",
        "filled": "{value}, noted.",
        "supplement": "And {value} as well, got it.",
        "corrected": "Got it: {new}, not {old}.",
        "cleared": "{values} went with {old}, so we'll settle that again.",
        "confirm": "{value}, is that right?",
        "confirm_again": "Then tell me again:",
        "implicit": "{value}; just say if you'd rather not.",
        "default": "{value} it is, then.",
        "skipped": "Fine, we'll leave that.",
        "skip_required": "I can't do without that one, I'm afraid.",
        "explicit_needed": "That one I need to hear from you.",
        "readback": "Let me read that back: {values}. Is that right?",
        "what_wrong": "What should I change?",
        "done": "Good, I'll see to it.",
        "next_queued": "You also wanted {title}.",
        "escalated": "That's not mine to decide; I'll ask {target} to take it up with you.",
        "escalate_who": "Who would you like to take this on? {options}",
        "escalated_in": "{origin} told me about {title}.",
        "expired": "{npc}: {title} waited too long, so it was dropped.",
        "fixed_kept": "{value} is already settled.",
        "not_an_option": "We don't have {value}.",
        "sep": " ",
        "options_sep": ", ",
    },
}


def voice_prompt(name: str, role: str, persona: str, language: str) -> str:
    """Asking a model to say code's words in the NPC's voice: nothing added, nothing decided."""
    if language == "zh":
        return (f"你是{name}（{role}）。{persona} 用你自己的口吻把下面这句话说给客人听：意思不变，"
                "每个名称和数字原样保留，不加新内容，原来是问句就还是问句，一到两句。只输出这句话。")
    return (f"You are {name} ({role}). {persona} Say the line below to the customer in your own voice: same "
            "meaning, every name and number kept as written, nothing added, a question stays a question, one "
            "or two sentences. Output only the line.")


def voicing_problem(voiced: str, decided: str, keep: list[str]) -> str | None:
    """Why a model's voicing of code's line cannot be spoken (a value dropped, a question lost), or None."""
    lost = [k for k in keep if k not in voiced]
    if lost:
        return f"dropped what code decided: {', '.join(lost)}"
    if decided.rstrip().endswith(("？", "?")) and not voiced.rstrip().endswith(("？", "?")):
        return "the question was lost"
    if len(voiced) > 2 * len(decided) + 40:
        return "longer than the line it voices"
    return None


def line(language: str, key: str, **values: object) -> str:
    """One template line filled in; unknown languages speak English."""
    table = LINES.get(language, LINES["en"])
    return table[key].format(**values)


def join(language: str, parts: list[str]) -> str:
    """Lines joined as one reply (zh runs sentences together; en puts a space between)."""
    parts = [p.strip() for p in parts if p and p.strip()]
    if language == "zh":
        return "".join(parts)
    return " ".join(p[0].upper() + p[1:] for p in parts)
