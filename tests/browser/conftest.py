"""Real-browser tests: Playwright driving Debian's Chromium (``/usr/bin/chromium``).

They run with ``make browser`` (part of ``make test``), or ``pytest -m browser tests/browser``.
A plain ``pytest tests`` deselects them, so the unit tests stay fast.

Session fixtures, shared by every test: one browser; the exported explainers (re-exported only
when a notebook, the package or the export tools changed since the last export); one Voilà server
bound to 127.0.0.1 on a free port, serving every notebook plus the stepper fixture, stopped
(terminate + wait) when the session ends. Screenshots of every page go to ``build/screenshots/``.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPLAINERS,
    FIXTURE_EXPLAINERS,
    FIXTURE_MODULES,
    FIXTURE_NOTEBOOKS,
    NOTEBOOKS,
    ROOT,
    SCREENSHOTS,
    free_port,
    stop,
)

# -- selection: browser tests only when asked for ------------------------------------------------

def pytest_collection_modifyitems(config, items):
    markexpr = config.getoption("markexpr", "") or ""
    asked = "browser" in markexpr or any(
        Path(arg.split("::")[0]).resolve().is_relative_to(Path(__file__).parent)
        for arg in config.args)
    if not asked:
        keep, drop = [], []
        for item in items:
            (drop if item.get_closest_marker("browser") else keep).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
        return
    # The Voila tests run after the explainer tests: their pages start loading when the session
    # starts (``_voila_pages_load_meanwhile``), so the kernels run the chapters while the explainer
    # tests use the browser, instead of the first app test waiting for all of them. The
    # accessibility tests go last: the audits of the pages the explainer and app tests opened are
    # then waiting for them (``axe_results``). A stable sort keeps every other order.
    items.sort(key=lambda item: (item.path.name == "test_accessibility.py",
                                 item.path.name in VOILA_FILES))


VOILA_FILES = ("test_app.py", "test_play_hand_app.py")


def pytest_terminal_summary(terminalreporter):
    """What the accessibility audits cost in this session (they are the browser step's newest
    part; their time is worth watching)."""
    from browser_support import AUDIT_SECONDS

    if AUDIT_SECONDS:
        terminalreporter.write_line(f"accessibility: {len(AUDIT_SECONDS)} axe-core audits in "
                                    f"{sum(AUDIT_SECONDS):.1f} s")


# -- the browser ---------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install -y chromium)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class PageLog:
    """What a page did: console errors, uncaught exceptions, requests we blocked."""

    def __init__(self, page, allowed_prefix: str):
        self.errors: list[str] = []
        self.blocked: list[str] = []
        self.expected: list[str] = []  # URL parts whose failures a test caused on purpose
        self.allowed_prefix = allowed_prefix
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        page.route("**/*", self._route)

    def _console(self, message):
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url', '')})")

    def unexpected_errors(self) -> list[str]:
        """Errors other than "failed to load" for a request this log blocked on purpose."""
        return [e for e in self.errors
                if not ("Failed to load resource" in e
                        and any(b in e for b in self.blocked + self.expected))]

    def _route(self, route):
        url = route.request.url
        if url.startswith(self.allowed_prefix) or url.startswith("data:"):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


@pytest.fixture
def open_page(browser):
    """``open_page(allowed_prefix)`` -> (page, log); every other URL is aborted."""
    contexts = []

    def opener(allowed_prefix: str):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        return page, PageLog(page, allowed_prefix)

    yield opener
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def explainer_page(browser):
    """``explainer_page(html_file)`` -> (page, log): one page per exported file for the session.

    Opening a chapter's exported page costs 4-5 s of Chromium's CPU (the widget renderer's 3.6 MB
    of JavaScript, then every view drawn), whatever the page's size. The tests that only read a
    page or step its steppers and go back (test_explainers, and all but the every-control test
    of test_explainers_controls, which needs the page as it was exported) share this one,
    opened the first time it is asked for, with the network blocked (``file://`` only). Each
    test still waits for what it needs: on a drawn page those waits return at once.
    """
    opened: dict[Path, tuple] = {}
    contexts = []

    def opener(html_file: Path):
        if html_file not in opened:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            contexts.append(context)
            page = context.new_page()
            log = PageLog(page, "file://")
            page.goto(html_file.as_uri(), wait_until="load")
            opened[html_file] = (page, log)
        return opened[html_file]

    try:
        yield opener
    finally:
        for context in contexts:
            context.close()


# -- exported explainers -------------------------------------------------------------------------

def _newest_source_mtime(notebooks: list[Path]) -> float:
    sources = list(notebooks) + list((ROOT / "doppelnb").rglob("*.py")) + \
        list((ROOT / "doppelnb").rglob("*.json")) + \
        list((ROOT / "doppelnb" / "explainers").glob("*.*")) + \
        [ROOT / "tools" / "export_explainers.py", ROOT / "tools" / "vendor.py"] + \
        FIXTURE_MODULES
    return max(p.stat().st_mtime for p in sources)


def _export(notebooks: list[Path], out: Path, index: bool) -> None:
    """Export again unless every page is newer than every notebook, module and tool."""
    pages = [out / f"{nb.stem}.html" for nb in notebooks] + ([out / "index.html"] if index else [])
    newest = _newest_source_mtime(notebooks)
    if all(p.exists() and p.stat().st_mtime >= newest for p in pages):
        return
    cmd = [sys.executable, str(ROOT / "tools" / "export_explainers.py"), *map(str, notebooks),
           "--out", str(out)] + ([] if index else ["--no-index"])
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        pytest.fail(f"export failed:\n{done.stdout}\n{done.stderr}", pytrace=False)


@pytest.fixture(scope="session")
def explainers() -> dict[str, Path]:
    """stem -> exported HTML page, for every notebook and the fixture notebooks."""
    _export(NOTEBOOKS, EXPLAINERS, index=True)
    _export(FIXTURE_NOTEBOOKS, FIXTURE_EXPLAINERS, index=False)
    pages = {nb.stem: EXPLAINERS / f"{nb.stem}.html" for nb in NOTEBOOKS}
    pages.update({nb.stem: FIXTURE_EXPLAINERS / f"{nb.stem}.html" for nb in FIXTURE_NOTEBOOKS})
    return pages


# -- accessibility audits made where a page is open anyway ------------------------------------

@pytest.fixture(scope="session")
def axe_results() -> dict[str, list[dict]]:
    """Page key -> axe-core's violations there (``browser_support.axe_violations``).

    Loading a chapter page and waiting for its widgets costs seconds, so the tests that open a
    page for their own checks (test_explainers: ``explainer:<stem>``, test_app: ``app:<stem>``)
    audit it once they are done and leave the result here; test_accessibility.py, which runs
    last, judges it, and audits the page itself when nobody did (run alone, or after a failure).
    """
    return {}


# -- one Voilà server for every notebook ---------------------------------------------------------


#: Seconds Voilà waits for a cell's outputs after the kernel says the cell is done (nbclient's
#: default is 4). The app pages are opened together, so seven kernels and seven renderers share
#: the 2 cores, and the stepper cells send megabytes of widget state: with 4 s, the outputs that
#: were late were dropped ("Timeout waiting for IOPub output"), the page never showed its stepper
#: and the test waited out its 180 s before reloading, three pages out of six in one run (9 of
#: the 13 minutes of the browser tests). The Makefile's `app` target uses the same setting.
APP_IOPUB_TIMEOUT = 60


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Base URL of a Voilà server over the notebooks (plus the fixtures), stopped at the end."""
    root = tmp_path_factory.mktemp("voila-root")
    for path in NOTEBOOKS + FIXTURE_NOTEBOOKS + FIXTURE_MODULES:
        (root / path.name).symlink_to(path)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    log = open(SCREENSHOTS / "voila.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1",
         f"--port={port}", "--show_tracebacks=True", "--Voila.open_browser=False",
         f"--VoilaExecutor.iopub_timeout={APP_IOPUB_TIMEOUT}"],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=root)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"voila exited with {proc.returncode}; see {SCREENSHOTS / 'voila.log'}")
            try:
                with urllib.request.urlopen(f"{base}/", timeout=5) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail("voila did not answer within 90 s")
            time.sleep(0.3)
        yield base
    finally:
        stop(proc)
        log.close()


@pytest.fixture(scope="session", autouse=True)
def _voila_pages_load_meanwhile(request):
    """Ask Voila for every chapter's page before the first test, when a selected test needs them.

    Voila runs each page's notebook in a kernel of its own (about 45 s of CPU for all of them);
    started first, that work overlaps the explainer tests, which mostly wait on Chromium.
    """
    if any("app_pages" in getattr(item, "fixturenames", ()) for item in request.session.items):
        request.getfixturevalue("app_pages")


@pytest.fixture(scope="session")
def app_pages(browser, voila_server):
    """stem -> (page, log): every notebook's Voilà page, all requested at once at the start.

    Voilà runs each page's notebook in its own kernel while it streams the page, so asking for
    them together lets the kernels work side by side; each test then waits for its own page.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pages = {}
    try:
        for notebook in NOTEBOOKS + FIXTURE_NOTEBOOKS:
            page = context.new_page()
            log = PageLog(page, voila_server)
            # Start loading without waiting (page.goto would wait for Voilà's first bytes).
            page.evaluate("url => { window.location.href = url; }",
                          f"{voila_server}/voila/render/{notebook.name}")
            pages[notebook.stem] = (page, log)
        yield pages
    finally:
        context.close()
