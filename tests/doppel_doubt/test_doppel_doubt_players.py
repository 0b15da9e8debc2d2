

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
