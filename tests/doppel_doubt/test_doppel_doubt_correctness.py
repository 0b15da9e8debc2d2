"""Doppel Doubt, issue 11: rule defects (each with the rulebook line and digest id), immutable
boards, records that never open a path, documented limits, hidden information, conserved
quantities, and a table of hostile arguments that must all be ``BadInput``."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import random

import pytest

from doppelnb import BadInput, IllegalAction, RuleError
from doppelnb.core.data import load_data
from doppelnb.core.state import playout, random_policy
from doppelnb.engines import doppel_doubt as db
from doppelnb.engines.doppel_doubt.actions import Submission

I4 = db.shape_by_name("4-0")


def drive_to(state, want, plan=lambda s, seat, step: None):
    """Play first legal actions (or ``plan``'s) until ``want(state)`` holds."""
    while not want(state):
        seat = state.to_move
        action = plan(state, seat, state._step(seat))
        state = state.play(action if action is not None else state.legal_actions()[0])
    return state


# -- rule defects ------------------------------------------------------------------------------


def _light_step(seed=4):
    state = db.new_game(seed=seed, artefacts={"light": 3})
    return drive_to(state, lambda s: s.to_move == 3 and s._step(3)[0] == "light")


@pytest.mark.parametrize("target", [(20, 20), (17, 0), (0, 17), (-1, 0), (0, -1), (-17, -17)])
def test_db_r15_light_off_board_is_refused_and_nothing_changes(target):
    """DB-R15 (rulebook line 140: "a square it controls"): a Light target off the board (or a
    negative, wrapping coordinate) used to crash or pass the check and deadlock the round."""
    state = _light_step()
    before = state.to_json()
    with pytest.raises(RuleError) as err:
        state.play(["light", list(target)])
    assert err.value.rule in ("DB-R15", "NB-ARG")
    assert state.to_json() == before and state.legal_actions()
    after = drive_to(state, lambda s: s.round > state.round)       # the round still resolves
    assert after.round == state.round + 1 and not after.invariants()


def test_db_r15_light_on_an_own_square_still_works():
    state = _light_step()
    own = [a for a in state.legal_actions() if a[1] is not None]
    assert own, "the holder controls a square after round 1"
    nxt = state.play(own[0])
    done = drive_to(nxt, lambda s: s.round > state.round)
    assert done.board.is_zero(own[0][1])


def _guess_step(seed=5):
    state = db.new_game(seed=seed)
    return drive_to(state, lambda s: s.round == 10 and s._step(s.to_move)[0] == "guess")


def test_db_r16_each_colour_guess_names_other_seats():
    """DB-R16, rulebook lines 96 and 98: one guesses "the identities of the colours" and gains
    for "both players in a pair": a person has one colour, so the same pair (or seat) cannot be
    named for two colours."""
    state = _guess_step()
    seat = state.to_move
    first_colour = state._step(seat)[1]
    pair = next(a for a in state.legal_actions() if len(a[2]) == 2)
    state = state.play(pair)
    assert state.to_move == seat
    second = state._step(seat)[1]
    assert second != first_colour
    with pytest.raises(IllegalAction) as err:
        state.play(["guess", second, list(pair[2])])
    assert err.value.rule == "DB-R16"
    for action in state.legal_actions():
        assert not set(action[2]) & set(pair[2])


def test_check_placement_without_a_shape_needs_four_to_six_joined_squares():
    """DB-R8 (rulebook lines 56-58: shapes of 4, 5 or 6 connected squares): without ``shape``
    the squares themselves must form such a shape."""
    board = db.Board().set_owner([(0, 4), (0, 5)], "blue")
    assert board.check_placement("blue", [(0, 4), (0, 5), (0, 6), (0, 7)]).legal
    for cells in ([(0, 4), (0, 5), (0, 6), (2, 9)],                 # disconnected
                  [(0, 4), (0, 5)],                                 # too few
                  [(0, c) for c in range(4, 11)]):                  # too many
        with pytest.raises(BadInput) as err:
            board.check_placement("blue", cells)
        assert err.value.rule == "DB-R8"


# -- immutable boards --------------------------------------------------------------------------


def test_states_hold_frozen_boards_and_views_cannot_change_them():
    """Issue 11: 397 of 400 successive states shared one mutable board; now every state's board
    is frozen (immutable fields), so an old state can never change a later one."""
    states = list(playout(db.new_game(seed=9), random_policy, seed=9))[:400]
    for state in states[::37]:
        board = state.board
        assert board.is_frozen
        with pytest.raises(BadInput):
            board.set_owner([(0, 0)], "red")
        with pytest.raises(BadInput):
            board.set_zero((1, 1))
        with pytest.raises(BadInput):
            board.owner = (None,) * 289
        with pytest.raises((TypeError, AttributeError)):
            board.owner[0] = "red"              # a tuple
        with pytest.raises(TypeError):
            board.starts["P1"] = (0, 0)         # a read-only mapping
        view = state.view(state.to_move or 0)
        with pytest.raises(BadInput):
            view.board.set_owner([(0, 0)], "red")
        with pytest.raises(AttributeError):
            view.board = db.Board()                 # type: ignore[misc]  # a frozen View
        copy = view.board.copy()
        copy.set_owner([(0, 0)], "red")          # a copy is the caller's own
        assert state.board.owner_of((0, 0)) != "red" or board is not copy
    last = states[-1]
    assert db.from_json(last.to_json()) == last


def test_resolution_boards_are_frozen():
    board = db.Board().set_owner([(0, 4), (0, 5), (0, 6)], "red")
    res = db.resolve_placements(board, [(0, "red", 50, 50, [(0, 4), (0, 5), (0, 6), (0, 7)])])
    assert res.before.is_frozen and res.after.is_frozen and res.steps[0].board.is_frozen
    board.set_owner([(5, 5)], "blue")            # the caller's board stays the caller's
    assert res.before.owner_of((5, 5)) is None


# -- records and data files --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["/dev/zero", "/etc/passwd", "../doppel_doubt_board.json",
                                  "doppelnb/data/doppel_doubt_board.json", "no_such_board.json"])
