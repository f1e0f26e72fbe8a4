"""One bad file in a user pack disables only its pack, and never freezes the app.

Each case plants one hostile file in an installed user pack beside a good one, then loads
the catalog the way the app does (bundled core set + user packs). The core set and the good
pack must load; the error must name the hostile pack's file; nothing may hang (a watchdog
thread fails the test instead of letting it block forever).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from engine import paths
from engine.catalog import Catalog, UnreadableFile, read_file_bytes, read_json_file
from engine.catalog_cli import main as cards_cli

from ..catalog.conftest import hero

HUGE_NUMBER = "1" * 5000  # Python refuses to convert more than 4,300 digits


def _pack(root: Path, folder: str, files: dict[str, str]) -> Path:
    base = root / folder
    base.mkdir(parents=True)
    (base / "pack.json").write_text(json.dumps({"id": folder, "name": folder.title(),
                                                "version": "1.0"}), encoding="utf-8")
    for name, text in files.items():
        (base / name).write_text(text, encoding="utf-8")
    return base


def _good_and_bad(root: Path) -> Path:
    _pack(root, "good", {"heroes.json": json.dumps({"cards": [hero("Sunny")]})})
    return _pack(root, "bad", {"heroes.json": json.dumps({"cards": [hero("Gloom")]})})


def _load_within(seconds: float, **kwargs) -> Catalog:
    """Catalog.load on a thread; a hang is a failure, not a frozen test run."""
    out: list[Catalog | BaseException] = []

    def work() -> None:
        try:
            out.append(Catalog.load(**kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            out.append(exc)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, f"Catalog.load did not finish within {seconds} s (it hangs)"
    if isinstance(out[0], BaseException):
        raise out[0]
    return out[0]


def _plant(kind: str, bad: Path) -> str:
    """Put one hostile file called ``*.json`` in ``bad``; return its name."""
    if kind == "huge number":
        (bad / "numbers.json").write_text('{"cards": [' + HUGE_NUMBER + "]}")
        return "numbers.json"
    if kind == "huge number in pack.json":
        (bad / "pack.json").write_text('{"id": "bad", "name": "Bad", "version": "1", '
                                       f'"n": {HUGE_NUMBER}}}')
        return "pack.json"
    if kind == "fifo":
        os.mkfifo(bad / "pipe.json")
        return "pipe.json"
    if kind == "fifo pack.json":
        (bad / "pack.json").unlink()
        os.mkfifo(bad / "pack.json")
        return "pack.json"
    device = {"dev/zero": "/dev/zero", "dev/urandom": "/dev/urandom"}[kind]
    (bad / "endless.json").symlink_to(device)
    return "endless.json"


CASES = ["huge number", "huge number in pack.json", "fifo", "fifo pack.json", "dev/zero",
         "dev/urandom"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev (POSIX)")
@pytest.mark.parametrize("kind", CASES)
def test_one_hostile_file_disables_only_its_own_pack_file(kind):
    bad = _good_and_bad(paths.packs_dir())
    name = _plant(kind, bad)
    catalog = _load_within(20)
    # the core set and the good pack load
    core = Catalog.load(include_user=False)
    assert [c.key for c in catalog if c.pack == "core"] == list(core.cards)
    assert "good/sunny" in catalog
    mine = [e for e in catalog.errors if e.file == f"bad/{name}"]
    assert mine, [str(e) for e in catalog.errors]
    assert all(e.file.startswith("bad/") for e in catalog.errors)
    if name == "pack.json":
        assert catalog.pack("bad") is None and "skipped" in mine[0].message
    else:
        # a bad card file is skipped alone: the pack's other file still loads
        assert "bad/gloom" in catalog


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_the_messages_say_what_the_file_is(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "big.json").write_bytes(b" " * 101)
    (tmp_path / "digits.json").write_text(HUGE_NUMBER)
    reasons = {}
    for name in ("pipe.json", "zero.json", "big.json", "digits.json"):
        with pytest.raises(UnreadableFile) as caught:
            read_json_file(tmp_path / name, 100 if name == "big.json" else 10_000)
        reasons[name] = str(caught.value)
    assert "named pipe" in reasons["pipe.json"]
    assert "device" in reasons["zero.json"]
    assert "too large (101 bytes, at most 100)" in reasons["big.json"]
    assert reasons["digits.json"] == "invalid JSON: a number has too many digits"


def test_a_file_that_grows_after_the_size_check_is_cut_at_the_cap(tmp_path, monkeypatch):
    """The cap holds while reading too: fstat says 10 bytes, the file holds 5,000."""
    path = tmp_path / "growing.json"
    path.write_bytes(b"x" * 5000)
    real_fstat = os.fstat

    class Small:
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 10

    monkeypatch.setattr(os, "fstat", lambda fd: Small(real_fstat(fd)))
    with pytest.raises(ValueError, match="more than 100 bytes"):
        read_file_bytes(path, 100)


def test_a_pack_whose_loader_crashes_is_skipped_alone(monkeypatch):
    """Whatever goes wrong inside one pack (here: a bug triggered by its card) skips that
    pack, names the file being read, and leaves the core set and other packs loaded."""
    _good_and_bad(paths.packs_dir())
    from engine import catalog as catalog_module

    real = catalog_module.validate_card_data

    def explode(data):
        if data.get("name") == "Gloom":
            raise KeyError("boom")
        return real(data)

    monkeypatch.setattr(catalog_module, "validate_card_data", explode)
    catalog = Catalog.load()
    assert catalog.pack("bad") is None and "bad/gloom" not in catalog
    assert "good/sunny" in catalog and catalog.pack("core") is not None
    (error,) = [e for e in catalog.errors if e.file.startswith("bad/")]
    assert error.file == "bad/heroes.json" and "pack skipped" in error.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
@pytest.mark.parametrize("kind", ["huge number", "fifo", "dev/zero"])
def test_validate_reports_without_a_traceback(kind, tmp_path, capsys):
    """`plot-twist-cards validate` reports a hostile file and exits 1; it never hangs."""
    bad = _good_and_bad(tmp_path / "packs")
    name = _plant(kind, bad)
    done: list[int] = []
    thread = threading.Thread(target=lambda: done.append(cards_cli(["validate", str(bad)])),
                              daemon=True)
    thread.start()
    thread.join(20)
    assert done == [1], "validate hung or did not fail"
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert f"bad/{name}" in out.out


def test_validate_turns_any_crash_into_one_line(monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(Catalog, "load", broken)
    assert cards_cli(["validate"]) == 2
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert "could not check the packs (MemoryError)" in out.err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_start_screen_names_the_pack_and_its_file(qtbot):
    from gui.main_window import MainWindow
    from gui.settings import Settings

    bad = _good_and_bad(paths.packs_dir())
    os.mkfifo(bad / "pipe.json")
    (bad / "numbers.json").write_text('{"cards": [' + HUGE_NUMBER + "]}")
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    window.load_catalog_async()
    qtbot.waitUntil(lambda: window.catalog is not None, timeout=20000)
    shown = window.start.packs_label.text()
    assert "bad/pipe.json" in shown and "named pipe" in shown
    assert "bad/numbers.json" in shown and "too many digits" in shown
    assert "Good" in shown and "Core" in shown or "core" in shown
    assert "could not be read" not in shown
