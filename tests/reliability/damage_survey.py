"""Survey: damage one field of a real save at random, many times; where does it break?

``python tests/reliability/damage_survey.py [N]`` (default 3000, seed 1). Prints how many
damaged saves made Game.load raise something other than SaveError, and how many loaded
but then crashed view() / legal_actions() / save(), grouped by exception and function.
docs/reliability.md quotes its figures; test_bad_saves.py holds the minimal reproductions.
"""

from __future__ import annotations

import collections
import json
import random
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.catalog import Catalog  # noqa: E402
from engine.core.errors import SaveError  # noqa: E402
from engine.plottwist.game import Game  # noqa: E402

GOOD = ROOT / "tests" / "fixtures" / "bad_saves" / "good_v1.json"
VALUES = [None, True, 0, -1, 10**20, "x", "", [], {}, [1], {"a": 1}, 1.5]


def paths(node, prefix=()):
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:3]):
            yield from paths(v, (*prefix, i))


def where(e: BaseException) -> tuple[str, str, str]:
    frame = traceback.extract_tb(e.__traceback__)[-1]
    return type(e).__name__, Path(frame.filename).name, frame.name


def main(n: int = 3000, seed: int = 1) -> None:
    catalog = Catalog.load(include_user=False)
    good = GOOD.read_text(encoding="utf-8")
    all_paths = list(paths(json.loads(good)["payload"]))
    rng = random.Random(seed)
    at_load: collections.Counter = collections.Counter()
    later: collections.Counter = collections.Counter()
    example: dict = {}
    for _ in range(n):
        doc = json.loads(good)
        path = rng.choice(all_paths)
        parent = doc["payload"]
        for step in path[:-1]:
            parent = parent[step]
        if rng.random() < 0.3 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(VALUES)
        try:
            game = Game.load(json.dumps(doc), catalog)
        except SaveError:
            continue
        except Exception as e:  # noqa: BLE001 - that is what is being counted
            at_load[where(e)] += 1
            example.setdefault(("load", *where(e)), path)
            continue
        try:
            game.view("table")
            for s in game.state.seats:
                game.legal_actions(s)
            game.save()
        except Exception as e:  # noqa: BLE001
            later[where(e)] += 1
            example.setdefault(("later", *where(e)), path)
    print(f"{n} damaged saves (seed {seed})")
    print(f"Game.load raised something other than SaveError: {sum(at_load.values())}")
    for key, count in at_load.most_common():
        print(f"  {count:4d} {key} e.g. {example[('load', *key)]}")
    print(f"loaded, then view/legal_actions/save crashed: {sum(later.values())}")
    for key, count in later.most_common():
        print(f"  {count:4d} {key} e.g. {example[('later', *key)]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
