"""Where in a YAML file a field is: the one line index that scenario and world-spec errors share.

pydantic reports a location as a path of keys and indexes; a designer needs a line. Every path in
the composed node tree maps to the line it starts on (a key's own line for mappings), and an error
at a path the file does not have is placed at its nearest written ancestor.
"""

from __future__ import annotations

import yaml

UNION_MEMBER_NAMES = ("str", "list", "int", "float")


def line_index(node: yaml.Node | None, path: tuple = (), out: dict | None = None) -> dict[tuple, int]:
    """Every path in the YAML document -> the 1-based line it starts on (keys: the key's line)."""
    out = {} if out is None else out
    if node is None:
        return out
    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value
            line_index(value_node, path + (key,), out)
            out[path + (key,)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            line_index(item, path + (i,), out)
    return out


def field_name(path: tuple) -> str:
    """`timeline[3].happen.what` from ('timeline', 3, 'happen', 'what')."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def line_for(lines: dict[tuple, int], path: tuple) -> int | None:
    """The line of `path`, or of its nearest ancestor written in the file."""
    for n in range(len(path), -1, -1):
        if path[:n] in lines:
            return lines[path[:n]]
    return None


def clean_loc(loc: tuple, aliases: dict[str, str] | None = None) -> tuple:
    """A pydantic location without the union member names it adds ('str', 'list[str]'), with
    field aliases put back as the file spells them (`from_` -> `from`)."""
    aliases = aliases or {}
    return tuple(aliases.get(p, p) for p in loc
                 if not (isinstance(p, str) and ("[" in p or p in UNION_MEMBER_NAMES)))
