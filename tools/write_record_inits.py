"""Write each record's ``__init__`` into its package's ``record_inits.py``.

A record (`engine.records.record`) is a dataclass whose ``__init__`` is not compiled
at every start but written here once, from its fields, as ``@dataclass`` would write it:
the parameters in field order (keyword-only fields after ``*``), each default as a literal
(``FACTORY`` for a default factory, called when the parameter is not given; a factory
other than a builtin is read from the field, so the file imports nothing of its package), then one
assignment a field (``object.__setattr__`` for a frozen record) and ``__post_init__``.

    python tools/write_record_inits.py           # write the files
    python tools/write_record_inits.py --check   # exit 1 if one differs (a test runs this)

Run it after adding, removing or changing a record's fields and commit what it writes; a
record whose ``__init__`` does not take its fields is refused at import.
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
from dataclasses import MISSING, Field, fields
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# every module that declares records
MODULES = [
    "engine.core.actions",
    "engine.plottwist.actions",
    "engine.monsterhunt.actions",
    "engine.plottwist.state",
    "engine.plottwist.options",
    "engine.plottwist.rules.setup",
    "engine.core.zones",
    "engine.autosave",
    "engine.catalog",
    "gui.layouts.base",
    "gui.table.glance_face",
    "gui.settings",
]

BUILTIN_FACTORIES = {list, dict, set, tuple, frozenset}
WIDTH = 100


def _literal(value: Any, where: str) -> str:
    text = repr(value)
    try:
        same = ast.literal_eval(text) == value and type(ast.literal_eval(text)) is type(value)
    except (ValueError, SyntaxError):
        same = False
    if not same:
        raise SystemExit(f"{where}: the default {text} is not a literal; use a default factory")
    return text


def _factory(f: Field[Any], imports: set[str]) -> str:
    """The call that makes `f`'s default: a builtin by name, else through the field."""
    if f.default_factory in BUILTIN_FACTORIES:
        return f"{getattr(f.default_factory, '__name__', '')}()"
    imports.add("from engine.records import new_default")
    return f"new_default(self, {f.name!r})"


def _init_source(cls: type, frozen: bool, imports: set[str]) -> str:
    from engine.records import init_name

    where = f"{cls.__module__}.{cls.__qualname__}"
    slots = "__slots__" in cls.__dict__
    params: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        if f.name == "self":
            raise SystemExit(f"{where}: a field named self")
        value = _field_value(f, slots, imports, where)
        if f.init:
            param = f.name
            if f.default_factory is not MISSING:
                imports.add("from engine.records import FACTORY")
                param += "=FACTORY"
            elif f.default is not MISSING:
                param += "=" + _literal(f.default, where)
            (keywords if f.kw_only else params).append(param)
        if value is not None:
            body.append(f"_set(self, {f.name!r}, {value})" if frozen else
                        f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    signature = ["self", *params, *(["*", *keywords] if keywords else [])]
    name = init_name(cls)
    head = f"def {name}({', '.join(signature)}):"
    if len(head) > WIDTH:
        head = f"def {name}(\n" + "".join(f"    {p},\n" for p in signature) + "):"
    return head + "\n" + "".join(f"    {line}\n" for line in body or ["pass"])


def _field_value(f: Field[Any], slots: bool, imports: set[str], where: str) -> str | None:
    """What `f` is set to (as dataclass's _field_init), or None for no assignment."""
    if f.default_factory is not MISSING:
        made = _factory(f, imports)
        return f"{made} if {f.name} is FACTORY else {f.name}" if f.init else made
    if f.init:
        return f.name
    if slots and f.default is not MISSING:
        return _literal(f.default, where)
    return None   # read from the class attribute


def module_text(inits: ModuleType, made: list[tuple[type, bool]]) -> str:
    imports: set[str] = set()
    functions = [_init_source(cls, frozen, imports) for cls, frozen in made]
    package = inits.__name__.rsplit(".", 1)[0]
    text = (f'"""The ``__init__`` of each record (`engine.records`) declared in '
            f"``{package}``.\n\nWritten by tools/write_record_inits.py from the records' "
            'fields: do not edit, run the tool."""\n')
    if imports:
        names = sorted(line.rsplit(" ", 1)[1] for line in imports)
        text += f"\nfrom engine.records import {', '.join(names)}\n"
    if any(frozen for _cls, frozen in made):
        text += "\n_set = object.__setattr__\n"
    return text + "".join(f"\n\n{fn}" for fn in functions)


def generate() -> dict[Path, str]:
    """Each record_inits file's path and the text it should hold."""
    from engine import records

    if not records.WRITING:   # the records are made as the package is first imported
        raise SystemExit("run as a script (it sets PLOT_TWIST_WRITING_INITS)")
    for name in MODULES:
        __import__(name)
    by_module: dict[str, tuple[ModuleType, list[tuple[type, bool]]]] = {}
    for inits, cls, frozen in records.MADE:
        by_module.setdefault(inits.__name__, (inits, []))[1].append((cls, frozen))
    out: dict[Path, str] = {}
    for inits, made in by_module.values():
        # the declaring modules' order, then each module's (import order may vary)
        made.sort(key=lambda m: (m[0].__module__,
                                 list(vars(sys.modules[m[0].__module__])).index(m[0].__name__)))
        names = [records.init_name(cls) for cls, _frozen in made]
        if len(set(names)) != len(names):
            raise SystemExit(f"{inits.__name__}: two records of one name")
        out[Path(inits.__file__ or "")] = module_text(inits, made)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/write_record_inits.py")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a file differs from what would be written")
    args = parser.parse_args(argv)
    stale = []
    for path, text in generate().items():
        if path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if args.check else 'wrote'}: {path.relative_to(ROOT)}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    if os.environ.get("PLOT_TWIST_WRITING_INITS") != "1":
        # in a fresh interpreter, before anything imports engine
        done = subprocess.run([sys.executable, __file__, *sys.argv[1:]],
                              env={**os.environ, "PLOT_TWIST_WRITING_INITS": "1"}, check=False)
        raise SystemExit(done.returncode)
    raise SystemExit(main())
