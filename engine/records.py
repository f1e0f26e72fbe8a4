"""``@dataclass`` for the classes made at every start, without compiling methods there.

Python 3.11's ``@dataclass`` writes a class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and a frozen class's ``__setattr__``/``__delattr__`` as source text and
compiles each as the class is made: ≈ 0.7 M instructions a method, the same text at every
start, ≈ 200 methods on the way to a Quick game's table (docs/performance.md, start-up
part 7). A class declared with `record` is the same dataclass (``fields()``,
``replace()``, ``asdict()`` and the rest read it as before), but nothing is compiled:

- its ``__init__`` is written at development time by ``tools/write_record_inits.py`` into
  the ``record_inits`` module of its package, from its fields, as ``@dataclass`` would
  write it; the class refuses at import an ``__init__`` whose parameters or defaults are
  not its fields', and a test holds the whole file to what the tool writes now;
- equality and repr are `engine.fieldwise`'s, written once from the fields; a
  frozen record's hash is its compared fields' and its ``__setattr__``/``__delattr__``
  raise ``FrozenInstanceError``, as ``@dataclass``'s do.

Its ``__dataclass_params__`` say init, repr, eq and frozen are off: those are ``dataclass``'s
own methods, which a record does not have.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from types import ModuleType
from typing import Any, TypeVar, dataclass_transform

from .fieldwise import KEYS, FieldwiseEq, fields_repr, key_of

T = TypeVar("T")

# tools/write_record_inits.py runs with this variable set: the records are then made with
# dataclass's own __init__ and listed in MADE (inits module, class, frozen) for the tool
# to write theirs
WRITING = os.environ.get("PLOT_TWIST_WRITING_INITS") == "1"
MADE: list[tuple[ModuleType, type, bool]] = []


class Factory:
    """The default of an ``__init__`` parameter whose field has a default factory."""

    def __repr__(self) -> str:
        return "<factory>"   # as dataclass's own marker prints


FACTORY = Factory()


def new_default(obj: Any, name: str) -> Any:
    """A new default for `obj`'s field `name`, from its default factory: what a written
    ``__init__`` calls for a factory other than a builtin (so that ``record_inits`` imports
    no module of its package, which may itself declare records)."""
    return obj.__dataclass_fields__[name].default_factory()


def init_name(cls: type) -> str:
    """The name of `cls`'s ``__init__`` in its package's ``record_inits`` (the tool refuses
    two records of one name in a package)."""
    return cls.__name__


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _slots_getstate(self: Any) -> list[Any]:
    # a frozen class with slots is copied and pickled through these, as dataclass's are
    return [getattr(self, f.name) for f in fields(self)]


def _slots_setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)


def _fieldwise_hash(self: Any) -> int:
    cls = self.__class__
    return hash((KEYS.get(cls) or key_of(cls))(self))


def _default(f: Field[Any]) -> Any:
    return FACTORY if f.default_factory is not MISSING else f.default


def _check_init(cls: type, init: Callable[..., None], inits: ModuleType) -> None:
    """Refuses an ``__init__`` that does not take `cls`'s fields, in order, with their defaults."""
    params = [f for f in fields(cls) if f.init]
    positional = [f for f in params if not f.kw_only]
    keywords = [f for f in params if f.kw_only]
    code = init.__code__
    names = code.co_varnames[1:code.co_argcount + code.co_kwonlyargcount]
    defaults = tuple(_default(f) for f in positional if _default(f) is not MISSING)
    kwdefaults = {f.name: _default(f) for f in keywords if _default(f) is not MISSING}
    if (names != tuple(f.name for f in positional + keywords)
            or code.co_argcount != len(positional) + 1
            or (init.__defaults__ or ()) != defaults
            or (init.__kwdefaults__ or {}) != kwdefaults):
        raise TypeError(f"{cls.__qualname__}'s __init__ in {inits.__name__} does not take its "
                        "fields: run python tools/write_record_inits.py")


@dataclass_transform(field_specifiers=(field,))
def record(inits: ModuleType | None, *, frozen: bool = False, slots: bool = False,
           init: bool = True) -> Callable[[type[T]], type[T]]:
    """``@dataclass(frozen=…, slots=…, init=…)``, with the methods written beforehand.

    `inits` is the package's ``record_inits`` module (None with ``init=False``, for a class
    that writes its own ``__init__``)."""

    def make(cls: type[T]) -> type[T]:
        own = dict(cls.__dict__)
        if frozen and ("__setattr__" in own or "__delattr__" in own):
            raise TypeError(f"frozen {cls.__qualname__} may not write __setattr__/__delattr__")
        made_init: Callable[..., None] | None = None
        if init and inits is not None and not WRITING:
            made_init = getattr(inits, init_name(cls), None)
            if made_init is None:
                raise TypeError(f"{cls.__qualname__} has no __init__ in {inits.__name__}: "
                                "run python tools/write_record_inits.py")
            made_init.__name__ = "__init__"
            made_init.__qualname__ = f"{cls.__qualname__}.__init__"
            # before dataclass(): a class with slots is made anew from this namespace
            setattr(cls, "__init__", made_init)   # noqa: B010 (mypy refuses assigning a method)
        made: Any   # the class, given methods below
        if WRITING:
            # dataclass's own __init__ meanwhile, for what the modules make as they import
            made = dataclass(cls, init=init, repr=False, eq=False, frozen=frozen, slots=slots)
            if init and inits is not None:
                MADE.append((inits, made, frozen))
        else:
            made = dataclass(cls, init=False, repr=False, eq=False, slots=slots)
            if made_init is not None and inits is not None:
                _check_init(made, made_init, inits)
        if "__repr__" not in own:
            made.__repr__ = fields_repr
        if "__eq__" not in own:
            made.__eq__ = FieldwiseEq.__eq__
        own_hash = own.get("__hash__", MISSING)
        if own_hash is MISSING or (own_hash is None and "__eq__" in own):
            # dataclass(eq=True): frozen, hashed by the compared fields; else unhashable
            made.__hash__ = _fieldwise_hash if frozen else None
        if frozen:
            made.__setattr__ = _frozen_setattr
            made.__delattr__ = _frozen_delattr
            if slots:
                made.__getstate__ = _slots_getstate
                made.__setstate__ = _slots_setstate
        return made

    return make
