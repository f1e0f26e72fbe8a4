"""The README's commands are the ones CI runs, so a newcomer's copy-paste is what we test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```bash\n(.+?)\n```", text)


def test_readme_has_a_run_and_a_test_command():
    commands = _readme_commands()
    assert any("plot-twist-table" in c and "pip install" in c for c in commands)
    assert any("pytest" in c and "QT_QPA_PLATFORM=offscreen" in c for c in commands)


def test_ci_runs_the_readme_test_command_verbatim():
    test_command = next(c for c in _readme_commands() if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_run_it_names_the_system_libraries_qt_needs_on_bare_linux():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    run_it = text.split("## Run it", 1)[1].split("\n## ", 1)[0]
    for library in ("libxcb-cursor0", "libxcb-icccm4", "libxkbcommon-x11-0", "libegl1"):
        assert library in run_it, library