def test_a_record_never_opens_a_path(name):
    """Issue 11: a record naming ``options.board`` made the package open a local path."""
    record = json.loads(db.new_game(seed=1).to_json())
    record["options"] = {"board": name}
    with pytest.raises(BadInput):
        db.from_json(json.dumps(record))


def test_a_users_board_file_is_recorded_inline(tmp_path):
    doc = load_data("doppel_doubt_board.json", "board")
    doc["values"][0][0] = -5 if doc["values"][0][0] != -5 else 5
    path = tmp_path / "my_board.json"
    path.write_text(json.dumps(doc))
    state = db.new_game(seed=2, board=path)
    assert state.board.value((0, 0)) == doc["values"][0][0]
    text = state.play(state.legal_actions()[0]).to_json()
    path.unlink()                                  # the replay needs no file
    assert db.from_json(text).board == state.board
    with pytest.raises(BadInput):
        db.new_game(seed=2, board=str(path))       # a string is only a shipped name


def test_duplicate_entries_in_a_board_file_are_refused(tmp_path):
    text = pathlib.Path(db.board.__file__).parent.parent.parent.joinpath(
        "data", "doppel_doubt_board.json").read_text()
    doubled = text.replace('"P1":', '"P1": [0, 0], "P1":', 1)
    assert doubled != text
    path = tmp_path / "doubled.json"
    path.write_text(doubled)
    with pytest.raises(BadInput) as err:
        db.Board(path)
    assert "twice" in str(err.value)


# -- limits and the header ----------------------------------------------------------------------


