

def test_greedy_plays_whole_games_with_offboard_cells_allowed():
    """Under allow_offboard (DB-A13) a shape may hang off the board: the greedy player scores
    only its on-board cells (it raised IndexError on the off-board ones)."""
    import random as _random

    from doppelnb.engines import doppel_doubt as _db
    from doppelnb.engines.doppel_doubt.players import greedy as _greedy

    state = _db.new_game(10, seed=0, rules=_db.Rules(allow_offboard=True))
    rng = _random.Random(0)
    while not state.is_over:
        action = _greedy(state, rng)
        assert action in state.legal_actions()
        state = state.play(action)


def test_search_rewards_count_a_colour_score_not_a_seat_score():
    """DB-R17: a colour scores P minus Q, so a Q that claims negative squares helps its team.
    A search player's rewards before the end (``standing``) must rank seats by their colour's
    score; by their own territory they would reward Q for losing its team points."""
    import random as _random

    from doppelnb.core.policy import gain_rewards, rewards
    from doppelnb.engines import doppel_doubt as _db
    from doppelnb.engines.doppel_doubt.scoring import colour_of, colour_scores

    start = _db.new_game(10, seed=3)
    state, rng = start, _random.Random(3)
    while not state.is_over and min(state.scores) >= 0:
        state = state.play(rng.choice(state.legal_actions()))
    assert min(state.scores) < 0, "no Q claimed a negative square in this game"
    colours = colour_scores(state.scores, state.identity)
    assert state.standing == tuple(colours[colour_of(d)] for d in state.identity)
    for seat, doppel in enumerate(state.identity):  # partners stand together
        partner = next(s for s, d in enumerate(state.identity)
                       if s != seat and colour_of(d) == colour_of(doppel))
        assert state.standing[seat] == state.standing[partner]
    for reward in (gain_rewards(start, state), rewards(state)):
        leaders = [s for s, r in enumerate(reward) if r > 0]
        best = max(colours.values())
        assert leaders and all(colours[colour_of(state.identity[s])] == best for s in leaders)
        assert len(leaders) % 2 == 0  # whole teams, never one partner alone
