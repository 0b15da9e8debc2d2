"""What the browser tests and the screenshot tool share: Chromium's launch settings and the
start/stop plumbing of servers bound to 127.0.0.1 (Voilà, JupyterLab)."""

from __future__ import annotations

import os
import socket
import subprocess

CHROMIUM = os.environ.get("DOPPELNB_CHROMIUM", "/usr/bin/chromium")
# Debian's Chromium as root, with no network beyond loopback (../shared/toolchain.md); pages
# opened side by side keep running at full speed in the background.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows"]


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Terminate a server and wait for it; kill it if it does not stop in time."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
