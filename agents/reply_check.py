"""Is a model's reply something a person in this world could say? Script, words, length, no echo.

A server once answered an English world with `ⵚ࿁⩫Ȕ⟶ᧀ ᑢᯂ` and it was spoken verbatim: the old check
only asked whether the text held a CJK ideograph. These checks are cheap and deterministic; what
fails them is turned into a failed response (with its reason) before anyone hears it, so the run
counts it as a model failure and speaks in the offline voice instead.
"""

from __future__ import annotations

import re
import unicodedata

from townsfolk.agents.guards import longest_common_run, tokens
from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, LLMResponse
from townsfolk.agents.llm.streaming import TokenSink, stream_complete

MAX_REPLY_CHARS = 600
MIN_WORD_SHARE = 0.6  # letters and digits among the non-space characters
MIN_LATIN_SHARE = 0.8  # of the letters, in an English world
MIN_CJK_SHARE = 0.5  # of the letters, in a zh world (names may be in Latin letters)
MIN_VOWEL_SHARE = 0.7  # English words of 3+ letters that have a vowel: keyboard mash has few
ECHO_RUN = 0.8  # a reply holding 80% of the player's words in a row (and made mostly of them) echoes them
SYSTEM_ECHO_RUN = 8  # eight words of the instructions in a row: the model is reading its prompt back


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\u3040" <= ch <= "\u30ff"


def _is_latin(ch: str) -> bool:
    return ch.isascii() or unicodedata.name(ch, "").startswith("LATIN")


def script_problem(text: str, language: str) -> str | None:
    """Wrong script or not words at all, or None."""
    visible = [c for c in text if not c.isspace()]
    letters = [c for c in visible if c.isalpha()]
    wordish = sum(1 for c in visible if c.isalnum())
    if not visible or wordish / len(visible) < MIN_WORD_SHARE or not letters:
        return "symbol soup: mostly not letters"
    if language == "zh":
        share = sum(1 for c in letters if _is_cjk(c)) / len(letters)
        if share < MIN_CJK_SHARE:
            return f"wrong language: {share:.0%} Chinese characters in a zh world"
        return None
    share = sum(1 for c in letters if _is_latin(c)) / len(letters)
    if share < MIN_LATIN_SHARE:
        return f"wrong language: {share:.0%} Latin letters in an {language} world"
    words = [w for w in "".join(c if c.isalpha() else " " for c in text.lower()).split() if len(w) >= 3]
    if words and sum(1 for w in words if set(w) & set("aeiouyàáâäèéêëìíîïòóôöùúûü")) / len(words) < MIN_VOWEL_SHARE:
        return "not words: letters without vowels"
    return None


def echo_problem(text: str, request: LLMRequest) -> str | None:
    """The reply reads back the player's words or the instructions, or None."""
    said = tokens(text)
    if not said:
        return None
    user = next((m.content for m in reversed(request.messages) if m.role == "user"), "")
    asked = tokens(user)
    if len(asked) >= 3:
        run = longest_common_run(said, asked)
        if run >= ECHO_RUN * len(asked) and run >= 0.5 * len(said):
            return "echoes the prompt"
    system = next((m.content for m in request.messages if m.role == "system"), "")
    if system and longest_common_run(said, tokens(system)) >= SYSTEM_ECHO_RUN:
        return "echoes the instructions"
    return None


MARKUP = re.compile(r"<[A-Za-z/|][^>]{0,40}>|\[/?INST\]|<<SYS>>|```")


def reply_problem(text: str, request: LLMRequest, finish_reason: str = "stop") -> str | None:
    """Why this reply text must not be spoken in the request's world, or None.

    The sentence limit comes from the reply policy (`meta["max_sentences"]`, default 3)."""
    text = text.strip()
    if not text:
        return "empty answer"
    if finish_reason == "length":
        return "cut off at the token limit"
    if MARKUP.search(text):
        return "markup in the reply"
    if len(text) > MAX_REPLY_CHARS:
        return f"too long: {len(text)} characters (limit {MAX_REPLY_CHARS})"
    problem = script_problem(text, request.language)
    if problem:
        return problem
    max_sentences = int(request.meta.get("max_sentences") or 3)
    if len(re.findall(r"[。！？.!?]+", text)) > max_sentences + 2 or len(text) > 80 * (max_sentences + 2):
        return "too long for the reply policy"
    return echo_problem(text, request)


def unusable(response: LLMResponse, request: LLMRequest) -> str | None:
    """Why a response to `request` cannot be spoken (its error, or what is wrong with its text), or None."""
    if not response.ok:
        return response.error or "failed"
    return reply_problem(response.text, request, response.finish_reason)


class CheckedReplies:
    """Turns a reply a person could not say into a failed response ("unusable reply: <why>").

    Sits under the run's accountant, so the failure is counted with its reason, and under the
    health breaker, so a server that only answers garbage is rested like one that never answers.
    Structured answers are checked by their schema instead (agents/llm/structured.py).
    """

    def __init__(self, inner: LLMProvider) -> None:
        self.inner = inner
        self.name = inner.name

    @staticmethod
    def _check(request: LLMRequest, response: LLMResponse) -> LLMResponse:
        if request.task != "reply" or not response.ok or request.json_schema is not None:
            return response
        problem = reply_problem(response.text, request, response.finish_reason)
        if problem is None:
            return response
        return response.model_copy(update={"error": f"unusable reply: {problem}"})

    def complete(self, request: LLMRequest) -> LLMResponse:
        return self._check(request, self.inner.complete(request))

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """Streamed through; the whole reply is judged once it is in (the pieces already went out:
        the caller corrects what its listener was shown, see agents/reply_stream.py)."""
        return self._check(request, stream_complete(self.inner, request, on_token))

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        responses = self.inner.complete_many(requests)
        return [self._check(q, r) for q, r in zip(requests, responses, strict=True)]
