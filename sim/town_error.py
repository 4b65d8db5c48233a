"""The one error family of the public API: a call the world cannot carry out.

`TownError` names the field at fault; a bad scenario (`ScenarioError`) and an unusable database
(`RunStoreError`) are kinds of it, so a game server catches one class around every `Town` call.
It lives in its own file so those lower modules can subclass it without importing the facade.
"""

from __future__ import annotations


class TownError(ValueError):
    """A request the world cannot carry out, naming the field at fault; nothing was changed."""

    def __init__(self, field: str, message: str, *, missing: bool = False, text: str | None = None) -> None:
        self.field, self.message, self.missing = field, message, missing
        super().__init__(text if text is not None else f"{field}: {message}")
