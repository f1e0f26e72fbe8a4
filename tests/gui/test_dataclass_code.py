"""The dataclass methods kept from an earlier start (gui/dataclass_code.py): a class made
from kept code is the class ``dataclass`` compiles, and a bad file only costs the compile."""

from __future__ import annotations

import dataclasses
import inspect
import marshal
from dataclasses import FrozenInstanceError, dataclass, field
from typing import ClassVar

import pytest

from gui import dataclass_code


def make():
    """A fresh class each call, from the same declaration (as each app start makes it)."""
    @dataclass(frozen=True, slots=True)
    class Move:
        seat: str
        kind: ClassVar[str] = "move"
        actor: str = ""
        cards: tuple[str, ...] = ()
        notes: list[str] = field(default_factory=list, compare=False)
        text: str = field(default="", kw_only=True)

    @dataclass(order=True)
    class Tally:
        name: str
        value: int = 0

    return Move, Tally


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh, not installed cache; dataclasses' own exec comes back after the test."""
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    monkeypatch.setattr(dataclass_code, "_kept", {})
    monkeypatch.setattr(dataclass_code, "_new", {})
    monkeypatch.setattr(dataclass_code, "_used", set())
    monkeypatch.setattr(dataclass_code, "_path", None)
    return tmp_path / "cache" / dataclass_code.FILE_NAME


def next_start(monkeypatch) -> None:
    """What a new process would hold before it reads the file."""
    monkeypatch.setattr(dataclass_code, "_kept", {})
    monkeypatch.setattr(dataclass_code, "_new", {})
    monkeypatch.setattr(dataclass_code, "_used", set())


def no_compiling(monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("compiled although the code was kept")
    monkeypatch.setattr(dataclass_code, "compile", refuse, raising=False)


def behaviour(move_cls, tally_cls) -> dict:
    move = move_cls("gm", actor="c1", cards=("a", "b"), text="Hit")
    other = move_cls("gm", actor="c1", cards=("a", "b"), notes=["x"])
    with pytest.raises(FrozenInstanceError):
        move.actor = "c2"
    with pytest.raises(TypeError):
        move_cls("gm", "c1", (), [], "text is keyword-only")
    return {
        "repr": repr(move), "eq": move == other, "hash": hash(move) == hash(other),
        "init": str(inspect.signature(move_cls.__init__)),
        "fields": [(f.name, f.default, f.compare, f.kw_only) for f in
                   dataclasses.fields(move_cls)],
        "slots": move_cls.__slots__, "factory": move_cls("p1").notes == [],
        "order": repr(sorted([tally_cls("b", 1), tally_cls("a", 2)])),
        "tally": repr(tally_cls("a")),
    }


def test_a_later_start_builds_the_same_classes_from_kept_code_without_compiling(
        cache, monkeypatch):
    compiled = behaviour(*make())               # dataclasses as they come

    dataclass_code.install(cache)
    assert dataclass_code.installed()
    first = behaviour(*make())                  # compiled here, kept in memory
    cache.parent.mkdir(parents=True)
    dataclass_code.save()
    assert cache.is_file()

    next_start(monkeypatch)
    dataclass_code.install(cache)
    no_compiling(monkeypatch)
    move_cls, tally_cls = make()
    assert behaviour(move_cls, tally_cls) == first == compiled
    # the kept code made the methods, under dataclasses' own names
    assert move_cls.__init__.__qualname__.endswith("Move.__init__")
    assert move_cls.__setattr__.__code__.co_filename == "<string>"


def test_a_start_that_compiles_nothing_new_writes_nothing(cache, monkeypatch):
    cache.parent.mkdir(parents=True)
    dataclass_code.install(cache)
    make()
    dataclass_code.save()
    written = cache.stat().st_mtime_ns
    cache.write_bytes(cache.read_bytes())       # any rewrite would move the time again
    kept = cache.stat().st_mtime_ns

    next_start(monkeypatch)
    dataclass_code.install(cache)
    make()
    dataclass_code.save()
    assert cache.stat().st_mtime_ns == kept and written <= kept


@pytest.mark.parametrize("content", [
    b"not marshal at all",
    marshal.dumps({"magic": b"\x00\x00\r\n", "code": {}}),     # another Python
    marshal.dumps({"magic": None, "code": "no"}),
    b"",
])
def test_a_bad_or_foreign_file_is_an_empty_cache(cache, monkeypatch, content):
    cache.parent.mkdir(parents=True)
    cache.write_bytes(content)
    dataclass_code.install(cache)
    assert "Move(seat='gm', actor='c1', cards=('a', 'b')" in behaviour(*make())["repr"]
    dataclass_code.save()                       # and is written afresh
    next_start(monkeypatch)
    dataclass_code.install(cache)
    no_compiling(monkeypatch)
    make()


def test_kept_code_of_another_text_is_never_used(cache, monkeypatch):
    """The text is the key: a class declared differently (a field more) is compiled."""
    cache.parent.mkdir(parents=True)
    dataclass_code.install(cache)
    make()
    dataclass_code.save()
    next_start(monkeypatch)
    dataclass_code.install(cache)

    @dataclass(frozen=True, slots=True)
    class Move:
        seat: str
        actor: str = ""
        target: str = ""

    assert repr(Move("gm", target="c2")).endswith("Move(seat='gm', actor='', target='c2')")
    assert dataclass_code._new                  # compiled here, to be written down
