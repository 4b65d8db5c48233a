"""The offline provider: a deterministic voice that speaks only from its grounding.

It is the default, needs no network, and speaks zh and en. It never invents: every sentence it
says comes from a grounding item (an impression, summary, belief or event the caller retrieved),
so what an NPC says is what it actually remembers.
"""

from __future__ import annotations

import json

from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse, estimate_tokens
from townsfolk.agents.llm.streaming import TokenSink, relay
from townsfolk.agents.voice import compose


def compose_reply(request: LLMRequest) -> str:
    """A grounded reply in the NPC's voice: the turn's dialogue act and its memories, said by the
    small per-language grammar in :mod:`townsfolk.agents.voice`."""
    return compose(request)


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

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """The same answer, relayed in word (or two-character) pieces: one shape for every provider."""
        response = self.complete(request)
        relay(response.text, request.language, on_token)
        return response

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        return [self.complete(r) for r in requests]
