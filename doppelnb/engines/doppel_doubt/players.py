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
from collections.abc import Callable
from typing import Any, cast

from ...core.chance import MAX_SEED
from ...core.checks import check_instance, check_seat
from ...core.errors import BadInput
from ...core.state import ActionLog
from .actions import EMPTY, Action, Dark, Forfeit, Guess, Jester, Light, Place, ShapesDone
from .apply import Draft, guessed, ranked, replaced, revised, took_turn
from .legal import (
    CARD_ACTIONS,
    SHAPE_ACTIONS,
    draw_guess,
    first_mover,
    legal_actions,
    step_of,
)
from .notation import SIZE
from .options import illustrative_pool
from .placing import draw_legal_cells
from .rules import (
    COLOURS,
    DOPPELS,
    ROUNDS,
    SHAPES_PER_ROUND,
    _card_order,
    colour_of,
    partner_of,
)
from .shapes import Shape
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

    Reads only ``player``'s view, its own ranking of last round's shapes (its own past choice,
    ``state.last_rankings[player]``), the public parts of the state (board, offered shapes, past
    cards, the Artefact holders) and public counts (hand sizes, how many parts of its choice each
    seat has made); the others' true Doppels, hands, shapes and choices are never read.

    With the played cards revealed (DB-A23) that ranking rules worlds out: each shape the seat
    ranked above the one it got was drafted by a seat with a lower card (DB-R8), whose partner
    holds it now. The seating and the shapes to place are drawn again until they agree with it,
    so the sample is uniform over the worlds that do (tests count them).

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
    bots = [x for x in others if state.is_bot(x)]   # public under DB-A25 (see above)
    # What my own ranking of last round's shapes tells me (DB-R8, DB-A23), if anything: the
    # worlds that break it are drawn again (rejection keeps the draw uniform over the rest).
    knowledge = _what_my_ranking_tells(state, player)
    while True:
        identity, jester = _seating(state, player, me, others, bots, rng)
        to_place = _shapes_to_place(state, player, identity, others, rng)
        if knowledge is None or _agrees(knowledge, identity, to_place):
            break
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
                                     for x, s in enumerate(state.subs)),
                          last_rankings=tuple(r if x == player else ()
                                              for x, r in enumerate(state.last_rankings)))
    # The others' choices so far this round: the same number of parts, made at random (a
    # ranking stopped early is completed from the new seed, as the game would).
    # A placement or a guess is drawn by its index, as the playout draws it (the same draw as
    # ``rng.choice`` of the listing, without listing hundreds of placements).
    # A whole turn of card, ranking and placement goes in one go, as in the playout.
    draft = Draft.of(guess)
    draw: Callable[[int], int] = rng.randrange
    whole = state.rules.partial_shape_list != "auto_complete_random"
    turn = 2 + (SHAPES_PER_ROUND - 1 if state.round < ROUNDS else 0)   # its parts
    for x in others:
        parts = done[x]
        while parts:
            step = step_of(draft, x)
            if step is None:
                break
            parts -= 1
            if (step[0] == "card" and whole and state.round > 1 and parts + 1 >= turn
                    and (draft.artefacts["dark"] != x or not draft.uses["dark"])):
                _turn(draft, x, draw, None)
                parts -= turn - 1
                continue
            action: Any
            shape = draft.to_place[x]
            if step[0] == "place" and shape is not None:
                cells = draw_legal_cells(draft.board, draft.key(x), shape, draw)
                if cells is None:
                    draw(1)                    # the choice from [forfeit]
                    action = FORFEIT
                else:
                    action = Place("place", cells)
            elif step[0] == "guess":
                action = draw_guess(draft, x, step[1], draw)
            else:
                action = rng.choice(legal_actions(draft, x, step))
            draft.choose(x, action)
    return draft.freeze()  # type: ignore[no-any-return]