def test_one_sided_polyominoes_has_a_documented_limit():
    """Issue 11: ``one_sided_polyominoes(12)`` ran for minutes; sizes over 9 are refused (size 10
    took 2 s of CPU, past the fuzz test's bound for an answer or a refusal)."""
    from doppelnb.engines.doppel_doubt.shapes import MAX_ENUMERATED

    assert MAX_ENUMERATED == 9 and "at most ``MAX_ENUMERATED`` (9" in db.one_sided_polyominoes.__doc__
    assert len(db.one_sided_polyominoes(8)) == 704
    for size in (10, 11, 12, 10**9):
        with pytest.raises(BadInput) as err:
            db.one_sided_polyominoes(size)
        assert "9" in str(err.value)


@pytest.mark.parametrize("players", [10.0, True, "10", None, 8, 11, [10]])
def test_new_game_refuses_player_counts_other_than_ten(players):
    with pytest.raises(BadInput):
        db.new_game(players)
    assert db.PLAYER_COUNTS == (10,)


def test_unknown_options_and_bad_seeds_are_bad_input():
    for kwargs in ({"colour": "mauve"}, {"board2": 1}, {"seed": 1.5}, {"seed": True},
                   {"seed": "3"}, {"seed": -1}, {"rules": "default"}, {"board": 3},
                   {"board": {"not": "a board"}}, {"hands": "abc"}, {"identities": [1] * 10},
                   {"jester": ["red"]}, {"artefacts": {"light": 1.0}}, {"artefacts": [1]},
                   {"shapes_by_round": [[[[0, 0]] * 1000]]}, {"board": object()}):
        with pytest.raises(BadInput):
            db.new_game(**kwargs)


# -- hostile arguments: every public function -----------------------------------------------------


