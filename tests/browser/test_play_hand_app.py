"""One scripted hand of every game, played by clicking in Voilà (issue 25).

One Voilà server, bound to 127.0.0.1, serves five one-cell notebooks from a temporary folder
(``play_hand(game, seed=..., delay=0.02)``, the call each chapter makes, with a short pause so
that the whole test adds well under a minute); the five pages are opened at once, then each
hand is played to its end in Chromium: an illegal move typed in the text box is refused with its
rule, every move is a click on a move button (or the two-step picker and its Play button), and
at the end "Explain" names a rule and "Save my game" writes a record that ``doppelnb.load``
replays.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

import nbformat
import pytest
from browser_support import SCREENSHOTS, free_port, screenshot_page, stop

import doppelnb
from doppelnb.widgets import play_hand

pytestmark = pytest.mark.browser

SEED = 4
GAMES = ["doppeldoppel", "doppelganger_tricks", "groom_lake", "doppel_doubt",
         "doppelganger_quest"]
STATUS = ".doppelnb-play-status [data-step]"
RULE_ID = re.compile(r"\b(?:DD|DT|GL|DB|DQ)-[RAT]\d+")


def illegal_text(game: str) -> tuple[str, str]:
    """A move typed at the person's first decision that the rules refuse, and the rule: worked
    out on the same seeded hand in this process (the kernel deals the very same one)."""
    hand = play_hand(game, seed=SEED, delay=0)
    state, seat = hand.state, hand.seat
    if game == "doppeldoppel":
        held = {str(c) for c in state.view(seat).hand}
        return next(f"{c}{r}" for c in "YRB" for r in range(1, 7) if f"{c}{r}" not in held), \
            "DD-R12"
    if game == "doppelganger_tricks":
        return str(state.view(seat).hand[0]), "DT-R6"
    if game == "groom_lake":
        held = set(state.view(seat).hand)
        return "discard " + next(c for c in state.deck.kinds if c not in held), "GL-R6"
    if game == "doppel_doubt":
        held = set(state.view(seat).hand)
        return f"card {next(c for c in range(1, 101) if c not in held)}", "DB-R4"
    legal = {a[1] for a in state.legal_actions()}
    return "hero " + next(h.name for h in state.cards.heroes if h.name not in legal), "DQ-R3"


def wait_for_new_status(page, step: int, words: str) -> int:
    """Wait until the status line is newer than ``step`` and matches ``words``; its step."""
    page.wait_for_function(
        """([sel, step, words]) => {
            const el = document.querySelector(sel);
            return el && +el.dataset.step > step && new RegExp(words).test(el.textContent);
        }""", arg=[STATUS, step, words], timeout=60_000)
    return int(page.locator(STATUS).get_attribute("data-step"))


def play_through(page) -> int:
    """Click moves until the hand is over; return the number of clicks."""
    clicks = 0
    while True:
        status = page.locator(STATUS)
        if "hand is over" in status.inner_text():
            return clicks
        step = int(status.get_attribute("data-step"))
        picker = page.locator(".doppelnb-play-picker")
        if picker.is_visible():
            page.locator(".doppelnb-play-pick").click()
        else:
            moves = page.locator(".doppelnb-play-move.mod-primary >> visible=true")
            moves.first.wait_for(timeout=30_000)
            moves.first.click()
        wait_for_new_status(page, step, "Your turn|hand is over")
        clicks += 1
        assert clicks < 200, "the hand does not end"


@pytest.fixture(scope="module")
def hands_server(tmp_path_factory):
    """A Voilà server over five one-cell notebooks, one per game; its folder and base URL."""
    root = tmp_path_factory.mktemp("play-hand")
    for game in GAMES:
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)",
                                     "language": "python", "name": "python3"}
        nb.cells = [nbformat.v4.new_code_cell(
            f'from doppelnb.widgets import play_hand\n\nplay_hand("{game}", seed={SEED}, '
            "delay=0.02)")]
        nbformat.write(nb, root / f"{game}.ipynb")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    log = open(SCREENSHOTS / "voila-play-hand.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1",
         f"--port={port}", "--show_tracebacks=True"],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=root)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"voila exited with {proc.returncode}")
            try:
                with urllib.request.urlopen(f"{base}/", timeout=5) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail("voila did not answer within 90 s")
            time.sleep(0.3)
        yield root, base
    finally:
        stop(proc)
        log.close()


def test_a_scripted_hand_of_every_game_by_clicking_in_voila(browser, hands_server):
    root, base = hands_server
    started = time.monotonic()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    try:
        pages = {}
        for game in GAMES:  # all at once: the five kernels start side by side
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.evaluate("url => { window.location.href = url; }",
                          f"{base}/voila/render/{game}.ipynb")
            pages[game] = page
        report = []
        for game, page in pages.items():
            page.bring_to_front()
            page.wait_for_selector(STATUS, timeout=120_000)
            assert "Play a hand of" in page.inner_text(".doppelnb-play-hand")
            step = int(page.locator(STATUS).get_attribute("data-step"))
            # An illegal move typed in the game's notation: refused with its rule.
            text, rule = illegal_text(game)
            page.locator(".doppelnb-play-hand input[type=text]").fill(text)
            page.locator(".doppelnb-play-try").click()
            wait_for_new_status(page, step, re.escape(f"Not allowed ({rule})"))
            before = page.locator(".doppelnb-play-log li").count()
            clicks = play_through(page)
            assert page.locator(".doppelnb-play-log li").count() > before + clicks // 2
            page.locator(".doppelnb-play-explain").click()
            page.wait_for_selector(".doppelnb-play-message .doppelnb-play-explain",
                                   timeout=30_000)
            assert RULE_ID.search(page.inner_text(".doppelnb-play-message"))
            page.locator(".doppelnb-play-save").click()
            page.wait_for_selector(".doppelnb-play-message .doppelnb-play-saved",
                                   timeout=30_000)
            name = f"my-{game.replace('_', '-')}-hand-seed{SEED}.json"
            assert name in page.inner_text(".doppelnb-play-message")
            saved = next(root.rglob(name))
            assert doppelnb.load(saved.read_text(encoding="utf-8")).game == game
            screenshot_page(page, SCREENSHOTS / f"play-hand-{game}.png")
            report.append(f"{game}: {clicks} clicks")
    finally:
        context.close()
    assert errors == []
    print(f"scripted hands in {time.monotonic() - started:.1f} s: " + ", ".join(report))

