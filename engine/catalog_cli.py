"""``plot-twist-cards``: check card packs and list cards from the command line.

    plot-twist-cards validate PATH [PATH...]   # errors, then counts by kind per pack
    plot-twist-cards validate                  # the bundled and installed packs
    plot-twist-cards list [--kind K] [--pack P] [PATH...]

``validate`` exits 1 when any error was found, 0 otherwise, 2 when the check itself
failed (said in one line, never a traceback).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from engine.catalog import KINDS, Catalog, PackInfo


def _summary(pack: PackInfo) -> str:
    where = "bundled" if pack.bundled else str(pack.path)
    if not pack.loaded:
        return f"{pack.id}: not loaded ({where})"
    total = sum(pack.counts.values())
    counts = ", ".join(f"{kind} {pack.counts[kind]}" for kind in KINDS if kind in pack.counts)
    problems = f", {len(pack.errors)} error(s)" if pack.errors else ""
    noun = "card" if total == 1 else "cards"
    return (f"{pack.id} {pack.version} \"{pack.name}\" ({where}): {total} {noun}"
            f"{problems}{': ' + counts if counts else ''}")


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"{path}: no such file or folder", file=out)
    present = [p for p in paths if p.exists()]
    if paths:
        catalog = Catalog.load(present, include_bundled=False, include_user=False)
    else:
        catalog = Catalog.load()
    for error in catalog.errors:
        print(error, file=out)
    if catalog.errors or missing:
        print(file=out)
    for pack in catalog.packs:
        print(_summary(pack), file=out)
    failed = bool(catalog.errors or missing)
    total = len(catalog.errors) + len(missing)
    print(f"{'FAILED' if failed else 'OK'}: {len(catalog.packs)} pack(s), "
          f"{len(catalog.cards)} card(s), {total} error(s)", file=out)
    return 1 if failed else 0


def _list(args: argparse.Namespace, out: TextIO) -> int:
    catalog = Catalog.load(extra_paths=[Path(p) for p in args.paths])
    cards = sorted(catalog.cards.values(),
                   key=lambda c: (c.pack, KINDS.index(c.kind), c.name.casefold()))
    for card in cards:
        if args.kind and card.kind != args.kind:
            continue
        if args.pack and card.pack != args.pack:
            continue
        extra = f" [{card.card_class}]" if card.card_class else ""
        print(f"{card.key:40} {card.kind:10} {card.color:7} {card.display_name}{extra}",
              file=out)
    for error in catalog.errors:
        print(f"warning: {error}", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="plot-twist-cards",
                                     description="Check Plot Twist card packs and list cards.")
    sub = parser.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help="check packs; exit 1 on any error")
    validate.add_argument("paths", nargs="*", metavar="PATH",
                          help="a pack folder or a folder of packs (default: all installed)")
    listing = sub.add_parser("list", help="list the cards of the installed packs")
    listing.add_argument("--kind", choices=KINDS)
    listing.add_argument("--pack", help="only this pack id")
    listing.add_argument("paths", nargs="*", metavar="PATH", help="extra packs to include")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    out = sys.stdout
    try:
        if args.command == "validate":
            return _validate(args, out)
        return _list(args, out)
    except Exception as exc:  # noqa: BLE001 - a checker answers in words, never a traceback
        detail = f": {exc}" if str(exc) else ""
        print(f"plot-twist-cards: could not check the packs ({type(exc).__name__}){detail}",
              file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
