"""One `townsfolk serve` per data folder: a second one used to start with every world "could not be
reopened" (each world's writer lock held by the first) and answer 404 for all of them, healthy."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from townsfolk.sim.server import serve
from townsfolk.sim.write_lock import WriterBusy, hold_folder


def test_a_second_server_on_the_same_data_folder_is_refused_naming_the_first(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    def started(*_a, **_k):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("serve went on to build the app while the folder was held")

    monkeypatch.setattr("townsfolk.sim.server.create_app", started)  # fail fast, never bind
    first = hold_folder(tmp_path, "serve")  # what a running `townsfolk serve` holds
    try:
        with pytest.raises(WriterBusy, match=f"already served by pid {os.getpid()}"):
            hold_folder(tmp_path, "serve")
        with pytest.raises(ValueError, match="one server per data folder"):
            serve(str(tmp_path), port=1)  # refused before the app is built
    finally:
        os.close(first)
    again = hold_folder(tmp_path, "serve")  # the lock goes with its holder
    os.close(again)
