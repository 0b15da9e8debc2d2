"""Players: random, greedy, determinized IS-MCTS (issue 15).

The hidden-information checks use a tiny card game defined here ("high card"): 2 players are dealt
3 of the cards 1..9 (3 stay face down in a stock), a trick is one card each, the higher card wins
a point and leads next. A player sees their own hand and the cards played, not the other hand, so
the opponent's hand may be any 3 of the 6 unseen cards.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

import pytest
import toy_game

import doppelnb
from doppelnb.core import BadInput, GameState, IllegalAction, RulesBase, flag, rng_for
from doppelnb.core.policy import (
    MCTS,
    GreedyPolicy,
    RandomPolicy,
    base_determinize,
    describe,
    exhaustive_values,
    find_determinize,
    find_greedy,
    generic_greedy,
    make_policy,
    minimax_best,
    parse_policy,
    proven_best,
    rewards,
    strength,
)
from doppelnb.core.spec import GameSpec
from doppelnb.core.state import play_to_end


# -- a small game with hidden information ------------------------------------------------------
@dataclass(frozen=True)
class HRules(RulesBase):
    prefix = "hc"
    cards: int = flag(3, [3], rule="HC-A1", doc="cards dealt to each player")


class HState(GameState):
    game = "high_card"
    Rules = HRules
    player_counts = (2,)

    @classmethod
    def initial(cls, players, rules, seed, options):
        state = cls()
        state._init_record(players, rules, seed, options)
        deck = list(range(1, 10))
        rng_for(state.seed, "deal").shuffle(deck)
        state.hands = (tuple(sorted(deck[:3])), tuple(sorted(deck[3:6])))
        state.stock = tuple(sorted(deck[6:]))
        state.trick = ()
        state.played = ()
        state.leader = 0
        state.points = (0, 0)
        return state

    def legal_actions(self):
        return [] if self.is_over else list(self.hands[self.to_move])

    @property
    def to_move(self):
        return None if self.is_over else (self.leader + len(self.trick)) % 2

    @property
    def is_over(self):
        return not self.hands[0] and not self.hands[1]

    @property
    def scores(self):
        return self.points

    def _check(self, action):
        if action not in self.legal_actions():
            raise IllegalAction("HC-R1", f"you do not hold {action}")

    def _apply(self, card):
        me = self.to_move
        hands = list(self.hands)
        hands[me] = tuple(c for c in hands[me] if c != card)
        trick = self.trick + ((me, card),)
        points, leader = self.points, self.leader
        if len(trick) == 2:
            winner = max(trick, key=lambda pc: pc[1])[0]
            points = tuple(p + (seat == winner) for seat, p in enumerate(points))
            leader, trick = winner, ()
        return self._evolve(hands=tuple(hands), trick=trick, played=self.played + (card,),
                            points=points, leader=leader)

    def view(self, player):
        return (self.hands[player], self.played, self.trick, self.points, self.leader,
                len(self.hands[1 - player]))


def hc_determinize(state, player, rng):
    """Deal the other hand from the cards ``player`` has not seen (never reading it)."""
    other = 1 - player
    unseen = sorted(set(range(1, 10)) - set(state.hands[player]) - set(state.played))
    size = len(state.hands[other])
    dealt = tuple(sorted(rng.sample(unseen, size)))
    hands = list(state.hands)
    hands[other] = dealt
    stock = tuple(c for c in unseen if c not in dealt)
    return state._evolve(hands=tuple(hands), stock=stock)


def hc_new_game(players=2, *, rules=HRules(), seed=None):
    return HState.new(players, rules, seed)


# A game of one's own is a GameSpec: its helpers are written down, never probed for.
high_card = GameSpec(name="high_card", module=__name__, State=HState, Rules=HRules,
                     player_counts=(2,), new_game=hc_new_game, from_json=HState.from_json,
                     determinize=hc_determinize)


def swap_hidden(state, player):
    """The same state as ``player`` sees it, with one card of the other hand swapped for a stock
    card (a different true hidden state)."""
    other = 1 - player
    hand, stock = list(state.hands[other]), list(state.stock)
    hand[0], stock[0] = stock[0], hand[0]
    hands = list(state.hands)
    hands[other] = tuple(sorted(hand))
    return state._evolve(hands=tuple(hands), stock=tuple(sorted(stock)))


# -- finding helpers -----------------------------------------------------------------------------
def test_helpers_found_on_the_engine_or_generic_fallbacks_named():
    assert find_determinize(high_card) == (hc_determinize, "engine")
    assert find_greedy(high_card)[1] == "generic"
    assert describe(toy_game) == {"greedy": "generic", "determinize": "none"}
    no_sampler = dataclasses.replace(high_card, determinize=None)  # searches the truth
    assert find_determinize(no_sampler) == (base_determinize, "none")
    # A State's own determinize method is not probed for: only the spec's helper counts.
    own = dataclasses.replace(no_sampler, State=type("S", (HState,),
                                                     {"determinize": lambda s, p, r: s}))
    assert find_determinize(own) == (base_determinize, "none")
    engine_greedy = dataclasses.replace(high_card, greedy=generic_greedy)
    assert find_greedy(engine_greedy) == (generic_greedy, "engine")
    assert GreedyPolicy(engine_greedy).source == "engine"
    for name in doppelnb.GAMES:  # every shipped engine has its own players
        assert describe(doppelnb.GAMES[name]) == describe(name) == {"greedy": "engine",
                                                                    "determinize": "engine"}


def test_determinize_keeps_what_the_player_saw_and_varies_the_rest():
    state = hc_new_game(seed=4).play(hc_new_game(seed=4).legal_actions()[0])
    samples = {hc_determinize(state, 0, random.Random(k)).hands[1] for k in range(30)}
    assert len(samples) > 1
    for k in range(10):
        sample = hc_determinize(state, 0, random.Random(k))
        assert sample.view(0) == state.view(0)


@pytest.mark.parametrize("name", sorted(doppelnb.GAMES))
def test_engine_determinize_keeps_the_players_view(name):
    module = doppelnb.GAMES[name]
    fn, source = find_determinize(module)
    if source != "engine":
        pytest.skip(f"{name} has no players.determinize yet (MCTS uses the state's own)")
    state = play_to_end(module.new_game(module.PLAYER_COUNTS[0], seed=3)).history()[5]
    me = state.to_move
    for k in range(5):
        assert fn(state, me, random.Random(k)).view(me) == state.view(me)


# -- random and greedy ---------------------------------------------------------------------------
def test_random_policy_is_seeded_and_legal():
    state = doppelnb.GAMES["doppeldoppel"].new_game(3, seed=2)
    picks = [RandomPolicy()(state, random.Random(9)) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2] and picks[0] in state.legal_actions()
    assert len({str(RandomPolicy()(state, random.Random(k))) for k in range(20)}) > 1


def test_generic_greedy_takes_the_move_that_scores_now():
    state = toy_game.new_game(2, seed=0)
    while state.total < 8:
        state = state.play(1)
    assert state.total == 8  # +2 reaches the target and scores 1 for the mover
    assert all(generic_greedy(state, random.Random(k)) == 2 for k in range(10))
    # Nothing scores now: ties broken by the rng, both moves appear.
    start = toy_game.new_game(2, seed=0)
    assert {generic_greedy(start, random.Random(k)) for k in range(20)} == {1, 2}


def test_policy_names_parse_and_bad_names_are_badinput():
    assert parse_policy("mcts:200:30") == ("mcts", {"iterations": 200, "rollout_limit": 30})
    assert isinstance(make_policy("random"), RandomPolicy)
    policy = make_policy("mcts:12", high_card)
    assert (policy.iterations, policy.source) == (12, "engine")
    assert strength("random") < strength("greedy") < strength("mcts:10") < strength("mcts:50")
    for bad in ["", "smart", "greedy:3", "mcts:x", "mcts:1:2:3", None, 3]:
        with pytest.raises(BadInput):
            parse_policy(bad)
    for kwargs in [{"iterations": 0}, {"iterations": True}, {"exploration": -1},
                   {"rollout_limit": "5"}]:
        with pytest.raises(BadInput):
            MCTS(toy_game, **kwargs)


def test_rewards_split_among_winners():
    end = play_to_end(hc_new_game(seed=1))
    reward = rewards(end)
    assert sum(reward) == pytest.approx(1.0)
    assert [s for s, r in enumerate(reward) if r > 0] == list(end.outcome.winners)


# -- MCTS ----------------------------------------------------------------------------------------
def test_mcts_choice_is_seeded_and_legal():
    state = hc_new_game(seed=5)
    mcts = MCTS(high_card, iterations=60)
    a, b = mcts(state, random.Random(1)), mcts(state, random.Random(1))
    assert a == b and a in state.legal_actions()


def test_mcts_never_reads_the_true_hidden_state():
    """Two states the mover cannot tell apart (the other hand differs) get the same choice; an
    omniscient search on the same positions does change its choice, so the check can fail."""
    honest = MCTS(high_card, iterations=150)
    cheat = MCTS(high_card, iterations=150, omniscient=True)
    cheat_changed = 0
    checked = 0
    for seed in range(12):
        state = hc_new_game(seed=seed)
        for step in range(3):
            if state.is_over:
                break
            me = state.to_move
            other_truth = swap_hidden(state, me)
            assert other_truth.view(me) == state.view(me)
            assert other_truth.hands[1 - me] != state.hands[1 - me]
            assert honest(state, random.Random(seed)) == honest(other_truth, random.Random(seed))
            cheat_changed += (cheat(state, random.Random(seed))
                              != cheat(other_truth, random.Random(seed)))
            checked += 1
            state = state.play(state.legal_actions()[step % len(state.legal_actions())])
    assert checked >= 30
    assert cheat_changed >= 1


def _minimax_positions(states):
    """Two players, zero sum: positions where some moves have a higher minimax value than others,
    with the set of minimax moves."""
    for state in states:
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        best = minimax_best(exhaustive_values(state))
        if best is not None:
            yield state, best


def test_mcts_finds_the_move_exhaustive_search_proves_best_toy_game():
    """Toy counting game (2 players, everything visible): wherever minimax separates the moves
    (a total from which the mover can force a win), MCTS plays a minimax move."""
    positions = []
    for seed in range(6):
        state = toy_game.new_game(2, rules=toy_game.Rules(target=10), seed=seed)
        while not state.is_over:
            positions.append(state)
            state = state.play(1)
    found = list(_minimax_positions(positions))
    assert len(found) >= 10
    mcts = MCTS(toy_game, iterations=400)
    for state, best in found:
        assert mcts(state, random.Random(state.total)) in best, state.total


def test_mcts_finds_the_move_exhaustive_search_proves_best_with_everything_visible():
    """High card with everything visible (omniscient search): from each position of some deals,
    where minimax separates the cards, MCTS plays a minimax card."""
    positions = []
    for seed in range(30):
        state = hc_new_game(seed=seed)
        for step in range(4):
            positions.append(state)
            state = state.play(state.legal_actions()[(seed + step) % len(state.legal_actions())])
    found = list(_minimax_positions(positions))
    assert len(found) >= 15
    mcts = MCTS(high_card, iterations=300, omniscient=True)
    for state, best in found:
        assert mcts(state, random.Random(0)) in best


@pytest.mark.parametrize("name", ["doppeldoppel", "doppelganger_tricks"])
def test_mcts_finds_the_proven_move_in_real_endgames(name):
    """The last few actions of real 3-player games, searched with everything visible: where one
    move is proven best whatever the others do (its worst outcome beats every other move's best),
    MCTS plays it."""
    module = doppelnb.GAMES[name]
    found = []
    for seed in range(20):
        states = play_to_end(module.new_game(3, seed=seed), seed=seed).history()
        for state in states[-10:-1]:
            if len(state.legal_actions()) < 2:
                continue
            try:
                values = exhaustive_values(state, max_nodes=20_000)
            except BadInput:  # too big a tree to search exhaustively
                continue
            best = proven_best(values)
            if best is not None:
                found.append((state, best))
    assert found, "no endgame with a proven best move: widen the search"
    mcts = MCTS(module, iterations=150, omniscient=True)
    for state, best in found:
        assert mcts(state, random.Random(1)) == best


def test_exhaustive_search_has_a_node_budget():
    with pytest.raises(BadInput):
        exhaustive_values(toy_game.new_game(2, rules=toy_game.Rules(target=15), seed=0),
                          max_nodes=50)


def test_mcts_never_reads_hidden_hands_doppelganger_tricks():
    """A real engine with its own sampler (players.determinize): before any card is played, a
    card swapped between two other players' hands changes nothing the mover sees, and the honest
    search's choice stays the same; the omniscient search's changes at least once."""
    module = doppelnb.GAMES["doppelganger_tricks"]
    if find_determinize(module)[1] != "engine":
        pytest.skip("doppelganger_tricks has no players.determinize")
    from doppelnb.engines.doppelganger_tricks.notation import sort_hand

    honest = MCTS(module, iterations=30)
    cheat = MCTS(module, iterations=30, omniscient=True)
    cheat_changed = 0
    for seed in range(4):
        state = module.new_game(3, seed=seed)
        me = state.to_move
        a, b = [seat for seat in range(3) if seat != me]
        hand_a, hand_b = list(state.hands[a]), list(state.hands[b])
        hand_a[0], hand_b[0] = hand_b[0], hand_a[0]
        hands = list(state.hands)
        hands[a], hands[b] = tuple(sort_hand(hand_a)), tuple(sort_hand(hand_b))
        other = state._evolve(hands=tuple(hands))
        assert other.view(me) == state.view(me) and other.hands != state.hands
        assert honest(state, random.Random(seed)) == honest(other, random.Random(seed))
        cheat_changed += cheat(state, random.Random(seed)) != cheat(other, random.Random(seed))
    assert cheat_changed >= 1


def test_gmcts_policy_uses_epsilon_greedy_playouts_and_plays_legal_moves() -> None:
    import doppelnb
    from doppelnb.core.policy import EpsilonGreedyPolicy, make_policy, parse_policy

    assert parse_policy("gmcts:8:5") == ("gmcts", {"iterations": 8, "rollout_limit": 5})
    assert strength("mcts:400") < strength("gmcts:8")
    module = doppelnb.GAMES["doppelganger_tricks"]
    player = make_policy("gmcts:4:6", module)
    assert isinstance(player.rollout, EpsilonGreedyPolicy)
    state = module.new_game(3, seed=2)
    action = player(state, random.Random(0))
    assert action in state.legal_actions()
    with pytest.raises(BadInput):
        EpsilonGreedyPolicy(module, epsilon=1.5)


@pytest.mark.parametrize("name", sorted(doppelnb.GAMES))
def test_fast_play_gives_the_same_game_as_play(name):
    """Playouts step with ``fast_play`` (no parse, no legality check): the same states as
    ``play``, record included (doppelganger_quest seeds its dice from the action count)."""
    from doppelnb.core.policy import fast_play

    module = doppelnb.GAMES[name]
    state = fast = module.new_game(module.PLAYER_COUNTS[0], seed=4)
    rng = random.Random(4)
    for _ in range(150):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        state, fast = state.play(action), fast_play(fast, action)
        assert fast == state and fast.actions == state.actions


def test_round_horizon_stops_playouts_at_the_end_of_the_round():
    """``gmcts:N:round`` parses to the round horizon; the rewards at the horizon go to the seats
    that gained the most since the decision, and the search plays legal moves."""
    from doppelnb.core.policy import gain_rewards

    assert parse_policy("mcts:32:round") == ("mcts", {"iterations": 32, "horizon": "round"})
    with pytest.raises(BadInput):
        parse_policy("mcts:32:turn")
    with pytest.raises(BadInput):
        MCTS(None, horizon="turn")
    module = doppelnb.GAMES["doppeldoppel"]
    start = module.new_game(3, seed=5)
    end = play_to_end(start, seed=5)
    round_end = next(s for s in end.history() if s.round != start.round)
    gains = [a - b for a, b in zip(round_end.scores, start.scores, strict=True)]
    reward = gain_rewards(start, round_end)
    assert sum(reward) == pytest.approx(1.0)
    assert all((reward[i] > 0) == (gains[i] == max(gains)) for i in range(3))
    player = make_policy("mcts:8:round", module)
    assert player.horizon == "round"
    state = start
    for _ in range(5):
        state = state.play(player(state, random.Random(0)))
    assert state.round == start.round


@pytest.mark.parametrize("name", ["doppeldoppel", "doppelganger_tricks", "groom_lake",
                                  "doppelganger_quest"])
def test_mcts_selection_steps_alike_with_fast_play_and_checked_play(name, monkeypatch):
    """The tree's selection and expansion step with ``fast_play`` (the actions come from
    ``legal_actions``: issue 27); the checked ``state.play`` gives the same states, so the
    same decisions and the same random stream. Playouts stay the same on both sides (the
    engine's hook), so this compares the tree's steps only; and the fast side is seen to use
    ``fast_play`` in the tree (a search that reaches a depth of two or more)."""
    from doppelnb.core import policy as policy_module
    from doppelnb.core.spec import spec_of

    spec = spec_of(name)
    state = spec.new_game(spec.player_counts[0], seed=4)
    walk = random.Random(4)
    real = policy_module.fast_play
    calls = []

    def counting(s, a):
        calls.append(1)
        return real(s, a)

    monkeypatch.setattr(policy_module, "fast_play", counting)
    for _ in range(4):
        if state.is_over:
            break
        fast, checked = MCTS(name, iterations=24), MCTS(name, iterations=24)
        checked.fast = False  # the tree steps with state.play; the playout hook is kept
        assert checked.playout is fast.playout
        a, b = random.Random(11), random.Random(11)
        before = len(calls)
        assert fast(state, a) == checked(state, b)
        assert a.getstate() == b.getstate()
        if len(state.legal_actions()) > 1:  # a forced move is answered without a search
            assert len(calls) > before
        state = state.play(walk.choice(state.legal_actions()))
