"""Summary and impression writers backed by the LLM protocol, validated, with offline fallback.

The model proposes the words; code checks them (non-empty, short, in the world's language) and
falls back to the deterministic offline writer on anything else, so a bad answer never stalls a tick.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pydantic import BaseModel, Field

from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse, Message
from townsfolk.agents.llm.structured import complete_structured
from townsfolk.memory.consolidation import (
    ImpressionDraft,
    ImpressionWriter,
    SummaryDraft,
    SummaryWriter,
    offline_impression,
    offline_summary,
)

CJK = re.compile(r"[\u4e00-\u9fff]")


class WrittenText(BaseModel):
    text: str = Field(min_length=1, max_length=160)


def acceptable(text: str, language: str, *, max_sentences: int = 2) -> bool:
    """Short, in the right language, at most two sentences."""
    text = text.strip()
    if not text or len(text) > 160:
        return False
    if (language == "zh") != bool(CJK.search(text)):
        return False
    return len([p for p in re.split(r"[。！？.!?]+", text) if p.strip()]) <= max_sentences


def llm_writers(provider: LLMProvider, on_responses: Callable[[list[LLMResponse]], None] | None = None
                ) -> tuple[SummaryWriter, ImpressionWriter]:
    """Writers that ask the model first and keep the offline words when its answer does not pass."""

    def ask(task: str, language: str, instruction: str, fallback: str) -> str:
        request = LLMRequest(task=task, language=language,  # type: ignore[arg-type]
                             messages=[Message(role="system", content=instruction)], max_tokens=120)
        answer, responses = complete_structured(provider, request, WrittenText)
        if on_responses:
            on_responses(responses)
        if answer is not None and acceptable(answer.text, language):  # type: ignore[attr-defined]
            return answer.text.strip()  # type: ignore[attr-defined]
        return fallback

    def summary(d: SummaryDraft) -> str:
        lines = "\n".join(f"- {t}" for t in d.texts)
        instruction = (f"把下面这些和{d.about_name}有关的经历归纳成一两句话，保留因果，去掉细节，用第一人称。\n{lines}"
                       if d.language == "zh" else
                       f"Fold these memories about {d.about_name} into one or two sentences that keep causes "
                       f"and drop details, in the first person.\n{lines}")
        if d.tellers:  # who told me stays in the summary, so I can still say where I heard it
            sep = "、" if d.language == "zh" else ", "
            instruction += (f"\n要写明是谁告诉我的：{sep.join(d.tellers)}。" if d.language == "zh"
                            else f"\nSay who told me: {sep.join(d.tellers)}.")
        return ask("summary", d.language, instruction, offline_summary(d))

    def impression(d: ImpressionDraft) -> str:
        instruction = (f"你原来对{d.about_name}的印象是“{d.old_text or '无'}”。新的总结：{d.summary_text}。"
                       "用几个字写出现在的印象。" if d.language == "zh" else
                       f"Your impression of {d.about_name} was '{d.old_text or 'none'}'. New summary: "
                       f"{d.summary_text}. Give your impression now in a few words.")
        return ask("impression", d.language, instruction, offline_impression(d))

    return summary, impression
