"""The digest's worked examples as ready values, and the seeded cases of the golden records.

>>> e2_round_one().starts_taken["red-P"]                            # DB-E2: red-P takes P3
'P3'
>>> e4_board().check_placement("blue", [(0, 4), (0, 5), (0, 6), (0, 7)]).reasons          # DB-E4
('DB-R13',)
>>> from doppelnb.engines.doppel_doubt import territory_scores
>>> territory_scores(e7_board(), DOPPELS)[:2]                       # DB-E7: red-P 9, red-Q -6
(9, -6)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.checks import check_int, check_sequence
from ...core.errors import BadInput, RuleError
from ...core.record import GoldenCase
from ...core.render import Html, html_table
from ...core.render import refusals_table as core_refusals_table
from .actions import Place
from .board import Board
from .claims import Resolution, resolve_placements
from .notation import SIZE
from .rules import (
    DOPPELS,
    Rules,
    card_order,
    check_dark,
    draft_shapes,
    partner_of,
)
from .scoring import Results, adjust, colour_scores, guess_points, match_results, territory_scores
from .shapes import reflect, shape_by_name
from .state import State, new_game

#: DB-E2: the P-Doppels' cards and rankings of the P squares.
E2_CARDS = {"red-P": 88, "blue-P": 61, "purple-P": 47, "green-P": 30, "yellow-P": 12}
E2_RANKS = {"red-P": "P3 P1 P2 P4 P5 P6", "blue-P": "P3 P2 P1 P4 P5 P6",
            "purple-P": "P2 P3 P1 P4 P5 P6", "green-P": "P1 P2 P3 P5 P4 P6",
            "yellow-P": "P5 P1 P2 P3 P4 P6"}


def e1_hands() -> list[list[int]]:
    """DB-E1: hand i takes 10k + ((i + k) mod 10) + 1 from each block k: sums 505."""
    return [[10 * k + (i + k) % 10 + 1 for k in range(10)] for i in range(10)]


def _e2_hands() -> list[list[int]]:
    """An E1 deal re-ordered so that each P-Doppel of DB-E2 holds the card it plays."""
    base = e1_hands()
    owner = {c: i for i, h in enumerate(base) for c in h}
    perm = list(range(10))
    for doppel, card in E2_CARDS.items():
        seat, hand_index = DOPPELS.index(doppel), owner[card]
        j = perm.index(hand_index)
        perm[seat], perm[j] = perm[j], perm[seat]
    return [base[perm[s]] for s in range(10)]


def e2_round_one() -> State:
    """DB-E2: round 1 played with the example's cards and rankings (seat i is ``DOPPELS[i]``);
    red-P P3, blue-P P2, purple-P P1, green-P P5, yellow-P P4, and P6 becomes a Zero space."""
    state = new_game(seed=3, hands=_e2_hands(), identities=list(DOPPELS), jester="yellow")
    while state.round == 1:
        seat = state.to_move
        assert seat is not None
        doppel = state.identity[seat]
        step = state.step(seat)
        assert step is not None
        if step[0] == "card" and doppel in E2_CARDS:
            state = state.play(["card", E2_CARDS[doppel]])
        elif step[0] == "start" and doppel in E2_RANKS:
            state = state.play(["start", E2_RANKS[doppel].split()[len(state.subs[seat].starts)]])
        else:
            state = state.play(state.legal_actions()[0])
    return state


def e4_board() -> Board:
    """DB-E4: Blue holds (0, 4) and (0, 5), Red (0, 6); a straight tetromino on (0, 4)-(0, 7) has
    only 2 of 4 squares on Blue, so its takeover of Red's square is illegal (DB-R13)."""
    return Board().set_owner([(0, 4), (0, 5)], "blue").set_owner([(0, 6)], "red").frozen()


def e6_board() -> Board:
    """DB-E6: Green has claimed the Zero space (0, 6); only Green may cover it (DB-R12)."""
    board = Board().set_owner([(0, 4), (0, 5)], "green").set_owner([(0, 9)], "yellow")
    return board.set_zero((0, 6), owner="green").frozen()


def e7_board() -> Board:
    """DB-E7: Red holds squares worth +5, +3, +1, -4, -2, 0 and two starting squares (worth 0):
    red-P scores 9, red-Q -6, the colour 15."""
    board = Board()
    used: set[int] = set()
    cells = []
    for v in (5, 3, 1, -4, -2, 0):
        i = next(i for i, p in enumerate(board.printed) if p == v and i not in used)
        used.add(i)
        cells.append(divmod(i, SIZE))
    board.set_owner(cells, "red")
    board.set_owner([board.starts["P1"], board.starts["Q1"]], "red")
    return board.frozen()