def _seating(state: State, player: int, me: str, others: list[int], bots: list[int],
             rng: random.Random) -> tuple[list[str], str]:
    """Doppels and the Jester colour: a random assignment of the other nine (DB-R2); the Jester
    bots' seats hold the Jester colour's Doppels (DB-A25)."""
    rest = [d for d in DOPPELS if d != me]
    rng.shuffle(rest)
    if state.is_jester(player):                 # a Jester knows it is one (DB-R1)
        jester = colour_of(me)
    else:
        jester = rng.choice([c for c in COLOURS if c != colour_of(me)])
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
    return identity, jester


def _shapes_to_place(state: State, player: int, identity: list[str], others: list[int],
                     rng: random.Random) -> list[Shape | None]:
    """Shapes to place: the ones I did not receive, spread over the others; my partner gets
    the one I drafted for it (DB-R8)."""
    to_place = list(state.to_place)
    if state.round > 1 and state.draft_log and state.draft_log[-1]:
        last_offered = state.shapes_by_round[state.round - 2]
        drafted = dict(state.draft_log[-1])
        own = last_offered[drafted[player]] if player in drafted else None
        pool = [s for s in last_offered if s != state.to_place[player] and s != own]
        rng.shuffle(pool)
        partner = identity.index(partner_of(identity[player]))
        for x in others:
            to_place[x] = own if x == partner else (pool.pop() if pool else None)
    return to_place


def _what_my_ranking_tells(state: State, player: int
                           ) -> tuple[frozenset[Shape], frozenset[int]] | None:
    """``(shapes, seats)``: the shapes ``player`` ranked above the one it got last round, and
    the seats that drafted before it (DB-R8: in ascending card order, each seat taking the
    first shape on its list still there), when it knows both; ``None`` otherwise.

    It got the first shape on its ranking nobody had taken, so each shape it ranked higher was
    taken by a seat drafting before it, whose partner now holds it to place. It knows its own
    ranking (its own past choice, kept by the state for it: ``last_rankings``) and, when the
    played cards are revealed (DB-A23), the draft order (the cards, after Dark under DB-A21's
    reading). Not used: a ranking completed at random (DB-A24 auto_complete_random; the seat
    knows only the part it ranked) and what earlier rounds' drafts tell."""
    if (state.round < 2 or not state.rules.reveal_played_cards or not state.last_rankings
            or state.rules.partial_shape_list != "reject" or not state.draft_log[-1]):
        return None
    drafted = dict(state.draft_log[-1])
    ranking = state.last_rankings[player]
    if player not in drafted or not ranking:
        return None
    above = ranking[:ranking.index(drafted[player])]
    if not above:
        return None
    offered = state.shapes_by_round[state.round - 2]
    by_dark = state.rules.dark_applies_to_all_actions_in_round                    # DB-A21
    cards = [(x, after if by_dark else card, card)
             for x, (card, after) in enumerate(state.played[-1])]
    order = [x for x, *_ in _card_order(cards, False, state.rules)]
    return frozenset(offered[i] for i in above), frozenset(order[:order.index(player)])


