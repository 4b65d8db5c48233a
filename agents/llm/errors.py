"""Errors raised by the LLM layer for configuration problems, never for model failures.

Model and server failures come back as an `LLMResponse` with `error` set, so a run keeps going
on its heuristics. What does raise is a setup mistake the operator must fix before a run starts
(a missing optional dependency) or a test bug (a script that ran out of answers).
"""

from __future__ import annotations


class ProviderUnavailable(ImportError):
    """An optional backend is not installed; the message carries the pip command that fixes it."""


class ScriptExhausted(RuntimeError):
    """A `ScriptedProvider` was asked more questions than its script answers: a bug in the test."""
