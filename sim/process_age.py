"""How long this process has been running: the honest figure for "ready in" (imports and model
loading included), read from the operating system's own record of when the process started."""

from __future__ import annotations

import os
import time

_IMPORTED_AT = time.monotonic()  # the fallback's origin: when the server's code was first imported


def process_age() -> float:
    """Seconds since this process started (Linux: /proc; elsewhere psutil if installed, else since
    this module was imported, which misses only the interpreter's own start)."""
    try:
        with open(f"/proc/{os.getpid()}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()  # the command name may hold spaces
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: start time after boot, in ticks
        with open("/proc/uptime", encoding="ascii") as f:
            return max(0.0, float(f.read().split()[0]) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import psutil  # type: ignore[import-not-found]

        return max(0.0, time.time() - psutil.Process().create_time())
    except Exception:  # noqa: BLE001 (no psutil, or it cannot see the process)
        return time.monotonic() - _IMPORTED_AT
