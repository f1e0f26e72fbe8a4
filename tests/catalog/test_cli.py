"""plot-twist-cards: validate and list."""

from __future__ import annotations

import pytest

from engine.catalog import bundled_packs_root
from engine.catalog_cli import main

from .conftest import BAD_PACKS, GOOD_PACK
from .test_loader import BAD_CASES


def test_validate_bad_packs_exits_1_with_each_message(capsys):
    assert main(["validate", str(BAD_PACKS), str(GOOD_PACK)]) == 1
    out = capsys.readouterr().out
    for file, card, field, words in BAD_CASES.values():
        line = next((ln for ln in out.splitlines() if ln.startswith(file + ": ")), None)
        assert line is not None, file
        if card:
            assert f'card "{card}"' in line
        if field:
            assert f'field "{field}"' in line
        assert words in line
    assert 'good 1.2.0 "Good Test Pack"' in out and "hero 1, detail 1" in out
    assert out.rstrip().splitlines()[-1].startswith("FAILED")


@pytest.mark.parametrize("case", sorted(BAD_CASES))
def test_validate_each_bad_pack_alone_fails(capsys, case):
    assert main(["validate", str(BAD_PACKS / case)]) == 1
    assert BAD_CASES[case][3] in capsys.readouterr().out


def test_validate_core_exits_0(capsys):
    assert main(["validate", str(bundled_packs_root() / "core")]) == 0
    out = capsys.readouterr().out
    assert 'core 1.0.0 "Core Set"' in out and "hero 6" in out and "combat " in out
    assert out.rstrip().splitlines()[-1].startswith("OK")


def test_validate_without_paths_checks_installed_packs(capsys):
    assert main(["validate"]) == 0
    assert "core" in capsys.readouterr().out


def test_validate_missing_path(capsys, tmp_path):
    assert main(["validate", str(tmp_path / "nope")]) == 1
    assert "no such file or folder" in capsys.readouterr().out


def test_list_by_kind(capsys):
    assert main(["list", "--kind", "hero"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 6
    assert all(" hero " in line for line in lines)
    assert any("core/vesper-quill" in line and "[Mentalist]" in line for line in lines)


def test_list_everything(capsys):
    assert main(["list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) >= 100


def test_unknown_kind_is_a_usage_error():
    with pytest.raises(SystemExit) as exc:
        main(["list", "--kind", "wizard"])
    assert exc.value.code == 2


def test_validate_refuses_a_hero_with_blank_required_text(capsys, tmp_path):
    """A Hero whose required rules text is empty is not a card the table can read."""
    import json
    import shutil

    from engine.catalog import validate_card_data

    pack = tmp_path / "blank"
    shutil.copytree(GOOD_PACK, pack)
    heroes = json.loads((pack / "heroes.json").read_text(encoding="utf-8"))
    heroes["cards"][0]["text"] = "  "
    (pack / "heroes.json").write_text(json.dumps(heroes), encoding="utf-8")
    assert ("text", "text is required and must not be empty") in \
        validate_card_data(heroes["cards"][0])
    assert main(["validate", str(pack)]) == 1
    assert "must not be empty" in capsys.readouterr().out
