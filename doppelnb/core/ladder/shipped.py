"""Shipped ladders (``doppelnb/data/ladders/GAME.csv`` and ``GAME.json``): reading them
checked, their provenance and fingerprint, and the chapters' verdict and report. See
:mod:`doppelnb.core.ladder`."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import sweep_run
from ..checks import check_int, fail
from ..errors import BadInput
from ..spec import spec_of
from ..stats import Rating, win_probability
from ..sweep_table import game_label
from ..version import VERSION
from .play import (
    COLUMNS,
    HEADER,
    Ladder,
    _Game,
    _places,
    _result,
    _timeouts_sentence,
    deal_seed,
)

# -- shipped ladders ------------------------------------------------------------------------------
#: The format of ``doppelnb/data/ladders/GAME.json`` this version writes and reads.
LADDER_FORMAT = 1
#: Games replayed by a shipped ladder's fingerprint (its first games: a searching seat makes
#: each one cost a few CPU seconds, so one per ladder).
FINGERPRINT_GAMES = 1
#: Actions of game 0 a shipped ladder's fingerprint also hashes on their own (``"opening"``): a
#: check a test can afford where a whole game cannot (Doppel Doubt's first ladder game is 1,100
#: actions and about 19 s of CPU; its first 100 about 3 s). :func:`opening` plays only them.
OPENING_ACTIONS = 100
_JSON_KEYS = {"doppelnb_ladder", "game", "doppelnb", "date", "csv_sha256", "arguments",
              "command", "cpu", "fingerprint", "places", "note"}
#: Keys a ``GAME.json`` has only when it needs them: ``"timeouts"``, ``{"max_actions": cap,
#: "games": [index, ...]}``, the games stopped at the action cap (each a draw among all seats
#: in ``places``); a ladder whose games all ended has none, so its file is what it always was.
_OPTIONAL_JSON_KEYS = {"timeouts"}
_ARGUMENT_KEYS = {"policies", "games", "seed", "players", "anchor", "seats"}
_CPU_KEYS = {"seconds", "wall_seconds", "workers", "per_decision", "decisions"}
#: A policy rated this far above the base finishes ahead of it in more than half of two-player
#: games: the win share's interval is above 0.5 exactly when the rating's interval is above 0.
SEARCH_PREFIXES = ("mcts", "gmcts")


def ladders_folder() -> Path:
    """The folder of the shipped ladders (``doppelnb/data/ladders``): ``GAME.csv``, the
    :func:`ladder` CSV, and ``GAME.json``, how it was made (:func:`provenance`)."""
    return Path(__file__).resolve().parents[2] / "data" / "ladders"


def shipped_ladders(folder: Path | None = None) -> list[str]:
    """The games with a shipped ladder (each ``GAME.csv``), sorted."""
    return sorted(p.stem for p in (folder or ladders_folder()).glob("*.csv"))


def lineup_of(arguments: dict[str, Any]) -> tuple[str, ...]:
    """The table of game 0 a ladder's recorded arguments seat: ``seats`` if given, else the
    policies in turn (:func:`seat_schedule` rotates it one seat per game)."""
    seats = arguments.get("seats")
    return tuple(seats) if seats else tuple(arguments["policies"])


def command_of(game: str, arguments: dict[str, Any]) -> str:
    """The ``python -m doppelnb ladder`` command that plays a ladder with these arguments (its
    CSV is byte-identical whatever ``--workers``)."""
    words = ["python -m doppelnb ladder", game, "--policies", ",".join(arguments["policies"]),
             "--games", str(arguments["games"]), "--seed", str(arguments["seed"]),
             "--players", str(arguments["players"]), "--anchor", arguments["anchor"]]
    if arguments.get("seats"):
        runs: list[list[Any]] = []
        for name in arguments["seats"]:
            if runs and runs[-1][0] == name:
                runs[-1][1] += 1
            else:
                runs.append([name, 1])
        words += ["--seats", ",".join(n if k == 1 else f"{n}*{k}" for n, k in runs)]
    return " ".join(words + ["--out", f"{game}.csv"])


def fingerprint(game: str, arguments: dict[str, Any], count: int = FINGERPRINT_GAMES
                ) -> dict[str, Any]:
    """``{"games": count, "results": sha256, "moves": sha256}`` of games ``0 .. count-1`` of a
    ladder with these arguments, played as :func:`ladder` plays them (the same deals, seats and
    random draws): the results are each game's seats and places, the moves every action of the
    game. Replayed with today's engine they match unless a rule, a deal or a decision changed.
    Also game 0's :func:`opening` (``"opening_actions"``, ``"opening"``), taken from its moves."""
    import hashlib

    from ..resume import _canonical

    results, moves = [], []
    for index in range(check_int(count, "count", 1, 100)):
        seats, facts, state = _play_ladder_game(game, arguments, index)
        results.append([list(seats), list(_places(facts))])
        moves.append(list(state.actions))
    return {"games": count,
            "results": hashlib.sha256(_canonical(results).encode()).hexdigest(),
            "moves": hashlib.sha256(_canonical(moves).encode()).hexdigest(),
            **_opening_of(moves[0], OPENING_ACTIONS)}


