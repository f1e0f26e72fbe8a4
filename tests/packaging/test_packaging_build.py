"""Fast checks of the packaging files; PyInstaller itself is not run here (see
packaging/build_and_test.sh and .github/workflows/build.yml for the real builds).

* the spec is run with stand-ins for PyInstaller's Analysis/PYZ/EXE/COLLECT/BUNDLE, once per
  system, and what it would hand PyInstaller is checked: one-folder, windowed, the assets
  bundled under ``assets/``, unused Qt left out, the version taken from pyproject.toml;
* the generated icons are valid PNG / ICO / ICNS files;
* ``gui.selftest.main()`` passes in-process on this checkout, and fails when it should.
"""

from __future__ import annotations

import runpy
import struct
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "plot_twist_table.spec"


def _pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


class _Recorder:
    """Stands in for one PyInstaller build class; remembers how it was called."""

    calls: dict[str, list[_Recorder]] = {}

    def __init__(self, kind: str, *args, **kwargs):
        self.kind, self.args, self.kwargs = kind, args, kwargs
        # Analysis results the spec filters afterwards
        self.binaries: list[tuple[str, str, str]] = []
        self.datas = [(dest, src, "DATA") for src, dest in kwargs.get("datas", [])]
        self.pure: list = []
        self.scripts: list = []
        _Recorder.calls.setdefault(kind, []).append(self)


def _run_spec(monkeypatch, platform: str) -> tuple[dict, dict[str, list[_Recorder]]]:
    monkeypatch.setattr(sys, "platform", platform)
    _Recorder.calls = {}
    stand_ins = {
        name: (lambda *a, _n=name, **k: _Recorder(_n, *a, **k))
        for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    }
    namespace = runpy.run_path(str(SPEC), init_globals={"SPECPATH": str(SPEC.parent),
                                                        **stand_ins})
    return namespace, _Recorder.calls


def test_spec_is_python():
    import ast

    ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_spec_builds_one_windowed_folder_with_the_assets(monkeypatch, platform):
    ns, calls = _run_spec(monkeypatch, platform)
    assert ns["VERSION"] == _pyproject_version()

    (analysis,) = calls["Analysis"]
    (script,) = analysis.args[0]
    assert Path(script) == ROOT / "packaging" / "launcher.py" and Path(script).is_file()
    assert str(ROOT) in analysis.kwargs["pathex"]

    bundled = {(Path(src).relative_to(ROOT).as_posix(), dest)
               for src, dest in analysis.kwargs["datas"]}
    for must in ("assets/packs/core/pack.json", "assets/schema/card.schema.json",
                 "assets/icons/app.png"):
        assert (must, str(Path(must).parent.as_posix())) in bundled, must
    # every card file of the core set ships, each under its own folder in the bundle
    core = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets/packs/core").glob("*.json")}
    assert core <= {src for src, _ in bundled}

    assert {"gui.app", "gui.selftest", "engine.catalog", "assets"} <= set(
        analysis.kwargs["hiddenimports"])
    excludes = set(analysis.kwargs["excludes"])
    for module in ("QtQml", "QtQuick", "QtNetwork", "QtWebEngineCore", "QtMultimedia",
                   "Qt3DCore", "QtPdf"):
        assert f"PySide6.{module}" in excludes
    for needed in ("QtCore", "QtGui", "QtWidgets"):
        assert f"PySide6.{needed}" not in excludes

    (exe,) = calls["EXE"]
    assert exe.kwargs["name"] == "PlotTwistTable"
    assert exe.kwargs["console"] is False  # --windowed
    assert exe.kwargs["exclude_binaries"] is True  # one-folder, not one-file
    assert len(calls["COLLECT"]) == 1
    icon = exe.kwargs["icon"]
    if platform == "win32":
        assert icon.endswith("app.ico") and Path(icon).is_file()
    if platform == "darwin":
        (bundle,) = calls["BUNDLE"]
        plist = bundle.kwargs["info_plist"]
        assert plist["CFBundleShortVersionString"] == _pyproject_version()
        assert plist["CFBundleIdentifier"] == bundle.kwargs["bundle_identifier"]
        assert plist["NSHighResolutionCapable"] is True
        assert bundle.kwargs["icon"].endswith("app.icns") and Path(bundle.kwargs["icon"]).is_file()
    else:
        assert "BUNDLE" not in calls


