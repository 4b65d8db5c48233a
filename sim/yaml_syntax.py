"""A YAML syntax error said where a designer can fix it, for scenarios and world specs alike.

PyYAML reports a missing `}` or `]` where the next token arrived, which is the line after the one
to fix ("line 6: expected ',' or '}', but got ':'" for a `{` left open on line 5), and it stops
unquoted text inside `{ }` at `?`, `:` or `,` with a message that never says "quote it". This
module turns the error into the line the mapping opened on, the field that mapping is, and a
hint in plain words. A key written without its colon (`what "x"` for `what: "x"`) is reported
on its own line with its field (PyYAML names the line after, where the next key's `:` or the
end of the mapping arrived).
"""

from __future__ import annotations

import re

import yaml

FLOW_OPEN = {"while parsing a flow mapping": ("{", "}"), "while parsing a flow sequence": ("[", "]")}
# characters that end unquoted text inside { } or [ ] (or, after a key, start a new one)
FLOW_BREAKERS = ("?", ":", ",")


def _last_path(node: yaml.Node | None, path: tuple = ()) -> tuple:
    """The path of the last value started in a document (where its text breaks off)."""
    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.value:
        if isinstance(node, yaml.MappingNode):
            key_node, node = node.value[-1]
            path = path + (key_node.value,)
        else:
            path, node = path + (len(node.value) - 1,), node.value[-1]
    return path