#: DB-E3: the cards of round 3 (yellow-P lowest with 12, green-Q 20, ..., red-Q highest with 95).
E3_CARDS = {"yellow-P": 12, "green-Q": 20, "red-P": 33, "blue-P": 41, "blue-Q": 57,
            "yellow-Q": 64, "green-P": 70, "purple-P": 78, "purple-Q": 86, "red-Q": 95}


def e3_draft() -> list[tuple[int, str, int, int, str]]:
    """DB-E3: the shape draft of round 3, lowest card first (DB-R8). Every Doppel ranks shape 7
    first (then the others in a seat-dependent order); rows are (turn, Doppel, card, shape
    received, the partner it goes to).

    >>> e3_draft()[0], e3_draft()[-1][:3]
    ((1, 'yellow-P', 12, 7, 'yellow-Q'), (10, 'red-Q', 95))
    """
    rankings = {d: [7] + [(k + i) % 10 for k in range(10) if (k + i) % 10 != 7]
                for i, d in enumerate(E3_CARDS)}
    cards = {d: (c, c) for d, c in E3_CARDS.items()}
    got = draft_shapes(rankings, cards, 10)
    order = card_order([(d, c, c) for d, c in E3_CARDS.items()], descending=False)
    return [(turn, d, E3_CARDS[d], got[d], partner_of(d))
            for turn, (d, *_) in enumerate(order, start=1)]


#: DB-E5: square X and the two placements that both cover it.
E5_X = (5, 5)
E5_RED = ((3, 5), (4, 5), (5, 5), (5, 6))        # red-Q, card 90: an L through X
E5_BLUE = ((7, 5), (6, 5), (5, 5), (5, 4))       # blue-P, card 40: a J through X


def e5_resolution(red_card: int = 90, blue_card: int = 40) -> Resolution:
    """DB-E5: red-Q (card 90) and blue-P (card 40) both cover the unclaimed square X = (5, 5);
    red resolves first and claims X, blue keeps its other squares (DB-R11, DB-A9). Other cards
    (``red_card``, ``blue_card``, different whole numbers from 1 to 100) replay it.

    >>> res = e5_resolution()
    >>> res.after.owner_of(E5_X), [len(s.claimed) for s in res.steps], res.steps[1].ignored
    ('red', [3, 2], ((5, 5),))
    """
    red_card = check_int(red_card, "red_card", 1, 100)
    blue_card = check_int(blue_card, "blue_card", 1, 100)
    if red_card == blue_card:
        raise BadInput("DB-R4", f"the two cards must differ, got {red_card} twice")
    board = Board().set_owner([(3, 5)], "red").set_owner([(7, 5)], "blue")
    return resolve_placements(board, [(1, "red", red_card, red_card, E5_RED),
                                      (2, "blue", blue_card, blue_card, E5_BLUE)])


def e6_story() -> list[tuple[str, str]]:
    """DB-E6 in three moves on a small board: green claims an unclaimed Zero space, then a yellow
    shape over it is illegal and a green one is legal (DB-R12). Rows are (move, engine's word).

    >>> [row[1].split(":")[0] for row in e6_story()]
    ['claimed for green, still a Zero space', 'illegal for yellow', 'legal for green']
    """
    board = Board().set_owner([(0, 4), (0, 5)], "green").set_owner([(0, 9)], "yellow")
    board.set_zero((0, 6))
    res = resolve_placements(board, [(6, "green", 30, 30, [(0, 3), (0, 4), (0, 5), (0, 6)])])
    after = res.after
    zero = "still a Zero space" if after.is_zero((0, 6)) else "no longer a Zero space"
    rows = [("round 2: green covers the unclaimed Zero space (0, 6)",
             f"claimed for {after.owner_of((0, 6))}, {zero}: worth {after.value((0, 6))}")]
    yellow = after.check_placement("yellow", [(0, 6), (0, 7), (0, 8), (0, 9)])
    rows.append(("round 5: yellow places (0, 6)-(0, 9)", str(yellow)))
    green = after.check_placement("green", [(0, 5), (0, 6), (0, 7), (0, 8)])
    rows.append(("round 5: green places (0, 5)-(0, 8)", str(green)))
    return rows


