"""Benchmark: legal placements of all 60 one-sided hexominoes, every rotation, on a mid-game board.

Bitboards (`Board.legal_placements`, Python integers with one bit per square, shifted per cell
offset and counted with a bit-sliced adder) against the per-cell twin
(`Board.legal_placements_naive`, which judges every position square by square), measured in the
same run on the same board, with the results checked equal.

    .venv/bin/python benchmarks/doppel_doubt.py [--quick]
"""

from __future__ import annotations

import argparse

from _timing import best_of

from doppelnb.engines import doppel_doubt as db


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a few seconds)")
    args = parser.parse_args()
    fast_repeats, slow_repeats = (3, 1) if args.quick else (15, 3)

    board = db.mid_game_board(seed=7, rounds=5)
    hexominoes = db.one_sided_polyominoes(6)
    owners = board.owners()
    colour = max(owners, key=lambda o: len(board.territory(o)))
    orientations = sum(len(s.rotations()) for s in hexominoes)
    claimed = sum(o is not None for o in board.owner)
    print(f"board: illustrative, after 5 seeded greedy rounds; {claimed} of 289 squares claimed; "
          f"placing for {colour} ({len(board.territory(colour))} squares)")
    print(f"shapes: {len(hexominoes)} one-sided hexominoes, {orientations} orientations")

    def fast():
        return [board.legal_placements(colour, s) for s in hexominoes]

    def count_only():
        return [board.count_legal_placements(colour, s) for s in hexominoes]

    def slow():
        return [board.legal_placements_naive(colour, s) for s in hexominoes]

    def reset_cache():
        board._cache.clear()

    key = lambda p: (p.rotation, p.row, p.col)  # noqa: E731
    fast_result = fast()
    slow_result = slow()
    assert all(sorted(a, key=key) == sorted(b, key=key)
               for a, b in zip(fast_result, slow_result, strict=True)), "twins disagree"
    total = sum(len(x) for x in fast_result)
    assert count_only() == [len(x) for x in fast_result]

    t_fast = best_of(lambda: (reset_cache(), fast()), repeat=fast_repeats)[1]
    t_count = best_of(lambda: (reset_cache(), count_only()), repeat=fast_repeats)[1]
    t_slow = best_of(slow, repeat=slow_repeats)[1]
    positions = sum((17 - max(r for r, _ in rot)) * (17 - max(c for _, c in rot))
                    for s in hexominoes for rot in s.rotations())
    print(f"legal placements found: {total} of {positions} on-board positions (both methods agree)")
    print(f"{'method':44} {'time (ms)':>10} {'ratio':>8}")
    print(f"{'per-cell twin (legal_placements_naive)':44} {t_slow * 1e3:10.1f} {1.0:8.1f}")
    print(f"{'bitboards, listing placements':44} {t_fast * 1e3:10.1f} {t_slow / t_fast:8.1f}x")
    print(f"{'bitboards, counting only':44} {t_count * 1e3:10.1f} {t_slow / t_count:8.1f}x")
    print(f"per orientation: bitboards {t_fast / orientations * 1e6:.0f} us, "
          f"twin {t_slow / orientations * 1e6:.0f} us")


if __name__ == "__main__":
    main()