def _agrees(knowledge: tuple[frozenset[Shape], frozenset[int]], identity: list[str],
            to_place: list[Shape | None]) -> bool:
    """Whether a world's seating and shapes to place agree with what the seat's ranking told
    it: every shape it ranked higher is held by the partner of a seat that drafted before it."""
    shapes, before = knowledge
    seat_of = {doppel: x for x, doppel in enumerate(identity)}
    return all(seat_of[partner_of(identity[x])] in before
               for x, shape in enumerate(to_place) if shape in shapes)


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

    One :class:`.apply.Draft` is changed for the whole game and frozen once, and an
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
    draft = Draft.of(state)
    # ``rng.randrange(len(seq))`` draws the index ``rng.choice(seq)`` draws (the tests compare
    # the games), so a placement or guess is drawn by its index without listing them all.
    # Public calls only: nothing of ``random``'s private helpers (issue 26).
    draw: Callable[[int], int] = rng.randrange
    log = state.action_log
    auto = state.rules.partial_shape_list == "auto_complete_random"
    mover = first_mover(draft, 0)
    while True:
        seat, step = mover
        if seat is None:                       # everyone has chosen: the round resolves
            draft.resolve_round(lean=True, record=draft.round == ROUNDS)  # the last one is kept
            if draft.round > ROUNDS:
                break
            mover = first_mover(draft, 0)
            continue
        assert step is not None
        kind = step[0]
        if kind == "card" and draft.round > 1 and not auto and (
                draft.artefacts["dark"] != seat or not draft.uses["dark"]):
            log = _turn(draft, seat, draw, log)
        elif kind == "shape":                  # DB-R8: the whole ranking in one loop
            s = draft.subs[seat]
            shapes = list(s.shapes)
            rest = [i for i in range(SHAPES_PER_ROUND) if i not in shapes]   # the legal order
            done = False
            while len(rest) > 1 and auto:
                k = draw(len(rest) + bool(shapes))
                if k == len(rest):             # ``shapes_done`` ends the list (DB-A24)
                    done = True
                    break
                taken = rest.pop(k)
                shapes.append(taken)
                log = ActionLog(log, SHAPE_ACTIONS[taken])
            while len(rest) > 1 and not auto:  # the shapes not yet ranked, the k-th taken
                taken = rest.pop(draw(len(rest)))
                shapes.append(taken)
                log = ActionLog(log, SHAPE_ACTIONS[taken])
            if done:
                draft.subs = replaced(draft.subs, seat, revised(s, shapes=tuple(shapes)))
                draft.choose(seat, DONE)
                log = ActionLog(log, DONE)
            else:
                shapes += rest                 # the last one is forced
                draft.subs = replaced(draft.subs, seat, ranked(s, tuple(shapes), True))
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
        elif kind == "guess":                  # DB-R16: the seat's guesses in one go
            s = draft.subs[seat]
            made = s.guesses
            colour = step[1]
            while True:                        # the colours in order, each guess by index
                action = draw_guess(draft, seat, colour, draw, made)
                made += ((action[1], action[2]),)
                log = ActionLog(log, action)
                if len(made) == len(COLOURS):
                    break
                colour = COLOURS[len(made)]
            draft.subs = replaced(draft.subs, seat, guessed(s, made))
        else:                                  # the rare steps: the listing itself
            actions = legal_actions(draft, seat, step)
            action = actions[draw(len(actions))]
            draft.choose(seat, action)
            log = ActionLog(log, action)
        mover = first_mover(draft, seat)
    draft.action_log = log
    return draft.freeze()  # type: ignore[no-any-return]


def _turn(draft: Draft, seat: int, draw: Callable[[int], int], log: ActionLog | None
          ) -> ActionLog | None:
    """A seat's card, shape ranking (rounds 2-9) and placement, drawn in the plain loop's order
    and made into its choice at once (one revision of the seat's choice instead of three, one
    scan for the next mover): the playout's common turn, when the seat holds no Power of Dark
    to use between card and ranking (DB-R20) and rankings are whole (DB-A24 reject). What
    follows (a Power of Light, the guesses) takes the step-by-step path. Returns the log."""
    hand = draft.hands[seat]
    card = hand[draw(len(hand))]                                        # DB-R4
    log = ActionLog(log, CARD_ACTIONS[card])
    shapes: tuple[int, ...] = ()
    if draft.round < ROUNDS:                                            # DB-R8
        rest = list(range(SHAPES_PER_ROUND))
        ranking = []
        while len(rest) > 1:
            taken = rest.pop(draw(len(rest)))
            ranking.append(taken)
            log = ActionLog(log, SHAPE_ACTIONS[taken])
        shapes = tuple(ranking + rest)                                  # the last one is forced
    shape = draft.to_place[seat]                                        # DB-R10, DB-A12
    cells = None if shape is None else draw_legal_cells(draft.board, draft.key(seat), shape, draw)
    if cells is None:
        draw(1)                                # the loop's choice from [forfeit]
        log = ActionLog(log, FORFEIT)
    else:
        log = ActionLog(log, Place("place", cells))
    k = hand.index(card)
    draft.hands = replaced(draft.hands, seat, hand[:k] + hand[k + 1:])
    draft.subs = replaced(draft.subs, seat, took_turn(draft.subs[seat], card, shapes,
                                                      bool(shapes), cells, True))
    return log