def e8_results(rules: Rules | None = None) -> Results:
    """DB-E8: red-P names the Blue pair and the Jester pair (yellow); territory as in DB-E7 for
    red, blue-P 3 and blue-Q -12 (seat i is ``DOPPELS[i]``).

    >>> e8_results().final[:4], e8_results().colour_scores["red"]
    ((24, -6, 0, -7), 30)
    """
    territory = [9, -6, 3, -12, 1, -1, 6, -2, 4, -8]      # green and purple: no ties
    guesses: list[dict[str, Any]] = [{} for _ in DOPPELS]
    guesses[0] = {"blue": (2, 3), "yellow": (4, 5)}
    return match_results(DOPPELS, "yellow", territory, guesses, [territory] * 10,
                         rules if rules is not None else Rules())


def e9_rows() -> list[tuple[str, str]]:
    """DB-E9: the Power of Dark's range from 75, and the tie 40 -> 70 against a played 70.

    >>> e9_rows()[1][1]
    'B (played 70) before A (played 40, changed to 70)'
    """
    low, high = check_dark(75, -30), check_dark(75, 26)
    entries = [("A (played 40, changed to 70)", check_dark(40, 30), 40), ("B (played 70)", 70, 70)]
    rows = [("75 changed by up to 30, inside 0..101", f"any card from {low} to {high}")]
    for name, descending in (("descending order (starts, placements)", True),
                             ("ascending order (the shape draft)", False)):
        order = card_order(entries, descending)
        rows.append((name, f"{order[0][0]} before {order[1][0]}"))
    return rows


E10_TERRITORY = (20, -19, 21, -18, 1, -1, 4, -11, 17, -20)


def e10_results(green_q: int = -11) -> Results:
    """DB-E10: green has the lowest colour score; green-P (4) is closest to zero and named its
    partner, green-Q named no one, so green-P escapes and green-Q becomes the Elimination
    Candidate. With ``green_q=-22`` green-Q also wins the Token of Life for the largest distance
    from zero, so the escape check is skipped (DB-R19). Yellow are the Jesters.

    >>> [DOPPELS[s] for s in e10_results().candidates], e10_results().escaped
    (['green-Q'], (6,))
    >>> [DOPPELS[s] for s in e10_results(-22).candidates], e10_results(-22).escaped
    (['green-P'], ())
    """
    territory = list(E10_TERRITORY)
    territory[7] = green_q
    guesses: list[dict[str, Any]] = [{} for _ in DOPPELS]
    guesses[6] = {"green": (7,)}                      # green-P names its partner
    return match_results(DOPPELS, "yellow", territory, guesses, [territory] * 10)


def guess_rows() -> list[tuple[str, str, str]]:
    """DB-R16 one guess at a time (seat i is ``DOPPELS[i]``, yellow are the Jesters): rows of
    (the guess, the guesser's benefit, the detriment each named seat suffers).

    >>> [row[1] for row in guess_rows()]
    ['+5', '+5', '+10', '+0', '+0']
    """
    cases: list[tuple[str, int, dict[str, Any]]] = [
        ("red-P names its partner red-Q", 0, {"red": (1,)}),
        ("red-P names both blue Doppels", 0, {"blue": (2, 3)}),
        ("red-P names both Jesters (yellow)", 0, {"yellow": (4, 5)}),
        ("red-P names blue-P and green-P as the blue pair", 0, {"blue": (2, 6)}),
        ("red-P names blue-P alone as blue", 0, {"blue": (2,)}),
    ]
    rows = []
    for text, seat, guess in cases:
        guesses: list[dict[str, Any]] = [{} for _ in DOPPELS]
        guesses[seat] = guess
        benefit, detriment = guess_points(DOPPELS, "yellow", guesses)
        hit = ", ".join(f"{DOPPELS[s]} -{d}" for s, d in enumerate(detriment) if d)
        rows.append((text, f"+{benefit[seat]}", hit or "none"))
    return rows


def light_example() -> Resolution:
    """DB-R15: green holds (3, 6) and (3, 7) and places a straight tetromino from (3, 7); at the
    end of the round its Power of Light turns (3, 7), printed +5, into a green Zero space worth 0.

    >>> res = light_example()
    >>> res.before.value((3, 7)), res.after.is_zero((3, 7)), res.after.value((3, 7)), res.lights
    (5, True, 0, (('green', (3, 7), True),))
    """
    board = Board().set_owner([(3, 6), (3, 7)], "green")
    return resolve_placements(board, [(6, "green", 50, 50, [(3, 7), (3, 8), (3, 9), (3, 10)])],
                              lights=[("green", (3, 7))])


