"""A stop that lands while SQLAlchemy's pool resets a connection printed the pool's "Exception during reset
or similar" traceback above the resume line (seen once in CI: tests/test_headless_interrupt.py). While a run
catches SIGTERM, the pool's log has a handler of its own, so Python's last-resort printer stays quiet. (Run in
a fresh interpreter: pytest's own log capture would hide the printer.)"""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import logging
from townsfolk.sim.cli_headless import _catch_sigterm
_catch_sigterm()
try:
    raise KeyboardInterrupt
except KeyboardInterrupt:
    logging.getLogger("sqlalchemy.pool.impl.QueuePool").error("Exception during reset or similar", exc_info=True)
"""


def test_the_pool_s_reset_log_prints_nothing() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=60)
    assert "Traceback" not in done.stderr and "Exception during reset" not in done.stderr, done.stderr
