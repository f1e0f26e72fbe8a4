"""Every bad .zip is refused with a message that names the entry, never a crash.

The archives are built here, byte by byte where zipfile would not write them: an
encrypted entry, the compression methods 97 (WavPack) and 99 (AES), a corrupt deflate
stream, a bad CRC, a 100,000-deep pack.json and a pack.json whose number has 5,000 digits.
Each goes through ``import_pack`` (which must raise ``PackWriteError``, leave nothing in
the packs folder) and through the pack manager window (which must show a message box,
not the crash dialog).
"""

from __future__ import annotations

import io
import json
import struct
import zipfile
from pathlib import Path

import pytest

from engine import paths
from engine.pack_writer import PackWriteError, import_pack

META = json.dumps({"id": "hostile", "name": "Hostile", "version": "1"}).encode()
CARDS = json.dumps({"cards": []}).encode()
LOCAL, CENTRAL = b"PK\x03\x04", b"PK\x01\x02"


def _build(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytearray:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data, compress_type=method)
    return bytearray(buffer.getvalue())


def _headers(raw: bytearray, name: str) -> tuple[int, int]:
    """Offsets of the local and the central header of entry ``name``."""
    encoded = name.encode()
    local = next(i for i in _find_all(raw, LOCAL) if raw[i + 30:i + 30 + len(encoded)]
                 == encoded)
    central = next(i for i in _find_all(raw, CENTRAL) if raw[i + 46:i + 46 + len(encoded)]
                   == encoded)
    return local, central


def _find_all(raw: bytearray, needle: bytes) -> list[int]:
    out, start = [], 0
    while (i := raw.find(needle, start)) >= 0:
        out.append(i)
        start = i + 1
    return out


def _patch(raw: bytearray, name: str, flags: int | None = None,
           method: int | None = None) -> bytearray:
    local, central = _headers(raw, name)
    if flags is not None:
        struct.pack_into("<H", raw, local + 6, flags)
        struct.pack_into("<H", raw, central + 8, flags)
    if method is not None:
        struct.pack_into("<H", raw, local + 8, method)
        struct.pack_into("<H", raw, central + 10, method)
    return raw


def _corrupt_data(raw: bytearray, name: str, byte: int = 0xFF) -> bytearray:
    local, _ = _headers(raw, name)
    name_len, extra_len = struct.unpack_from("<HH", raw, local + 26)
    size = struct.unpack_from("<I", raw, local + 18)[0]
    start = local + 30 + name_len + extra_len
    raw[start:start + size] = bytes([byte]) * size
    return raw


def _flip_crc(raw: bytearray, name: str) -> bytearray:
    local, central = _headers(raw, name)
    for offset in (local + 14, central + 16):
        struct.pack_into("<I", raw, offset, struct.unpack_from("<I", raw, offset)[0] ^ 1)
    return raw


def hostile(kind: str) -> tuple[bytes, str, str]:
    """(archive bytes, the entry the message must name, words the message must hold)."""
    entries = {"pack.json": META, "heroes.json": CARDS}
    if kind == "encrypted":
        return bytes(_patch(_build(entries), "heroes.json", flags=0x1)), "heroes.json", \
            "encrypted"
    if kind in ("method 97", "method 99"):
        number = int(kind.split()[1])
        return bytes(_patch(_build(entries), "heroes.json", method=number)), \
            "heroes.json", "compression"
    if kind == "corrupt deflate":
        raw = _corrupt_data(_build({"pack.json": META, "heroes.json": CARDS * 50}),
                            "heroes.json")
        return bytes(raw), "heroes.json", "its data is damaged"
    if kind == "bad crc":
        return bytes(_flip_crc(_build(entries), "heroes.json")), "heroes.json", "CRC"
    if kind == "deep pack.json":
        deep = b"[" * 100_000 + b"]" * 100_000
        # stored, not deflated: brackets compress 1,000:1 and would be refused as a bomb
        return bytes(_build({"pack.json": deep}, zipfile.ZIP_STORED)), "pack.json", \
            "nested too deeply"
    if kind == "long number":
        meta = META[:-1] + b', "n": ' + b"9" * 5000 + b"}"
        return bytes(_build({"pack.json": meta})), "pack.json", "too many digits"
    if kind == "truncated":
        return bytes(_build(entries)[:-30]), "hostile.zip", "neither a pack folder nor a .zip"
    raise AssertionError(kind)


KINDS = ["encrypted", "method 97", "method 99", "corrupt deflate", "bad crc",
         "deep pack.json", "long number", "truncated"]


@pytest.mark.parametrize("kind", KINDS)
def test_import_refuses_with_a_message_naming_the_entry(kind, tmp_path):
    data, entry, words = hostile(kind)
    archive = tmp_path / "hostile.zip"
    archive.write_bytes(data)
    root = paths.packs_dir()
    with pytest.raises(PackWriteError) as caught:
        import_pack(archive, root)
    message = str(caught.value)
    assert entry in message and words in message, message
    assert list(root.iterdir()) == []  # nothing half-imported, no staging folder left


@pytest.mark.parametrize("kind", ["encrypted", "method 99", "corrupt deflate",
                                  "deep pack.json"])
def test_pack_manager_shows_the_refusal(kind, qtbot, tmp_path, monkeypatch):
    from gui.packs.manager import PackManager
    from gui.qt import QtWidgets

    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QtWidgets.QMessageBox, "warning",
                        lambda parent, title, text, *a, **k: shown.append((title, text)))
    window = PackManager()
    qtbot.addWidget(window)
    data, entry, words = hostile(kind)
    archive = tmp_path / "hostile.zip"
    archive.write_bytes(data)
    assert window.import_from(archive) is None
    assert len(shown) == 1 and shown[0][0] == "Pack not imported"
    assert entry in shown[0][1] and words in shown[0][1]


def test_hostile_archives_were_really_hostile(tmp_path):
    """The builders make what they claim: plain zipfile fails on each one as the issue
    describes (so the tests above test the refusals, not a well-formed file)."""
    expected = {"encrypted": RuntimeError, "method 97": NotImplementedError,
                "method 99": NotImplementedError}
    for kind, error in expected.items():
        data, _, _ = hostile(kind)
        with zipfile.ZipFile(io.BytesIO(data)) as zf, pytest.raises(error):
            zf.read("heroes.json")
    import zlib

    data, _, _ = hostile("corrupt deflate")
    with zipfile.ZipFile(io.BytesIO(data)) as zf, pytest.raises(zlib.error):
        zf.read("heroes.json")
    data, _, _ = hostile("deep pack.json")
    with zipfile.ZipFile(io.BytesIO(data)) as zf, pytest.raises(RecursionError):
        json.loads(zf.read("pack.json"))
    assert Path(tmp_path).is_dir()
