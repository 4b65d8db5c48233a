"""The report's "Most-changed ties" change column adds up: start + change reads as now, the fade
time took off since said beside the change ("+0.54 (then faded -0.07)"); a row "0.00  0.47  +0.54"
read as a wrong sum (newcomer K-23)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.test_report_ties_and_chats import SPEC
from townsfolk.sim.report import build_report
from townsfolk.sim.simulate import simulate
from townsfolk.sim.world_spec import parse_world_spec


def test_start_plus_change_plus_fade_is_now(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    simulate(parse_world_spec(SPEC), db=db)
    table = build_report(str(db)).split("Most-changed ties", 1)[1].split("</table>", 1)[0]
    rows = [[html.unescape(re.sub("<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)]
            for r in re.findall(r"<tr>(.*?)</tr>", table)]
    rows = [r for r in rows if r]
    assert rows
    faded = 0
    for _, _, _, starts, nows, changes, _ in rows:
        for start, now, change in zip(starts.split(" / "), nows.split(" / "), changes.split(" / "), strict=True):
            m = re.fullmatch(r"([+-]\d\.\d\d)(?: \(then faded ([+-]\d\.\d\d)\))?", change)
            assert m, change
            drift = float(m.group(2) or 0)
            faded += m.group(2) is not None
            assert abs(float(start) + float(m.group(1)) + drift - float(now)) <= 0.015, (start, now, change)
    assert faded, "no tie in this town faded after it moved"
