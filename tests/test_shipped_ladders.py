"""Issue 27, the shipped ladders (``doppelnb/data/ladders/GAME.csv`` + ``GAME.json``): one per game,
well formed, their CSV the fit of their recorded games, their first game still played the same
by today's engine, and the chapters' verdict sentences drawn from them."""

from __future__ import annotations

import dataclasses
import shutil
from collections import Counter

import pytest
from guards import cpu_deadline

from doppelnb import GAMES, BadInput
from doppelnb.core import ladder as lad
from doppelnb.core import sweep_run
from doppelnb.core.ladder_cli import _seats, build_parser
from doppelnb.core.stats import Rating, win_probability

SHIPPED = lad.shipped_ladders()


def test_every_game_has_a_shipped_ladder():
    assert SHIPPED == sorted(GAMES)


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_ladder_is_the_fit_of_its_recorded_games(game):
    """The CSV's ratings, intervals and games are exactly what the recorded places give when
    fitted again (an edited figure, a missing game or a wrong anchor shows)."""
    shipped = lad.load_ladder(game)
    assert shipped.refit().to_csv() == shipped.csv_text


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_ladder_is_well_formed(game):
    shipped = lad.load_ladder(game)
    lineup = shipped.seats or shipped.policies
    seats = [sweep_run.seats_for(lineup, shipped.players, i) for i in range(shipped.games)]
    appearances = Counter(name for table in seats for name in set(table))
    for rating in shipped.ratings:
        assert rating.games == appearances[rating.name]
        assert rating.lo <= rating.rating <= rating.hi
        if rating.name == shipped.anchor:
            assert rating.reference and rating.rating == rating.lo == rating.hi == 0
    # rated against greedy, so every search setting's interval speaks of search against greedy
    assert shipped.anchor == "greedy"
    # the ordering a chapter shows is by measured rating, strongest first
    values = [r.rating for r in shipped.ordered()]
    assert values == sorted(values, reverse=True)
    assert sorted(r.name for r in shipped.ordered()) == sorted(shipped.policies)
    # every place is a place: 0 .. players-1
    assert all(0 <= p < shipped.players for game_places in shipped.places for p in game_places)


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_ladder_records_the_command_that_plays_it_and_its_cpu_budget(game):
    shipped = lad.load_ladder(game)
    words = shipped.command.split()
    assert words[:4] == ["python", "-m", "doppelnb", "ladder"]
    parsed = build_parser().parse_args(words[4:])
    assert parsed.game == game and parsed.games == shipped.games and parsed.seed == shipped.seed
    assert parsed.policies == ",".join(shipped.policies) and parsed.anchor == shipped.anchor
    assert parsed.players == shipped.players
    assert (_seats(parsed.seats) if parsed.seats else None) == \
        (list(shipped.seats) if shipped.seats else None)
    search = [p for p in shipped.policies if p.split(":")[0] in lad.SEARCH_PREFIXES]
    assert search, "a ladder rates at least one search setting"
    for policy in search:
        assert 0 < shipped.cost(policy) < 2.0  # "about one second per decision" at most
    assert shipped.cpu_seconds > 0 and shipped.version and shipped.date[:4].isdigit()
    budget = lad.ladder_verdict(shipped)[1]
    assert budget.startswith("CPU budget per decision") and all(p in budget for p in search)


#: Ladders whose first game is too long for make test (Doppel Doubt's: 1,100 actions, about 19 s
#: of CPU, a sixth of the unit step's longest worker): here only its opening is replayed;
#: ``make ladders-check`` (tools/ladders.py --check) replays it whole, as ``make ladders`` does.
WHOLE_GAME_ONLY_IN_LADDERS_CHECK = ("doppel_doubt",)


def _arguments(shipped: lad.ShippedLadder) -> dict:
    return {"policies": list(shipped.policies), "players": shipped.players,
            "seed": shipped.seed, "seats": list(shipped.seats) if shipped.seats else None}


@pytest.mark.parametrize("game", [g for g in SHIPPED if g not in WHOLE_GAME_ONLY_IN_LADDERS_CHECK])
def test_todays_engine_plays_a_shipped_ladders_first_game_as_recorded(game):
    shipped = lad.load_ladder(game)
    with cpu_deadline(120, f"replaying {game}", wall=900):
        again = lad.fingerprint(game, _arguments(shipped), shipped.fingerprint["games"])
    assert again == shipped.fingerprint, (
        f"{game}: a rule, deal or decision changed the ladder's games; run make ladders")


@pytest.mark.parametrize("game", SHIPPED)
def test_todays_engine_opens_a_shipped_ladders_first_game_as_recorded(game):
    """The first actions of game 0 (the first searching decisions among them), played alone:
    the same as the recorded game's, which the fingerprint hashes from its whole moves."""
    shipped = lad.load_ladder(game)
    recorded = {k: shipped.fingerprint[k] for k in ("opening_actions", "opening")}
    assert recorded["opening_actions"] == lad.OPENING_ACTIONS
    with cpu_deadline(60, f"replaying the opening of {game}", wall=600):
        again = lad.opening(game, _arguments(shipped), recorded["opening_actions"])
    assert again == recorded, (
        f"{game}: a rule, deal or decision changed the ladder's games; run make ladders")


