"""Reading scenario YAML that cannot crash or hang the loader, whatever the file holds.

PyYAML alone lets a duplicate key silently replace the first one, follows a recursive alias into a
RecursionError, expands an alias bomb without end and raises a bare ValueError on `2026-13-40`.
Every key added to a scenario (by any model) goes through this reader, so these checks cover keys
that do not exist yet.
"""

from __future__ import annotations

import math
from typing import Any

import yaml
from pydantic import BaseModel

MAX_TEXT_CHARS = 2000  # one string value: a line of dialogue, an event, a persona
MAX_YAML_NODES = 200_000  # values after aliases are expanded (an alias bomb stops here)
MAX_YAML_DEPTH = 60  # nesting of mappings and lists


class YamlProblem(Exception):
    """Where (a path of keys and indices, and a 1-based line) and what is wrong with the document."""

    def __init__(self, line: int | None, path: tuple, message: str) -> None:
        super().__init__(message)
        self.line, self.path, self.message = line, path, message


class _Loader(yaml.SafeLoader):
    """Safe loading, but a timestamp that is not a real date is a problem with a line, not a ValueError."""

    def construct_yaml_timestamp(self, node: yaml.ScalarNode) -> Any:  # type: ignore[override]
        try:
            return super().construct_yaml_timestamp(node)
        except (ValueError, OverflowError) as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"{node.value!r} is not a date ({exc}); quote it to use it as text",
                node.start_mark) from None


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_timestamp)


def _check_nodes(root: yaml.Node) -> dict[tuple[int, int], tuple]:
    """Duplicate keys, recursive aliases, size, depth and over-long strings, before anything is built.

    Returns where each value starts (line, column) -> its path, to place a later construction error."""
    where: dict[tuple[int, int], tuple] = {}
    visited = 0
    # (node, path, ids of the nodes it sits in, the line it is written on: an alias's own, not its anchor's)
    stack: list[tuple[yaml.Node, tuple, frozenset[int], int]] = [(root, (), frozenset(), root.start_mark.line + 1)]
    while stack:
        node, path, ancestors, line = stack.pop()
        visited += 1
        where.setdefault((node.start_mark.line, node.start_mark.column), path)
        if visited > MAX_YAML_NODES:
            raise YamlProblem(line, path[:1], f"the document expands to more than {MAX_YAML_NODES} values "
                                          "(aliases that repeat aliases?)")
        if len(path) > MAX_YAML_DEPTH:
            raise YamlProblem(line, path, f"nested more than {MAX_YAML_DEPTH} levels deep")
        if id(node) in ancestors:
            raise YamlProblem(line, path, "a recursive alias: this value contains itself")
        if isinstance(node, yaml.ScalarNode):
            if len(node.value) > MAX_TEXT_CHARS:
                raise YamlProblem(line, path, f"text of {len(node.value)} characters; the limit is "
                                              f"{MAX_TEXT_CHARS}")
            continue
        inner = ancestors | {id(node)}
        if isinstance(node, yaml.SequenceNode):
            stack.extend((item, path + (i,), inner, item.start_mark.line + 1)
                         for i, item in reversed(list(enumerate(node.value))))
            continue
        seen: dict[Any, int] = {}
        children = []
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise YamlProblem(key_node.start_mark.line + 1, path, "a key must be plain text, not a list or mapping")
            key = key_node.value
            key_line = key_node.start_mark.line + 1
            if key == "<<" and key_node.tag == "tag:yaml.org,2002:merge":
                children.append((value_node, path, inner, key_line))
                continue
            if key in seen:
                raise YamlProblem(key_line, path + (key,), f"duplicate key {key!r} (first on line {seen[key]}); "
                                                           "a key may appear once in a mapping")
            seen[key] = key_line
            children.append((value_node, path + (key,), inner, key_line))
        stack.extend(reversed(children))
    return where


def load_checked(text: str) -> tuple[Any, yaml.Node | None]:
    """The document's data and its node tree; YamlProblem or yaml.YAMLError when it is unusable."""
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise YamlProblem(None, (), f"nested too deeply (more than {MAX_YAML_DEPTH} levels)") from None
        if node is None:
            return None, None
        where = _check_nodes(node)
        try:
            return loader.construct_document(node), node
        except yaml.constructor.ConstructorError as exc:
            mark = exc.problem_mark
            path = where.get((mark.line, mark.column), ()) if mark else ()
            raise YamlProblem(mark.line + 1 if mark else None, path, f"YAML error: {exc.problem}") from None
    finally:
        loader.dispose()


def misplaced_values(model: BaseModel, raw: Any, path: tuple = ()) -> tuple[tuple, str] | None:
    """The first value pydantic accepted only by coercion a designer would not mean: `true` where a
    number is expected (it would read as 1), or a number that is not finite. Walks any model tree,
    so models added later are covered."""
    if isinstance(raw, bool):
        if not isinstance(model, bool):
            return path, f"expected a number or text here, got {str(raw).lower()!r}"
        return None
    if isinstance(raw, float) and not math.isfinite(raw):
        return path, f"{raw} is not a finite number"
    if isinstance(model, BaseModel) and isinstance(raw, dict):
        for name, field in type(model).model_fields.items():
            key = field.alias or name
            if key in raw or name in raw:
                found = misplaced_values(getattr(model, name), raw.get(key, raw.get(name)), path + (key,))
                if found:
                    return found
    elif isinstance(model, (list, tuple)) and isinstance(raw, list) and len(model) == len(raw):
        for i, (m, r) in enumerate(zip(model, raw, strict=True)):
            found = misplaced_values(m, r, path + (i,))
            if found:
                return found
    elif isinstance(model, dict) and isinstance(raw, dict):
        for key, r in raw.items():
            if key in model:
                found = misplaced_values(model[key], r, path + (key,))
                if found:
                    return found
    return None
