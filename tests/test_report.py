"""``python -m doppelnb sweep ... --report FILE.html`` and ``sweep_report(table)`` (issue 27,
"Reports and playtests"): a standalone page with one chart per metric, the seat-advantage
heatmap, balance_summary's verdicts word for word and the command that made the table."""

from __future__ import annotations

import html
import re
import shlex
import sys
from pathlib import Path

import pytest

from doppelnb import BadInput, cli
from doppelnb.core import report as report_module
from doppelnb.core import sweep_cli
from doppelnb.core.provenance import shipped_tables
from doppelnb.core.report import (
    NEEDS_EXTRA,
    SHARED_TIES_NOTE,
    TIES_NOTE,
    made_by,
    sweep_report,
)
from doppelnb.core.sweep import (
    balance_summary,
    load_table,
    metric_label,
    reading_verdicts,
    report_metrics,
    sweep,
)
from doppelnb.core.version import VERSION

pytest.importorskip("matplotlib")

# A small sweep: two readings, two mixes, 12 games a cell (about a second in one process).
SMALL = ["doppeldoppel", "--games", "12", "--seed", "3", "--players", "3", "--flags",
         "default,next_leader=rotate_left", "--mixes", "random,greedy/random", "--workers", "1",
         "--no-progress"]


def run(capsys, *argv):
    try:
        status = cli.main(["sweep", *map(str, argv)])
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, *words):
    assert status == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for word in words:
        assert word in err, err


def figure(page, ident):
    """The markup of ``<figure id="IDENT">``."""
    match = re.search(rf'<figure id="{re.escape(ident)}">(.*?)</figure>', page, re.S)
    assert match, f"no figure {ident}"
    return match.group(1)


def balance_sentences(table, metric=None):
    """The verdict sentences balance_summary shows (each one bare <p>, before its chart)."""
    text = str(balance_summary(table, metric))
    return [html.unescape(s) for s in re.findall(r"<p>(.*?)</p>", text.split("<svg")[0], re.S)]


@pytest.fixture(scope="module")
def shipped():
    table = load_table("doppeldoppel_reversal_scope")
    return table, sweep_report(table)


# -- the page ------------------------------------------------------------------------------------
def test_the_page_is_standalone_no_script_and_nothing_fetched(shipped):
    _, page = shipped
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page.lower() and "<link" not in page.lower()
    assert "@import" not in page
    # clip paths are url(#id): nothing outside the page
    assert all(u.startswith("#") for u in re.findall(r"url\(\s*['\"]?([^)'\"]*)", page))
    # every src/href (xlink:href of the SVG markers too) points inside the page
    targets = re.findall(r"""(?:src|href)\s*=\s*["']([^"']*)""", page, re.I)
    assert all(t.startswith("#") for t in targets), [t for t in targets if t[:1] != "#"]
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page, re.I)


def test_one_chart_per_metric_with_every_cells_interval(shipped):
    table, page = shipped
    metrics = list(dict.fromkeys(r[3] for r in table.rows))
    shown = re.findall(r'<figure id="metric-([a-z0-9_]+)">', page)
    assert shown == metrics
    for metric in metrics:
        chart = figure(page, f"metric-{metric}")
        assert chart.count("<svg") == 1
        assert "<title>" in chart and html.escape(metric_label(metric)) in chart
        # the games each estimate stands on, per cell
        for row in table.where(metric=metric).rows:
            assert f"n = {row[5]:,}" in chart


def test_svg_ids_are_unique_across_the_charts_of_a_page(shipped):
    _, page = shipped
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)[:5]


def test_the_heatmap_writes_each_seats_advantage_in_its_square(shipped):
    """Each seat's win rate minus the mean over the cell's seats, computed here from the rows."""
    table, page = shipped
    heatmap = figure(page, "seat-advantage")
    assert heatmap.count("<svg") == 1
    note = TIES_NOTE if any(r.metric_version < 2 for r in table.rows) else SHARED_TIES_NOTE
    assert html.escape(note) in heatmap
    cells = {}
    for r in table.rows:
        if r[3].startswith("win_rate_seat"):
            cells.setdefault(r[:3], []).append(r[4])
    assert cells
    written = re.findall(r"[+-]\d\.\d{3}", heatmap)
    expected = [f"{rate - sum(rates) / len(rates):+.3f}" for rates in cells.values()
                for rate in rates]
    for value in expected:
        assert value in written
    assert len([w for w in written if w in expected]) >= len(expected)