def test_an_opening_is_the_first_actions_of_the_fingerprinted_game():
    """:func:`opening` stops game 0 at its cap: the hash of the whole game's first actions, and
    a different count or seed gives another."""
    shipped = lad.load_ladder("doppelganger_tricks")
    arguments = _arguments(shipped)
    assert lad.fingerprint("doppelganger_tricks", arguments, 1)["opening"] == \
        lad.opening("doppelganger_tricks", arguments)["opening"]
    shorter = lad.opening("doppelganger_tricks", arguments, 40)
    assert shorter["opening_actions"] == 40
    assert shorter["opening"] != shipped.fingerprint["opening"]
    assert lad.opening("doppelganger_tricks", {**arguments, "seed": arguments["seed"] + 1}) != \
        lad.opening("doppelganger_tricks", arguments)


def test_the_sweeps_readme_lists_every_shipped_ladder_as_tools_ladders_writes_it():
    readme = (lad.ladders_folder().parent / "sweeps" / "README.md").read_text(encoding="utf-8")
    block = readme.partition(lad.README_BEGIN + "\n")[2].partition("\n" + lad.README_END)[0]
    assert block == lad.readme_rows(), "run python tools/ladders.py --readme"
    assert all(f"`ladders/{game}`" in block for game in SHIPPED)


# -- the verdict --------------------------------------------------------------------------------
def _made_up(*ratings: Rating, note: str = "") -> lad.ShippedLadder:
    shipped = lad.load_ladder(SHIPPED[0])
    names = tuple(r.name for r in ratings)
    return dataclasses.replace(shipped, policies=names, ratings=ratings, anchor="greedy",
                               seats=None, decision_seconds=(0.0, 0.0, 0.25),
                               decisions=(1, 1, 1), note=note)


GREEDY = Rating("greedy", 0.0, 0.0, 0.0, 90, reference=True)
RANDOM = Rating("random", -150.0, -220.0, -80.0, 90)


def test_the_verdict_says_search_beats_greedy_only_when_its_interval_is_above_zero():
    strong = _made_up(RANDOM, GREEDY, Rating("mcts:64", 120.0, 40.0, 200.0, 90))
    sentences = strong.verdict()
    order = sentences[0].partition("): ")[2]
    assert order.index("mcts:64") < order.index("greedy") < order.index("random"), \
        "the measured order, strongest first"
    beats = [s for s in sentences if s.startswith("mcts:64 beats greedy")]
    assert len(beats) == 1
    assert f"{win_probability(40.0, 0.0):.2f}" in beats[0]  # the share's lower bound, > 0.5
    assert "250 ms CPU per decision" in beats[0]
    assert not any("resist" in s or "no search setting" in s for s in sentences)
    assert any(s.startswith("greedy beats random: random finishes ahead of greedy in 0.30")
               for s in sentences), sentences


def test_the_verdict_says_what_was_measured_and_why_when_no_search_beats_greedy():
    why = "Random playouts of a long game say little about a move."
    weak = _made_up(RANDOM, GREEDY, Rating("mcts:64", 30.0, -50.0, 110.0, 90), note=why)
    sentences = weak.verdict()
    assert any(s.startswith("mcts:64 is not separated from greedy") and "straddles 0.5" in s
               for s in sentences)
    assert sentences[-1].startswith("So no search setting measured here beats greedy")
    assert sentences[-1].endswith(why)
    losing = _made_up(RANDOM, GREEDY, Rating("mcts:64", -90.0, -160.0, -20.0, 90), note=why)
    assert any(s.startswith("mcts:64 loses to greedy") for s in losing.verdict())


def test_the_report_lists_the_policies_by_measured_rating_with_a_chart():
    pytest.importorskip("matplotlib")
    shipped = lad.load_ladder(SHIPPED[0])
    html = str(lad.ladder_report(SHIPPED[0]))
    assert "<svg" in html and shipped.command.split(" --out")[0] in html
    rows = html.split("<tbody>")[-1] if "<tbody>" in html else html.split("</caption>")[-1]
    places = [rows.find(f">{r.name}<") for r in shipped.ordered()]
    assert -1 not in places and places == sorted(places)


# -- refusals -----------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["chess", "", None, 3, "../sweeps/doppeldoppel"])
def test_load_ladder_refuses_a_game_without_a_ladder(bad):
    with pytest.raises(BadInput) as caught:
        lad.load_ladder(bad)
    assert caught.value.rule == "NB-ARG"


def test_load_ladder_refuses_an_edited_csv(tmp_path):
    game = SHIPPED[0]
    for suffix in (".csv", ".json"):
        shutil.copy(lad.ladders_folder() / f"{game}{suffix}", tmp_path / f"{game}{suffix}")
    lad.load_ladder(game, tmp_path)
    text = (tmp_path / f"{game}.csv").read_text()
    (tmp_path / f"{game}.csv").write_text(text.replace(",", ";", 1))
    with pytest.raises(BadInput) as caught:
        lad.load_ladder(game, tmp_path)
    assert caught.value.rule == "NB-DATA" and "sha256" in caught.value.reason