#: What each kind of submission does, in words (``actions_by_round(..., words=True)``).
ACTION_WORDS = {"card": "plays a card", "start": "ranks the starting squares",
                "shape": "ranks the shapes", "place": "places a shape",
                "guess": "names who holds each colour", "light": "uses Light",
                "dark": "uses Dark"}


def actions_by_round(states: Sequence[State], seat: int = 0, *, words: bool = False
                     ) -> list[tuple[int, str]]:
    """For a played match (the states of a playout), what ``seat`` submitted in each round: the
    round schedule of DB-R5 read off a real record. ``words=True`` says it in words ("ranks the
    shapes, 9 picks") instead of the actions' names ("shape x9").

    >>> from doppelnb.core.state import playout
    >>> from doppelnb.engines.doppel_doubt import greedy_policy
    >>> rows = actions_by_round(list(playout(new_game(seed=2), greedy_policy, seed=2)))
    >>> rows[0], rows[-1]
    ((1, 'card, start x5, shape x9'), (10, 'card, place, guess x5'))
    >>> actions_by_round(list(playout(new_game(seed=2), greedy_policy, seed=2)), words=True)[1]
    (2, 'plays a card; ranks the shapes (9 picks); places a shape')
    """
    states = check_sequence(states, "states", min_len=2, max_len=100_000)
    kinds: dict[int, list[str]] = {}
    for before, after in zip(states, states[1:], strict=False):
        if before.to_move != seat:
            continue
        action = after.actions[-1]
        kinds.setdefault(before.round, []).append(str(action[0]))
    rows = []
    for r, seen in sorted(kinds.items()):
        parts: list[str] = []
        for kind in dict.fromkeys(seen):
            n = seen.count(kind)
            if words:
                said = ACTION_WORDS.get(kind, kind)
                parts.append(said if n == 1 else f"{said} ({n} picks)")
            else:
                parts.append(kind if n == 1 else f"{kind} x{n}")
        rows.append((r, "; ".join(parts) if words else ", ".join(parts)))
    return rows


def _says(fn: Any) -> str:
    """What the engine answers: its verdict or result, or the refusal with its rule id."""
    try:
        return str(fn())
    except RuleError as err:
        return f"refused: {err}"


