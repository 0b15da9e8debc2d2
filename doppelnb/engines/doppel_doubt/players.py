"""Players beyond random for Doppel Doubt: a greedy one-move heuristic, a determinizer for
information-set search and the fast random playout a search runs to the end of the game.

- :func:`greedy` plays random cards and shape rankings, ranks starting squares by the total
  |value| around them and places each shape where it claims the most |value| (a colour scores the
  gap P - Q, so positive and negative squares are both worth taking); no guesses, no artefacts.
- :func:`determinize` builds a state consistent with what one seat has seen (its view), with every
  hidden part resampled: the other seats' Doppels and the Jester colour, their hands, the shapes
  they hold, the parts of this round's secret choices they have already made, the shapes of the
  rounds not yet revealed, and the seed of every later chance event.
- :func:`playout`: the random playout of ``GameSpec.playout`` (the game the plain loop of
  random legal actions plays, without its intermediate states; see its docstring).

>>> import random
>>> from doppelnb.engines.doppel_doubt import new_game
>>> state = new_game(seed=3)
>>> greedy(state, random.Random(1)) in state.legal_actions()
True
>>> guess = determinize(state, 0, random.Random(2))
>>> guess.identity[0] == state.identity[0] and guess.hands[0] == state.hands[0]
True
"""

from __future__ import annotations

import random
from typing import Any, cast

from ...core.chance import MAX_SEED
from ...core.checks import check_instance, check_seat
from ...core.errors import BadInput
from ...core.state import ActionLog
from .actions import EMPTY, Action, Dark, Forfeit, Guess, Jester, Light, Place, ShapesDone
from .apply import Apply, replaced, revised
from .legal import CARD_ACTIONS, SHAPE_ACTIONS, first_mover, legal_for, step_of
from .options import illustrative_pool
from .placing import draw_legal_cells
from .rules import COLOURS, DOPPELS, ROUNDS, SHAPES_PER_ROUND, SIZE, colour_of, partner_of
from .state import State

#: The actions the playout draws without a listing.
DONE = ShapesDone("shapes_done")
FORFEIT = Forfeit("forfeit")


def greedy(state: State, rng: random.Random) -> Action:
    """The greedy player's action for the seat to move (see the module docstring)."""
    check_instance(state, "state", State, expected="a doppel_doubt State")
    check_instance(rng, "rng", random.Random, expected="a random.Random")
    seat = state.to_move
    if seat is None:
        raise BadInput("NB-ARG", "the game is over: there is no action to choose")
    step = state._step(seat)
    assert step is not None
    actions: list[Any] = state.legal_actions()
    kind = step[0]
    if kind == "dark":
        return Dark("dark", 0)
    if kind == "light":
        return Light("light", None)
    if kind == "guess":
        return Guess("guess", step[1], ())
    if kind == "jester":
        return Jester("jester", None)
    board = state.board
    if kind == "start":
        def around(label: str) -> int:
            r, c = board.starts[label]
            return sum(abs(board.values[i * SIZE + j])
                       for i in range(max(0, r - 2), min(SIZE, r + 3))
                       for j in range(max(0, c - 2), min(SIZE, c + 3)))
        return cast(Action, max(actions, key=lambda a: (around(a[1]), rng.random())))
    if kind == "place" and actions[0][0] == "place":
        key = state.key(seat)
        gain = [0 if o == key else abs(v) for o, v in zip(board.owner, board.values, strict=True)]
        # Off-board cells (allowed under allow_offboard, DB-A13) gain nothing.
        return cast(Action, max(actions, key=lambda a: (
            sum(gain[r * SIZE + c] for r, c in a[1] if 0 <= r < SIZE and 0 <= c < SIZE),
            rng.random())))
    return cast(Action, rng.choice(actions))


greedy_policy = greedy


