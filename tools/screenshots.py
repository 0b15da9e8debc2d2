"""Take the README's screenshots with Debian's Chromium: an explainer, and a notebook in JupyterLab.

    python tools/screenshots.py                        # the first notebook with a game stepper
    python tools/screenshots.py --notebook 01_doppeldoppel.ipynb

Writes ``docs/images/explainer.png`` (the exported page, offline, scrolled to its first stepper or
widget) and ``docs/images/notebook.png`` (JupyterLab on 127.0.0.1 with a throw-away token-less
server, after Run > Run All Cells). Run ``make explainers`` first (``make screenshots`` does).
Each PNG must stay under 300 KB so the repository stays small.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from local_servers import CHROMIUM, CHROMIUM_ARGS, free_port, stop

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
EXPLAINERS = ROOT / "build" / "explainers"
MAX_BYTES = 300_000
VIEWPORT = {"width": 1200, "height": 760}


def pick_notebook() -> Path:
    """The first notebook whose explainer shows a game stepper (the best picture), else the first."""
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    for nb in notebooks:
        page = EXPLAINERS / f"{nb.stem}.html"
        if page.exists() and '"doppelnb-stepper-view"' in page.read_text(encoding="utf-8"):
            return nb
    return notebooks[0]


def focus_selector(page) -> str:
    for selector in (".doppelnb-stepper", ".widget-subarea", ".jp-OutputArea-output svg"):
        if page.locator(selector).count():
            return selector
    return "body"


def scroll_to(page, selector: str) -> None:
    page.locator(selector).first.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " window.scrollBy(0, r.top - 110); }")
    page.wait_for_timeout(300)


def save(page, name: str, **kw) -> Path:
    target = IMAGES / name
    page.screenshot(path=str(target), **kw)
    size = target.stat().st_size
    print(f"screenshots: {target.relative_to(ROOT)} ({size // 1024} KB)")
    if size > MAX_BYTES:
        raise SystemExit(f"{target} is {size} bytes, over {MAX_BYTES}: use a smaller view")
    return target


def shoot_explainer(browser, notebook: Path) -> None:
    page_file = EXPLAINERS / f"{notebook.stem}.html"
    if not page_file.exists():
        raise SystemExit(f"{page_file} is missing: run `make explainers` first")
    page = browser.new_page(viewport=VIEWPORT)
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort())
    page.goto(page_file.as_uri())
    page.wait_for_timeout(1500)  # the renderer draws the widgets, MathJax typesets
    scroll_to(page, focus_selector(page))
    save(page, "explainer.png")
    page.close()



def shoot_lab(browser, notebook: Path) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="doppelnb-lab-") as tmp:
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=f"{tmp}/runtime", JUPYTER_CONFIG_DIR=f"{tmp}/cfg")
        settings = Path(tmp, "settings", "@jupyterlab", "apputils-extension")
        settings.mkdir(parents=True)
        # No "would you like news?" toast over the picture.
        (settings / "notification.jupyterlab-settings").write_text(
            '{"fetchNews": "false", "checkForUpdates": false}')
        # Every cell in the DOM (no windowing), so the widget can be found and scrolled to.
        tracker = Path(tmp, "settings", "@jupyterlab", "notebook-extension")
        tracker.mkdir(parents=True)
        (tracker / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
               f"--port={port}", f"--ServerApp.root_dir={notebook.parent}",
               "--IdentityProvider.token=", "--ServerApp.password=",
               f"--LabApp.user_settings_dir={tmp}/settings",
               f"--LabApp.workspaces_dir={tmp}/workspaces"]
        if os.geteuid() == 0:
            cmd.append("--allow-root")
        log = open(Path(tmp, "lab.log"), "w")  # noqa: SIM115 - closed below
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 90
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/api/status", timeout=3):
                        break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("JupyterLab did not start: "
                                         + Path(tmp, "lab.log").read_text()) from None
                    time.sleep(0.3)
            page = browser.new_page(viewport=VIEWPORT)
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                       or r.request.url.startswith("ws://127.0.0.1") else r.abort())
            page.goto(f"{base}/lab/tree/{notebook.name}", timeout=120_000)
            status = page.locator("#jp-main-statusbar")
            status.get_by_text("Idle").first.wait_for(timeout=120_000)
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            page.wait_for_timeout(1000)
            status.get_by_text("Idle").first.wait_for(timeout=120_000)
            panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
            panel.locator(".jp-OutputArea-output .jupyter-widgets").first.wait_for(timeout=60_000)
            page.wait_for_timeout(1000)
            target = panel.locator(".doppelnb-stepper, .jp-OutputArea-output .jupyter-widgets").first
            target.evaluate("el => el.scrollIntoView({block: 'center'})")
            page.wait_for_timeout(800)
            save(page, "notebook.png")
            page.close()
        finally:
            stop(proc, timeout=20)
            log.close()


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebook", help="notebook file name in notebooks/ (default: the first "
                        "whose explainer has a game stepper)")
    args = parser.parse_args(argv)
    notebook = ROOT / "notebooks" / args.notebook if args.notebook else pick_notebook()
    IMAGES.mkdir(parents=True, exist_ok=True)
    print(f"screenshots: {notebook.relative_to(ROOT)}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            shoot_explainer(browser, notebook)
            shoot_lab(browser, notebook)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
