"""Game.copy: a separate game at the same position, for computer players' search."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.rng import Coins
from engine.core.zones import SharedZoneError
from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from engine.plottwist.state import LEFT_BY_COPY, MEMOS, Character, Combat, GameState


def _step(game: Game, agent: RandomAgent) -> None:
    seats = seats_to_act(game)
    for seat in agent.rng.sample(seats, len(seats)):
        action = agent.choose(game, seat)
        if action is not None:
            game.apply(action)
            return
    raise AssertionError("nobody can act")


def _mid_game(core_set, seed: int = 3) -> tuple[Game, RandomAgent]:
    game = Game.quick(core_set, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(seed)
    while game.winner is None and not (game.state.turn >= 3 and game.state.combat):
        _step(game, agent)
    assert game.winner is None, "pick a seed whose game reaches Turn 3 with a Combat"
    return game, agent


def test_copy_plays_on_exactly_as_the_original(core_set):
    """The same actions on the original and its copy give the same events and the same
    save, coin flips included (PT-ROLL-1: the copy's coins fall as the original's)."""
    game, agent = _mid_game(core_set)
    copy = game.copy()
    assert copy.save() == game.save()
    for _ in range(60):
        if game.winner is not None:
            break
        seats = seats_to_act(game)
        assert seats_to_act(copy) == seats
        action = None
        for seat in agent.rng.sample(seats, len(seats)):
            action = agent.choose(game, seat)
            if action is not None:
                break
        assert action is not None
        ours = [(e.kind, e.text, e.data) for e in game.apply(action)]
        theirs = [(e.kind, e.text, e.data) for e in copy.apply(action)]
        assert ours == theirs
    assert copy.save() == game.save()


def test_playing_the_copy_leaves_the_original_alone(core_set):
    """A search plays many actions on copies (rolls, Damage PT-DMG-1, cards moving between
    zones); the original game, its coins and its undo history stay as they were."""
    game, _ = _mid_game(core_set, seed=1)
    game.keep_history = True
    before = game.save()
    copy = game.copy()
    agent = RandomAgent(11)
    for _ in range(200):
        if copy.winner is not None:
            break
        _step(copy, agent)
    assert copy.save() != before
    assert game.save() == before
    assert not game.can_undo() and not copy.can_undo()
    # and the other way round: the original moves on, a fresh copy stays put
    copy2 = game.copy()
    frozen = copy2.save()
    _step(game, RandomAgent(2))
    assert copy2.save() == frozen


def test_every_container_is_copied_and_memos_stay_behind(core_set):
    """Every list or dict field of the state is a new object in the copy (a field added
    later must be added to GameState.copy's lists), and the rules' memos are not carried
    over when they hold the original's own objects (modifiers' static sources hold its
    characters); plain values under an equal key are carried. The zones are the
    exception: both positions hold the same zone objects, marked shared, until one of them
    changes a zone (GameState.zone_to_change), and a shared zone refuses any change. A
    character's printed maxima (`maxes`, never changed once it is made) and the card
    instances' keys and owners (GameState._SET_UP, written only at set-up) are shared too."""
    game, _ = _mid_game(core_set, seed=7)
    st, cp = game.state, game.copy().state
    for cls, a, b in [(GameState, st, cp), (Combat, st.combat, cp.combat),
                      *[(Character, st.characters[k], cp.characters[k])
                        for k in st.characters]]:
        for f in dataclasses.fields(cls):
            value = getattr(a, f.name)
            if isinstance(value, (list, dict)) and f.name not in (
                    "rolls", "zones", "maxes", *GameState._SET_UP):
                assert getattr(b, f.name) is not value, (cls.__name__, f.name)
    assert cp.zones is not st.zones
    for name, zone in st.zones.items():
        assert cp.zones[name] is zone and zone.shared
    hand = "combat_hand:p1"
    card = st.zones[hand].cards[0]
    with pytest.raises(SharedZoneError):
        st.zones[hand].remove(card)
    cp.zone_to_change(hand).remove(card)
    assert card not in cp.zones[hand] and card in st.zones[hand]
    assert not cp.zones[hand].shared and st.zones[hand].shared
    extra = set(vars(st)) - {f.name for f in dataclasses.fields(GameState)}
    assert extra <= set(MEMOS), f"new memo on GameState: add it to state.MEMOS: {extra}"
    assert "_static_cache" in vars(st) and "_nullify_watch" in vars(st)
    assert not set(vars(cp)) & set(LEFT_BY_COPY)
    carried = {name: vars(cp)[name] for name in set(MEMOS) & set(vars(cp))}
    assert carried["_static_cache"] == vars(st)["_static_cache"]
    assert carried["_nullify_watch"] == vars(st)["_nullify_watch"]
    assert not _holds_a_character(carried), "a carried memo holds the original's characters"


