"""Analyses: the exact annihilation census, in counts, fractions and closed forms.

- :func:`annihilation_census` counts every possible trick in closed form (a sum over a handful of
  follower "shapes", each a product of binomials), checked against
  :func:`annihilation_census_brute_force`, which resolves every ordered trick one by one with :func:`resolve_trick`.
- :func:`census_formulas` gives the closed forms behind it in sympy, and
  :func:`census_closed_form` evaluates them (the tests check they equal the counts).

Seeded simulations of whole rounds (``simulate_round``, ``forecast_analysis``,
``annihilation_rates``, ``doppelganger_value``, ...) are in :mod:`.simulation`; their names are
importable from here too, as they always were.

>>> annihilation_census(3)["tricks"], annihilation_census(4)["tricks"]
(64260, 3290040)
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

from ...core.checks import check_int
from ...core.errors import BadInput
from .notation import ALL_CARDS, PLAIN_SUITS, check_players
from .rules import _resolve

CENSUS_KEYS = ("tricks", "with_annihilation", "double_annihilation", "no_winner",
               "lead_annihilated", "off_suit_winner")


# -- the census (exact) -------------------------------------------------------------------------
def _numbers_for(players: int, numbers: int | None) -> int:
    check_players(players)
    if numbers is None:
        return 9 if players == 3 else 10  # DT-R3: the 3-player deck has no 10s
    numbers = check_int(numbers, "numbers", 1, 10)
    if 4 * numbers < players:
        raise BadInput("NB-ARG", f"a deck of {4 * numbers} cards cannot fill a {players}-card "
                       "trick")
    return numbers


def annihilation_census(players: int, *, numbers: int | None = None) -> dict[str, int]:
    """Exact counts over every trick that can occur with the ``players``-player deck.

    A trick is an ordered sequence of ``players`` distinct cards, leader first; a led D card
    counts once per declarable suit. ``numbers`` shrinks the deck to the numbers 1..``numbers``
    in each suit (for checks against the brute force); by default 9 (3 players) or 10. The sizes
    are bounded by the game: ``players`` is 3 or 4 and ``numbers`` at most 10 (``BadInput``
    otherwise), and the closed form answers in microseconds.

    How it counts (closed form): by symmetry fix the lead suit L (x3). The leader is one of the
    ``N`` plain L cards or one of the ``N`` D cards declaring L; either way the remaining deck has
    the leader's *partner* (the one card that annihilates it: D_a or L_a), ``N-1`` numbers whose
    L and D cards are both present, and ``2N`` off-suit cards. The ``k = players-1`` followers
    are then described by ``e`` (partner present), ``p`` (full L/D pairs), ``s`` (lone L or D
    cards) and ``o`` (off-suit cards), with ``C(N-1,p) C(N-1-p,s) 2^s C(2N,o) k!`` ordered ways.
    """
    n_num = _numbers_for(players, numbers)
    k = players - 1
    counts = dict.fromkeys(CENSUS_KEYS, 0)
    leaders = 3 * 2 * n_num  # lead suit x (plain leader or doppelgänger leader)
    for e in (0, 1):
        for p in range(0, (k - e) // 2 + 1):
            for s in range(0, k - e - 2 * p + 1):
                o = k - e - 2 * p - s
                if p + s > n_num - 1:
                    continue
                ways = (math.comb(n_num - 1, p) * math.comb(n_num - 1 - p, s) * 2 ** s
                        * math.comb(2 * n_num, o) * math.factorial(k) * leaders)
                if not ways:
                    continue
                pairs = e + p
                counts["tricks"] += ways
                if pairs >= 1:  # DT-R12
                    counts["with_annihilation"] += ways
                if pairs == 2:
                    counts["double_annihilation"] += ways
                if e == 1:  # the leader's partner annihilates the lead card (DT-E7, DT-E9)
                    counts["lead_annihilated"] += ways
                    if s == 0 and o == 0:  # DT-R13c: nothing survives
                        counts["no_winner"] += ways
                    if s == 0 and o >= 1:  # DT-R13b: no lead-suit card survives
                        counts["off_suit_winner"] += ways
    return counts


def trick_outcome(result: Any) -> dict[str, bool]:
    """The census features of one resolved trick."""
    pairs = len(result.pairs)
    win = result.winning_card
    return {
        "tricks": True,
        "with_annihilation": pairs >= 1,
        "double_annihilation": pairs == 2,
        "no_winner": result.winner is None,
        "lead_annihilated": 0 in result.annihilated,
        "off_suit_winner": win is not None and win.suit not in (result.lead_suit, "D"),
    }


def annihilation_census_brute_force(players: int, *, numbers: int | None = None) -> dict[str, int]:
    """The twin of :func:`annihilation_census`: resolve every ordered trick (and declaration).

    The arguments bound the work: at most 40 x 39 x 38 x 37 = 2,193,360 ordered tricks (4
    players, the whole deck), some twenty seconds; 3 players take under a second."""
    n_num = _numbers_for(players, numbers)
    pack = [c for c in ALL_CARDS if c.number <= n_num]
    counts = dict.fromkeys(CENSUS_KEYS, 0)
    for trick in itertools.permutations(pack, players):
        lead = trick[0]
        for declared in (PLAIN_SUITS if lead.suit == "D" else (None,)):
            result = _resolve(trick, declared, declared or lead.suit)
            for key, hit in trick_outcome(result).items():
                counts[key] += hit
    return counts


def census_fractions(players: int) -> dict[str, Fraction]:
    """The census as exact probabilities (each key over all tricks).

    >>> census_fractions(4)["no_winner"]
    Fraction(9, 9139)
    """
    counts = annihilation_census(players)
    return {k: Fraction(v, counts["tricks"]) for k, v in counts.items() if k != "tricks"}


# -- the census in closed form (sympy) ---------------------------------------------------------
#: The census events that have a closed form below, in the order the chapter shows them.
FORMULA_KEYS = ("lead_annihilated", "no_winner", "with_annihilation")


def census_formulas() -> dict[str, Any]:
    """The closed forms behind the census, as :class:`~doppelnb.core.symbolic.Formula` s in
    ``N`` (numbers per suit: 9 with 3 players, 10 with 4) and ``k`` (followers: players - 1).

    Whatever leads (a plain card of the lead suit L, or a D card declaring L), exactly one card of
    the other ``4N - 1`` is its *partner*, the one card that annihilates it (DT-R12); the ``k``
    followers are an ordered draw of distinct cards from those ``4N - 1``, so every event below is
    a count over that draw divided by the falling factorial ``(4N - 1)(4N - 2)...``:

    - ``lead_annihilated``: the partner is among the k followers, ``k / (4N - 1)``;
    - ``no_winner``: the partner plus (k - 1)/2 full L/D pairs and nothing else (k odd: only 4
      players, DT-R13c);
    - ``with_annihilation``: one minus the chance that no pair at all forms: the followers hold
      ``s`` lone L-or-D cards of distinct numbers other than the leader's (2 ways each) and
      ``k - s`` off-suit cards.

    sympy is imported here, only when a formula is asked for.
    """
    from ...core.symbolic import Formula

    sp = __import__("sympy")
    n, k, s = sp.symbols("N k s", integer=True, positive=True)
    draws = sp.ff(4 * n - 1, k)
    lead = sp.Integer(1) * k / (4 * n - 1)
    none = sp.binomial(n - 1, sp.UnevaluatedExpr(k - 1) / 2) * sp.factorial(k) / draws
    clean = sp.Sum(sp.binomial(n - 1, s) * 2**s * sp.binomial(2 * n, k - s), (s, 0, k))
    anyp = 1 - sp.factorial(k) * clean / draws
    return {
        "lead_annihilated": Formula(
            "lead_annihilated", lead, r"P(\text{lead card annihilated}) = " + sp.latex(lead),
            "The lead card is annihilated when its one partner (the D card of its number, or the "
            "plain lead-suit card of the led D card's number) is among the k followers, each of "
            "the 4N - 1 other cards being equally likely to be drawn."),
        "no_winner": Formula(
            "no_winner", none, r"P(\text{no winner}) = " + sp.latex(none),
            "Nobody wins when every card is annihilated: the partner of the lead card and "
            "(k - 1)/2 further full pairs of the lead suit, in any of k! orders. With 3 players "
            "(k = 2) this is impossible; with 4 players (k = 3) it needs one more pair."),
        "with_annihilation": Formula(
            "with_annihilation", anyp, r"P(\text{some annihilation}) = " + sp.latex(anyp),
            "One minus the chance that no pair forms: the followers hold s lone lead-suit-or-D "
            "cards of distinct numbers other than the leader's (2 ways each) and k - s off-suit "
            "cards (2N of them)."),
    }


def census_closed_form(players: int, *, numbers: int | None = None) -> dict[str, Fraction]:
    """The exact probabilities of :data:`FORMULA_KEYS` from :func:`census_formulas`, evaluated
    at ``N`` = numbers per suit and ``k`` = players - 1 (``numbers`` as in
    :func:`annihilation_census`). The tests check they equal the census counts.

    >>> census_closed_form(4)["no_winner"]
    Fraction(9, 9139)
    """
    n_num = _numbers_for(players, numbers)
    k = players - 1
    sp = __import__("sympy")
    out: dict[str, Fraction] = {}
    for key, formula in census_formulas().items():
        symbols = {str(x): x for x in formula.expression.free_symbols}
        if key == "no_winner" and k % 2 == 0:  # (k - 1)/2 pairs cannot fill an even k
            out[key] = Fraction(0)
            continue
        value = sp.nsimplify(formula.expression.subs({symbols["N"]: n_num, symbols["k"]: k})
                             .doit())
        out[key] = Fraction(int(sp.numer(value)), int(sp.denom(value)))
    return out



__all__ = ["annihilation_census", "annihilation_census_brute_force", "census_fractions", "trick_outcome",
           "CENSUS_KEYS", "census_formulas", "census_closed_form", "FORMULA_KEYS"]
