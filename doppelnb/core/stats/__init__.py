"""Statistics a designer can stake a decision on: estimates, paired comparisons, corrections,
sequential tests, ratings and seat balance.

Every figure carries its sample size and an interval, and no direction is read from an interval
narrower than the data allow. The methods, and why these:

- **Intervals** (:mod:`.estimates`). Wilson score intervals for proportions (good coverage near
  0 and 1, never zero width; Brown, Cai & DasGupta 2001, *Statist. Sci.* 16:101) and Student t
  intervals for means, the t quantile computed from the regularized incomplete beta function
  (:mod:`.distributions`) so that the core needs no scipy. One observation gives an infinite
  interval; a sample whose values are all equal is flagged ``constant`` (no variation to build an
  interval from), and :meth:`Estimate.direction` refuses both, and any sample smaller than
  :data:`MIN_N`.
- **Paired comparisons** (:mod:`.compare`). Two readings of the rules played on the same deals
  give one difference per deal; its mean, t interval and t test (Student 1908) use the
  deal-to-deal correlation that an unpaired comparison throws away. For 0/1 outcomes the exact
  McNemar test (McNemar 1947; a sign test on the deals where the readings disagree) is used
  instead, valid at any n. Readings played on different deals, known only by each side's
  estimate, n and interval (a sweep table's rows), are compared by
  :func:`unpaired_from_summaries`: a Welch-type t test for means, the unpooled two-proportion z
  test for rates, each standard error read back from its summary.
- **Many comparisons** (:func:`settle`). Holm's step-down correction (Holm 1979, *Scand. J.
  Statist.* 6:65) controls the family-wise error rate at ``alpha`` over every comparison of one
  report, under any dependence, and is never less powerful than Bonferroni. "Settled" means
  "survives Holm at family-wise 5%". The simultaneous intervals are Bonferroni intervals at level
  ``1 - alpha/m``: Holm has no simple interval of its own (the Holm-consistent intervals of
  Strassburger & Bretz 2008, *Stat. Med.* 27:4914, say no more than "> 0" for a rejected
  hypothesis), so a settled comparison's Bonferroni interval may still touch 0.
- **Sequential testing** (:mod:`.sequential`). Adding games until a question separates makes a
  fixed-n interval wrong: checked after every batch, a 95% interval excludes a true zero far more
  often than 5% of the time. :class:`SequentialTest` uses a confidence sequence, valid at every n
  at once and so under any stopping rule: the predictable plug-in empirical-Bernstein confidence
  sequence of Waudby-Smith & Ramdas (2024), "Estimating means of bounded random variables by
  betting", *JRSS B* 86:1, Theorem 2. It needs only a stated range for the observations (a
  difference of two win indicators lies in [-1, 1]), adapts to their variance, and is a closed
  formula; it is tuned to be tightest at the stated maximum number of games.
- **Ratings** (:mod:`.ratings`). Plackett-Luce strengths (Luce 1959, Plackett 1975), the
  multiplayer form of Bradley-Terry, fitted by Hunter's MM algorithm (2004, *Ann. Statist.*
  32:384), a tied group read as each of its orders with equal weight (for two players, the Elo
  convention of a draw as half a win), a weak virtual-game prior so that a policy that always
  wins keeps a finite rating, and intervals from the observed information or a bootstrap.
- **Seat balance** (:mod:`.seats`). Win shares with ties shared (each game gives 1 to its
  winners), so the seats' shares and the no-winner share add up to 1; tie-adjusted advantage; and
  one seat-balance figure, the largest absolute advantage, with a permutation p-value.

Checked in the development environment against scipy, statsmodels and choix
(tests/test_stats.py).

>>> print(mean_estimate([3, 4, 5, 4, 4]))
4.000 [3.122, 4.878] (n = 5)
>>> print(proportion_estimate(70, 160))
0.438 [0.363, 0.515] (n = 160)
"""

from .compare import (
    Comparison,
    Family,
    Verdict,
    bonferroni_adjusted,
    holm,
    holm_adjusted,
    paired_difference,
    settle,
    sign_test_p,
    unpaired_from_summaries,
)
from .distributions import normal_quantile, t_quantile, t_sf
from .estimates import MIN_N, Estimate, mean_estimate, proportion_estimate
from .ratings import Rating, fit_ratings, win_probability
from .seats import SeatBalance, seat_balance, shared_win_shares, tie_adjusted_advantage
from .sequential import SequentialTest, confidence_sequence, run_sequential

__all__ = [
    "MIN_N", "Estimate", "mean_estimate", "proportion_estimate", "t_quantile", "t_sf",
    "normal_quantile", "Comparison", "paired_difference", "unpaired_from_summaries", "sign_test_p", "holm",
    "holm_adjusted", "bonferroni_adjusted", "Verdict", "Family", "settle",
    "confidence_sequence", "SequentialTest", "run_sequential", "Rating", "fit_ratings",
    "win_probability", "shared_win_shares", "tie_adjusted_advantage", "SeatBalance",
    "seat_balance",
]
