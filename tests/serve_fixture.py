"""A real townsfolk server on 127.0.0.1 (uvicorn in a thread, a free port) for HTTP tests and benches."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.sim.server import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """Starts `townsfolk serve`'s app under uvicorn; `restart()` stops it and serves the same data again."""

    def __init__(self, data: Path, keys: dict[str, str] | None = None, embedder=None, provider=None,
                 write_behind: bool = True) -> None:
        self.data, self.keys, self.provider = data, keys, provider  # provider: () -> LLMProvider, per world
        self.write_behind = write_behind  # False: `townsfolk serve --commit-before-reply`
        self.embedder = embedder or LexicalEmbedder()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> LiveServer:
        app = create_app(self.data, keys=self.keys, embedder=self.embedder, provider=self.provider,
                         write_behind=self.write_behind)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", access_log=False,
                                lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 120  # the first start in a process warms the models
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("server did not start")

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout=20)
        self.server = self.thread = None

    def restart(self) -> LiveServer:
        self.stop()
        return self.start()

    def client(self, key: str | None = None, **kw) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30, **kw)