def _hostile_calls():
    state = db.new_game(seed=3)
    board = db.Board()
    over = None
    seats = list(db.DOPPELS)
    res = db.resolve_placements(board.copy().set_owner([(0, 0)], "red"), [])
    calls = [
        ("Board(rules)", lambda: db.Board(rules="x")),
        ("Board(data)", lambda: db.Board(12)),
        ("Board(path str)", lambda: db.Board("/etc/passwd")),
        ("Board(dir)", lambda: db.Board(pathlib.Path("/"))),
        ("set_owner cells", lambda: board.copy().set_owner("abc", "red")),
        ("set_owner colour", lambda: board.copy().set_owner([(0, 0)], "mauve")),
        ("set_owner off", lambda: board.copy().set_owner([(40, 0)], "red")),
        ("set_zero cell", lambda: board.copy().set_zero(5)),
        ("set_zero float", lambda: board.copy().set_zero((1.0, 2))),
        ("value off", lambda: board.value((17, 0))),
        ("value wrap", lambda: board.value((-1, 0))),
        ("owner_of", lambda: board.owner_of(None)),
        ("is_zero bool", lambda: board.is_zero((True, 0))),
        ("territory", lambda: board.territory(3)),
        ("check colour", lambda: board.check_placement(None, [(0, 0)])),
        ("check cells", lambda: board.check_placement("red", 7)),
        ("check huge", lambda: board.check_placement("red", [(0, i) for i in range(10**5)])),
        ("check shape", lambda: board.check_placement("red", [(0, 0)] * 4, "4-0")),
        ("legal_placements", lambda: board.legal_placements("red", "4-0")),
        ("count", lambda: board.count_legal_placements("red", None)),
        ("with_rules", lambda: board.with_rules({})),
        ("polyominoes float", lambda: db.one_sided_polyominoes(4.0)),
        ("polyominoes bool", lambda: db.one_sided_polyominoes(True)),
        ("polyominoes 0", lambda: db.one_sided_polyominoes(0)),
        ("shape_by_name", lambda: db.shape_by_name(None)),
        ("shape_by_name huge", lambda: db.shape_by_name("99-0")),
        ("shape_by_name index", lambda: db.shape_by_name("4-99")),
        ("Shape.from_cells", lambda: db.Shape.from_cells([(0, 0), "x"])),
        ("Shape.from_cells huge", lambda: db.Shape.from_cells([(0, i) for i in range(10**4)])),
        ("Shape.from_cells int", lambda: db.Shape.from_cells(5)),
        ("illustrative_shapes", lambda: db.illustrative_shapes(1.5)),
        ("deal_hands seed", lambda: db.deal_hands("x")),
        ("deal_hands mode", lambda: db.deal_hands(1, "any")),
        ("check_hands", lambda: db.check_hands([[1] * 10] * 10)),
        ("check_hands type", lambda: db.check_hands(None)),
        ("card_order", lambda: db.card_order([("a", "b", 3)], True)),
        ("card_order desc", lambda: db.card_order([], "yes")),
        ("check_dark", lambda: db.check_dark(50, 1.5)),
        ("check_dark card", lambda: db.check_dark(None, 1)),
        ("allocate_starts", lambda: db.allocate_starts([], {}, [])),
        ("allocate_starts cards", lambda: db.allocate_starts({"a": ["P1"]}, {"a": 3}, ["P1"])),
        ("draft_shapes", lambda: db.draft_shapes({"a": [0]}, {"a": (1, 1)}, 1.0)),
        ("resolve board", lambda: db.resolve_placements(None, [])),
        ("resolve placements", lambda: db.resolve_placements(board, [(0, "red")])),
        ("resolve seat", lambda: db.resolve_placements(board, [(True, "red", 1, 1, [])])),
        ("resolve lights", lambda: db.resolve_placements(board, [], lights=[("red", "x")])),
        ("resolve rules", lambda: db.resolve_placements(board, [], rules=1)),
        ("territory_scores", lambda: db.territory_scores(board, ["red-P"])),
        ("territory_scores board", lambda: db.territory_scores({}, seats)),
        ("colour_scores", lambda: db.colour_scores([1.5] * 10, seats)),
        ("guess_points", lambda: db.guess_points(seats, "mauve", [{}] * 10)),
        ("guess_points guesses", lambda: db.guess_points(seats, "red", [{"red": "xy"}] * 10)),
        ("adjust", lambda: db.adjust(1, "R", 0, 0)),
        ("adjust float", lambda: db.adjust(1.5, "P", 0, 0)),
        ("match_results", lambda: db.match_results(seats, "red", [0] * 10, [{}] * 10, [])),
        ("match_results territory", lambda: db.match_results(seats, "red", None, [{}] * 10,
                                                              [[0] * 10])),
        ("legal_counts", lambda: db.legal_counts(board, "red", ["4-0"])),
        ("legal_counts board", lambda: db.legal_counts("board", "red")),
        ("takeover_comparison", lambda: db.takeover_comparison(board, "red", variants=[1])),
        ("resolution_readings", lambda: db.resolution_readings(None)),
        ("resolution_readings flags", lambda: db.resolution_readings(res, [{"nope": 1}])),
        ("simulate games", lambda: db.simulate(10**9)),
        ("simulate float", lambda: db.simulate(2.0)),
        ("simulate policy", lambda: db.simulate(1, policy="clever")),
        ("simulate players", lambda: db.simulate(1, players=9)),
        ("simulate rules", lambda: db.simulate(1, rules={"deal_mode": "random"})),
        ("mid_game_board", lambda: db.mid_game_board(rounds=11)),
        ("mid_game_board seed", lambda: db.mid_game_board(seed=None)),
        ("greedy_policy", lambda: db.greedy_policy(None, random.Random(1))),
        ("greedy_policy rng", lambda: db.greedy_policy(state, 3)),
        ("play garbage", lambda: state.play(None)),
        ("play dict", lambda: state.play({"card": 3})),
        ("play nested", lambda: state.play(["card", [[[]]]])),
        ("play float card", lambda: state.play(["card", 12.0])),
        ("play place huge", lambda: state.play(["place", [[0, 0]] * 10**5])),
        ("view float", lambda: state.view(1.0)),
        ("view bool", lambda: state.view(True)),
        ("view str", lambda: state.view("1")),
        ("key", lambda: state.key(10)),
        ("seat_of", lambda: state.seat_of("mauve-P")),
        ("partner", lambda: state.partner(-1)),
        ("is_jester", lambda: state.is_jester(None)),
        ("results early", lambda: state.results()),
        ("step", lambda: state.step(1.5)),
        ("start_labels", lambda: state.start_labels(None)),
        ("determinize", lambda: db.determinize(state, 10, random.Random(1))),
        ("determinize rng", lambda: db.determinize(state, 1, None)),
        ("greedy over", lambda: db.greedy(None, random.Random(1))),
        ("parse_action text", lambda: db.parse_action("card lots")),
        ("parse_action long", lambda: db.parse_action("x" * 10**6)),
        ("from_json deep", lambda: db.from_json("[" * 100_000)),
        ("from_json type", lambda: db.from_json(None)),
        ("new_game float", lambda: db.new_game(10.0)),
    ]
    return calls, over


