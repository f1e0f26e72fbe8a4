"""Card packs and saves are data only: nothing in the app may turn file contents into code.

A pack shared between groups or a save passed around by email must never be able to run
anything, so the source is scanned for every way Python has of doing that.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("engine", "gui", "bench", "packaging")

FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__"}
FORBIDDEN_MODULES = {"pickle", "cPickle", "shelve", "marshal", "dill"}
FORBIDDEN_ATTRS = {("importlib", "import_module"), ("yaml", "load"), ("yaml", "unsafe_load")}


def _python_files() -> list[Path]:
    return [p for d in SOURCE_DIRS if (ROOT / d).is_dir() for p in (ROOT / d).rglob("*.py")]


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in FORBIDDEN_CALLS:
                found.append(f"{path}:{node.lineno}: calls {func.id}()")
            if (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and (func.value.id, func.attr) in FORBIDDEN_ATTRS
            ):
                found.append(f"{path}:{node.lineno}: calls {func.value.id}.{func.attr}()")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FORBIDDEN_MODULES:
                    found.append(f"{path}:{node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in FORBIDDEN_MODULES:
                found.append(f"{path}:{node.lineno}: imports from {node.module}")
    return found


def test_scanner_catches_each_forbidden_form(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text(
        "import pickle\nfrom marshal import loads\nimport importlib\n"
        "eval('1')\nexec('x=1')\nimportlib.import_module('os')\n",
        encoding="utf-8",
    )
    assert len(_offences(sample)) == 5


def test_no_source_file_turns_data_into_code():
    files = _python_files()
    assert files, "no source files found to scan"
    offences = [o for f in files for o in _offences(f)]
    assert offences == []