def _progress(state: State, seat: int) -> int:
    """How many parts of this round's choice ``seat`` has made (public: the order of play)."""
    s = state.subs[seat]
    return ((s.card is not None) + (s.dark is not None) + len(s.starts) - (
        1 if s.starts_done and len(s.starts) > 1 else 0) + len(s.shapes) - (
        1 if s.shapes_done and len(s.shapes) > 1 else 0) + s.placed + s.light_done
        + len(s.guesses) + s.jester_done)


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A state consistent with what ``player`` has seen, every hidden part drawn from ``rng``.

    Reads only ``player``'s view, the public parts of the state (board, offered shapes, past
    cards, the Artefact holders) and public counts (hand sizes, how many parts of its choice each
    seat has made); the others' true Doppels, hands, shapes and choices are never read.

    Future chance is redrawn too, so that the sample's future depends on ``rng`` alone: the
    game's seed (it completes a ranking stopped early, DB-A24, and makes the Jester bots'
    choices, DB-A25) and, when the shapes are the seeded illustrative ones (DB-A2), the shapes
    of every round not yet revealed (drawn as the game draws them: ten distinct shapes of the
    illustrative catalogue per round). A catalogue supplied with the ``shapes_by_round`` option
    is game material everyone has, like the board, and is kept. Under
    ``jester_controller="bot"`` (DB-A25) which seats the bots play is public (they are not
    people at the table), so the sample's Jesters sit in those seats, their colour still drawn
    at random.

    The territory history per seat follows the sampled Doppels by itself: the state keeps
    each round's public territory per owner key, not per seat.

    The sample is a world for search only: its past (board, resolutions, played cards) is the
    one the player saw, but with its new seed, Doppels and hands its record (the true action log
    and setup options, kept as they were; its future reads neither) no longer replays, and the
    search never writes it out.
    """
    check_instance(state, "state", State, expected="a doppel_doubt State")
    player = check_seat(player, 10, "player")
    check_instance(rng, "rng", random.Random, expected="a random.Random")
    view = state.view(player)
    me = view.you
    assert me is not None
    others = [x for x in range(10) if x != player]
    # Doppels and the Jester colour: a random assignment of the other nine (DB-R2).
    rest = [d for d in DOPPELS if d != me]
    rng.shuffle(rest)
    if state.is_jester(player):                 # a Jester knows it is one (DB-R1)
        jester = colour_of(me)
    else:
        jester = rng.choice([c for c in COLOURS if c != colour_of(me)])
    bots = [x for x in others if state.is_bot(x)]   # public under DB-A25 (see above)
    if bots:  # the bot seats hold the sampled Jester colour's Doppels, the people the rest
        people = [x for x in others if x not in bots]
        seats = bots + people
        rest = ([d for d in rest if colour_of(d) == jester]
                + [d for d in rest if colour_of(d) != jester])
    else:
        seats = others
    identity = list(state.identity)
    identity[player] = me
    for x, d in zip(seats, rest, strict=True):
        identity[x] = d
    # Hands: the cards not seen (not in my hand, not played in a revealed round), dealt at the
    # public sizes (each seat's hand plus this round's card if it has played one).
    assert view.your_choice is not None
    mine = set(view.hand) | ({view.your_choice.card} - {None})
    seen = mine | {c for past in view.played for c, _ in past}
    unseen = [c for c in range(1, 101) if c not in seen]
    rng.shuffle(unseen)
    hands = list(state.hands)
    for x in others:
        size = len(state.hands[x]) + (state.subs[x].card is not None)
        hands[x] = tuple(sorted(unseen[:size]))
        unseen = unseen[size:]
    # Shapes to place: the ones I did not receive, spread over the others; my partner gets the
    # one I drafted for it (DB-R8).
    to_place = list(state.to_place)
    if state.round > 1 and state.draft_log and state.draft_log[-1]:
        last_offered = state.shapes_by_round[state.round - 2]
        drafted = dict(state.draft_log[-1])
        own = last_offered[drafted[player]] if player in drafted else None
        pool = [s for s in last_offered if s != view.shape_to_place and s != own]
        rng.shuffle(pool)
        partner = identity.index(partner_of(me))
        for x in others:
            to_place[x] = own if x == partner else (pool.pop() if pool else None)
    # The rounds still to reveal (DB-A2, illustrative and seeded): drawn afresh.
    shapes = state.shapes_by_round
    if "shapes_by_round" not in state.options:
        catalogue = illustrative_pool()
        shapes = shapes[:state.round] + tuple(tuple(rng.sample(catalogue, SHAPES_PER_ROUND))
                                               for _ in shapes[state.round:])
    done = {x: _progress(state, x) for x in others}
    guess = state._evolve(identity=tuple(identity), jester=jester, hands=tuple(hands),
                          to_place=tuple(to_place), shapes_by_round=shapes,
                          seed=rng.randrange(MAX_SEED + 1),
                          subs=tuple(s if x == player else EMPTY
                                     for x, s in enumerate(state.subs)))
    # The others' choices so far this round: the same number of parts, made at random (a
    # ranking stopped early is completed from the new seed, as the game would).
    draft = Apply.of(guess)
    for x in others:
        for _ in range(done[x]):
            step = step_of(draft, x)
            if step is None:
                break
            draft.choose(x, rng.choice(legal_for(draft, x, step)))
    return draft.freeze()  # type: ignore[no-any-return]


def sides(state: State) -> tuple[str, ...]:
    """Each seat's team for a designer sweep's skill gap: the colour of its Doppel (DB-R1: the
    two Doppels of a colour are partners; the team with the greatest colour score wins, DB-R18)."""
    check_instance(state, "state", State, expected="a doppel_doubt State")
    return tuple(colour_of(doppel) for doppel in state.identity)


__all__ = ["greedy", "greedy_policy", "determinize", "sides", "playout"]


def playout(state: State, rng: random.Random) -> State:
    """The final state of the plain random loop (``rng.choice(state.legal_actions())`` played
    with ``fast_play`` until the game is over): the same state, action log included, and ``rng``
    left where the loop leaves it (``GameSpec.playout``; ``tests/test_playout_hook.py`` holds it
    to the loop).

    One :class:`.apply.Apply` draft is changed for the whole game and frozen once, and an
    action is drawn by its index in the legal list the loop would build (``rng.randrange(n)``
    draws what ``rng.choice`` of an n-item list draws), so most lists are never built: a seat's
    shape ranking (four actions in five) is drawn in one loop over the shapes it has not ranked,
    and a placement is read from the bitboards of the legal positions by its index
    (:func:`.placing.draw_legal_cells`) instead of listing the hundreds of them. The rarer steps
    (Dark, Light, starting squares, guesses) use the listing itself. Checked against the plain
    loop by the tests, from the start of games, from their middle and from determinized worlds.
    """
    check_instance(state, "state", State, expected="a doppel_doubt State")
    check_instance(rng, "rng", random.Random, expected="a random.Random")
    if state.is_over:
        return state
    draft = Apply.of(state)
    draw = rng.randrange
    log = state.action_log
    auto = state.rules.partial_shape_list == "auto_complete_random"
    mover = first_mover(draft, 0)
    while True:
        seat, step = mover
        if seat is None:                       # everyone has chosen: the round resolves
            draft.resolve_round()
            if draft.round > ROUNDS:
                break
            mover = first_mover(draft, 0)
            continue
        assert step is not None
        kind = step[0]
        if kind == "shape":                    # DB-R8: the whole ranking in one loop
            s = draft.subs[seat]
            shapes = list(s.shapes)
            rest = [i for i in range(SHAPES_PER_ROUND) if i not in shapes]   # the legal order
            done = False
            while len(rest) > 1:
                k = draw(len(rest) + (auto and bool(shapes)))
                if k == len(rest):             # ``shapes_done`` ends the list (DB-A24)
                    done = True
                    break
                taken = rest.pop(k)
                shapes.append(taken)
                log = ActionLog(log, SHAPE_ACTIONS[taken])
            if done:
                draft.subs = replaced(draft.subs, seat, revised(s, shapes=tuple(shapes)))
                draft.choose(seat, DONE)
                log = ActionLog(log, DONE)
            else:
                shapes += rest                 # the last one is forced
                draft.subs = replaced(draft.subs, seat, revised(s, shapes=tuple(shapes),
                                                                shapes_done=True))
        elif kind == "card":                   # DB-R4: a card of the hand, in hand order
            hand = draft.hands[seat]
            action: Any = CARD_ACTIONS[hand[draw(len(hand))]]
            draft.choose(seat, action)
            log = ActionLog(log, action)
        elif kind == "place":                  # DB-R10, DB-A12: the k-th legal placement
            shape = draft.to_place[seat]
            cells = (None if shape is None
                     else draw_legal_cells(draft.board, draft.key(seat), shape, draw))
            if cells is not None:
                action = Place("place", cells)
            else:
                draw(1)                        # the loop's choice from [forfeit]
                action = FORFEIT
            draft.choose(seat, action)
            log = ActionLog(log, action)
        else:                                  # the rare steps: the listing itself
            actions = legal_for(draft, seat, step)
            action = actions[draw(len(actions))]
            draft.choose(seat, action)
            log = ActionLog(log, action)
        mover = first_mover(draft, seat)
    draft.action_log = log
    return draft.freeze()  # type: ignore[no-any-return]
