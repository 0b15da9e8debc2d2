"""Doppeldoppel widgets: thin views that show the engine's own results."""

from doppelnb.engines import doppeldoppel as dd
from doppelnb.widgets import doppeldoppel as view


def test_trick_builder_follows_resolve_trick():
    """DD-T7 / DD-T8 in the trick builder, flipping DD-A6 and DD-A7."""
    tb = view.TrickBuilder(["Y3", "B3", "Y5", "Y2"])
    assert tb.result.winner == 3 and "collides" in tb.view.value
    tb.flags["reversal_trigger"].value = "surviving_only"
    assert tb.result.winner == 2
    for picker, card in zip(tb.pickers, ["Y4", "R4", "B3", "R6"], strict=True):
        picker.value = card
    tb.flags["reversal_trigger"].value = "any_played"
    assert tb.result.winner == 2
    tb.flags["reversal_affects_fallback"].value = False
    assert tb.result.winner == 3
    tb.players.value = 3
    assert tb.cards() == ["Y4", "R4", "B3"] and tb.result.winner is not None
    tb.pickers[0].value = "Y4"
    tb.pickers[1].value = "Y4"
    assert "cannot happen" in tb.view.value  # deck a has a single Y4


def test_score_explorer():
    se = view.ScoreExplorer(counts={1: 2, 2: 2, 3: 1})
    assert se.breakdown.total == 7  # DD-E4
    se.kept[4].value = 3
    assert se.breakdown.total == 0 and "0" in se.view.value


def test_stepper_configured_for_doppeldoppel():
    st = view.stepper(3, seed=4)
    assert len(st.states) == 1 + 3 * 12 * 3
    st.show(5)
    assert st.state == st.states[5] and "Doppeldoppel" in st.view.value
    st.flag_pickers["reversal_scope"].value = "round_toggle"
    assert st.states[-1].rules.reversal_scope == "round_toggle"
    assert st.states[-1] == dd.from_json(st.states[-1].to_json())