def _holds_a_character(value) -> bool:
    if isinstance(value, Character):
        return True
    if isinstance(value, dict):
        return any(_holds_a_character(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_holds_a_character(v) for v in value)
    return False


def _digest_line(game: Game, action) -> list:
    return [(e.kind, e.text, e.data, e.visible_to) for e in game.apply(action)]


@pytest.mark.parametrize("catalog,seed,heroes", [("core", 2, 3), ("core", 5, 4),
                                                 ("core", 9, 2), ("demo", 3, 3)])
def test_every_action_on_a_fresh_copy_plays_the_plain_game(core_set, catalog, seed, heroes):
    """A search applies each move to a copy whose zones it shares with the position it
    came from. Playing a whole game so (every action on a new copy of the last position)
    gives the plain game's events and final save, and every position a copy was taken
    from is left exactly as it was: a change made through a zone read before another
    change, or a change to a shared zone, would show here (PT-ROLL-1: same coins too)."""
    from engine.plottwist.testkit import demo_catalog

    cards = core_set if catalog == "core" else demo_catalog()
    opts = RulesOptions(turn_limit=40)
    plain = Game.quick(cards, heroes=heroes, seed=seed, options=opts, history=False)
    copied = Game.quick(cards, heroes=heroes, seed=seed, options=opts, history=False)
    agent = RandomAgent(seed)
    n = 0
    while plain.winner is None and n < 3000:
        action = agent.act(plain)
        assert action is not None
        before = copied.save()
        left = copied
        copied = copied.copy()
        assert _digest_line(copied, action) == _digest_line(plain, action)
        assert left.save() == before
        n += 1
    assert copied.save() == plain.save() and n > 100


def test_coins_copy_flips_the_same_and_separately():
    """Two copies of the coins flip the same coins, each at its own pace (PT-ROLL-1)."""
    coins = Coins(seed=9)
    coins.flip(5)
    twin = coins.copy()
    first = coins.flip(8)
    assert twin.flip(8) == first
    assert coins.flip(3) == twin.flip(3)
    assert coins.record == twin.record
    third = twin.copy()
    twin.flip(4)
    assert third.to_json()["record"] == coins.record


def test_undo_and_redo_walk_every_position_back_and_forth(core_set):
    """Undo history keeps position copies, not saves: walking 60 actions back and forward
    gives each position's save exactly, and an undone roll comes back with the same coins
    (PT-ROLL-1) when the same action is played again."""
    game = Game.quick(core_set, heroes=3, seed=4, options=RulesOptions(turn_limit=40))
    agent = RandomAgent(4)
    saves = [game.save()]
    played = []
    for _ in range(60):
        seats = seats_to_act(game)
        for seat in agent.rng.sample(seats, len(seats)):
            action = agent.choose(game, seat)
            if action is not None:
                break
        assert action is not None
        played.append(action)
        game.apply(action)
        saves.append(game.save())
    for i in range(60, 0, -1):
        game.undo()
        assert game.save() == saves[i - 1]
    for i in range(1, 61):
        game.redo()
        assert game.save() == saves[i]
    for _ in range(10):
        game.undo()
    game.apply(played[50])
    assert game.save() == saves[51]
    assert not game.can_redo()
    # snapshots share their unchanged parts: none was changed by the play after it
    for i in range(51, 0, -1):
        game.undo()
        assert game.save() == saves[i - 1]


def test_legal_actions_without_labels_are_the_same_actions(core_set):
    """Search asks for the legal actions without menu texts: the same actions, same order,
    in every seat of many positions (PT-TERM-1: each seat acts only for its own)."""
    game = Game.quick(core_set, heroes=3, seed=8, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(8)
    for _ in range(150):
        if game.winner is not None:
            break
        for seat in game.state.seats:
            labelled = game.legal_actions(seat)
            bare = game.legal_actions(seat, labels=False)
            assert bare == labelled
            assert [a.kind for a in bare] == [a.kind for a in labelled]
        _step(game, agent)


def test_every_container_field_of_a_position_is_copied():
    """A field added to GameState later (a pending choice, a record) must be copied by
    copy() and frozen_copy(), or a search would change the real game through it."""
    groups = (GameState._LISTS + GameState._DICTS + GameState._LISTS_OF_DICTS
              + GameState._DICTS_OF_LISTS + GameState._BY_HAND + GameState._SET_UP)
    containers = [f.name for f in dataclasses.fields(GameState)
                  if f.default_factory is not dataclasses.MISSING
                  or f.name == "seats"]
    missing = [name for name in containers if name not in groups
               and name != "options"]
    assert missing == []
