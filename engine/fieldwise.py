"""Equality and repr as ``@dataclass`` writes them, written once from a type's fields.

``@dataclass`` compiles an ``__eq__`` and a ``__repr__`` for every class at import, which
is start-up time for a module of many classes or of classes with many fields
(docs/performance.md, "start-up part 3" and "part 5"). A class declared
``@dataclass(eq=False, repr=False)`` that inherits `FieldwiseEq` compares and prints the
same (same fields, same results; ``__hash__`` stays None, as for a dataclass with eq)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

# per type, its compared fields' values as a tuple (the dataclass's eq and hash key)
KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def key_of(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    key = KEYS.get(cls)
    if key is None:
        names = [f.name for f in fields(cls) if f.compare]
        if len(names) == 1:
            one = attrgetter(names[0])

            def key(obj: Any) -> tuple[Any, ...]:
                return (one(obj),)
        elif names:
            key = attrgetter(*names)
        else:
            def key(obj: Any) -> tuple[Any, ...]:
                return ()
        KEYS[cls] = key
    return key


def fields_repr(obj: Any) -> str:
    shown = ", ".join(f"{f.name}={getattr(obj, f.name)!r}" for f in fields(obj) if f.repr)
    return f"{obj.__class__.__qualname__}({shown})"


class FieldwiseEq:
    # defining __eq__ leaves __hash__ None here, as @dataclass(eq=True) does; Action
    # writes its own
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        cls = self.__class__
        if other.__class__ is not cls:
            return NotImplemented
        key = KEYS.get(cls) or key_of(cls)
        return key(self) == key(other)

    def __repr__(self) -> str:
        return fields_repr(self)