@pytest.mark.parametrize("index", range(len(_hostile_calls()[0])))
def test_hostile_arguments_are_bad_input(index):
    name, call = _hostile_calls()[0][index]
    with pytest.raises(RuleError) as err:
        call()
    if name != "results early":
        assert isinstance(err.value, BadInput), name


# -- hidden information and conserved quantities --------------------------------------------------

PRIVATE = {"seat", "you", "hand", "shape_to_place", "your_choice", "artefacts"}


def _scrambled(state, seat, rng):
    """``state`` with everything ``seat`` cannot see changed: the other seats' hands are
    exchanged, their secret submissions wiped, and the other seats' identities permuted."""
    others = [x for x in range(10) if x != seat]
    hands = list(state.hands)
    a, b = rng.sample(others, 2)
    hands[a], hands[b] = hands[b], hands[a]
    subs = tuple(s if x == seat else Submission() for x, s in enumerate(state.subs))
    to_place = tuple(s if x == seat else None for x, s in enumerate(state.to_place))
    identity = list(state.identity)
    moved = [identity[x] for x in others]
    rng.shuffle(moved)
    for x, d in zip(others, moved, strict=True):
        identity[x] = d
    return state._evolve(hands=tuple(hands), subs=subs, to_place=to_place,
                         identity=tuple(identity))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_views_show_nothing_a_seat_may_not_know(seed):
    """DB-R2, DB-A23: a view shows the seat's own identity, hand, shape and choices and the
    public board, shapes and past cards; changing anything hidden from the seat leaves its view
    (and the public view) equal."""
    rng = random.Random(seed)
    for n, state in enumerate(playout(db.new_game(seed=seed), random_policy, seed=seed)):
        if n % 23:
            continue
        public = state.view(None)
        fields = {f.name for f in dataclasses.fields(public)}
        assert fields == PRIVATE | {"round", "offered", "board", "played"}
        assert all(getattr(public, name) in (None, ()) for name in PRIVATE)   # onlookers
        for seat in range(10):
            view = state.view(seat)
            assert view.seat == seat and view.round == public.round
            assert view.board is public.board and view.played == public.played
            assert view.you == state.identity[seat] and view.hand == state.hands[seat]
            assert view.your_choice == state.subs[seat]
            others = {state.identity[x] for x in range(10) if x != seat}
            assert not any(d in repr(view) for d in others), "another seat's Doppel leaked"
            other = _scrambled(state, seat, rng)
            assert other.view(seat) == view
            assert other.view(None) == public


@pytest.mark.parametrize("seed", [3, 4])
def test_invariants_hold_in_random_games_and_catch_a_broken_state(seed):
    state = None
    for state in playout(db.new_game(seed=seed, artefacts={"light": 1, "dark": 2}),
                         random_policy, seed=seed):
        assert state.invariants() == (), state.invariants()
    assert state.is_over
    broken = state._evolve(hands=((1,),) + state.hands[1:])
    assert any("cards" in v for v in broken.invariants())
    mid = db.new_game(seed=seed)
    mid = drive_to(mid, lambda s: s.round == 3)
    assert any("scores" in v for v in mid._evolve(territory_log=()).invariants())
