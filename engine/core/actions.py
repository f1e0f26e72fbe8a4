"""The shape every rules module's actions share: a frozen dataclass with a seat, a kind,
a menu label, and a JSON form that round-trips (docs/architecture.md, "The door")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field, fields
from typing import Any, ClassVar

from engine.fieldwise import FieldwiseEq
from engine.records import record

from . import record_inits


@record(record_inits, frozen=True, slots=True)
class Action(FieldwiseEq):
    """An intent of one seat.

    Every type is a frozen record with slots (`engine.records`): the dataclass it
    would be, with its ``__init__`` written beforehand into its package's ``record_inits``
    and equality, hash and repr written once from the type's fields, so that a rules
    module's many action types compile nothing at import, which is start-up time
    (docs/performance.md, "start-up part 3" and "part 7")."""
    seat: str
    kind: ClassVar[str] = "action"
    text: str = field(default="", compare=False, kw_only=True)

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