def edge_cases() -> list[tuple[str, str, str]]:
    """The digest's test cases that teach (DB-T4..DB-T17), each run through the engine: rows of
    (test id, the case, what the engine says).

    >>> [row[0] for row in edge_cases()][:3]
    ['DB-T4', 'DB-T5', 'DB-T5']
    """
    row = [(0, c) for c in range(4)]
    blue = Board().set_owner([(0, 0)], "blue")
    two = Board().set_owner([(0, 0), (0, 1)], "blue").set_owner([(0, 2), (0, 3)], "red")
    three = Board().set_owner([(0, 0), (0, 1), (0, 2)], "blue").set_owner([(0, 3)], "red")
    six = [(0, c) for c in range(6)]
    own3 = Board().set_owner([(0, 0), (0, 1), (0, 2)], "blue")
    own3_red = own3.copy().set_owner([(0, 3)], "red")
    zeros = Board().set_owner([(1, 0), (1, 1)], "blue").set_zero((0, 0), owner="red")
    zeros.set_zero((0, 2), owner="blue").set_zero((0, 1))
    l4 = shape_by_name("4-1")
    mirrored = [(2 + r, 2 + c) for r, c in reflect(l4.key)]
    lit = resolve_placements(Board().set_owner([(4, 4), (4, 5)], "green"), [],
                             lights=[("green", (4, 4))]).after
    negative = Board()
    neg_cells = [divmod(i, SIZE) for i, v in enumerate(negative.printed)
                 if v is not None and v < 0][:3]
    negative.set_owner(neg_cells, "purple")
    neg_scores = territory_scores(negative, DOPPELS)
    jester_guess: list[dict[str, Any]] = [{} for _ in DOPPELS]
    jester_guess[0] = {"yellow": (4, 5)}
    tied = [5, -5, 6, -4, 0, 0, 1, -1, 2, -2]
    r9 = [5, -5, 4, -4, 0, 0, 1, -1, 2, -2]
    tie = match_results(DOPPELS, "yellow", tied, [{}] * 10, [r9, tied])
    first = new_game(seed=1)
    cases: list[tuple[str, str, Any]] = [
        ("DB-T4", "a tetromino with no own square", lambda: blue.check_placement(
            "blue", [(5, c) for c in range(4)])),
        ("DB-T5", "4 squares: 2 own + 2 red", lambda: two.check_placement("blue", row)),
        ("DB-T5", "4 squares: 3 own + 1 red", lambda: three.check_placement("blue", row)),
        ("DB-T6", "6 squares: 3 own + 3 unclaimed", lambda: own3.check_placement("blue", six)),
        ("DB-T6", "6 squares: 3 own + 1 red + 2 unclaimed",
         lambda: own3_red.check_placement("blue", six)),
        ("DB-T7", "covering red's claimed Zero space", lambda: zeros.check_placement(
            "blue", [(0, 0), (1, 0), (1, 1), (1, 2)])),
        ("DB-T7", "covering blue's own claimed Zero space", lambda: zeros.check_placement(
            "blue", [(0, 2), (1, 2), (1, 1), (1, 3)])),
        ("DB-T7", "covering an unclaimed Zero space", lambda: zeros.check_placement(
            "blue", [(0, 1), (1, 1), (1, 2), (1, 3)])),
        ("DB-T8", "the L tetromino mirrored (a J)", lambda: Board().set_owner(
            mirrored, "blue").check_placement("blue", mirrored, l4)),
        ("DB-T10", "Power of Dark: 95 + 30", lambda: check_dark(95, 30)),
        ("DB-T10", "Power of Dark: 95 + 6", lambda: check_dark(95, 6)),
        ("DB-T10", "Power of Dark: 10 - 30", lambda: check_dark(10, -30)),
        ("DB-T11", "Power of Light on green's (4, 4), then red takes it over",
         lambda: lit.copy().set_owner([(3, 4), (3, 5), (3, 6)], "red").check_placement(
             "red", [(3, 4), (3, 5), (3, 6), (4, 4)])),
        ("DB-T12", "purple holds only negative squares",
         lambda: (f"purple-P {neg_scores[8]}, purple-Q {neg_scores[9]}, colour score "
                  f"{colour_scores(neg_scores, DOPPELS)['purple']}")),
        ("DB-T13", "a detriment of 5 to P = 3 and to Q = -2",
         lambda: f"P becomes {adjust(3, 'P', 0, 5)}, Q becomes {adjust(-2, 'Q', 0, 5)}"),
        ("DB-T14", "red-P names the Jester pair (yellow)",
         lambda: f"red-P gains {guess_points(DOPPELS, 'yellow', jester_guess)[0][0]}"),
        ("DB-T16", "red and blue tie at 10 after round 10; red led 10 to 8 after round 9",
         lambda: f"team Token of Life: {', '.join(tie.team_winners)}"),
        ("DB-T17", "round 1: what may seat 0 do first?",
         lambda: f"{(first.step(0) or ('nothing',))[0]}; a placement now is "
                 f"{_says(lambda: first.play(['place', [[0, 0], [0, 1], [0, 2], [0, 3]]]))}"),
        ("bad input", "playing card 1000", lambda: first.play(["card", 1000])),
    ]
    return [(i, case, _says(fn)) for i, case, fn in cases]


def _at_step(state: State, kind: str) -> State:
    """The first state, playing each seat's first legal action from ``state``, at which the
    seat to move must make a choice of ``kind`` (a seeded game, so always the same state)."""
    while state.to_move is None or (state.step(state.to_move) or ("",))[0] != kind:
        state = state.play(state.legal_actions()[0])
    return state