def test_every_verdict_of_balance_summary_is_on_the_page_word_for_word(shipped):
    table, page = shipped
    sentences = balance_sentences(table)
    assert sentences
    for sentence in sentences:
        assert html.escape(sentence) in page
    # and every other comparison of the same family, each with the same correction
    items, family = reading_verdicts(table)
    for metric in report_metrics(table):
        for sentence in balance_sentences(table, metric):
            assert html.escape(sentence) in page
    correction = f"Holm&#x27;s correction over {family.size} comparisons"
    verdicts = re.findall(r'<p class="verdict">(.*?)</p>', page)
    assert len(verdicts) == len(items)
    tested = [v for v in verdicts if "the same in every game of each cell" not in v]
    assert tested and all(correction in v for v in tested)


def test_the_page_names_the_question_command_version_and_games(shipped):
    table, page = shipped
    assert html.escape(table.meta["question"]) in page
    for command in table.meta["commands"]:
        assert html.escape(command) in page
    assert f"report by doppelnb {VERSION}" in page
    assert f"made with doppelnb {table.meta['version']}" in page


#: One shipped table of each kind (a flag sweep, a three-reading sweep with random and greedy
#: bots at ten seats, a skill ladder, a second game's flag sweep): a report costs 3-5 s of CPU,
#: so the unit step does not render all thirteen.
KINDS = ("doppeldoppel", "doppel_doubt_illegal_takeover", "groom_lake_ladder",
         "doppelganger_quest_animals_in_pingpong")


def test_the_sampled_tables_are_shipped():
    assert set(KINDS) <= set(shipped_tables())


@pytest.mark.parametrize("name", KINDS)
def test_a_report_renders_for_each_kind_of_shipped_table(name):
    table = load_table(name)
    page = sweep_report(table)
    metrics = list(dict.fromkeys(r[3] for r in table.rows))
    assert page.count('<figure id="metric-') == len(metrics)
    assert page.count("<svg") == len(metrics) + ('<figure id="seat-advantage">' in page)
    for sentence in balance_sentences(table):
        assert html.escape(sentence) in page
    assert html.escape(table.meta["commands"][0]) in page


@pytest.mark.parametrize("table", [None, "doppeldoppel", [("default", 3)]])
def test_sweep_report_refuses_what_is_not_a_table(table):
    with pytest.raises(BadInput):
        sweep_report(table)


def test_a_fresh_sweeps_rebuilt_command_makes_the_same_table(tmp_path, capsys):
    """A table from sweep() has no provenance: made_by rebuilds the command from its meta and
    rows, and that command gives the same CSV."""
    table = sweep("doppeldoppel", readings=["default", "next_leader=rotate_left"],
                  player_counts=[3], policy_mixes=["random"], games=6, seed=4, workers=1,
                  progress=False)
    (command,) = made_by(table)
    argv = shlex.split(command)
    assert argv[:4] == ["python", "-m", "doppelnb", "sweep"]
    out = tmp_path / "again.csv"
    status, _, err = run(capsys, *argv[4:], "--workers", "1", "--no-progress", "--out", out)
    assert status == 0, err
    assert out.read_text(encoding="utf-8") == table.to_csv()
    assert html.escape(command) in sweep_report(table)


@pytest.mark.parametrize("command", [5, [1, 2], {"a": 1}, "x" * 100_001, ["--games", None]])
def test_sweep_report_refuses_a_command_that_is_not_text_or_arguments(command):
    with pytest.raises(BadInput, match="command"):
        sweep_report(load_table("doppeldoppel"), command=command)