def opening(game: str, arguments: dict[str, Any], actions: int = OPENING_ACTIONS
            ) -> dict[str, Any]:
    """``{"opening_actions": actions, "opening": sha256}`` of the first ``actions`` actions of
    game 0 of a ladder with these arguments, playing only those (the game stops at them as at
    an action cap; the draws before are the same): the part of :func:`fingerprint` a quick
    check replays."""
    actions = check_int(actions, "actions", 1, 10_000)
    _, _, state = _play_ladder_game(game, arguments, 0, max_actions=actions)
    return _opening_of(list(state.actions), actions)


def _play_ladder_game(game: str, arguments: dict[str, Any], index: int,
                      max_actions: int | None = None) -> tuple[tuple[str, ...], Any, Any]:
    """Game ``index`` of a ladder, played as :func:`ladder` plays it: (seats, facts, state)."""
    spec = spec_of(game)
    players, seed = arguments["players"], arguments["seed"]
    seats = tuple(sweep_run.seats_for(lineup_of(arguments), players, index))
    facts, state = sweep_run._play(spec, {}, players, seats,
                                   deal_seed(seed, game, players, index),
                                   (seed, "ladder", "players", game, players, index),
                                   max_actions=max_actions)
    return seats, facts, state


def _opening_of(moves: list[Any], actions: int) -> dict[str, Any]:
    import hashlib

    from ..resume import _canonical

    return {"opening_actions": actions,
            "opening": hashlib.sha256(_canonical(list(moves[:actions])).encode()).hexdigest()}


def provenance(result: Ladder, *, wall_seconds: float, workers: int, date: str,
               note: str = "", fingerprint_of: dict[str, Any] | None = None) -> dict[str, Any]:
    """``GAME.json`` of a shipped ladder: the arguments (and the command) that play it again,
    the doppelnb version and the date, the CSV's sha256, its CPU budget as measured (CPU
    seconds in all and per decision for each policy; measured, so not reproducible to the
    digit), a fingerprint of its first games, every game's places (so the ratings can be
    refitted from the file alone) and ``note``: why the game may resist search, for the case
    where no search setting beats greedy (the verdict shows it only then); ``timeouts`` only
    when a game was stopped at the action cap (see :data:`_OPTIONAL_JSON_KEYS`)."""
    import hashlib

    lineup = result.policies if result.seats is None else result.seats
    arguments = {"policies": list(result.policies), "games": result.games, "seed": result.seed,
                 "players": result.players, "anchor": result.anchor,
                 "seats": None if result.seats is None else list(lineup)}
    doc = {
        "doppelnb_ladder": LADDER_FORMAT, "game": result.game, "doppelnb": VERSION,
        "date": date, "csv_sha256": hashlib.sha256(result.to_csv().encode()).hexdigest(),
        "arguments": arguments, "command": command_of(result.game, arguments),
        "cpu": {"seconds": round(result.cpu_seconds, 1), "wall_seconds": round(wall_seconds, 1),
                "workers": workers,
                "per_decision": {n: round(s, 6) for n, s in zip(result.policies,
                                                                result.decision_seconds,
                                                                strict=True)},
                "decisions": dict(zip(result.policies, result.decisions, strict=True))},
        "fingerprint": fingerprint_of if fingerprint_of is not None
        else fingerprint(result.game, arguments),
        "places": [",".join(map(str, p)) for p in result.places],
        "note": note,
    }
    if result.timeouts:
        doc["timeouts"] = {"max_actions": result.max_actions, "games": list(result.timeouts)}
    return doc


