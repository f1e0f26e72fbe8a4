"""Records (engine.records) are the dataclasses they declare, without compiling at import.

Each record's ``__init__`` is written beforehand by tools/write_record_inits.py: the files
must be what the tool writes now, and each record must build, compare, print, hash and
refuse changes as ``@dataclass`` with the same flags would (docs/performance.md, start-up
part 7)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import subprocess
import sys
import types
from pathlib import Path

import pytest

from engine import records
from engine.records import FACTORY, record

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import write_record_inits  # noqa: E402  (tools/ is not a package)


def _records() -> list[tuple[type, bool]]:
    for name in write_record_inits.MODULES:
        __import__(name)
    found = []
    for name in write_record_inits.MODULES:
        for value in vars(sys.modules[name]).values():
            if (isinstance(value, type) and value.__module__ == name
                    and getattr(value.__init__, "__module__", "").endswith(".record_inits")):
                found.append((value, value.__setattr__ is records._frozen_setattr))
    return found


RECORDS = _records()


def _twin(cls: type, frozen: bool) -> type:
    """The same fields declared with @dataclass itself."""
    specs = []
    for f in dataclasses.fields(cls):
        kw = {"init": f.init, "repr": f.repr, "compare": f.compare, "kw_only": f.kw_only}
        if f.default_factory is not dataclasses.MISSING:
            kw["default_factory"] = f.default_factory
        elif f.default is not dataclasses.MISSING:
            kw["default"] = f.default
        specs.append((f.name, f.type, dataclasses.field(**kw)))
    twin = dataclasses.make_dataclass(cls.__name__, specs, frozen=frozen,
                                      slots="__slots__" in cls.__dict__)
    twin.__qualname__ = cls.__qualname__
    return twin


def _required(cls: type) -> dict[str, str]:
    return {f.name: f"{f.name}-value" for f in dataclasses.fields(cls) if f.init
            and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}


def _hash(obj: object) -> object:
    try:
        return hash(obj)
    except TypeError as e:   # a field holds a list or dict, as @dataclass's hash says too
        return str(e)


def test_the_written_inits_are_what_the_tool_writes_now():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "write_record_inits.py"),
                           "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_declaring_module_has_records():
    names = {cls.__module__ for cls, _frozen in RECORDS}
    assert names == set(write_record_inits.MODULES)


@pytest.mark.parametrize("cls,frozen", RECORDS, ids=lambda v: getattr(v, "__qualname__", ""))
def test_a_record_is_its_dataclass_twin(cls, frozen):
    twin = _twin(cls, frozen)
    ours = inspect.signature(cls.__init__).parameters
    theirs = inspect.signature(twin.__init__).parameters
    assert list(ours) == list(theirs)
    for name, param in ours.items():
        assert param.kind == theirs[name].kind
        twin_default = theirs[name].default
        if repr(twin_default) == "<factory>":
            assert param.default is FACTORY
        else:
            assert param.default == twin_default
    args = _required(cls)
    made, expected = cls(**args), twin(**args)
    assert repr(made) == repr(expected)
    assert made == cls(**args) and not (made != cls(**args))
    if frozen:
        assert _hash(made) == _hash(expected)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, dataclasses.fields(cls)[0].name, "changed")
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(made, dataclasses.fields(cls)[0].name)
    else:
        assert cls.__hash__ is None
    assert copy.deepcopy(made) == made and copy.copy(made) == made
    first = dataclasses.fields(cls)[0]
    changed = dataclasses.replace(made, **{first.name: "other"})
    assert changed != made and getattr(changed, first.name) == "other"


def test_a_stale_init_is_refused_at_import():
    inits = types.ModuleType("somewhere.record_inits")

    def Sample(self, seat, actor="old default"):   # noqa: N802 (named after its class)
        self.seat, self.actor = seat, actor

    inits.Sample = Sample

    with pytest.raises(TypeError, match="does not take its fields"):
        @record(inits)
        class Sample:
            seat: str
            actor: str = "new default"

    with pytest.raises(TypeError, match="has no __init__"):
        @record(inits)
        class Other:
            seat: str


def test_a_factory_default_is_called_per_instance():
    from engine.plottwist.state import GameState

    one, two = GameState(["gm"]), GameState(["gm"])
    assert one.characters == {} and one.characters is not two.characters
    assert one.options == two.options and one.options is not two.options
