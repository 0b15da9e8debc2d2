"""A class opens one chapter of the Voilà app at once: how long until every student's page works?

``make loadtest`` (outside ``make test``) runs ``python tools/load_test.py``. It starts Voilà as
``make app`` does (the notebooks folder, the settings of ``etc/voila/voila.py``), bound to
127.0.0.1 on a free port; waits until the preheated kernels have run their notebooks (printing
how long that took); then 30 students open the chapter at the same moment, and each page is
timed until it is *usable*: its widgets are there and a click on a stepper's forward button has
been answered by the kernel (the stepper shows the next state). It prints the 30 times (min,
median, p90, max), PASS or FAIL against the target (10 s; exit status 1 on FAIL), the CPU the
server and the test's own clients used meanwhile, the server's peak memory (RSS of Voilà and
its kernels) and the load average. The HTTP students then keep clicking for a while (``--follow``,
default: until well after Voilà has refilled its pool) and the test prints how long those clicks
took, half a minute at a time. The server is stopped at the end whatever happens (its process
group, then any kernel of it still running).

Two kinds of student:

- a few real pages in Debian's Chromium (``--browsers``, default 3): one browser, a context
  each, driven by Playwright; usable = Voilà's spinner is gone, a stepper's picture is drawn,
  and a click on its forward button has changed the picture;
- the others without a browser, asking the server what the page's JavaScript asks: GET the
  page; GET the static files a Chromium page of the app fetches (recorded once per run, see
  :func:`static_files`) over six kept-alive connections, as a browser does; GET the kernel's
  model; open the kernel websocket (the v1 protocol the page speaks); ask for every widget's
  state, as ipywidgets 8's manager does (``request_states`` on ``jupyter.widget.control``);
  then click the first enabled forward button (the ``custom`` ``click`` message the button
  sends) and wait for the kernel's update of the stepper's picture.

Why not 30 Chromium pages: in a class each browser runs on the student's own machine, here they
would all run on the server's 2 cores. One Chromium page of chapter 02 takes about 4 s of CPU to
load and draw (measured alone), 30 of them two minutes of CPU, so the test would measure this
machine's browser, not the app. An HTTP student costs the test about 0.07 s of CPU. And once
Voilà has started, the test's own clients run niced (``--client-nice``, default +10; printed),
so that they yield the cores to the server, as a class's browsers, on their own machines, do.
Under other load the niced Chromium pages wait longest: their times are the test's, not the app's.

It also prints a page's widgets and the size of their state (what the kernel sends an HTTP
student), and the server's CPU per page, split into Voilà's own process and the kernels.

On a machine that other work keeps busy, the server, its kernels and this test all wait for the
cores: the times then say as much about the machine as about the app. The CPU figures printed
with them (the server's, the HTTP students', Chromium's) do not depend on the load.

``--settings plain`` starts Voilà as ``make app`` did before preheating (a fresh kernel per page,
nothing run in advance), for comparison; ``--voila-arg`` adds a Voilà option, to try a setting.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from local_servers import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
CONFIG_DIR = ROOT / "etc" / "voila"
LOG_DIR = ROOT / "build" / "loadtest"


# -- the server ------------------------------------------------------------------------------------

def voila_command(port: int, settings: str) -> list[str]:
    """The command ``make app`` runs (``class``), or the one it ran before preheating (``plain``).

    ``plain`` points Voilà's configuration search at an empty folder, so neither file applies.
    """
    cmd = [sys.executable, "-m", "voila", str(NOTEBOOKS), "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", "--Voila.open_browser=False"]
    if settings == "class":
        return cmd + [f"--Voila.config_file_paths={CONFIG_DIR}"]
    empty = LOG_DIR / "no-config"
    empty.mkdir(parents=True, exist_ok=True)
    return cmd + [f"--Voila.config_file_paths={empty}", "--VoilaExecutor.iopub_timeout=60"]


def class_environment(chapter: str, class_size: int, pool_size: int) -> dict[str, str]:
    """The variables ``make app CHAPTER=.. CLASS_SIZE=..`` passes to etc/voila/voila.py."""
    return {"DOPPELNB_CLASS_CHAPTER": chapter, "DOPPELNB_CLASS_SIZE": str(class_size),
            "DOPPELNB_POOL_SIZE": str(pool_size)}


def configured_pools(env: dict[str, str]) -> tuple[dict[str, int], str | None, float]:
    """Preheated kernels per notebook, read from etc/voila/voila.py itself (with ``env``), the
    class notebook's file name, and the seconds Voilà waits before it refills a pool."""
    from traitlets.config.loader import PyFileConfigLoader

    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        config = PyFileConfigLoader("voila.py", path=str(CONFIG_DIR)).load_config()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    pools = dict(config.VoilaKernelManager.kernel_pools_config)
    default = pools.pop("default", {}).get("pool_size", 1)
    sizes = {nb.name: pools.get(nb.name, {}).get("pool_size", default)
             for nb in sorted(NOTEBOOKS.glob("*.ipynb"))}
    class_nb = next(iter(pools), None)
    fill_delay = config.VoilaKernelManager.get("fill_delay", 1.0)  # Voilà's default: 1 s
    return sizes, class_nb, float(fill_delay)


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    """The server's kernel processes (jupyter_client starts them in their own sessions, but
    they are still its children)."""
    found = []
    for child in server.children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            pass
    return found


