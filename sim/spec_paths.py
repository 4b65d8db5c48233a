"""Dotted paths into a world spec, as `sweep --param` and `simulate` overrides write them.

`rumour.tell_probability`, `traits.exaggeration.mean`, `events.0.rate_per_day`, `events[0].rate_per_day`
and `events.nets.rate_per_day` (a list item by its id, or its kind where it has no id) all name one value
of the spec. A path that names nothing is refused with the valid keys nearest to it, so a sweep never
runs a grid whose key was silently ignored.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

# traits the engine reads or the shipped towns give: a sweep may set one the spec does not list yet
# (its distribution then starts from the defaults), as a town with no `traits:` still has them
SETTABLE_TRAITS = ("candour", "exaggeration", "mischief", "talkativeness", "sensitivity")
_BRACKETS = re.compile(r"\[(\w+)\]")


def normalise(key: str) -> str:
    """`events[0].rate_per_day` -> `events.0.rate_per_day` (the two spellings are one key)."""
    return _BRACKETS.sub(r".\1", key.strip()).strip(".")


def _item_name(item: Any) -> str | None:
    """What a list item is called in a path besides its index: its id, else its kind (a tie kind)."""
    if isinstance(item, dict):
        for k in ("id", "key", "kind"):
            if isinstance(item.get(k), str):
                return item[k]
    return None


def settable_keys(data: dict[str, Any], *, numeric_only: bool = False) -> list[str]:
    """Every leaf path of the dumped spec, list items by name where they have one (else by index):
    the keys a sweep may vary, as an error lists them."""
    out: list[str] = []

    def walk(node: Any, prefix: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{prefix}{k}.")
            return
        if isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
            for i, item in enumerate(node):
                walk(item, f"{prefix}{_item_name(item) or i}.")
            return
        if numeric_only and (isinstance(node, bool) or not isinstance(node, int | float)):
            return
        out.append(prefix.rstrip("."))

    walk(data, "")
    return out


def _step(node: Any, part: str, create_trait: bool) -> Any:
    """The child `part` names: a mapping's key, or a list item by index or by name."""
    if isinstance(node, dict):
        if part not in node and create_trait and part in SETTABLE_TRAITS:
            node[part] = {"mean": 0.5, "sd": 0.15}
        return node[part] if part in node else KeyError
    if isinstance(node, list):
        if part.isdigit() and int(part) < len(node):
            return node[int(part)]
        named = [x for x in node if _item_name(x) == part]
        return named[0] if len(named) == 1 else KeyError
    return KeyError


def set_path(data: dict[str, Any], key: str, value: Any) -> None:
    """Set the value a dotted key names in the dumped spec `data`; ValueError naming the nearest
    valid keys when it names nothing."""
    parts = normalise(key).split(".")
    node: Any = data
    for depth, part in enumerate(parts[:-1]):
        child = _step(node, part, create_trait=depth > 0 and parts[depth - 1] == "traits")
        if child is KeyError or not isinstance(child, dict | list):
            raise ValueError(unknown_key_message(data, key))
        node = child
    last = parts[-1]
    if isinstance(node, list):
        if last.isdigit() and int(last) < len(node) and not isinstance(node[int(last)], dict | list):
            node[int(last)] = value
            return
        raise ValueError(unknown_key_message(data, key))
    if not isinstance(node, dict) or last not in node or isinstance(node[last], dict | list) and not (
            isinstance(node[last], list) and isinstance(value, list)):
        raise ValueError(unknown_key_message(data, key))
    node[last] = value


def is_settable(data: dict[str, Any], key: str) -> bool:
    """Whether `key` names one value of the spec (checked on a copy)."""
    import copy

    try:
        set_path(copy.deepcopy(data), key, 0)
    except ValueError:
        return False
    return True


def unknown_key_message(data: dict[str, Any], key: str) -> str:
    """'unknown spec key X (did you mean Y?); keys under events.nets: rate_per_day, valence, ...'."""
    written = normalise(key)
    known = settable_keys(data)
    msg = f"unknown spec key {key!r}"
    close = difflib.get_close_matches(written, known, n=1, cutoff=0.6)
    if close:
        msg += f" (did you mean {close[0]!r}?)"
    parts = written.split(".")
    for cut in range(len(parts) - 1, -1, -1):  # the deepest part of the path that does name something
        prefix = ".".join(parts[:cut])
        under = sorted({k[len(prefix) + 1:].split(".")[0] if prefix else k.split(".")[0]
                        for k in known if not prefix or k.startswith(prefix + ".")})
        if under:
            msg += f"; keys under {prefix or 'the spec'}: {', '.join(under)}"
            break
    return msg
