"""The offline provider: a deterministic template voice that speaks only from its grounding.

It is the default, needs no network, and speaks zh and en. It never invents: every sentence it
says comes from a grounding item (an impression, summary, belief or event the caller retrieved),
so what an NPC says is what it actually remembers.
"""

from __future__ import annotations

import json

from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest, LLMResponse, estimate_tokens

MAX_SENTENCES = 4


def _end(text: str, zh: bool) -> str:
    text = text.strip()
    if not text:
        return text
    if not zh:
        text = text[0].upper() + text[1:]
    if text[-1] in "。！？.!?" or (not zh and text[-1] in "”\""):
        return text
    return text + ("。" if zh else ".")


def _sentence(item: GroundingItem, zh: bool) -> str:
    meta = item.meta
    if item.kind == "impression":
        name = meta.get("about_name", "")
        return (f"我一直觉得{name}{item.text}" if zh
                else f"I've always found {name} {item.text}")
    if item.kind == "belief" and meta.get("source") == "account":
        teller = meta.get("teller_name", "")
        quote = meta.get("quote") or item.text
        return (f"{teller}跟我说清楚了，当时只说了一句“{quote}”" if zh
                else f'{teller} explained that all that was said was "{quote}"')
    if item.kind == "belief" and meta.get("from_listener"):
        return f"你跟我说过，{item.text}" if zh else f"You told me that {item.text}"
    if item.kind == "belief" and meta.get("source") == "told":
        teller = meta.get("teller_name", "")
        return f"我听{teller}说，{item.text}" if zh else f"I heard from {teller} that {item.text}"
    if item.kind == "event" and meta.get("puzzled"):
        return (f"{item.text}，我也不知道为什么" if zh
                else f"{item.text}, and I don't know why")
    return item.text


def compose_reply(request: LLMRequest) -> str:
    """Build a grounded reply: an opener set by the mood of what is recalled, then the recollections."""
    zh = request.language == "zh"
    items = request.grounding
    if not items:
        return "这个我不太清楚。" if zh else "I don't really know anything about that."
    hurt = [g for g in items if g.kind == "belief" and g.meta.get("toward_me") and g.valence < -0.3]
    cleared = [g for g in items if g.meta.get("cleared")]
    if cleared:
        opener = "都过去了。" if zh else "That's behind us now."
    elif hurt:
        opener = "说起这个，我心里不太舒服。" if zh else "Honestly, it's been bothering me."
    elif all(g.valence > -0.3 for g in items):
        opener = "没什么啊。" if zh else "Nothing much, really."
    else:
        opener = "嗯……" if zh else "Well..."
    picked: list[str] = []
    order = {"summary": 0, "belief": 1, "event": 2, "impression": 3}
    for item in sorted(items, key=lambda g: order.get(g.kind, 9)):
        if item.meta.get("background"):
            continue
        s = _end(_sentence(item, zh), zh)
        if s and s not in picked:
            picked.append(s)
        if len(picked) >= MAX_SENTENCES:
            break
    return opener + ("" if zh else " ") + ("" if zh else " ").join(picked)


class OfflineProvider:
    """Deterministic, grounded, bilingual; the provider every run falls back to."""

    name = "offline"

    def complete(self, request: LLMRequest) -> LLMResponse:
        if request.task == "reply":
            text = compose_reply(request)
        elif request.json_schema is not None:
            text = json.dumps({"text": " ".join(g.text for g in request.grounding)}, ensure_ascii=False)
        else:
            text = " ".join(g.text for g in request.grounding)
        prompt = " ".join(m.content for m in request.messages) + " ".join(g.text for g in request.grounding)
        return LLMResponse(text=text, model="offline", tokens_in=estimate_tokens(prompt),
                           tokens_out=estimate_tokens(text))

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        return [self.complete(r) for r in requests]
