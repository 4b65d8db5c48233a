"""The troupe several dialogue tests share (a newcomer's circus and 戏班, cut down): 秀芝/Ines, 阿全/Alan, the
teller 小六/Pip and the player 陈先生/Sam; each test adds its own timeline."""

from __future__ import annotations

from typing import Any


def ring(lang: str, timeline: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """The troupe's scenario in `lang` with `timeline` (and any other scenario keys in `more`)."""
    zh = lang == "zh"
    return {"scenario": "ring", "language": lang, "seed": 3,
            "characters": {"ines": {"name": "秀芝" if zh else "Ines", "role": "唱旦角的" if zh else "trapeze flyer"},
                           "alan": {"name": "阿全" if zh else "Alan", "role": "鼓师" if zh else "rigger"},
                           "pip": {"name": "小六" if zh else "Pip", "role": "打杂的" if zh else "clown",
                                   "traits": {"exaggeration": 0.95, "candour": 0.1}},
                           "sam": {"name": "陈先生" if zh else "Sam", "player": True}},
            "timeline": timeline, **more}