def _refusals() -> list[tuple[str, Any]]:
    """(what is tried, the attempt): one refusal for each rule id Doppel Doubt refuses with,
    each on a state reached by playing a seeded game (the Artefacts dealt, so the Power of
    Light and the Power of Dark have their steps)."""
    first = new_game(seed=1, artefacts={"light": 0, "dark": 1})
    seat = first.to_move
    assert seat is not None
    missing = next(c for c in range(1, 101) if c not in first.hands[seat])
    ranking = _at_step(first, "start")
    letter = ranking.identity[ranking.to_move or 0][-1]
    other = "P1" if letter == "Q" else "Q1"
    shapes = _at_step(ranking, "shape")
    dark = _at_step(shapes, "dark")
    placing = _at_step(dark, "place")
    cells = next(a.cells for a in placing.legal_actions() if isinstance(a, Place))
    away = [[r + 12, c] for r, c in cells]       # the same shape, far from its own territory
    light = _at_step(placing, "light")
    guessing = _at_step(light, "guess")
    colour = (guessing.step(guessing.to_move or 0) or ("", ""))[1]
    who = guessing.to_move

    return [
        (f"seat {seat} places a shape before playing a card",
         lambda: first.play(["place", [[0, 0], [0, 1], [0, 2], [0, 3]]])),
        (f"seat {seat} plays card {missing}, not in its hand",
         lambda: first.play(["card", missing])),
        (f"a {letter} Doppel ranks the starting square {other}",
         lambda: ranking.play(["start", other])),
        ("ranking shape 10 (the shapes are numbered 0 to 9)", lambda: shapes.play(["shape", 10])),
        ("stopping the shape ranking after one shape", lambda: shapes.play(["shapes_done"])),
        ("the Power of Dark changes a card by +31", lambda: dark.play(["dark", 31])),
        ("forfeiting the placement when a legal one exists", lambda: placing.play(["forfeit"])),
        ("placing the shape far from the seat's own territory",
         lambda: placing.play(["place", away])),
        ("the Power of Light on (16, 16), a square the holder does not control",
         lambda: light.play(["light", [16, 16]])),
        (f"seat {who} names itself as one of the {colour} pair",
         lambda: guessing.play(["guess", colour, [who]])),
        ("asking for the results in round 1", first.results),
        ("a square off the 17x17 board", lambda: Board().set_owner([(17, 0)], "blue")),
        ("a game for 9 players", lambda: new_game(9)),
    ]