# -- the command line ----------------------------------------------------------------------------
def test_sweep_writes_the_same_csv_and_the_report(tmp_path, capsys):
    plain = tmp_path / "plain.csv"
    assert run(capsys, *SMALL, "--out", plain)[0] == 0
    out, report = tmp_path / "t.csv", tmp_path / "t.html"
    status, _, err = run(capsys, *SMALL, "--out", out, "--report", report)
    assert status == 0, err
    assert out.read_bytes() == plain.read_bytes()
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count('<figure id="metric-') > 5
    command = "python -m doppelnb sweep " + shlex.join([*SMALL, "--out", str(out), "--report",
                                                        str(report)])
    assert html.escape(command) in page
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic write left no temporary file


def test_a_users_other_file_is_refused_before_playing_and_kept(tmp_path, capsys, monkeypatch):
    played = []
    real = sweep_cli.sweep
    monkeypatch.setattr(sweep_cli, "sweep", lambda *a, **k: played.append(1) or real(*a, **k))
    notes = tmp_path / "notes.html"
    notes.write_text("<p>my playtest notes</p>\n", encoding="utf-8")
    status, _, err = run(capsys, *SMALL, "--out", tmp_path / "t.csv", "--report", notes)
    assert_one_line_error(status, err, "not a doppelnb report", "--force")
    assert played == [] and not (tmp_path / "t.csv").exists()
    assert notes.read_text(encoding="utf-8") == "<p>my playtest notes</p>\n"
    # --force replaces it; a report doppelnb wrote is then replaced without --force
    assert run(capsys, *SMALL, "--out", tmp_path / "t.csv", "--report", notes, "--force")[0] == 0
    first = notes.read_text(encoding="utf-8")
    assert first.startswith("<!DOCTYPE html>")
    # The second page is the first one marked, not drawn again (its 26 charts are most of this
    # test's time, and the pages' content is the other tests' subject): what is checked here is
    # that the command recognises the report it wrote and replaces it.
    again = first.replace("</html>", "<!-- again --></html>")
    monkeypatch.setattr(report_module, "sweep_report", lambda *a, **k: again)
    assert run(capsys, *SMALL, "--out", tmp_path / "t.csv", "--report", notes)[0] == 0
    assert notes.read_text(encoding="utf-8") == again != first
    assert len(played) == 2


def test_the_report_is_never_written_through_a_link_nor_over_the_csv(tmp_path, capsys,
                                                                      monkeypatch):
    monkeypatch.setattr(sweep_cli, "sweep", lambda *a, **k: pytest.fail("the sweep ran"))
    target = tmp_path / "elsewhere.html"
    target.write_text("keep\n", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    status, _, err = run(capsys, *SMALL, "--out", tmp_path / "t.csv", "--report", link,
                         "--force")
    assert_one_line_error(status, err, "link")
    assert target.read_text(encoding="utf-8") == "keep\n"
    same = tmp_path / "t.csv"
    assert_one_line_error(*run(capsys, *SMALL, "--out", same, "--report", same)[::2], "--out")
    assert_one_line_error(*run(capsys, *SMALL, "--out", same, "--report", tmp_path)[::2],
                          "folder")
    assert_one_line_error(*run(capsys, *SMALL, "--out", same, "--report",
                               tmp_path / "no" / "t.html")[::2], "does not exist")


def test_without_matplotlib_report_is_one_line_exit_2_before_playing(tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    monkeypatch.setattr(sweep_cli, "sweep", lambda *a, **k: pytest.fail("the sweep ran"))
    out = tmp_path / "t.csv"
    status, _, err = run(capsys, *SMALL, "--out", out, "--report", tmp_path / "t.html")
    assert_one_line_error(status, err)
    assert err.strip().endswith(NEEDS_EXTRA)
    assert NEEDS_EXTRA == ("--report needs the notebooks extra: pip install "
                           "'doppelnb[notebooks]'")
    assert not out.exists() and not (tmp_path / "t.html").exists()
    with pytest.raises(BadInput, match="notebooks"):
        sweep_report(load_table("doppeldoppel"))


def test_without_report_the_sweep_needs_no_matplotlib(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    status, _, err = run(capsys, *SMALL, "--out", tmp_path / "t.csv")
    assert status == 0, err
    assert Path(tmp_path / "t.csv").read_text(encoding="utf-8").startswith("reading,")
