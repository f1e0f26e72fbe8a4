"""Computer players (engine/plottwist/ai, docs/ai.md): they decide from Game.view(seat)
alone (PT-OBJ-1: the Objective stays face down; PT-SETUP-4/5/6: decks, Twists! and Events
face down; PT-PLOT-1: Plot Hands are private), they play legal moves, and their numbers are
right."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.plottwist import cards as C
from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.ai.evaluate import DEFAULT, Weights, evaluate, objective_progress
from engine.plottwist.ai.match import run_match, wilson
from engine.plottwist.ai.odds import p_beat
from engine.plottwist.ai.players import STRENGTHS, GreedyPlayer, SearchPlayer, make_player
from engine.plottwist.ai.world import determinise
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from engine.plottwist.rules.victory import threat_conditions


def _advance(game: Game, agent: RandomAgent, steps: int) -> None:
    for _ in range(steps):
        if game.winner is not None:
            return
        for seat in agent.rng.sample(seats := seats_to_act(game), len(seats)):
            a = agent.choose(game, seat)
            if a is not None:
                game.apply(a)
                break


def _position(catalog, seed: int, seat: str, min_choices: int = 3) -> Game:
    """A quick game played at random until `seat` has a real choice."""
    game = Game.quick(catalog, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(seed)
    for _ in range(400):
        if seat in seats_to_act(game) and len(game.legal_actions(seat)) >= min_choices:
            return game
        _advance(game, agent, 1)
    pytest.skip("no position with a choice for this seat")


def _public(view):
    return {k: v for k, v in view.items() if k not in ("can_undo", "can_redo")}


@pytest.mark.parametrize("seed", [3, 8])
def test_a_world_rebuilt_from_a_view_looks_the_same_to_that_seat(core_set, seed):
    """What the computer plays in is the table its seat sees: the same view back and the same
    legal moves, whatever faces were sampled for the hidden cards."""
    game = Game.quick(core_set, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(seed)
    for _ in range(6):
        _advance(game, agent, 29)
        for seat in game.state.seats:
            view = game.view(seat, tracking=True)
            world = determinise(view, core_set, random.Random(seed))
            assert _public(world.view(seat, tracking=True)) == _public(view)
            assert ([a.to_json() for a in world.legal_actions(seat)]
                    == [a.to_json() for a in game.legal_actions(seat)])


def _shuffle_hidden(game: Game, seat: str, rng: random.Random) -> int:
    """Shuffle the faces of the cards `seat` cannot see among themselves, zone by zone, and
    swap the face-down Objective for another one; returns how many faces moved."""
    st = game.state
    moved = 0
    for z in st.zones.values():
        if z.can_see(seat) or z.name == "objective":
            continue
        keys = [st.cards[c] for c in z.cards]
        shuffled = list(keys)
        rng.shuffle(shuffled)
        if len(set(keys)) > 1:
            while shuffled == keys:
                rng.shuffle(shuffled)
        moved += sum(a != b for a, b in zip(keys, shuffled, strict=True))
        for c, k in zip(z.cards, shuffled, strict=True):
            st.cards[c] = k
    if seat != "gm" and not st.objective_revealed and st.objective is not None:
        others = [k for k, c in game.cards.items()
                  if C.kind(c) == "objective" and k != st.cards[st.objective]]
        if others:
            st.cards[st.objective] = others[0]
            moved += 1
    return moved


@pytest.mark.parametrize("seat,seed", [("p1", 4), ("gm", 6), ("p1", 1), ("gm", 1)])
def test_hidden_cards_shuffled_among_themselves_give_the_same_decision(core_set, seat, seed):
    """The computer provably does not read hidden faces: two games that differ only in the
    faces it cannot see (other hands, decks, Events, the Objective) give it the same view,
    and with the same seed it makes the same decision (seed 1: Feed the Furnace, where the
    GM that hunts Bystanders reads its own Combat hand and Objective)."""
    catalog = dict(core_set.cards)
    a = _position(core_set, seed, seat)
    b = Game.load(a.save(), catalog)
    assert _shuffle_hidden(b, seat, random.Random(seed)) > 0
    assert a.state.cards != b.state.cards          # the games really differ
    view_a, view_b = a.view(seat, tracking=True), b.view(seat, tracking=True)
    assert _public(view_a) == _public(view_b)
    legal = a.legal_actions(seat)
    hunt = replace(STRENGTHS["easy"], w_kill_odds=0.5, sure_kills=True,
                   closing=True)
    for make in (lambda: GreedyPlayer(core_set, seed=11),
                 lambda: SearchPlayer(core_set, STRENGTHS["easy"], seed=11),
                 lambda: SearchPlayer(core_set, hunt, seed=11)):
        da = make().decide(view_a, legal)
        db = make().decide(view_b, b.legal_actions(seat))
        assert da.action == db.action
        assert da.reason == db.reason


def test_the_greedy_player_makes_legal_moves_to_the_end_of_a_game(core_set):
    """Every move a computer player returns is accepted by the rules (Game.apply would refuse
    it otherwise), and a game between computer players ends (PT-GOAL)."""
    m = run_match(core_set, "greedy", "search:4", games=1, seed=2, turn_limit=3)
    assert m.games == 1
    assert sum(m.wins.values()) == 1 and "unfinished" not in m.wins


def test_an_attack_chance_is_computed_from_the_coins():
    """PT-ROLL-1/7/8: Heads are Successes, Automatic Successes add, a Margin of 1 wins."""
    assert p_beat(1, 0, 0, 0) == 0.5          # one coin must come up Heads
    assert p_beat(0, 1, 0, 0) == 1.0          # an Automatic Success beats nothing
    assert p_beat(0, 0, 0, 0) == 0.0          # a tie defeats the attacker
    assert p_beat(1, 0, 1, 0) == pytest.approx(0.25)    # H against T
    assert p_beat(2, 0, 1, 0) == pytest.approx(0.5)     # HH, or one Head against T
    assert p_beat(1, 1, 1, 0) == pytest.approx(0.75)    # all but T+1 against H


def test_win_rates_are_printed_with_their_interval():
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.95 < hi < 0.99
    assert wilson(0, 10)[0] == 0.0


def test_an_unknown_player_is_refused_with_the_names_that_exist(core_set):
    with pytest.raises(ValueError, match="random, greedy"):
        make_player("clever", core_set)


def test_a_match_on_two_processes_plays_the_same_games(core_set):
    """Same seed, same games: the win counts, endings and Turns of a match do not depend on
    how many worker processes play it (PT-GOAL: every game ends)."""
    one = run_match(core_set, "greedy", "random", games=3, seed=40, turn_limit=3)
    two = run_match(core_set, "greedy", "random", games=3, seed=40, turn_limit=3, jobs=2)
    assert (two.games, two.wins, two.endings, two.turns) == (
        one.games, one.wins, one.endings, one.turns)
    assert len(two.think["gm"]) == len(one.think["gm"]) > 0
    # the winners are also told by Objective (PT-OBJ-3), and add up to the games
    assert two.by_objective == one.by_objective
    assert sum(sum(c.values()) for c in one.by_objective.values()) == one.games
    assert set(one.by_objective) <= {"Foreclose the City", "Feed the Furnace", "Night of Embers"}
    assert any(line.startswith(f"  {o}: ") for o in one.by_objective for line in one.lines())


def test_a_strength_takes_budget_fields_and_refuses_unknown_ones(core_set):
    p = make_player("hard:replies=2,reply_moves=5,replies_last=0", core_set, clock=False)
    assert (p.budget.replies, p.budget.reply_moves, p.budget.replies_last) == (2, 5, False)
    assert p.budget.playouts == STRENGTHS["hard"].playouts and p.budget.seconds == 0.0
    with pytest.raises(ValueError, match="unknown budget field 'depth'"):
        make_player("hard:depth=3", core_set)
    with pytest.raises(ValueError, match="wants a number"):
        make_player("hard:replies=many", core_set)


def test_a_strength_carries_its_own_evaluation_weights(core_set):
    p = make_player("hard:w_bystanders=0.5,w_broke=0.4,w_hate=0.3", core_set, clock=False)
    w = p.weights
    assert (w.bystanders, w.broke, w.hate) == (0.5, 0.4, 0.3)
    assert make_player("normal", core_set).weights == DEFAULT == Weights()
    # Hard's own weights: the Heroes lean on a Threat's deadline (ai/deadline.py), the GM
    # hunts Bystanders; nothing else differs
    hard = make_player("hard", core_set)
    assert hard.heroes_weights == Weights(deadline=2.0)
    assert hard.gm_weights == Weights(deadline=2.0, kill_odds=0.5)


def test_bystanders_in_play_count_towards_a_kill_threat_but_never_meet_it(core_set):
    """PT-BYST-7, PT-OBJ-3: with the bystanders weight a Bystander in play is part of a
    Kill on the way to "3 Bystanders Killed"; only Kills meet the Threat."""
    game = Game.quick(core_set, heroes=3, seed=1001, options=RulesOptions(turn_limit=40),
                      history=False)
    st = game.state
    assert threat_conditions(game.cards[st.cards[st.objective]]) == (
        {"bystanders_killed_at_least": 3},)
    hand = [(f"plot_hand:{s}", c) for s in st.seats for c in st.zones[f"plot_hand:{s}"].cards
            if C.kind(game.cards[st.cards[c]]) == "bystander"]
    w = Weights(bystanders=0.5)
    assert objective_progress(game, w) == 0.0

    def play(zone: str, card: str) -> None:
        st.zones[zone].remove(card)
        st.zones["bystanders"].add(card)

    play(*hand[0])
    one = objective_progress(game, w)
    assert objective_progress(game) == 0.0 < one            # the default weights: Kills only
    assert evaluate(game, "villains", w) > evaluate(game, "villains")
    for zone, card in hand[1:]:
        play(zone, card)
    assert len(hand) >= 6 and one < objective_progress(game, w) < 1.0


def test_a_match_can_play_only_one_objectives_seeds(core_set):
    """bench.ai_matches --objective: of the seeds asked, only the games whose quick deal has
    that Objective are played (PT-OBJ-1), the same seeds whatever the rest of the deal."""
    from bench.ai_matches import _seeds_with

    seeds = _seeds_with(core_set, "feed the furnace", 1000, 12)
    assert seeds and set(seeds) < set(range(1000, 1012))
    m = run_match(core_set, "random", "random", games=99, seeds=seeds[:2], turn_limit=2)
    assert m.games == 2 and set(m.by_objective) == {"Feed the Furnace"}
