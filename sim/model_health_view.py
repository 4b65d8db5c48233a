"""The closing line `play` prints about the model: how often it failed, why, and how often it was rested."""

from __future__ import annotations

from typing import Any

_TEXT = {
    "en": ("model failures {failures} ({reasons}) · breaker trips {trips} · calls answered offline {skipped}"),
    "zh": ("模型失败 {failures} 次（{reasons}）· 熔断 {trips} 次 · 改用离线回答 {skipped} 次"),
}


def model_health_line(language: str, summary: dict[str, Any]) -> str | None:
    """One line for the summary, or None when the model never failed."""
    if not (summary.get("model_failures") or summary.get("model_breaker_trips")):
        return None
    reasons = ", ".join(f"{k} {v}" for k, v in (summary.get("model_failure_reasons") or {}).items()) or "-"
    return _TEXT.get(language, _TEXT["en"]).format(failures=summary.get("model_failures", 0), reasons=reasons,
                                                   trips=summary.get("model_breaker_trips", 0),
                                                   skipped=summary.get("model_calls_skipped", 0))