@dataclass
class Memory:
    """Samples the server's memory (Voilà plus its kernels, RSS) every half second."""

    server: psutil.Process
    peak_rss: int = 0
    peak_kernels: int = 0
    kernel_rss: list[int] = field(default_factory=list)
    seen: dict[int, psutil.Process] = field(default_factory=dict)
    #: (time, kernels running, CPU seconds so far of Voilà's own process, of the kernels seen)
    timeline: list[tuple[float, int, float, float]] = field(default_factory=list)
    _kernel_cpu: dict[int, float] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)

    def sample(self) -> None:
        total, kernels = 0, kernels_of(self.server)
        for p in [self.server, *self.server.children(recursive=True)]:
            try:
                total += p.memory_info().rss
            except psutil.Error:
                pass
        for k in kernels:
            self.seen.setdefault(k.pid, k)
        for k in kernels:
            self._kernel_cpu[k.pid] = cpu_seconds([k]) or self._kernel_cpu.get(k.pid, 0.0)
        self.timeline.append((time.monotonic(), len(kernels), cpu_seconds([self.server]),
                              sum(self._kernel_cpu.values())))
        self.peak_rss = max(self.peak_rss, total)
        self.peak_kernels = max(self.peak_kernels, len(kernels))

    def idle_kernel_rss(self) -> None:
        """Each kernel's RSS now (call it when the pool is warm and nobody has connected)."""
        self.kernel_rss = []
        for k in kernels_of(self.server):
            try:
                self.kernel_rss.append(k.memory_info().rss)
            except psutil.Error:
                pass

    def run(self) -> None:
        while not self._stop.wait(0.5):
            try:
                self.sample()
            except psutil.Error:
                return

    def __enter__(self) -> Memory:
        self._thread = threading.Thread(target=self.run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def wait_until_answering(base: str, proc: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise SystemExit(f"voila exited with {proc.returncode}; see {LOG_DIR / 'voila.log'}")
        try:
            with urllib.request.urlopen(f"{base}/", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"voila did not answer within {timeout:.0f} s")
        time.sleep(0.3)


def wait_until_warm(memory: Memory, expected: int, timeout: float) -> None:
    """Until ``expected`` kernels run and all of them have finished their notebooks.

    Voilà says nothing when a preheated kernel has run its notebook (its "pool is filled" line
    comes when the kernels have started), so this watches the processes: warm once there are
    enough kernels and, for 3 s, they and the server (which sends the cells and takes in every
    output) have used less than 5 % of a core together.
    """
    deadline = time.monotonic() + timeout
    history: list[tuple[float, float]] = []
    while True:
        kernels = kernels_of(memory.server)
        cpu = 0.0
        for p in [memory.server, *kernels]:
            try:
                t = p.cpu_times()
                cpu += t.user + t.system
            except psutil.Error:
                pass
        now = time.monotonic()
        history = [(t, c) for t, c in history if now - t <= 3.5] + [(now, cpu)]
        t_old, cpu_old = history[0]
        if len(kernels) >= expected and now - t_old >= 3 and cpu - cpu_old < 0.05 * (now - t_old):
            return
        if now > deadline:
            raise SystemExit(f"the pool was not warm after {timeout:.0f} s "
                             f"({len(kernels)} of {expected} kernels)")
        time.sleep(0.5)


def stop_server(proc: subprocess.Popen, memory: Memory | None) -> None:
    """Voilà's process group: SIGTERM (Voilà then shuts its kernels down), SIGKILL after 60 s;
    then any kernel of this server still running (they live in their own sessions)."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        proc.wait()
    left = [k for k in (memory.seen.values() if memory else ()) if k.is_running()]
    for k in left:
        k.terminate()
    _, alive = psutil.wait_procs(left, timeout=10)
    for k in alive:
        k.kill()


# -- the students ----------------------------------------------------------------------------------

@dataclass
class Student:
    client: str  # "chromium" or "http"
    html_s: float = math.nan  # the page's HTML has arrived (HTTP students)
    files_s: float = math.nan  # and its static files (HTTP students)
    page_s: float = math.nan  # the page and its widgets are there
    usable_s: float = math.nan  # and a click has been answered
    error: str = ""
    clicks: list[tuple[float, float]] = field(default_factory=list)  # (when, how long) later
    fallback: bool = False  # a Chromium page that asked for its widgets one by one
    widgets: int = 0  # the widgets the kernel sent the page (HTTP students)
    state_bytes: int = 0  # the size of that message


async def chromium_student(me: Student, page, url: str, t0: float, timeout: float,
                           number: int) -> None:
    ms = timeout * 1000
    step = "loading the page"
    problems: list[str] = []  # what the page said went wrong, for the report
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(f"uncaught: {exc}"))

    def watch(ws) -> None:
        """The page asks for the widgets one by one (``comm_info_request``, then a request per
        widget) when the kernel has not sent them all within 4 s of its ``request_states``:
        ipywidgets 8's manager gives the control comm 4 s, then falls back to the old way."""
        def sent(payload: str | bytes) -> None:
            if (b"comm_info_request" if isinstance(payload, bytes) else "comm_info_request") \
                    in payload:
                me.fallback = True
        ws.on("framesent", sent)

    page.on("websocket", watch)
    try:
        await page.goto(url, wait_until="commit", timeout=ms)
        step = "waiting for Voilà's spinner to go"
        await page.wait_for_selector("#loading", state="hidden", timeout=ms)
        step = "waiting for a stepper's picture"
        await page.wait_for_selector(".doppelnb-stepper-view svg", timeout=ms)
        me.page_s = time.monotonic() - t0
        step = "clicking forward"
        forward = page.locator(".doppelnb-stepper-forward:visible:not([disabled])").first
        panel = forward.locator("xpath=ancestor::*[contains(@class, 'doppelnb-stepper-panel')][1]")
        view = await panel.locator(".doppelnb-stepper-view").first.element_handle(timeout=ms)
        before = await view.inner_html()
        await forward.click(timeout=ms)
        await page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[view, before],
                                     timeout=ms)
        me.usable_s = time.monotonic() - t0
    except Exception as exc:  # a student who never got a working page is a result, not a crash
        shot = LOG_DIR / f"chromium-{number}.png"
        me.error = f"{step}: {type(exc).__name__} (screenshot {shot.relative_to(ROOT)})"
        try:
            widgets = await page.locator(".jupyter-widgets").count()
            steppers = await page.locator(".doppelnb-stepper").count()
            me.error += f"; {widgets} widgets, {steppers} steppers drawn"
        except Exception:
            pass
        errors = [p for p in problems if "Failed to load resource" not in p]
        if errors:
            me.error += "; the page said: " + " | ".join(e[:160] for e in errors[:3])
        try:
            await page.screenshot(path=str(shot), full_page=True, timeout=30_000)
        except Exception:
            pass


#: The kernel websocket protocol JupyterLab's and Voilà's pages speak when the server offers it:
#: the server passes the kernel's message parts through without parsing them.
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"


async def _send(ws, session: str, msg_type: str, content: dict,
                metadata: dict | None = None) -> None:
    """A shell message in the v1 websocket protocol (channel and message parts with offsets)."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student",
              "session": session, "date": datetime.now(UTC).isoformat(), "version": "5.3"}
    parts = [json.dumps(part).encode("utf-8") for part in (header, {}, metadata or {}, content)]
    await ws.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)


async def _receive(ws, timeout: float) -> tuple[str, dict, int]:
    """The next message from the kernel: its type, its content and its size in bytes."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    raw = await asyncio.wait_for(ws.read_message(), timeout)
    if raw is None:
        raise ConnectionError("the kernel websocket closed")
    _, parts = deserialize_msg_from_ws_v1(raw)
    return json.loads(parts[0])["msg_type"], json.loads(parts[3]), len(raw)


async def _click(ws, session: str, button: str, views: set[str], timeout: float) -> float:
    """Click a stepper button (what the page sends), wait for the kernel to change the picture:
    a live stepper's view is one HTML widget whose ``value`` the kernel sets (an exported one, a
    Stack whose ``selected_index`` changes)."""
    start = time.monotonic()
    await _send(ws, session, "comm_msg", {
        "comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}})
    while True:
        msg_type, content, _ = await _receive(ws, timeout)
        if (msg_type == "comm_msg" and content.get("comm_id") in views
                and {"value", "selected_index"} & set(content["data"].get("state", {}))):
            return time.monotonic() - start


def _classes(state: dict) -> list[str]:
    return state.get("state", {}).get("_dom_classes", [])


async def _get(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str,
               path: str) -> bytes:
    """One GET on a kept-alive HTTP/1.1 connection: the body (Content-Length or chunked).

    A few lines of asyncio instead of an HTTP client library: 25 students fetch about 100
    files each, and the test's own CPU is taken from the server it measures.
    """
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode("latin-1"))
    await writer.drain()
    status = (await reader.readline()).split()
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding") == "chunked":
        chunks = []
        while size := int((await reader.readline()).split(b";")[0], 16):
            chunks.append(await reader.readexactly(size))
            await reader.readline()
        await reader.readline()
        body = b"".join(chunks)
    else:
        raise RuntimeError(f"GET {path}: a response without a length")
    if len(status) < 2 or status[1] != b"200":
        raise RuntimeError(f"GET {path}: {b' '.join(status).decode('latin-1')}")
    return body


async def _get_all(host: str, port: int, paths: list[str], lanes: int = 6) -> None:
    """GET every path over ``lanes`` kept-alive connections, as a browser fetches a page's
    files (six connections to one host)."""
    todo = list(paths)

    async def lane() -> None:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while todo:
                await _get(reader, writer, f"{host}:{port}", todo.pop(0))
        finally:
            writer.close()

    await asyncio.gather(*(lane() for _ in range(min(lanes, len(paths)))))


async def http_student(me: Student, base: str, url: str, statics: list[str], t0: float,
                       timeout: float, follow_until: float = 0.0) -> None:
    """One student without a browser (see the module's docstring); after the first click,
    a click every 2-4 s until ``follow_until`` (a ``time.monotonic()`` value)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    host, port = base.removeprefix("http://").split(":")
    try:
        reader, writer = await asyncio.open_connection(host, int(port))
        try:
            page = await asyncio.wait_for(
                _get(reader, writer, f"{host}:{port}", url.removeprefix(base)), timeout)
            found = re.search(rb'"kernelId":\s*"([0-9a-f-]+)"', page)
            if not found:
                raise RuntimeError("no kernel id in the page")
            kernel = found.group(1).decode()
            me.html_s = time.monotonic() - t0
            await asyncio.wait_for(_get_all(host, int(port), [*statics, f"/api/kernels/{kernel}"]),
                                   timeout)
            me.files_s = time.monotonic() - t0
        finally:
            writer.close()
        session = uuid.uuid4().hex
        ws = await websocket_connect(
            HTTPRequest(f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels"
                        f"?session_id={session}", request_timeout=timeout),
            max_message_size=1 << 30, subprotocols=[WS_PROTOCOL])
        try:
            if ws.selected_subprotocol != WS_PROTOCOL:
                raise RuntimeError(f"the server did not accept the {WS_PROTOCOL} protocol")
            control = uuid.uuid4().hex
            await _send(ws, session, "comm_open", {
                "comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                {"version": "1.0.0"})  # ipywidgets 8's control protocol
            await _send(ws, session, "comm_msg", {
                "comm_id": control, "data": {"method": "request_states"}})
            while True:
                msg_type, content, size = await _receive(ws, timeout)
                if (msg_type == "comm_msg" and content.get("comm_id") == control
                        and content["data"].get("method") == "update_states"):
                    states = content["data"]["states"]
                    break
            me.page_s = time.monotonic() - t0
            me.widgets, me.state_bytes = len(states), size
            forward = next(mid for mid, s in states.items()
                           if "doppelnb-stepper-forward" in _classes(s)
                           and not s["state"].get("disabled"))
            row = next(s["state"]["children"] for s in states.values()
                       if f"IPY_MODEL_{forward}" in s["state"].get("children", ()))
            back = next(c.removeprefix("IPY_MODEL_") for c in row
                        if "doppelnb-stepper-back" in _classes(states[c.removeprefix("IPY_MODEL_")]))
            views = {mid for mid, s in states.items() if "doppelnb-stepper-view" in _classes(s)}
            await _click(ws, session, forward, views, timeout)
            me.usable_s = time.monotonic() - t0
            for i in itertools.count():  # back, forward, back, ... as a student steps around
                await asyncio.sleep(random.uniform(2, 4))
                if time.monotonic() >= follow_until:
                    break
                me.clicks.append((time.monotonic() - t0, await _click(
                    ws, session, back if i % 2 == 0 else forward, views, timeout)))
        finally:
            ws.close()
    except Exception as exc:
        me.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"


async def static_files(browser, base: str, notebook: str, timeout: float) -> list[str]:
    """The server's own files a Chromium page of ``notebook`` fetches (scripts, styles, fonts,
    the widget manager's bundles), which the HTTP students fetch too."""
    context = await browser.new_context()
    try:
        page = await context.new_page()
        await context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda r: r.abort())
        paths: list[str] = []
        page.on("request", lambda r: paths.append(r.url.removeprefix(base))
                if r.url.startswith(base) and "/voila/render/" not in r.url
                and "/api/" not in r.url else None)
        await page.goto(f"{base}/voila/render/{notebook}", timeout=timeout * 1000)
        await page.wait_for_selector("#loading", state="hidden", timeout=timeout * 1000)
        await page.wait_for_load_state("networkidle", timeout=timeout * 1000)
        return sorted(set(paths))
    finally:
        await context.close()


def cpu_seconds(processes: list[psutil.Process]) -> float:
    total = 0.0
    for p in processes:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def harness_cpu(server: psutil.Process) -> tuple[float, float]:
    """CPU used so far by this test's clients: this process (the HTTP students), and Playwright's
    driver with Chromium (the server is a child of this process too, and left out)."""
    me, theirs = psutil.Process(), {server.pid, *(p.pid for p in server.children(recursive=True))}
    return cpu_seconds([me]), cpu_seconds([p for p in me.children(recursive=True)
                                           if p.pid not in theirs])


def server_cpu(server: psutil.Process) -> float:
    return cpu_seconds([server, *server.children(recursive=True)])


@dataclass
class Burst:
    students: list[Student]
    server_cpu: float  # CPU seconds Voilà and its kernels used until every page was usable
    voila_cpu: float  # of which Voilà's own process (pages, static files, websockets)
    http_cpu: float  # and the test's own process (the HTTP students, Playwright's client)
    browser_cpu: float  # and Playwright's driver with Chromium
    seconds: float  # until every page was usable (or had failed)


async def open_pages(server: psutil.Process, base: str, notebook: str, students: int,
                     browsers: int, statics: list[str], timeout: float, follow: float) -> Burst:
    """The class opens the page at once; the HTTP students then click for ``follow`` seconds."""
    from playwright.async_api import async_playwright

    url = f"{base}/voila/render/{notebook}"
    everyone = [Student("chromium") for _ in range(browsers)] + \
        [Student("http") for _ in range(students - browsers)]
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pages = []
            for _ in range(browsers):  # the browsers are open before the class starts
                context = await browser.new_context(viewport={"width": 1280, "height": 900})
                await context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda r: r.abort())
                pages.append(await context.new_page())
            client0, server0 = harness_cpu(server), server_cpu(server)
            voila0 = cpu_seconds([server])
            t0 = time.monotonic()
            runs = [asyncio.ensure_future(chromium_student(me, page, url, t0, timeout, i))
                    for i, (me, page) in enumerate(zip(everyone, pages, strict=False), 1)]
            runs += [asyncio.ensure_future(http_student(me, base, url, statics, t0, timeout,
                                                        t0 + follow))
                     for me in everyone[browsers:]]
            while not all(me.error or not math.isnan(me.usable_s) for me in everyone):
                await asyncio.sleep(0.1)
            client1 = harness_cpu(server)
            burst = Burst(everyone, server_cpu(server) - server0, cpu_seconds([server]) - voila0,
                          client1[0] - client0[0],
                          client1[1] - client0[1], time.monotonic() - t0)
            await asyncio.gather(*runs)
            return burst
        finally:
            await browser.close()