def rulebook_examples_table() -> Html:
    """DB-E1..DB-E10: what the digest's worked example says, what the engine computes, and
    whether they agree, each recomputed here through the engine (a dealt game, a played round,
    a board's verdict, a resolution, the scoring)."""
    rows: list[tuple[str, str, str, bool]] = []

    sums = {sum(hand) for hand in new_game(seed=1, hands=e1_hands()).hands}
    first = sorted(e1_hands()[0])
    rows.append(("DB-E1", "every hand sums to 505; hand 0 is 1, 12, 23, ..., 100",
                 f"a game dealt these hands: sums {sorted(sums)}, hand 0 {first}",
                 sums == {505} and first == [10 * k + k + 1 for k in range(10)]))

    round_one = e2_round_one()
    starts = {d: round_one.starts_taken[d] for d in E2_CARDS}
    p6 = round_one.board.is_zero(round_one.board.starts["P6"])
    rows.append(("DB-E2", "red-P P3, blue-P P2, purple-P P1, green-P P5, yellow-P P4; P6 a Zero "
                 "space", ", ".join(f"{d} {p}" for d, p in starts.items())
                 + ("; P6 a Zero space" if p6 else "; P6 not a Zero space"),
                 starts == {"red-P": "P3", "blue-P": "P2", "purple-P": "P1", "green-P": "P5",
                            "yellow-P": "P4"} and p6))

    draft = e3_draft()
    shapes = {row[3] for row in draft}
    rows.append(("DB-E3", "yellow-P (12) picks first and takes S7, given to yellow-Q; red-Q (95) "
                 "picks last and receives the one shape left",
                 f"{draft[0][1]} takes S{draft[0][3]} for {draft[0][4]}; {draft[-1][1]} picks "
                 f"last, receives S{draft[-1][3]} ({len(shapes)} shapes handed out)",
                 draft[0][1:] == ("yellow-P", 12, 7, "yellow-Q") and draft[-1][1] == "red-Q"
                 and len(shapes) == len(draft)))

    line = [(0, 4), (0, 5), (0, 6), (0, 7)]
    verdicts = [e4_board().check_placement("blue", line),
                Board().set_owner(line[:3], "blue").set_owner(line[3:], "red")
                .check_placement("blue", line),
                Board().set_owner(line[:1], "blue").check_placement("blue", line)]
    rows.append(("DB-E4", "2 of 4 on Blue touching Red: illegal; 3 of 4: legal; 1 of 4 and no "
                 "takeover: legal", "; ".join(str(v).split(":")[0] for v in verdicts),
                 [v.legal for v in verdicts] == [False, True, True]))

    res = e5_resolution()
    blue = res.steps[1]
    rows.append(("DB-E5", "red-Q (90) claims X; blue-P's claim on X is ignored, its other "
                 "squares claimed", f"X is {res.after.owner_of(E5_X)}'s; blue ignored on "
                 f"{list(blue.ignored)}, claimed {len(blue.claimed)} other squares",
                 res.after.owner_of(E5_X) == "red" and blue.ignored == (E5_X,)
                 and len(blue.claimed) > 0))

    story = [said.split(":")[0] for _, said in e6_story()]
    rows.append(("DB-E6", "green claims the Zero space; a yellow shape over it is illegal, a "
                 "green one legal", "; ".join(story),
                 story == ["claimed for green, still a Zero space", "illegal for yellow",
                           "legal for green"]))

    territory = territory_scores(e7_board(), DOPPELS)
    red = colour_scores(territory, DOPPELS)["red"]
    rows.append(("DB-E7", "red-P 9, red-Q -6, red's colour score 15",
                 f"red-P {territory[0]}, red-Q {territory[1]}, red {red}",
                 territory[:2] == (9, -6) and red == 15))

    e8 = e8_results()
    rows.append(("DB-E8", "red-P 24, red-Q -6, blue-P 0, blue-Q -7; red's colour score 30",
                 f"red-P {e8.final[0]}, red-Q {e8.final[1]}, blue-P {e8.final[2]}, blue-Q "
                 f"{e8.final[3]}; red {e8.colour_scores['red']}",
                 tuple(e8.final[:4]) == (24, -6, 0, -7) and e8.colour_scores["red"] == 30))

    dark = [said for _, said in e9_rows()]
    rows.append(("DB-E9", "75 may become 45 to 101; B (70) before A (40 -> 70) descending, A "
                 "before B ascending", "; ".join(dark),
                 dark == ["any card from 45 to 101",
                          "B (played 70) before A (played 40, changed to 70)",
                          "A (played 40, changed to 70) before B (played 70)"]))

    escape, skipped = e10_results(), e10_results(-22)
    named = [[DOPPELS[s] for s in r.candidates] for r in (escape, skipped)]
    rows.append(("DB-E10", "green-P escapes, green-Q becomes the Elimination Candidate; with "
                 "green-Q's Token of Life the check is skipped and green-P stays",
                 f"candidate {', '.join(named[0])}; with the Token: {', '.join(named[1])}",
                 named == [["green-Q"], ["green-P"]] and not skipped.escaped))

    return Html(html_table(["example", "the digest says", "the engine computes", "agree?"],
                           [[i, says, got, "yes" if ok else "NO"] for i, says, got, ok in rows],
                           caption="the worked examples, recomputed by the engine"))


def refusals_table() -> Html:
    """What the engine refuses, with the rule id and the sentence it gives: each row is the
    engine's own answer to the attempt (a refused move changes nothing). :func:`edge_cases`
    runs the digest's test cases, most of which are verdicts rather than refusals."""
    return core_refusals_table(_refusals())


#: Seeded games kept as golden records (tests/golden/doppel_doubt/): the default reading and the
#: main alternative readings of the takeover (DB-A5, DB-A7) and claim timing (DB-A8, DB-A9),
#: each far enough (300 actions) to reach the placements of round 2.
GOLDEN = (
    GoldenCase("default-seed1", 10, 1),
    GoldenCase("default-seed2", 10, 2, policy_seed=5),
    GoldenCase("own-more-than-enemy", 10, 3,
               rules={"takeover_rule": "own_more_than_enemy", "illegal_takeover":
                      "skip_enemy_squares"}),
    GoldenCase("resolution-time-whole-shape", 10, 4,
               rules={"legality_time": "resolution", "partial_claims": False},
               options={"artefacts": {"light": 0, "dark": 1}}),
)

__all__ = ["E2_CARDS", "E2_RANKS", "E3_CARDS", "E5_X", "E5_RED", "E5_BLUE", "E10_TERRITORY",
           "e1_hands", "e2_round_one", "e3_draft", "e4_board", "e5_resolution", "e6_board",
           "e6_story", "e7_board", "e8_results", "e9_rows", "e10_results", "actions_by_round", "ACTION_WORDS",
           "edge_cases", "refusals_table", "rulebook_examples_table", "guess_rows", "light_example",
           "GOLDEN"]
