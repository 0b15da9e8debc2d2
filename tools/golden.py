"""Write the golden records: for each engine's ``examples.GOLDEN`` case, the JSON record of a
seeded game and the text transcript of every state (``tests/golden/<game>/<label>.json|.txt``).

    python tools/golden.py                 # every engine
    python tools/golden.py --game groom_lake

``tests/test_golden.py`` replays each record and diffs the transcript, so a change to a rule's
behaviour (or to the order of the legal actions a seeded game draws from) shows as a diff. Rerun
this after an intended change and commit the new files with the change.
"""

from __future__ import annotations

import argparse
import importlib
import pathlib
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden"


def cases(game: str) -> tuple[Any, ...]:
    try:
        examples = importlib.import_module(f"doppelnb.engines.{game}.examples")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(examples, "GOLDEN", ()))


def play_case(game: str, case: Any) -> Any:
    """The final state of a golden case's seeded game."""
    from doppelnb import GAMES
    from doppelnb.core.state import playout

    module = GAMES[game]
    state = module.new_game(case.players, rules=module.Rules(**case.rules), seed=case.seed,
                            **case.options)
    last = state
    for number, last in enumerate(playout(state, seed=case.policy_seed)):  # noqa: B007
        if number >= case.max_actions:
            break
    return last


def transcript(final: Any) -> str:
    """Every state of the game as text, each headed by the action that led to it."""
    states = final.history()
    actions = final.actions
    lines = [f"# {final.game}: players={final.players} seed={final.seed} "
             f"actions={len(actions)}", ""]
    for number, state in enumerate(states):
        head = "start" if number == 0 else f"action {number}: {actions[number - 1]!r}"
        lines.append(f"== {head}")
        lines.append(str(state).rstrip())
        lines.append("")
    lines.append(f"== outcome: {final.outcome}")
    return "\n".join(lines) + "\n"


def write(game: str) -> list[pathlib.Path]:
    folder = GOLDEN_DIR / game
    written = []
    for case in cases(game):
        final = play_case(game, case)
        folder.mkdir(parents=True, exist_ok=True)
        record = folder / f"{case.label}.json"
        record.write_text(final.to_json(indent=1) + "\n", encoding="utf-8")
        text = folder / f"{case.label}.txt"
        text.write_text(transcript(final), encoding="utf-8")
        written += [record, text]
    return written


def main(argv: list[str] | None = None) -> int:
    from doppelnb import GAMES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    args = parser.parse_args(argv)
    for game in args.game or sorted(GAMES):
        files = write(game)
        print(f"{game}: {len(files) // 2} golden games written" if files
              else f"{game}: no examples.GOLDEN cases yet")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
