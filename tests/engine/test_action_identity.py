"""Actions compare, hash and print as the dataclasses they are, although the Plot Twist
types leave those three methods to the base Action (the door's contract,
docs/architecture.md "The door"; no rule clause: a menu's item, a log line and an
undo's match depend on it)."""

from __future__ import annotations

from dataclasses import MISSING, field, fields, make_dataclass, replace
from typing import Any

import pytest

from engine.core.actions import Action
from engine.plottwist.actions import ACTION_TYPES


def _twin(cls: type[Action]) -> Any:
    """The same fields in a type whose eq, hash and repr @dataclass writes itself."""
    spec = []
    for f in fields(cls):
        default = {} if f.default is MISSING else {"default": f.default}
        spec.append((f.name, f.type, field(compare=f.compare, kw_only=f.kw_only, **default)))
    twin = make_dataclass(cls.__name__, spec, frozen=True)
    twin.__qualname__ = cls.__qualname__
    return twin


def _samples(cls: type[Action]) -> list[dict[str, Any]]:
    out = []
    for variant in range(3):
        kw: dict[str, Any] = {}
        for i, f in enumerate(fields(cls)):
            typ = str(f.type)
            if "tuple" in typ:
                kw[f.name] = [(), ("a",), ("a", "b")][variant]
            elif "int" in typ:
                kw[f.name] = [0, 3, -1][variant]
            elif "bool" in typ:
                kw[f.name] = variant == 1
            else:
                kw[f.name] = ["", "h1", "it's"][(variant + i) % 3]
        out.append(kw)
    out.append({**out[1], "text": "another label"})    # the label is not compared
    return out


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_eq_hash_repr_are_the_dataclass_ones(kind: str) -> None:
    cls = ACTION_TYPES[kind]
    twin = _twin(cls)
    samples = _samples(cls)
    ours = [cls(**kw) for kw in samples]
    theirs = [twin(**kw) for kw in samples]
    for a, ta in zip(ours, theirs, strict=True):
        assert repr(a) == repr(ta)
        assert hash(a) == hash(ta)
        assert [a == b for b in ours] == [ta == tb for tb in theirs]
        assert [a != b for b in ours] == [ta != tb for tb in theirs]
        assert a != ta                       # another type is never equal
    assert ours[1] == ours[3] and hash(ours[1]) == hash(ours[3])
    assert replace(ours[0]) == ours[0]
    assert len({*ours}) == len({*theirs})


def test_other_types_of_equal_fields_differ() -> None:
    first, second = ACTION_TYPES["hide"], ACTION_TYPES["choose_main"]    # both: seat, actor
    assert first("p1", actor="h") != second("p1", actor="h")
    assert first("p1", actor="h") == first("p1", actor="h", text="Hide")
