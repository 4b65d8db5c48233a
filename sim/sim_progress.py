"""The `townsfolk simulate` progress bar, readable in an 80- or 60-column terminal.

One line held name, bar, tick, rate, elapsed, ETA and three counts (~130 columns): at 80 rich cut
it after the ETA, so NPCs, tellings and model calls never showed. Now the first line is the name
(at most 22 columns, then an ellipsis), the bar (the room left: the one column with a ratio), the tick,
ticks/s and ETA; the counts are a second line of their own, in the world's language.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, RenderableType
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TextColumn
from rich.table import Column
from rich.text import Text

from townsfolk.sim.count_words import counted, model_calls_text

WORDS = {
    "en": {"rate": "{v:.1f} ticks/s", "no_rate": "— ticks/s", "eta": "ETA {t}"},
    "zh": {"rate": "{v:.1f} 时刻/秒", "no_rate": "— 时刻/秒", "eta": "还要 {t}"},
}


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "-:--"
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


class _Rate(ProgressColumn):
    def __init__(self, words: dict[str, str]) -> None:
        super().__init__(table_column=Column(no_wrap=True))
        self.words = words

    def render(self, task: Task) -> Text:
        # the runner's own figure (ticks run / seconds of the run, as the summary says it), else rich's estimate
        speed = task.fields.get("rate") or task.finished_speed or task.speed
        return Text(self.words["rate"].format(v=speed) if speed else self.words["no_rate"], style="cyan")


class _Eta(ProgressColumn):
    def __init__(self, words: dict[str, str]) -> None:
        super().__init__(table_column=Column(no_wrap=True))
        self.words = words

    def render(self, task: Task) -> Text:
        left = 0.0 if task.finished else task.time_remaining
        return Text(self.words["eta"].format(t=_clock(left)), style="progress.remaining")


class SimulateBar(Progress):
    """The bar line, then the counts line (NPCs, tellings, model calls) under it."""

    def __init__(self, console: Console, *, language: str, offline: bool) -> None:
        self.words = WORDS.get(language, WORDS["en"])
        self.offline, self.language = offline, language
        super().__init__(
            TextColumn("[bold]{task.description}",
                       table_column=Column(no_wrap=True, overflow="ellipsis", max_width=22)),
            BarColumn(bar_width=None, table_column=Column(ratio=1, min_width=8)),
            TextColumn("{task.completed:.0f}/{task.total:.0f}", table_column=Column(no_wrap=True)),
            _Rate(self.words), _Eta(self.words), console=console, expand=True)

    def counts(self, task: Task) -> Text:
        calls = model_calls_text(self.language, task.fields.get("calls", 0), offline=self.offline)
        line = " · ".join((counted(self.language, task.fields.get("npcs", 0), "npc"),
                           counted(self.language, task.fields.get("tellings", 0), "telling"), calls))
        return Text("  " + line, style="dim", no_wrap=True, overflow="ellipsis")

    def get_renderables(self) -> Iterable[RenderableType]:
        yield self.make_tasks_table(self.tasks)
        for task in self.tasks:
            yield self.counts(task)
