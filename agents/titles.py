"""Who a player means by what someone is: "the captain", "the furnace keeper", 班主, 掌柜.

Players name NPCs by their trade as often as by their names. A title names someone only when one
NPC of the world holds it (two cooks: "the cook" names neither). In English a title follows "the"
(the whole role, its last word, or the first word of a titled name: Captain Hale); in Chinese it is
the role itself, what follows its last 的 (送货的邻居 -> 邻居) or a two-character tail that is a
title (茶铺老板 -> 老板, 周掌柜 -> 掌柜). A zh title that opens the line as an address (老板，来碗面)
is the listener being spoken to, not someone spoken of.
"""

from __future__ import annotations

import re
from weakref import WeakKeyDictionary

from townsfolk.world.world import World

_NOT_TITLES = {"old", "young", "little", "big", "the", "mr", "mrs", "miss", "ms"}
# two-character tails of a zh role or name that are titles on their own (a tail like 常客 or 的人 is not)
_ZH_TITLE_TAILS = {"掌柜", "老板", "师傅", "大夫", "郎中", "先生", "班主", "老爷", "东家", "伙计", "徒弟", "学徒",
                   "老板娘", "船家", "船夫", "店主", "店家", "账房", "厨子", "大厨", "铁匠", "木匠", "裁缝", "琴师",
                   "花旦", "更夫", "猎户", "渔夫", "货郎", "媒婆", "族长", "里长", "村长", "保长", "捕头", "镖头",
                   "绣娘", "染工", "厨娘", "织娘", "织工", "茶娘", "船娘", "酒娘", "绣工", "窑工", "石匠", "瓦匠",
                   "篾匠", "漆匠", "银匠", "鞋匠", "剃头匠", "屠夫", "樵夫", "马夫", "车夫", "脚夫", "挑夫", "塾师"}
# zh words too common to name one person when they are only a role's tail (kept when the role is just that)
_ZH_TOO_COMMON = {"邻居", "朋友", "客人", "师傅", "伙计"}
_ADDRESS_AFTER = "，,、！!：:"

_INDEX: WeakKeyDictionary[World, tuple[int, dict[str, list[str]]]] = WeakKeyDictionary()


# a role said with what its holder does ("vicar who sits on the school board", "laundress whose two boys are in
# the school"): the title is the part before the clause ("the vicar"), never its last word ("the board")
_EN_CLAUSE = re.compile(r"\s+(?:who|whose|that|which|with|from|of|at|in|for|on)\b.*$", re.IGNORECASE)


def _en_titles(name: str, role: str) -> list[str]:
    out = []
    words = name.split()
    if len(words) > 1:
        out.append(words[0].lower().rstrip("."))
    role_words = _EN_CLAUSE.sub("", role).lower().split()
    if len(role_words) > 1:
        out.append(" ".join(role_words))
    if role_words:
        out.append(role_words[-1])
    return [t for t in out if t not in _NOT_TITLES]


def _zh_titles(name: str, role: str) -> list[str]:
    out = []
    role = role.strip()
    if len(role) >= 2:
        out.append(role)
        tail = role.rsplit("的", 1)[-1]
        if tail != role and len(tail) >= 2 and tail not in _ZH_TOO_COMMON:
            out.append(tail)
        for n in (3, 2):
            if len(role) > n and role[-n:] in _ZH_TITLE_TAILS and role[-n:] not in _ZH_TOO_COMMON:
                out.append(role[-n:])
    for n in (3, 2):
        if len(name) > n and name[-n:] in _ZH_TITLE_TAILS and name[-n:] not in _ZH_TOO_COMMON:
            out.append(name[-n:])
    return out


def title_index(world: World) -> dict[str, list[str]]:
    """Title -> the NPCs it could name, built once per world (again when someone joins)."""
    cached = _INDEX.get(world)
    if cached is not None and cached[0] == len(world.characters):
        return cached[1]
    zh = world.language == "zh"
    index: dict[str, list[str]] = {}
    for cid, c in world.characters.items():
        if not c.is_player:
            for title in dict.fromkeys((_zh_titles if zh else _en_titles)(c.name, c.role or "")):
                index.setdefault(title, []).append(cid)
    _INDEX[world] = (len(world.characters), index)
    return index


_THE = re.compile(r"\bthe ")


def titled(world: World, text: str, *, exclude: set[str], named: set[str]) -> list[tuple[int, str]]:
    """(position, id) of each NPC the text names by a title only they hold, not already `named`
    (by name) nor in `exclude`; the longest title at a place wins."""
    index = title_index(world)
    if not index:
        return []
    hits: list[tuple[int, str]] = []
    seen = set(named)
    if world.language == "zh":
        taken: list[tuple[int, int]] = []
        for title in sorted(index, key=len, reverse=True):
            holders = index[title]
            at = text.find(title)
            while at >= 0:
                end = at + len(title)
                free = all(end <= a or at >= b for a, b in taken)
                address = at == 0 and end < len(text) and text[end] in _ADDRESS_AFTER
                if free and not address:
                    taken.append((at, end))
                    if len(holders) == 1 and holders[0] not in seen and holders[0] not in exclude:
                        hits.append((at, holders[0]))
                        seen.add(holders[0])
                at = text.find(title, end)
        return hits
    lowered = text.lower()
    for m in _THE.finditer(lowered):
        rest = lowered[m.end():]
        best = None
        for title, holders in index.items():
            if rest.startswith(title) and (len(rest) == len(title) or not rest[len(title)].isalpha()) \
                    and (best is None or len(title) > len(best[0])):
                best = (title, holders)
        if best is not None and len(best[1]) == 1 and best[1][0] not in seen and best[1][0] not in exclude:
            hits.append((m.start(), best[1][0]))
            seen.add(best[1][0])
    return hits


# "Who is the schoolmistress?" / "Who's the vicar?" / 谁是掌柜？ / 染坊的掌柜是谁？: who holds a title (newcomer L-27:
# "I haven't heard anything about that." / 这个我不太清楚 in worlds where one NPC holds it)
_WHO_HOLDS = {"en": re.compile(r"^\W*(?:(?:and|so|then|but)\s+)?who(?:'s| is| was)\s+(?:the|your)\s+[a-z][a-z' -]{1,40}?"
                               r"(?:\s+(?:here|around here|in (?:town|the village|this town)))?\s*\??\s*$", re.IGNORECASE),
              "zh": re.compile(r"^\W*(?:那|那么)?(?:谁是[\u4e00-\u9fff]{2,8}|[\u4e00-\u9fff]{2,8}是谁|[\u4e00-\u9fff]{2,8}是哪位)"
                               r"(?:啊|呀|呢|来着)?[？?。]?\s*$")}
HOLDER = {"en": {"them": "That's {name}.", "me": "That's me."}, "zh": {"them": "是{name}。", "me": "就是我。"}}


def asks_who_holds(question: str, language: str) -> bool:
    """The question asks who holds a title ("Who is the vicar?"), not who a named person is."""
    return bool(_WHO_HOLDS["zh" if language == "zh" else "en"].search(question))


def my_title_asked(world: World, npc: str, question: str) -> bool:
    """The title the question asks about is the NPC's own, held by it alone ("Who's the caretaker?" to Ned)."""
    zh = world.language == "zh"
    for title, holders in title_index(world).items():
        if holders == [npc] and (title in question if zh else re.search(rf"\bthe {re.escape(title)}\b", question.lower())):
            return True
    return False
