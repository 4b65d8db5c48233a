"""pydantic's errors said in a designer's words, with the fix, for scenarios and world specs alike.

pydantic says "Input should be a valid list", "List should have at most 2 items after validation,
not 3" and "String should match pattern '^[a-z][a-z0-9_]*$'": true, but a designer cannot act on
them. Each is turned into what was written, what the place takes and how to write it; and a value
that holds a full-width comma or colon (typed without noticing in a Chinese file) says so, since
YAML reads `[qian，shitou]` as one item and `at： 8` as no key at all. A kind of tie written in a
designer's everyday word (`coworker`, `enemy`, 师父) is answered with the built-in kind it means.
"""

from __future__ import annotations

import re
from typing import Any

ID_PATTERN = r"^[a-z][a-z0-9_]*$"
FULL_WIDTH = {"，": ("full-width comma", ","), "：": ("full-width colon", ":"), "、": ("enumeration comma", ",")}
# what a designer writes between ids in a text meant as a list: `ada and owen`, `钱掌柜、小六`
_LIST_SPLIT = re.compile(r"\s*(?:,|，|、|;|；|\band\b|和)\s*|\s+")
# a list a place takes, said by what it holds (the last key of its path)
_ITEMS = {"between": ("mediation is between", "NPCs"), "meet": ("a meeting needs", "people"),
          "witnesses": ("", "witnesses"), "to": ("", "listeners")}


# everyday words for the built-in kinds of tie (world/relation_kinds.py), spelt nothing like their keys
KIND_WORDS = {
    "colleague": ("coworker", "co-worker", "co_worker", "workmate", "fellow worker", "associate", "同僚", "同行"),
    "friend": ("pal", "buddy", "mate", "chum", "companion", "好友", "朋友"),
    "family": ("relative", "kin", "sibling", "brother", "sister", "cousin", "parent", "child", "spouse",
               "husband", "wife", "亲戚", "家人"),
    "romance": ("lover", "sweetheart", "girlfriend", "boyfriend", "beloved", "crush", "恋人", "情人"),
    "mentor": ("teacher", "master", "apprentice", "student", "pupil", "师父", "师傅", "徒弟"),
    "rival": ("enemy", "foe", "nemesis", "adversary", "对头", "仇人"),
    "customer": ("client", "patron", "regular", "buyer", "主顾", "客人"),
    "partner": ("business partner", "business_partner", "ally", "合伙人"),
    "neighbour": ("neighbor", "邻居"),
    "acquaintance": ("contact", "相识", "熟人"),
    "creditor": ("lender", "债主"),
    "debtor": ("borrower", "欠债"),
}


def kind_meant(word: str, known: set[str]) -> str | None:
    """The known kind of tie an everyday word means (`coworker` -> colleague), or None."""
    said = word.strip().casefold()
    return next((kind for kind, words in KIND_WORDS.items() if kind in known and said in words), None)


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []


def full_width_hint(value: Any) -> str:
    """'; 'qian，shitou' holds a full-width comma ，: YAML separates with , (write qian, shitou)', or ''."""
    for text in _texts(value):
        for mark, (what, ascii_mark) in FULL_WIDTH.items():
            if mark in text:
                fixed = text.replace(mark, ascii_mark + " ")
                return (f"; {text!r} holds a {what} {mark}, which YAML does not read as {ascii_mark!r}: "
                        f"type the ASCII one (write {fixed})")
    return ""


def _listed(items: list[Any]) -> str:
    return ", ".join(str(i) for i in items)


def _as_list(text: str) -> str:
    """`ada and owen` -> `[ada, owen]`; `pip` -> `[pip]`."""
    parts = [p for p in _LIST_SPLIT.split(text.strip()) if p]
    return f"[{_listed(parts or [text])}]"


def _id_like(text: str, example: str) -> str:
    """An id a text could become: lowercase ASCII letters, digits and _ (none: the example)."""
    word = re.sub(r"[^a-z0-9_]+", "_", text.casefold()).strip("_")
    return word if word and word[0].isalpha() else example


def plain_message(err: dict[str, Any], path: tuple) -> str | None:
    """The designer's words for a pydantic error at `path`, or None to keep pydantic's own."""
    kind, value, ctx = err.get("type", ""), err.get("input"), err.get("ctx") or {}
    last = next((p for p in reversed(path) if isinstance(p, str)), "")
    if kind == "list_type" and value is None:  # `timeline:` with nothing under it
        return "a list is expected here, got nothing: give its items (each on a line starting `- `), or write []"
    if kind == "list_type" and isinstance(value, str):
        return f"a list is expected here, got the text {value!r}: write {_as_list(value)}" + full_width_hint(value)
    if kind == "string_type" and isinstance(value, (list, tuple)) and last == "to" and "gossip" in path:
        # (pydantic said "Input should be a valid string"): a retelling goes to one listener
        return (f"a gossip beat tells one listener, got {len(value)}: [{_listed(value)}]; write one gossip beat "
                "per listener (a `say` beat's `to` may list several)")
    if kind in ("too_long", "too_short") and isinstance(value, (list, tuple)):
        n = len(value)
        bound = ctx.get("max_length") if kind == "too_long" else ctx.get("min_length")
        lead, noun = _ITEMS.get(last, ("", "items"))
        exact = bound if kind == "too_long" and last == "between" else None
        how = f"exactly {exact}" if exact else (f"at most {bound}" if kind == "too_long" else f"at least {bound}")
        head = f"{lead} {how} {noun}" if lead else f"this list takes {how} {noun}"
        return f"{head}, got {n}: [{_listed(value)}]" + full_width_hint(value)
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN and isinstance(value, str):
        suggestion = _id_like(value, {"relationship_kinds": "client", "predicates": "lent_tools"}.get(
            str(path[0]) if path else "", "my_key"))
        msg = (f"{value!r} is not a key: a key is a lowercase id (a-z, digits, _, starting with a letter), "
               f"e.g. {suggestion}")
        if path[:1] in (("relationship_kinds",), ("predicates",)) and last == "key" \
                and re.search(r"[^\x00-\x7f]", value):  # words, not a key: they belong under zh:/en:
            language = "zh" if re.search(r"[\u3400-\u9fff]", value) else "en"
            thing = "kind's" if path[0] == "relationship_kinds" else "predicate's"
            msg += f"; the {thing} words go under {language}: ({language}: {value})"
        return msg + full_width_hint(value)
    return None


def quoted_full_width_hint(message: str, value: Any) -> str:
    """`full_width_hint` for a message that quotes the value (`unknown character 'qian，xiaoliu'`):
    a text with a full-width comma that the message does not name is left alone (a line of speech)."""
    quoted = [t for t in _texts(value) if repr(t) in message]
    return full_width_hint(quoted) if quoted and "full-width" not in message else ""


def value_at(data: Any, path: tuple) -> Any:
    """What the file holds at a path of keys and indices (None where it holds nothing)."""
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data