@pytest.mark.skipif(sys.platform != "win32", reason="PyInstaller's versioninfo needs Windows")
def test_windows_exe_gets_a_version_resource(monkeypatch):
    # only built when PyInstaller runs the spec (it defines DISTPATH) on Windows
    pytest.importorskip("PyInstaller.utils.win32.versioninfo")
    ns, _ = _run_spec(monkeypatch, "win32")
    assert ns["windows_version_info"](ns["VERSION"]) is None  # not under PyInstaller
    ns["windows_version_info"].__globals__["DISTPATH"] = "dist"
    info = ns["windows_version_info"]("1.2.3rc1")
    assert "filevers=(1, 2, 3, 0)" in str(info)
    assert "StringStruct('ProductVersion', '1.2.3rc1')" in str(info)


def test_spec_keeps_the_platform_plugins_and_drops_the_rest(monkeypatch):
    ns, _ = _run_spec(monkeypatch, "linux")
    keep = ns["keep_qt_file"]
    plugins = "PySide6/Qt/plugins"
    for kept in ("platforms/libqxcb.so", "platforms/libqoffscreen.so",
                 "platforms/libqwayland.so", "platforms/qwindows.dll",
                 "platforms/libqcocoa.dylib", "imageformats/libqjpeg.so",
                 "platformthemes/libqxdgdesktopportal.so", "styles/qmodernwindowsstyle.dll"):
        assert keep(f"{plugins}/{kept}"), kept
    for dropped in ("platforms/libqeglfs.so", "platforms/libqvnc.so",
                    "platformthemes/libqgtk3.so", "imageformats/libqsvg.so",
                    "imageformats/qpdf.dll", "tls/libqopensslbackend.so",
                    "sqldrivers/libqsqlite.so", "qmltooling/libqmldbg_debugger.so"):
        assert not keep(f"{plugins}/{dropped}"), dropped
    assert keep("PySide6/Qt/lib/libQt6Core.so.6")
    # the Windows wheel has no Qt/ level: PySide6/plugins/…, and \\ in the TOC
    assert keep(r"PySide6\plugins\platforms\qwindows.dll")
    assert keep("PySide6/plugins/styles/qmodernwindowsstyle.dll")
    assert not keep(r"PySide6\plugins\imageformats\qsvg.dll")
    assert not keep(r"PySide6\plugins\platforms\qdirect2d.dll")
    assert not keep(r"PySide6\opengl32sw.dll")
    assert keep(r"PySide6\Qt6Widgets.dll")


