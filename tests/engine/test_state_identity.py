"""The position's records (GameState, Character, Combat, Modifier) compare and print as
the dataclasses they are, although they leave equality and repr to `FieldwiseEq`
(docs/performance.md "start-up part 5"; no rule clause: undo, saves and the tests that
compare positions depend on it)."""

from __future__ import annotations

from dataclasses import MISSING, field, fields, make_dataclass
from typing import Any

import pytest

from engine.fieldwise import FieldwiseEq, fields_repr
from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from engine.plottwist.state import Character, Combat, GameState, Modifier

_TWINS: dict[type, Any] = {}


def _twin_type(cls: type) -> Any:
    """The same fields in a type whose eq and repr @dataclass writes itself (one per type,
    so that twins of one type compare)."""
    if cls in _TWINS:
        return _TWINS[cls]
    spec = []
    for f in fields(cls):
        default: dict[str, Any] = {}
        if f.default is not MISSING:
            default["default"] = f.default
        elif f.default_factory is not MISSING:
            default["default_factory"] = f.default_factory
        spec.append((f.name, f.type, field(compare=f.compare, repr=f.repr, **default)))
    twin = make_dataclass(cls.__name__, spec)
    twin.__qualname__ = cls.__qualname__
    _TWINS[cls] = twin
    return twin


def _twin(obj: Any) -> Any:
    return _twin_type(type(obj))(**{f.name: getattr(obj, f.name) for f in fields(obj)})


@pytest.fixture(scope="module")
def position(core_set) -> GameState:
    """A position at Turn 3 or later with a Combat under way and lasting modifiers."""
    game = Game.quick(core_set, heroes=3, seed=3, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(3)
    while game.winner is None and not (game.state.turn >= 3 and game.state.combat
                                       and game.state.modifiers):
        for seat in agent.rng.sample(seats_to_act(game), len(seats_to_act(game))):
            action = agent.choose(game, seat)
            if action is not None:
                game.apply(action)
                break
    assert game.winner is None, "pick a seed whose game reaches a Combat with modifiers"
    return game.state


def _same_as_twins(objs: list[Any]) -> None:
    twins = [_twin(o) for o in objs]
    for a, ta in zip(objs, twins, strict=True):
        assert repr(a) == repr(ta)
        assert [a == b for b in objs] == [ta == tb for tb in twins]
        assert [a != b for b in objs] == [ta != tb for tb in twins]
        assert a != ta                           # another type is never equal
        with pytest.raises(TypeError):
            hash(a)                              # unhashable, as a dataclass with eq
        with pytest.raises(TypeError):
            hash(ta)


def test_characters_compare_and_print_as_dataclasses(position):
    chars = [c.copy() for c in position.characters.values()]
    changed = chars[0].copy()
    changed.stress["physical"] = changed.stress.get("physical", 0) + 1
    _same_as_twins([*position.characters.values(), *chars, changed])
    assert list(position.characters.values()) == chars and chars[0] != changed


def test_modifiers_and_combat_compare_and_print_as_dataclasses(position):
    mods = [*position.modifiers, *(m.copy() for m in position.modifiers)]
    later = position.modifiers[0].copy()
    later.counters += 1
    _same_as_twins([*mods, later])
    combat = position.combat
    moved = combat.copy()
    moved.step = "end" if combat.step != "end" else "start"
    _same_as_twins([combat, combat.copy(), moved, Combat.from_json(combat.to_json())])


def test_position_copy_and_save_round_trip_compare_as_dataclasses(position):
    """A copy and a save/load round trip equal the position, field by field, as a
    dataclass says; one changed field makes them differ."""
    copied = position.copy()
    loaded = GameState.from_json(position.to_json())
    other = position.copy()
    other.turn += 1
    _same_as_twins([position, copied, loaded, other])
    assert position == copied == loaded != other
    assert [f.name for f in fields(GameState)] == [f.name for f in fields(_twin_type(GameState))]


def test_record_types_declare_no_eq_or_repr_of_their_own():
    """The start-up saving this file guards: nothing compiled at import for these records
    (equality and repr the shared ones, __init__ written beforehand, start-up part 7)."""
    for cls in (Character, Combat, GameState, Modifier):
        assert cls.__eq__ is FieldwiseEq.__eq__ and cls.__repr__ is fields_repr
        assert cls.__init__.__module__ == "engine.plottwist.record_inits"
