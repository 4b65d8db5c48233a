"""Streamed talk: how soon a game client sees the NPC's first words, against waiting for the whole reply.

A real `townsfolk serve` app (uvicorn on 127.0.0.1) whose world speaks through a loopback
OpenAI-compatible server that writes its reply one word every `--chunk-ms` (as a model generating
tokens would), and a second one on the offline voice. Turns alternate between `?stream=true` and the
plain call, side by side in one run, so machine noise hits both the same. Prints, per mode: time to
the first token event, time to the result, and the process CPU seconds per turn (server, client and
model server share this process).

    .venv/bin/python bench/stream_talk.py                 # 20 turns per mode, 40 ms per chunk
    .venv/bin/python bench/stream_talk.py --turns 40 --chunk-ms 80
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.chat_server import ChatModel  # noqa: E402
from tests.serve_fixture import LiveServer  # noqa: E402
from townsfolk.agents.llm.openai_compat import OpenAICompatProvider  # noqa: E402

SCENARIO = (ROOT / "scenarios" / "signal_box.yaml").read_text(encoding="utf-8")
REPLY = "A fallen tree held the express at the cutting for forty minutes, and Tobias says the line clears by midnight."
QUESTIONS = ["Wren, why was the express so late tonight?", "Is the line clear now?", "When is the last train?",
             "Did you see the tree come down?", "What does Tobias say?"]


def talk(client, world: str, i: int, stream: bool) -> tuple[float, float, float]:
    """(seconds to the first token or the answer, seconds to the result, CPU seconds) for one turn."""
    body = {"player": "sol", "npc": "wren", "text": QUESTIONS[i % len(QUESTIONS)]}
    cpu, t0 = time.process_time(), time.perf_counter()
    if not stream:
        r = client.post(f"/v1/worlds/{world}/talk", json=body)
        assert r.status_code == 200 and r.json()["answered"], r.text
        done = time.perf_counter() - t0
        return done, done, time.process_time() - cpu
    first = None
    with client.stream("POST", f"/v1/worlds/{world}/talk", params={"stream": "true"}, json=body) as r:
        assert r.status_code == 200
        event = ""
        for line in r.iter_lines():
            if line.startswith("event: "):
                event = line[7:]
                if event == "token" and first is None:
                    first = time.perf_counter() - t0
            elif line.startswith("data: ") and event == "result":
                assert json.loads(line[6:])["answered"]
    done = time.perf_counter() - t0
    return first if first is not None else done, done, time.process_time() - cpu


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(values) * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=20, help="turns per mode")
    ap.add_argument("--chunk-ms", type=float, default=40.0, help="the model's time per word")
    args = ap.parse_args()
    results: dict[str, list[tuple[float, float, float]]] = {}
    with ChatModel(REPLY, delay=args.chunk_ms / 1000) as chat, tempfile.TemporaryDirectory() as tmp:
        model = OpenAICompatProvider(chat.url, "loopback", timeout=30, max_retries=0)
        servers = {"model": LiveServer(Path(tmp) / "model", provider=lambda: model).start(),
                   "offline": LiveServer(Path(tmp) / "offline").start()}
        try:
            clients = {k: s.client() for k, s in servers.items()}
            for c in clients.values():
                assert c.post("/v1/worlds", json={"id": "box", "scenario": SCENARIO}).status_code == 201
                assert c.post("/v1/worlds/box/advance", json={"ticks": 3}).status_code == 200  # the confidence
                talk(c, "box", 0, True), talk(c, "box", 0, False)  # warm up both paths
            for i in range(args.turns):
                for kind, c in clients.items():
                    for stream in ((True, False) if i % 2 else (False, True)):
                        results.setdefault(f"{kind} {'stream' if stream else 'whole '}", []).append(
                            talk(c, "box", i, stream))
        finally:
            for s in servers.values():
                s.stop()
    words = len(REPLY.split())
    print(f"workload: {args.turns} turns per mode, signal_box.yaml over HTTP (uvicorn, 127.0.0.1); "
          f"loopback model writes {words} words at {args.chunk_ms:.0f} ms each; offline voice beside it")
    for name, rows in results.items():
        first, done, cpu = zip(*rows, strict=True)
        label = "first token" if "stream" in name else "answer     "
        print(f"{name}:  {label} {ms(list(first))}   result {ms(list(done))}   "
              f"cpu {statistics.mean(cpu) * 1000:6.1f} ms/turn")
    ratio = statistics.median(r[0] for r in results["model whole "]) / statistics.median(
        r[0] for r in results["model stream"])
    overhead = statistics.median(r[1] for r in results["offline stream"]) / statistics.median(
        r[1] for r in results["offline whole "])
    print(f"compared: with the model, the first words arrive {ratio:.1f}x sooner streamed than the whole "
          f"reply does unstreamed; offline, a streamed turn takes {overhead:.2f}x the time of a plain one")


if __name__ == "__main__":
    main()