def test_no_app_module_imports_a_qt_module_the_build_leaves_out(monkeypatch):
    # a module left out of the bundle fails only in the frozen app: catch it here instead
    import ast

    ns, _ = _run_spec(monkeypatch, "linux")
    left_out = set(ns["EXCLUDED_QT"])
    offences = []
    for package in ("gui", "engine"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                for name in names:
                    parts = name.split(".")
                    if parts[0] == "PySide6" and len(parts) > 1 and parts[1] in left_out:
                        offences.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert offences == [], "the spec's EXCLUDED_QT leaves these out of the standalone app"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF files: Linux only")
def test_spec_reads_elf_dependencies(monkeypatch):
    qtcore = pytest.importorskip("PySide6.QtCore")
    ns, _ = _run_spec(monkeypatch, "linux")
    needed = ns["elf_needed"](qtcore.__file__)
    assert needed is not None and any(n.startswith("libQt6Core") for n in needed)
    assert ns["elf_needed"](SPEC) is None  # not an ELF file: the pruning then keeps all


# --------------------------------------------------------------------------- icons


def test_icons_are_valid_files():
    icons = ROOT / "assets" / "icons"
    for name, size in [("app.png", 512), ("app_256.png", 256), ("app_16.png", 16)]:
        data = (icons / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size), name

    ico = (icons / "app.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = set()
    for i in range(count):
        entry = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
        w, bpp, length, offset = entry[0], entry[5], entry[6], entry[7]
        assert bpp == 32 and offset + length <= len(ico)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes

    icns = (icons / "app.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, kinds = 8, set()
    while pos < len(icns):
        kind, length = icns[pos:pos + 4], struct.unpack(">I", icns[pos + 4:pos + 8])[0]
        assert icns[pos + 8:pos + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.add(kind)
        pos += length
    assert pos == len(icns) and {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


def test_desktop_entry_names_the_binary_and_icon():
    entry = (ROOT / "packaging/linux/plot-twist-table.desktop").read_text(encoding="utf-8")
    lines = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    assert lines["Type"] == "Application"
    assert lines["Exec"].split()[0] == "PlotTwistTable"
    assert lines["Icon"] == "plot-twist-table"


def test_inno_setup_script_takes_the_version_from_the_command_line():
    iss = (ROOT / "packaging/windows/plot_twist_table.iss").read_text(encoding="utf-8")
    assert "AppVersion={#AppVersion}" in iss
    assert "#define AppVersion" not in iss  # never hard-coded: iscc /DAppVersion=…
    assert "AppId={{" in iss
    assert r'Source: "{#DistDir}\PlotTwistTable\*"' in iss


# --------------------------------------------------------------------------- self-test


@pytest.fixture
def selftest(qapp):
    pytest.importorskip("gui.app")
    from gui import selftest

    return selftest


def test_selftest_passes_on_this_checkout(selftest, capsys):
    assert selftest.main(["--actions", "20"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out and out[-1].startswith("self-test ok: ")
    assert " cards, " in out[-1] and "rendered " in out[-1]


def test_selftest_fails_on_a_pack_error(selftest, monkeypatch, capsys):
    import engine.catalog as catalog_module
    from engine.catalog import PackError

    real_load = catalog_module.Catalog.load

    def broken_load(*args, **kwargs):
        catalog = real_load(*args, **kwargs)
        catalog.errors.append(PackError("core/heroes.json", "Hope", "attributes", "broken"))
        return catalog

    monkeypatch.setattr(catalog_module.Catalog, "load", broken_load)
    assert selftest.main([]) == 1
    err = capsys.readouterr().err
    assert "self-test FAILED: packs:" in err and "core/heroes.json" in err


def test_selftest_without_a_console_writes_the_log_file(selftest, monkeypatch, tmp_path):
    # a windowed Windows build has sys.stdout and sys.stderr set to None
    monkeypatch.setenv("PLOT_TWIST_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(selftest, "_check_engine", lambda report, *a: None)
    monkeypatch.setattr(selftest, "_check_render", lambda report, *a: None)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    code = selftest.main([])
    monkeypatch.undo()
    assert code == 0
    log = (tmp_path / "home" / "logs" / "selftest.log").read_text(encoding="utf-8")
    assert "self-test ok: " in log


def test_blank_images_are_caught(selftest):
    from PySide6.QtGui import QColor, QImage

    blank = QImage(200, 100, QImage.Format.Format_ARGB32)
    blank.fill(QColor("#eeeeee"))
    assert selftest._is_blank(blank)
    icon = QImage(str(ROOT / "assets/icons/app.png"))
    assert selftest._is_blank(icon) is None


def test_bundle_mirrors_the_assets_package(monkeypatch):
    # the bundle's assets/ has the source tree's layout, so importlib.resources.files("assets")
    # finds packs/, schema/ and icons/ in the frozen app exactly where engine.catalog looks
    ns, _ = _run_spec(monkeypatch, "linux")
    for src, dest in ns["asset_datas"](ROOT):
        assert dest == Path(src).parent.relative_to(ROOT).as_posix()


def test_bundle_carries_the_rule_texts(monkeypatch):
    # the rules reference opens a refusal's clause at its own text: the texts ship
    ns, _ = _run_spec(monkeypatch, "linux")
    assert (str(ROOT / "assets" / "rules" / "clauses.json"), "assets/rules") in \
        ns["asset_datas"](ROOT)


def test_bundle_carries_the_phone_page(monkeypatch):
    # a phone that scans the QR code of a built app gets the page, not a 404: every file
    # of gui/phones/static ships where gui/phones/server.py looks for it, and pyproject's
    # package-data globs cover the same files for a pip install
    import tomllib

    ns, _ = _run_spec(monkeypatch, "linux")
    static = ROOT / "gui" / "phones" / "static"
    shipped = {Path(src).name for src, dest in ns["phone_page_datas"](ROOT)
               if dest == "gui/phones/static"}
    on_disk = {p.name for p in static.iterdir() if p.is_file()}
    assert {"index.html", "main.js", "phone.css"} <= shipped == on_disk
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["gui.phones"]
    covered = {p.name for g in globs for p in ROOT.joinpath("gui", "phones").glob(g)}
    assert covered == on_disk


def _hide_module(monkeypatch, name: str) -> None:
    """Make ``import name`` fail as if the file were not there (ModuleNotFoundError)."""
    parent, _, child = name.rpartition(".")
    monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delattr(sys.modules[parent], child, raising=False)


def test_selftest_skips_an_absent_engine(selftest, monkeypatch, capsys):
    pytest.importorskip("engine.plottwist")
    _hide_module(monkeypatch, "engine.plottwist.game")
    assert selftest.main([]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "engine: not available (skipped)" in line and "(start)" in line


def test_selftest_fails_on_an_engine_that_does_not_import(selftest, monkeypatch, capsys):
    import importlib.abc
    import importlib.util

    pytest.importorskip("engine.plottwist")

    class Broken(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, fullname, path=None, target=None):
            if fullname == "engine.plottwist.game":
                return importlib.util.spec_from_loader(fullname, self)
            return None

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            raise NameError("name 'Stae' is not defined")

    monkeypatch.delitem(sys.modules, "engine.plottwist.game", raising=False)
    monkeypatch.delattr(sys.modules["engine.plottwist"], "game", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Broken(), *sys.meta_path])
    assert selftest.main([]) == 1
    err = capsys.readouterr().err
    assert "self-test FAILED: engine:" in err and "does not import" in err and "Stae" in err


def test_selftest_stands_in_for_an_absent_main_window(selftest, monkeypatch, capsys):
    _hide_module(monkeypatch, "gui.main_window")
    assert selftest.main(["--actions", "5"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "rendered stand-in table 1280x800" in line


@pytest.mark.parametrize("how", ["static warning", "modal dialog"])
def test_selftest_fails_instead_of_hanging_on_a_dialog(selftest, monkeypatch, capsys, how):
    main_window = pytest.importorskip("gui.main_window")
    from PySide6 import QtWidgets

    def quick_game_with_a_dialog(self):
        if how == "static warning":
            QtWidgets.QMessageBox.warning(self, "Plot Twist Table", "Cannot start a game: boom")
        else:
            box = QtWidgets.QMessageBox(QtWidgets.QMessageBox.Icon.Critical, "Oops", "boom",
                                        parent=self)
            box.exec()  # offscreen, nobody could close this: the watchdog must

    monkeypatch.setattr(main_window.MainWindow, "quick_game", quick_game_with_a_dialog)
    assert selftest.main(["--actions", "3"]) == 1
    err = capsys.readouterr().err
    assert "self-test FAILED: window:" in err and "boom" in err