def path_at(text: str, line: int, column: int) -> tuple:
    """The keys leading to the value that starts at (0-based) line and column: the document cut
    there, with a placeholder value put in, names the place (('characters', 'ann'))."""
    lines = text.split("\n")
    cut = "\n".join(lines[:line] + [lines[line][:column] + "~"]) if line < len(lines) else text
    try:
        return _last_path(yaml.compose(cut + _closers(cut), Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return ()


def _closers(cut: str) -> str:
    """The `}` and `]` that close the brackets still open at the end of `cut` (quotes and comments skipped)."""
    stack: list[str] = []
    quote = ""
    for line in cut.split("\n"):
        for ch in line:
            if quote:
                quote = "" if ch == quote else quote
            elif ch in "'\"":
                quote = ch
            elif ch == "#":
                break
            elif ch in "{[":
                stack.append("}" if ch == "{" else "]")
            elif ch in "}]" and stack:
                stack.pop()
    return "".join(reversed(stack))


def _field(path: tuple) -> str:
    from townsfolk.sim.yaml_locations import field_name

    return field_name(path)


def _last_written_line(lines: list[str], before: int, after: int) -> int:
    """The last line (0-based) with content in [after, before), where a closing bracket belongs."""
    for n in range(min(before, len(lines)) - 1, after - 1, -1):
        if lines[n].split("#", 1)[0].strip():
            return n
    return after


# a block mapping's line that is a key and a value with no colon between them: `what "x"`
_BARE_KEY = re.compile(r"^(?P<lead>\s*(?:-\s+)?)(?P<key>[A-Za-z_][\w-]*)\s+(?P<value>[^\s:#][^#]*?)\s*$")
_SCAN_BACK = 6  # lines looked back for the key, past which a plain text may have run on


def _unquoted(line: str) -> str:
    """The line without its quoted parts and its comment (where a real `:` would be)."""
    return re.sub(r"\s#.*$", "", re.sub(r"\"[^\"]*\"|'[^']*'", "\"\"", line))


def _missing_colon(exc: yaml.YAMLError, lines: list[str]) -> tuple[int, str, str, str] | None:
    """(0-based line, what leads the key, the key, its value) of a key written without its colon."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None)
    opened = getattr(exc, "context_mark", None)
    if getattr(exc, "context", None) == "while scanning a simple key" and opened is not None:
        candidates = [opened.line]  # the key's own line: its colon never came
    elif problem == "mapping values are not allowed here" and mark is not None:
        # the colonless line ran on as plain text into the next key, whose `:` PyYAML refused
        candidates = list(range(mark.line - 1, max(-1, mark.line - 1 - _SCAN_BACK), -1))
    else:
        return None
    for n in candidates:
        if n >= len(lines) or not lines[n].split("#", 1)[0].strip():
            continue
        m = _BARE_KEY.match(re.sub(r"\s+#[^\"']*$", "", lines[n]))  # a comment after it is no part of it
        if m is not None and ":" not in _unquoted(lines[n]):
            return n, m.group("lead"), m.group("key"), m.group("value")
        if ":" in _unquoted(lines[n]):
            return None  # a line with its colon: the text that ran on started after it
    return None


def _key_path(lines: list[str], n: int, lead: str, key: str) -> tuple:
    """The path of `key` on line n, had it its colon (the document up to it, the key given a value)."""
    cut = "\n".join(lines[:n] + [f"{lead}{key}: ~"])
    try:
        return _last_path(yaml.compose(cut + _closers(cut), Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return (key,)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _written_before(lines: list[str], n: int) -> int | None:
    """The last line (0-based) before n with content (not blank, not only a comment)."""
    for k in range(min(n, len(lines)) - 1, -1, -1):
        if lines[k].split("#", 1)[0].strip():
            return k
    return None


_LINE_KEY = re.compile(r"^\s*(?P<dash>-\s+)?(?P<key>[^\s:#{}\[\]'\"][^:#{}\[\]]*?)\s*:(?:\s|$)")


def _key_column(line: str) -> int:
    """Where a line's key starts: after its indentation and a list item's `- `."""
    m = _LINE_KEY.match(line)
    return _indent(line) + (len(m.group("dash")) if m and m.group("dash") else 0)


def _spaces(n: int) -> str:
    return f"{n} space" if n == 1 else f"{n} spaces"


def _what(line: str) -> str:
    """How a message names the line's content: its key, or a list item."""
    m = _LINE_KEY.match(line)
    if m is not None and not m.group("dash"):
        return f"`{m.group('key')}`"
    return "the list item" if line.lstrip().startswith("-") else f"`{line.strip()[:20]}`"


def _misindented(exc: yaml.YAMLError, lines: list[str]) -> tuple[int, str, str] | None:
    """(0-based line, field, message) for a line indented unlike the key above it: PyYAML says
    "expected <block end>, but found '<block mapping start>'" (too little) or "mapping values are
    not allowed here" (too much, after a key with its value) and names no field."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or ""
    if mark is None or mark.line >= len(lines):
        return None
    n, line = mark.line, lines[mark.line]
    above = _written_before(lines, n)
    if above is None:
        return None
    have, want = _indent(line), _key_column(lines[above])
    m = _LINE_KEY.match(line)
    if problem.startswith("expected <block end>"):
        if lines[above].split("#", 1)[0].rstrip().endswith(":") and have <= want:
            # the key above opens a mapping its next line is not inside: that key is the one pushed in
            key = _what(lines[above])
            return (above, "", f"{key} on line {above + 1} is indented {_spaces(want)}, more than line {n + 1} "
                               f"under it ({have}): YAML nests by indentation, so line {key} up with the key it "
                               f"belongs beside (YAML said: {problem})")
        if have == want:  # the line above is the odd one: it opened something this line does not close
            return None
    elif problem == "mapping values are not allowed here":
        head = _LINE_KEY.match(lines[above])
        value = lines[above][head.end():].split("#", 1)[0].strip() if head else ""
        if head is None or not value or have <= want or m is None or m.group("dash"):
            return None  # not a key pushed in under a key that already has its value
    else:
        return None
    field = _field(_key_path(lines, n, " " * (want - len(m.group("dash") or "")) + (m.group("dash") or ""),
                             m.group("key"))) if m else ""
    what = _what(line)
    other, it = ("the item", "it") if what == "the list item" else ("the key", what)
    outer = _outer_level(lines, above, have)
    or_out = f", or {outer[1]} to go beside line {outer[0] + 1}'s" if outer and have < want else ""
    return (n, field, f"{what} on line {n + 1} is indented {_spaces(have)}, but {other} on line {above + 1} above "
                      f"it is indented {want}: YAML nests by indentation, so line {it} up with {other} it "
                      f"belongs beside ({_spaces(want)} for line {above + 1}'s{or_out}) (YAML said: {problem})")


def _outer_level(lines: list[str], above: int, have: int) -> tuple[int, int] | None:
    """(0-based line, key column) of the nearest line above that sits further out than `have`
    spaces: a line indented between two levels may belong with either."""
    level = _key_column(lines[above])
    for k in range(above - 1, -1, -1):
        if not lines[k].split("#", 1)[0].strip():
            continue
        col = _key_column(lines[k])
        if col < level:
            if col <= have:
                return k, col
            level = col
    return None


def _tab(exc: yaml.YAMLError, lines: list[str]) -> tuple[int, str, str] | None:
    """(0-based line, field, message) for a tab where YAML wants spaces."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or ""
    if mark is None or "'\\t'" not in problem or mark.line >= len(lines):
        return None
    n, line = mark.line, lines[mark.line]
    above = _written_before(lines, n)
    m = _LINE_KEY.match(line.replace("\t", " "))
    field = ""
    if m is not None and line[:1] == "\t" and above is not None:  # the key's place, had it spaces
        col = _key_column(lines[above])
        tabs = len(line) - len(line.lstrip("\t"))
        if lines[above].split("#", 1)[0].rstrip().endswith(":"):  # the line above opens a mapping: under it
            col += 2
        else:  # beside a key above, or (a tab read as two spaces) as far out as its tabs say
            col = min(col, 2 * tabs)
        field = _field(_key_path(lines, n, " " * col + (m.group("dash") or ""), m.group("key")))
    return (n, field, f"line {n + 1} has a tab: tabs are not allowed in YAML, indent with spaces "
                      f"(YAML said: {problem})")


def _colon_in_text(exc: yaml.YAMLError, lines: list[str]) -> tuple[int, str, str] | None:
    """(0-based line, field, message) for a plain text holding `: ` (`persona: Strict: but fair`):
    PyYAML says "mapping values are not allowed here" and names neither the field nor the fix."""
    mark = getattr(exc, "problem_mark", None)
    if getattr(exc, "problem", None) != "mapping values are not allowed here" or mark is None \
            or mark.line >= len(lines):
        return None
    n, line = mark.line, lines[mark.line]
    m = _LINE_KEY.match(line)
    if m is None:
        return None
    value = line[m.end():].strip()
    if not value or value[0] in "'\"{[|>&*!" or ": " not in _unquoted(value) + " ":
        return None
    key = m.group("key")
    field = _field(_key_path(lines, n, line[:m.start("key")], key))
    quoted = value.split(" #", 1)[0].replace('"', '\\"')
    return (n, field, f"the text of `{key}` holds `: `, which YAML reads as the start of another key: put the "
                      f"whole text in quotes ({key}: \"{quoted}\") (YAML said: mapping values are not allowed here)")


def syntax_problem(exc: yaml.YAMLError, text: str) -> tuple[int | None, str, str]:
    """(1-based line, field, message) for a YAML syntax error."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    opened = getattr(exc, "context_mark", None)
    colonless = _missing_colon(exc, text.split("\n"))
    if colonless is not None:
        n, lead, key, value = colonless
        return (n + 1, _field(_key_path(text.split("\n"), n, lead, key)),
                f"`{key}` has no `:` after it: write `{key}: {value}` (YAML said: {problem})")
    plain = _tab(exc, text.split("\n")) or _misindented(exc, text.split("\n")) \
        or _colon_in_text(exc, text.split("\n"))
    if plain is not None:
        n, field, message = plain
        return n + 1, field, message
    if context not in FLOW_OPEN or opened is None or mark is None:
        return (mark.line + 1 if mark else None), "", f"YAML error: {problem}"
    open_char, close_char = FLOW_OPEN[context]
    field = _field(path_at(text, opened.line, opened.column))
    lines = text.split("\n")
    token = problem.rsplit("but got ", 1)[-1].strip("'")
    if token in FLOW_BREAKERS and (mark.line == opened.line or token != ":"):
        # the bracket's own line goes on: unquoted text ran into ? , or : inside it
        inner = _field(path_at(text, mark.line, mark.column)) or field
        return (mark.line + 1, inner,
                f"unquoted text stops at {token!r} inside `{open_char} {close_char}`: quote the text "
                f"(text: \"How are you?\") — YAML said: {problem}")
    end = _last_written_line(lines, mark.line, opened.line)
    where = "at the end of that line" if end == opened.line else f"at the end of line {end + 1}"
    return (opened.line + 1, field,
            f"the `{open_char}` opened on line {opened.line + 1} is never closed: add `{close_char}` {where} "
            f"(YAML stopped at line {mark.line + 1}: {problem}; if the text holds ?, : or , quote it)")


_KEY_AND_VALUE = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s+(?P<value>\S.*)$")


def colonless_key(key: object, value: object, allowed: list[str]) -> tuple[str, str] | None:
    """`{name 阿甲}` reads as a key "name 阿甲" with no value, `{at： 8}` (a full-width colon) as a key
    "at： 8": (the key meant, the message saying to write its colon) when the first word is a key
    allowed there, else None."""
    head, colon, rest = str(key).partition("：")
    if colon and value is None and head.strip() in allowed:  # `{at： 8}`: a full-width colon is no colon to YAML
        k, v = head.strip(), rest.strip()
        return k, f"`{key}` has a full-width colon ：, which YAML does not read as a colon: write `{k}: {v}`"
    m = _KEY_AND_VALUE.match(str(key))
    if value is not None or m is None or m.group("key") not in allowed:
        return None
    k, v = m.group("key"), m.group("value")
    return k, f"`{k}` has no `:` after it: write `{k}: {v}`"


def comma_hint(text: str, line: int | None, value: object) -> str:
    """An unknown key with no value on a line with `{`: most likely the rest of a text that a comma
    split ("text: Well, hello}" reads as text "Well" and a key "hello"), so say to quote it."""
    lines = text.split("\n")
    if value is not None or not line or line > len(lines) or "{" not in lines[line - 1]:
        return ""
    return "; if it is the rest of a text, a comma split it: quote the text (text: \"Well, hello\")"
