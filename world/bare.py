"""Internal pydantic objects built without validation, from values the engine made itself.

Validation stays at the boundaries (a scenario, an API request, a model's output). A telling builds
a fact, two memories, a belief, causes and timeline lines from values already checked, and
validating them again was a fifth of its cost; `model_construct` is slower still (a Python loop over
the fields). `bare(cls, values)` gives what `cls(**values)` gives for values of the fields' own
types: every field in field order, defaults filled (a fresh one from each default factory), the
fields given as `model_fields_set`, the class's private defaults. Callers pass exact types (a float
for a float field, a tuple for a tuple): nothing is coerced here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)


class _Shape:
    """What building a class needs, read once from its fields."""

    __slots__ = ("template", "factories", "required", "names", "private")

    def __init__(self, cls: type[BaseModel]) -> None:
        self.template: dict[str, Any] = {}
        self.factories: list[tuple[str, Callable[[], Any]]] = []
        required = []
        for name, info in cls.model_fields.items():
            if info.default_factory is not None:
                self.template[name] = None
                self.factories.append((name, info.default_factory))  # type: ignore[arg-type]
            elif info.default is PydanticUndefined:
                self.template[name] = None
                required.append(name)
            else:
                self.template[name] = info.default
        self.required = frozenset(required)
        self.names = frozenset(self.template)
        private = getattr(cls, "__private_attributes__", {})
        self.private = {n: a.get_default() for n, a in private.items()} if private else None


_SHAPES: dict[type, _Shape] = {}
COPY_FROM = 10  # fields from which `maker` copies a dict of the defaults rather than writing a literal
# BaseModel's own slots, set as its __init__ leaves them (as sim/log.py's LogEntry.trusted does)
_new = BaseModel.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def bare(cls: type[M], values: dict[str, Any]) -> M:
    """`cls(**values)` without validating (see the module docstring); a missing required field or an
    unknown one is a TypeError, as it is a programming error here, not bad input."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _Shape(cls)
    given = set(values)
    if not (shape.required <= given <= shape.names):
        missing, unknown = sorted(shape.required - given), sorted(given - shape.names)
        raise TypeError(f"{cls.__name__}: missing {missing}, unknown {unknown}")
    d = shape.template.copy()
    d.update(values)
    for name, factory in shape.factories:
        if name not in given:
            d[name] = factory()
    m = _new(cls)
    _set_dict(m, d)
    _set_fields(m, given)
    _set_extra(m, None)
    _set_private(m, None if shape.private is None else dict(shape.private))
    return m


def maker(cls: type[M], given: tuple[str, ...]) -> Callable[..., M]:
    """A constructor of `cls` from the values of the `given` fields, positionally in that order:
    what `bare(cls, dict(zip(given, values)))` builds (every field in field order, defaults filled,
    a fresh one from each default factory, `given` as the fields set). The checks on the field
    names are made once here and the field dict is written by generated code (as dataclasses writes
    `__init__`): a tick's tellings build thousands of objects of one shape."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _Shape(cls)
    names = set(given)
    if len(names) != len(given) or not (shape.required <= names <= shape.names):
        raise TypeError(f"{cls.__name__}: missing {sorted(shape.required - names)}, "
                        f"unknown {sorted(names - shape.names)}, or a field twice")
    factories = dict(shape.factories)
    # the field dict: for a model of many fields, a copy of one made with the defaults (every field in
    # field order) with the given values and fresh factory values written over it, which costs less
    # than building it item by item (an event memory's 18: ~15% of a make); for a few, the literal
    scope: dict[str, Any] = {"_new": _new, "_set_dict": _set_dict, "_set_fields": _set_fields, "_set_extra": _set_extra,
                             "_set_private": _set_private, "cls": cls, "private": shape.private,
                             "defaults": dict(shape.template)}
    copied = len(shape.template) >= COPY_FROM
    items, writes = [], []
    for i, name in enumerate(shape.template):
        if name in names:
            value = f"v{given.index(name)}"
        elif name in factories:
            scope[f"f{i}"] = factories[name]
            value = f"f{i}()"
        else:
            scope[f"d{i}"] = shape.template[name]
            value = f"d{i}"
            if copied:
                continue
        items.append(f"{name!r}: {value}")
        writes.append(f"    d[{name!r}] = {value}\n")
    build = f"    d = defaults.copy()\n{''.join(writes)}" if copied else f"    d = {{{', '.join(items)}}}\n"
    params = ", ".join(f"v{i}" for i in range(len(given)))
    # the fields set as a set display of constants (a copy of one frozenset, without calling `set`);
    # no private attributes: None written in, not decided per call
    fields_set = "{" + ", ".join(repr(name) for name in given) + "}" if given else "set()"
    private = "None" if shape.private is None else "dict(private)"
    source = (f"def make({params}):\n    m = _new(cls)\n{build}"
              f"    _set_dict(m, d)\n    _set_fields(m, {fields_set})\n    _set_extra(m, None)\n"
              f"    _set_private(m, {private})\n    return m\n")
    exec(source, scope)  # noqa: S102  (our own field names, checked above)
    make = scope["make"]
    make.__doc__ = f"{cls.__name__}({', '.join(given)}), not validated"
    return make


_get_extra = BaseModel.__dict__["__pydantic_extra__"].__get__
_get_private = BaseModel.__dict__["__pydantic_private__"].__get__


def copied(model: M, update: dict[str, Any]) -> M:
    """`model.model_copy(update=update)` for a model whose config does not allow extra fields: the
    field dict copied with the update written over it, the fields set grown by its keys, extras
    copied and private values kept as pydantic's `__copy__` keeps them; no validation, as there. A
    retelling that distorts copies its claim (pydantic's copy and its checks cost ~3x this)."""
    if model.model_config.get("extra") == "allow":
        return model.model_copy(update=update)
    cls = type(model)
    m = _new(cls)
    d = model.__dict__.copy()
    d.update(update)
    _set_dict(m, d)
    extra = _get_extra(model)
    _set_extra(m, None if extra is None else extra.copy())
    fields = set(model.__pydantic_fields_set__)
    fields.update(update.keys())
    _set_fields(m, fields)
    private = _get_private(model)
    _set_private(m, None if private is None else {k: v for k, v in private.items() if v is not PydanticUndefined})
    return m