def provenance_text(doc: dict[str, Any]) -> str:
    """``GAME.json``'s text: one key a line at the top, the places a game a line (diffable)."""
    import json

    lines = []
    for key, value in doc.items():
        if key == "places":
            inner = ",\n  ".join(json.dumps(p) for p in value)
            lines.append(f' "places": [\n  {inner}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


#: The sweeps README's block of ladder lines (``tools/ladders.py --readme`` writes it).
README_BEGIN = "<!-- ladders: written by tools/ladders.py from doppelnb/data/ladders (no edits) -->"
README_END = "<!-- end of ladders -->"


def readme_rows(folder: Path | None = None) -> str:
    """The sweeps README's ladder lines: one per shipped ladder (its command, games and CPU
    budget; the ratings are only in the CSVs)."""
    lines = ["| ladder | command (`python -m doppelnb ladder ...`) | games | "
             "CPU per decision (search) | CPU |", "|---|---|---|---|---|"]
    for game in shipped_ladders(folder):
        shipped = load_ladder(game, folder)
        budget = ", ".join(f"`{p}` {shipped.cost(p) * 1000:.0f} ms" for p in shipped.policies
                           if _search(p)) or "none"
        command = shipped.command.removeprefix("python -m doppelnb ladder ")
        lines.append(f"| `ladders/{game}` | `{command}` | {shipped.games:,} | {budget} | "
                     f"{shipped.cpu_seconds / 60:.0f} min |")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ShippedLadder:
    """A shipped ladder: the ratings of ``GAME.csv`` (Elo relative to ``anchor``, 95%
    intervals) and what ``GAME.json`` records of how it was made. ``decision_seconds[p]``: the
    CPU seconds per decision policy ``p`` spent when the ladder was played (its CPU budget)."""

    game: str
    policies: tuple[str, ...]
    players: int
    games: int
    seed: int
    anchor: str
    seats: tuple[str, ...] | None
    ratings: tuple[Rating, ...]
    places: tuple[tuple[int, ...], ...]
    decision_seconds: tuple[float, ...]
    decisions: tuple[int, ...]
    cpu_seconds: float
    wall_seconds: float
    workers: int
    version: str
    date: str
    command: str
    fingerprint: dict[str, Any]
    note: str
    csv_text: str
    #: The games stopped at the action cap (each a draw among all seats) and that cap: () and 0
    #: when every game ended.
    timeouts: tuple[int, ...] = ()
    max_actions: int = 0

    def rating(self, policy: str) -> Rating:
        """The rating of one policy of the ladder."""
        for rating in self.ratings:
            if rating.name == policy:
                return rating
        raise fail("policy", f"one of {', '.join(self.policies)}", policy)

    def ordered(self) -> tuple[Rating, ...]:
        """The ratings from the strongest measured to the weakest (ties keep the CSV's
        order): the order a chapter lists the policies in."""
        return tuple(sorted(self.ratings, key=lambda r: -r.rating))

    def cost(self, policy: str) -> float:
        """CPU seconds per decision ``policy`` spent in this ladder."""
        return self.decision_seconds[self.policies.index(self.rating(policy).name)]

    def refit(self) -> Ladder:
        """The ladder fitted again from the recorded places (the seats follow from the
        arguments): its CSV is this ladder's CSV unless the file was edited."""
        lineup = self.seats or self.policies
        stopped = set(self.timeouts)
        played: list[_Game] = [
            (i, sweep_run.seats_for(lineup, self.players, i), places, 0.0,
             tuple((0.0, 0) for _ in places), i in stopped)
            for i, places in enumerate(self.places)]
        return _result(self.game, self.policies, self.players, self.games, self.seed,
                       self.anchor, played, self.seats, self.max_actions)

    def verdict(self, base: str = "greedy") -> list[str]:
        """The chapter's sentences, from the data: the measured order with intervals, the
        CPU budget, and for each search setting whether it beats ``base`` (its rating's 95%
        interval above ``base``'s, the same as a two-player win share above 0.5); where none
        does, what was measured and why the game may resist search (the ladder's note)."""
        return ladder_verdict(self, base)

    def report(self, base: str = "greedy") -> Any:
        """The ladder as a notebook section: the verdict, a bar chart of the ratings in
        measured order with their 95% intervals, a table (rating, interval, chance to finish
        ahead of ``base``, games, CPU per decision) and the command that made it."""
        return ladder_report(self, base)


def _search(name: str) -> bool:
    return name.split(":")[0] in SEARCH_PREFIXES


def _data_fail(game: str, reason: str) -> BadInput:
    return BadInput("NB-DATA", f"ladders/{game}: {reason}")


def load_ladder(game: str, folder: Path | None = None) -> ShippedLadder:
    """A shipped ladder (``doppelnb/data/ladders/GAME.csv`` and ``GAME.json``), checked: the
    CSV's sha256, header and policies must be the ones the JSON records."""
    import hashlib

    from ..record import load_json

    if not isinstance(game, str) or game not in shipped_ladders(folder):
        raise fail("game", f"a game with a shipped ladder ({', '.join(shipped_ladders(folder))})",
                   game)
    where = folder or ladders_folder()
    text = (where / f"{game}.csv").read_text(encoding="utf-8")
    doc = load_json((where / f"{game}.json").read_bytes(), "NB-DATA", f"{game}.json")
    if not isinstance(doc, dict) or not _JSON_KEYS <= set(doc) <= _JSON_KEYS | _OPTIONAL_JSON_KEYS \
            or doc["doppelnb_ladder"] != LADDER_FORMAT or doc["game"] != game:
        raise _data_fail(game, f"the JSON must have exactly the keys {sorted(_JSON_KEYS)}, "
                               f"format {LADDER_FORMAT} and game {game}")
    args, cpu = doc["arguments"], doc["cpu"]
    if not isinstance(args, dict) or set(args) != _ARGUMENT_KEYS or \
            not isinstance(cpu, dict) or set(cpu) != _CPU_KEYS:
        raise _data_fail(game, "arguments or cpu has the wrong keys")
    if hashlib.sha256(text.encode()).hexdigest() != doc["csv_sha256"]:
        raise _data_fail(game, "the CSV is not the one the JSON records (sha256 differs)")
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(rows[0]) != COLUMNS or \
            [r[0] for r in rows[1:]] != list(args["policies"]):
        raise _data_fail(game, f"the CSV must have the header {HEADER} and one row per policy "
                               "in the recorded order")
    ratings = []
    for name, rating, lo, hi, games in rows[1:]:
        ratings.append(Rating(name, float(rating), float(lo), float(hi), int(games),
                              reference=name == args["anchor"]))
    places = tuple(tuple(int(v) for v in p.split(",")) for p in doc["places"])
    if len(places) != args["games"] or any(len(p) != args["players"] for p in places):
        raise _data_fail(game, "places must hold one entry per seat for every game")
    stopped = doc.get("timeouts", {"max_actions": 0, "games": []})
    if not isinstance(stopped, dict) or set(stopped) != {"max_actions", "games"} or \
            not all(isinstance(i, int) and 0 <= i < len(places) and len(set(places[i])) == 1
                    for i in stopped["games"]):
        raise _data_fail(game, "timeouts must be {max_actions, games}: the games stopped at "
                               "the action cap, each a draw among all seats in places")
    policies = tuple(args["policies"])
    return ShippedLadder(
        game, policies, args["players"], args["games"], args["seed"], args["anchor"],
        tuple(args["seats"]) if args["seats"] else None, tuple(ratings), places,
        tuple(float(cpu["per_decision"][p]) for p in policies),
        tuple(int(cpu["decisions"][p]) for p in policies), float(cpu["seconds"]),
        float(cpu["wall_seconds"]), int(cpu["workers"]), str(doc["doppelnb"]),
        str(doc["date"]), str(doc["command"]), dict(doc["fingerprint"]), str(doc["note"]), text,
        tuple(stopped["games"]), int(stopped["max_actions"]))


def measured_ratings(game: str, folder: Path | None = None) -> dict[str, Rating]:
    """The shipped ladder's ratings of ``game`` by policy (empty when no ladder is shipped for
    it): what a sweep orders its skill mixes by (:func:`~doppelnb.core.sweep_plan.pair_order`)
    and what its verdict cites."""
    if game not in shipped_ladders(folder):
        return {}
    return {r.name: r for r in load_ladder(game, folder).ratings}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.0095 else f"{seconds * 1000:.2g} ms"


def _elo(r: Rating) -> str:
    if r.reference:
        return f"{r.name} 0 (the anchor)"
    return f"{r.name} {r.rating:+.0f} [{r.lo:+.0f}, {r.hi:+.0f}]"


def _share(r: Rating) -> str:
    return (f"{win_probability(r.rating, 0.0):.2f} [{win_probability(r.lo, 0.0):.2f}, "
            f"{win_probability(r.hi, 0.0):.2f}]")


def ladder_verdict(shipped: ShippedLadder, base: str = "greedy") -> list[str]:
    """:meth:`ShippedLadder.verdict`: every number comes from the shipped files."""
    game = game_label(shipped.game)
    anchor = shipped.anchor
    table = (f"one searching seat among {shipped.players - 1} {base} seats, rotated"
             if shipped.seats else f"{shipped.players} seats, rotated")
    sentences = [
        f"Measured order, strongest first ({shipped.games:,} games of {game} at {table}, on "
        f"common deals; Elo points relative to {anchor} with 95% intervals): "
        + "; ".join(_elo(r) for r in shipped.ordered()) + "."]
    searching = [p for p in shipped.policies if _search(p)]
    budget = ", ".join(f"{p} {_ms(shipped.cost(p))}" for p in searching)
    sentences.append(
        f"CPU budget per decision: {budget} (measured while the ladder was played on "
        f"{shipped.workers} worker{'s' if shipped.workers > 1 else ''}, doppelnb "
        f"{shipped.version}, {shipped.date[:10]}); the whole ladder took "
        f"{shipped.cpu_seconds / 60:.0f} CPU minutes.")
    if shipped.timeouts:
        sentences.append(_timeouts_sentence(len(shipped.timeouts), shipped.games,
                                            shipped.max_actions))
    if base not in shipped.policies or base != anchor:
        sentences.append(f"This ladder is not rated against {base}, so it says nothing about "
                         f"search against {base}.")
        return sentences
    beating = []
    for policy in searching:
        r = shipped.rating(policy)
        share = (f"it finishes ahead of {base} in {_share(r)} of two-player meetings "
                 f"({r.rating:+.0f} Elo [{r.lo:+.0f}, {r.hi:+.0f}])")
        if r.lo > 0:
            beating.append(policy)
            sentences.append(f"{policy} beats {base}: {share}, at "
                             f"{_ms(shipped.cost(policy))} CPU per decision.")
        elif r.hi < 0:
            sentences.append(f"{policy} loses to {base}: {share}.")
        else:
            sentences.append(f"{policy} is not separated from {base} at this n: {share}; "
                             "the interval straddles 0.5.")
    for policy in shipped.policies:
        if policy == base or _search(policy):
            continue
        r = shipped.rating(policy)
        share = (f"{policy} finishes ahead of {base} in {_share(r)} of two-player meetings "
                 f"({r.rating:+.0f} Elo [{r.lo:+.0f}, {r.hi:+.0f}])")
        if r.hi < 0:
            sentences.append(f"{base} beats {policy}: {share}.")
        elif r.lo > 0:
            sentences.append(f"{policy} beats {base}: {share}.")
        else:
            sentences.append(f"{policy} is not separated from {base} at this n: {share}.")
    if not searching:
        sentences.append("No search setting was measured.")
    elif not beating:
        why = shipped.note or "The ladder records no reason."
        sentences.append(f"So no search setting measured here beats {base} with an interval "
                         f"above 0.5. {why}")
    return sentences


def ladder_report(shipped: ShippedLadder | str, base: str = "greedy") -> Any:
    """:meth:`ShippedLadder.report` (also given a game's name)."""
    from ..render import Html, bar_chart, escape, html_table

    if isinstance(shipped, str):
        shipped = load_ladder(shipped)
    if not isinstance(shipped, ShippedLadder):
        raise fail("shipped", "a game with a shipped ladder or a ShippedLadder", shipped)
    ordered = shipped.ordered()
    text = "".join(f"<p>{escape(s)}</p>" for s in ladder_verdict(shipped, base))
    chart = bar_chart([(r.name, r.rating) for r in ordered],
                      intervals=[(r.lo, r.hi) for r in ordered],
                      references=[(0.0, f"as strong as {shipped.anchor}")],
                      title=f"{game_label(shipped.game)}: measured rating, strongest first "
                            "(bars: 95% intervals)",
                      y_label=f"Elo points ({shipped.anchor} = 0)",
                      width=max(520, 130 * len(ordered)))
    body = [[r.name, "0 (anchor)" if r.reference else f"{r.rating:+.0f}",
             "" if r.reference else f"[{r.lo:+.0f}, {r.hi:+.0f}]",
             "" if r.reference else _share(r), r.games, _ms(shipped.cost(r.name))]
            for r in ordered]
    grid = html_table(["policy", f"Elo ({shipped.anchor} = 0)", "95% interval",
                       f"finishes ahead of {shipped.anchor}", "games",
                       "CPU per decision"], body,
                      caption=f"{game_label(shipped.game)}: the shipped ladder")
    made = (f'<p style="font-size:0.9em">Made with doppelnb {escape(shipped.version)} on '
            f"{escape(shipped.date[:10])}: <code>{escape(shipped.command)}</code> "
            f"({shipped.cpu_seconds / 60:.0f} CPU minutes on {shipped.workers} workers). "
            f"Games stopped at the action cap: {len(shipped.timeouts)} (such a game counts as "
            "a draw among all seats, not left out of the fit).</p>")
    return Html(f"<div>{text}{chart}{grid}{made}</div>")