async def discover_statics(base: str, notebook: str, timeout: float) -> list[str]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return await static_files(browser, base, notebook, timeout)
        finally:
            await browser.close()


# -- the report ------------------------------------------------------------------------------------

def nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def report_clicks(students: list[Student], timeline: list[tuple[float, int, float, float]],
                  t0: float, window: float = 30.0) -> None:
    """The later clicks, by half minute: what students meet while Voilà refills its pools."""
    clicks = sorted(c for s in students for c in s.clicks)
    if not clicks:
        return
    print(f"clicks after that (HTTP students, one every 2-4 s each), by {window:.0f} s from "
          "the start; the kernels running at the end of the window, and the CPU used in it by "
          "Voilà's process and by the kernels (100 % = one core):")
    for start in range(0, int(clicks[-1][0] // window + 1) * int(window), int(window)):
        took = [d for when, d in clicks if start <= when < start + window]
        if not took:
            continue
        inside = [row for row in timeline if start <= row[0] - t0 < start + window]
        if len(inside) < 2:
            continue
        (ta, _, sa, ka), (tb, kernels, sb, kb) = inside[0], inside[-1]
        print(f"  {start:4d}-{start + window:<4.0f} s: {len(took):4d} clicks, median "
              f"{statistics.median(took):5.2f}  p90 {nearest_rank(took, 0.9):5.2f}  max "
              f"{max(took):5.2f} s; {kernels} kernels; Voilà {100 * (sb - sa) / (tb - ta):3.0f} %,"
              f" kernels {100 * (kb - ka) / (tb - ta):3.0f} %")


def report(students: list[Student], target: float) -> bool:
    print(f"{'#':>3} {'client':<9} {'widgets (s)':>11} {'usable (s)':>10}  notes")
    for i, s in enumerate(sorted(students, key=lambda s: (math.isnan(s.usable_s), s.usable_s)), 1):
        notes = [s.error] if s.error else []
        if s.fallback:
            notes.insert(0, "the widgets' state came late (> 4 s): asked for them one by one")
        print(f"{i:>3} {s.client:<9} {s.page_s:>11.1f} {s.usable_s:>10.1f}  {'; '.join(notes)}")
    usable = [s.usable_s for s in students if not math.isnan(s.usable_s)]
    failed = len(students) - len(usable)
    http = [s for s in students if s.client == "http" and not math.isnan(s.usable_s)]
    if http:
        print(f"a page's widgets: {statistics.median(s.widgets for s in http):.0f}, their "
              f"state {statistics.median(s.state_bytes for s in http) / 1e6:.2f} MB (the "
              "kernel's update_states message)")
        print("HTTP students, median seconds to: the page's HTML "
              f"{statistics.median(s.html_s for s in http):.1f}, its files "
              f"{statistics.median(s.files_s for s in http):.1f}, the widgets' state "
              f"{statistics.median(s.page_s for s in http):.1f}, the click's answer "
              f"{statistics.median(s.usable_s for s in http):.1f}")
    for kind in ("chromium", "http", None):
        times = [s.usable_s for s in students if (kind is None or s.client == kind)
                 and not math.isnan(s.usable_s)]
        if times:
            print(f"usable, {kind or 'all':>8}: min {min(times):5.1f}  median "
                  f"{statistics.median(times):5.1f}  p90 {nearest_rank(times, 0.9):5.1f}  "
                  f"max {max(times):5.1f} s  ({len(times)} pages)")
    ok = failed == 0 and bool(usable) and max(usable) <= target
    print(f"{'PASS' if ok else 'FAIL'}: {len(usable)} of {len(students)} pages usable, the "
          f"slowest in {max(usable) if usable else math.nan:.1f} s (target {target:g} s)")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chapter", default="02", help="the chapter the class opens (default 02)")
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--browsers", type=int, default=3, help="students in real Chromium pages "
                    "(default 3)")
    ap.add_argument("--class-size", type=int, help="CLASS_SIZE for make app's settings "
                    "(default: --students)")
    ap.add_argument("--pool-size", type=int, default=1, help="for every other chapter")
    ap.add_argument("--settings", choices=("class", "plain"), default="class",
                    help="class: make app's settings; plain: no preheating, as before")
    ap.add_argument("--target", type=float, default=10.0, help="seconds (default 10)")
    ap.add_argument("--timeout", type=float, default=300.0, help="per page, seconds")
    ap.add_argument("--warm-up-timeout", type=float, default=900.0, help="seconds")
    ap.add_argument("--follow", type=float, help="seconds the HTTP students keep clicking "
                    "after the start, to see what the pool's refill does to them (default: "
                    "Voilà's fill_delay + 150 s; 0 to stop at once)")
    ap.add_argument("--client-nice", type=int, default=10, metavar="N",
                    help="the niceness the test's own clients run at once the server has "
                         "started (default 10; 0: the same as the server)")
    ap.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                    help="one more Voilà option, to try a setting (repeatable)")
    args = ap.parse_args(argv)
    if not 1 <= args.students <= 200 or not 0 <= args.browsers <= args.students:
        ap.error("need 1 <= --students <= 200 and 0 <= --browsers <= --students")

    env = class_environment(args.chapter, args.class_size or args.students, args.pool_size)
    pools, class_nb, fill_delay = configured_pools(env)
    for arg in args.voila_arg:  # a fill_delay tried on the command line
        if arg.startswith("--VoilaKernelManager.fill_delay="):
            fill_delay = float(arg.partition("=")[2])
    follow = args.follow if args.follow is not None else \
        fill_delay + 150 if args.settings == "class" else 0
    notebook = class_nb or args.chapter
    if args.settings == "plain":
        pools = dict.fromkeys(pools, 0)
    other = next(nb for nb in pools if nb != notebook)
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    print(f"{load()}; {os.cpu_count()} cores")
    print(f"voila ({args.settings} settings) on {base}, log in {LOG_DIR / 'voila.log'}; "
          f"preheated kernels: {sum(pools.values())} ({pools[notebook]} for {notebook})")
    with open(LOG_DIR / "voila.log", "w") as log:
        proc = subprocess.Popen(voila_command(port, args.settings) + args.voila_arg,
                                env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                cwd=ROOT, start_new_session=True)
    if args.client_nice:
        # From here on this process (the HTTP students) and what it starts (Playwright, Chromium)
        # run niced; Voilà and its kernels, started before, keep their priority.
        os.nice(args.client_nice)
        print(f"the test's clients (the HTTP students, Chromium) run at niceness "
              f"+{args.client_nice}, the server at 0: in a class each browser runs on its own "
              "machine, here the clients yield the 2 cores to the server (--client-nice 0 to "
              "share them equally)")
    memory = None
    try:
        started = time.monotonic()
        wait_until_answering(base, proc)
        with Memory(psutil.Process(proc.pid)) as memory:
            wait_until_warm(memory, sum(pools.values()), args.warm_up_timeout)
            if args.settings == "class":
                print(f"warm-up: {time.monotonic() - started:.0f} s from start until the "
                      f"{sum(pools.values())} preheated kernels had run their notebooks "
                      f"({server_cpu(memory.server):.0f} s of CPU, Voilà's start included)")
            memory.idle_kernel_rss()
            # The static files a page fetches, from a page of another chapter (its kernel is
            # replaced in the pool before the class comes in).
            statics = asyncio.run(discover_statics(base, other, args.timeout))
            wait_until_warm(memory, sum(pools.values()), args.warm_up_timeout)
            print(f"{load()}; {len(statics)} static files per page; {args.students} students "
                  f"open {notebook} at once ({args.browsers} in Chromium, "
                  f"{args.students - args.browsers} over HTTP + websocket)")
            t0 = time.monotonic()
            burst = asyncio.run(open_pages(memory.server, base, notebook, args.students,
                                           args.browsers, statics, args.timeout, follow))
        ok = report(burst.students, args.target)
        print(f"CPU until every page was usable ({burst.seconds:.1f} s): the server "
              f"{burst.server_cpu:.1f} s ({burst.server_cpu / args.students:.2f} s a page; Voilà's "
              f"own process {burst.voila_cpu:.1f} s, its kernels the rest); the test's own "
              "clients: HTTP "
              f"students {burst.http_cpu:.1f} s, Chromium {burst.browser_cpu:.1f} s")
        report_clicks(burst.students, memory.timeline, t0)
        per = (f"; a preheated kernel {statistics.median(memory.kernel_rss) / 2**20:.0f} MiB"
               if memory.kernel_rss else "")
        print(f"server memory: peak RSS {memory.peak_rss / 2**30:.1f} GiB (Voilà and "
              f"{memory.peak_kernels} kernels at most){per}; {load()}")
        return 0 if ok else 1
    finally:
        stop_server(proc, memory)


if __name__ == "__main__":
    sys.exit(main())
