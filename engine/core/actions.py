"""The shape every rules module's actions share: a frozen dataclass with a seat, a kind,
a menu label, and a JSON form that round-trips (docs/architecture.md, "The door")."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, ClassVar

# per Action type, its compared fields' values as a tuple (the dataclass's eq and hash key)
_KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _key_of(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    key = _KEYS.get(cls)
    if key is None:
        names = [f.name for f in fields(cls) if f.compare]
        if len(names) == 1:
            one = attrgetter(names[0])

            def key(obj: Any) -> tuple[Any, ...]:
                return (one(obj),)
        else:
            key = attrgetter(*names)
        _KEYS[cls] = key
    return key


@dataclass(frozen=True, slots=True)
class Action:
    """An intent of one seat.

    Equality, hash and repr are the ones ``@dataclass`` would write for each type (same
    fields, same results), written once here from the type's fields: a rules module with
    many action types declares them ``@dataclass(frozen=True, slots=True, eq=False,
    repr=False)`` and saves the compiling of three methods per type at import, which is
    start-up time (docs/performance.md, "start-up part 3"). Types declared without those
    flags get their own generated methods, as before."""
    seat: str
    kind: ClassVar[str] = "action"
    text: str = field(default="", compare=False, kw_only=True)

    def __eq__(self, other: object) -> bool:
        cls = self.__class__
        if other.__class__ is not cls:
            return NotImplemented
        key = _KEYS.get(cls) or _key_of(cls)
        return key(self) == key(other)

    def __hash__(self) -> int:
        cls = self.__class__
        return hash((_KEYS.get(cls) or _key_of(cls))(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{self.__class__.__qualname__}({shown})"

    @property
    def label(self) -> str:
        return self.text or self.describe()

    def describe(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)}" for f in fields(self)
                 if f.name not in ("seat", "text") and getattr(self, f.name) not in (None, "", ())]
        return f"{self.kind} ({self.seat}{': ' if parts else ''}{', '.join(parts)})"

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            if f.name != "text":
                v = getattr(self, f.name)
                d[f.name] = list(v) if isinstance(v, tuple) else v
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Action:
        """This very type back from its JSON; the "type" must be this class's kind."""
        if d.get("type", cls.kind) != cls.kind:
            raise ValueError(f"a {d.get('type')!r} action is not a {cls.kind!r}")
        return ActionCodec([cls]).from_json({**d, "type": cls.kind})


class ActionCodec:
    """Reads a module's actions back from JSON; unknown types and fields are refused."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {cls.kind: cls for cls in types}

    def from_json(self, d: dict[str, Any]) -> Action:
        cls = self.types.get(str(d.get("type")))
        if cls is None:
            raise ValueError(f"unknown action type {d.get('type')!r}")
        names = {f.name for f in fields(cls)} - {"text"}
        args: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v)
                                for k, v in d.items() if k in names}
        return cls(**args)
