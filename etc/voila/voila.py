"""Voilà settings for serving the chapters to a class: ``make app`` and ``make loadtest``.

Voilà reads this file because those targets start it with ``--Voila.config_file_paths=etc/voila``
(Voilà's documented ``voila.py`` configuration file, looked for in those folders). The browser
tests start their own Voilà without it: one fresh kernel per page, as before.

Preheated kernels (Voilà's ``preheat_kernel``). When Voilà starts, it starts a pool of kernels
for every notebook and runs the notebook in each; a student's page is then served at once from
a kernel that has already run every cell, and Voilà starts a kernel to take its place in the
pool. Without a pool, every page starts its own kernel and runs the chapter there: thirty
students at once meant thirty kernels importing the same libraries and running the same cells
on the server's cores, about 40 s before anyone's page worked on 2 cores. ``make loadtest``
measures both. A preheated kernel runs before anyone asks, so a notebook must not read the
request (``QUERY_STRING`` and the like); no chapter does.

The pools, from the environment (the Makefile passes its variables through):

- ``DOPPELNB_CLASS_CHAPTER``: the chapter the class opens, by number or name (``02``,
  ``02_doppelganger_tricks``); empty for no class.
- ``DOPPELNB_CLASS_SIZE``: how many students (default 30). The chapter's pool has a tenth more
  kernels (at least 2 more): a student who reloads the page takes a fresh kernel.
- ``DOPPELNB_POOL_SIZE``: kernels preheated for each other chapter (default 1).

What it costs (measured with ``make loadtest``; see the README): a kernel holds about 145 MiB
(RSS) and about 4 s of CPU to start and run chapter 02 (the 38 kernels of a class of 30 took 150
to 197 s of CPU in three runs; 210 s in one before the live stepper stopped rendering all 185
states of its game up front), so a class of 30 takes about 2.5 to 3 minutes of warm-up on 2 busy
cores (150 to 186 s at load averages 12 to 34) before the pages open at once, and, once the class
has taken its kernels and the pool has refilled, about 70 kernels and 10 GiB.

What a page costs once its kernel is warm: Voilà sends the page (rendered in advance), 93 static
files (5.0 MB, the same for every page: Voilà's scripts, the widget manager; about 0.055 s of
Voilà's CPU per page, measured alone), then the kernel sends the state of every widget. Chapter
02 now has 164 widgets and 0.22 MB of widget state (621 and 3.9 MB before: ``python
tools/widget_census.py`` counts them by cell); the server used 0.15 to 0.26 s of CPU per page
in three runs of ``make loadtest`` (Voilà's own process 0.10 to 0.17 s), against 1.09 s before
(whose 97 s burst also held the pool's refill).
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821  (traitlets provides it to configuration files)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _refuse(reason: str) -> None:
    """Stop Voilà with one sentence. (An exception would only be logged: Voilà would go on
    without this file, and without a pool.)"""
    raise SystemExit(f"etc/voila/voila.py: {reason}")


def _count(name: str, default: int, label: str, most: int = 200) -> int:
    raw = os.environ.get(name, "").strip() or str(default)
    if not raw.isdigit() or int(raw) > most:
        _refuse(f"{label} must be a whole number from 0 to {most}, not {raw!r}")
    return int(raw)


def class_notebook(chapter: str) -> str | None:
    """The notebook's file name (relative to notebooks/, as Voilà names its pools) for a chapter
    given by number or name; None for no chapter."""
    chapter = chapter.strip().removesuffix(".ipynb")
    if not chapter:
        return None
    found = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")
                   if chapter in (p.stem, p.stem.split("_", 1)[0]))
    if len(found) != 1:
        names = ", ".join(sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")))
        _refuse(f"CHAPTER={chapter!r} names no chapter; one of: {names}")
    return found[0]


CLASS_NOTEBOOK = class_notebook(os.environ.get("DOPPELNB_CLASS_CHAPTER", ""))
CLASS_SIZE = _count("DOPPELNB_CLASS_SIZE", 30, "CLASS_SIZE")
POOL_SIZE = _count("DOPPELNB_POOL_SIZE", 1, "POOL_SIZE")

c.VoilaConfiguration.preheat_kernel = True
pools = {"default": {"pool_size": POOL_SIZE}}
if CLASS_NOTEBOOK is not None and CLASS_SIZE:
    pools[CLASS_NOTEBOOK] = {"pool_size": CLASS_SIZE + max(2, CLASS_SIZE // 10)}
c.VoilaKernelManager.kernel_pools_config = pools

# A kernel taken from a pool is replaced after this many seconds. Voilà's default, 1 s, starts
# thirty kernels while the class's pages are still opening: they and Voilà's process then share
# the cores, and the pages took 78-80 s (164 s in Chromium) instead of 25-26 s (29-38 s) with
# 60 s (make loadtest, the same busy machine). After 60 s the class's pages are open; a student
# beyond the pool waits for the refill (up to this long, plus the start of a kernel).
c.VoilaKernelManager.fill_delay = 60

# Thirty kernels run the chapter at once while the pool warms up (and again when it refills),
# and Voilà's one process takes in all their outputs: a kernel can wait minutes for its turn.
# With nbclient's 60 s, outputs were dropped ("Timeout waiting for IOPub output") and kernels
# given up ("Kernel didn't respond in 60 seconds").
c.VoilaExecutor.iopub_timeout = 600
c.VoilaExecutor.startup_timeout = 600

# Unix sockets instead of TCP ports between Voilà and its kernels: with TCP, a kernel that
# started slowly found the port it was given taken by then ("Address already in use").
c.KernelManager.transport = "ipc"

# Culling (jupyter_server's, as Voilà documents it): every minute, shut down each kernel whose
# page has gone (no open connection) and that has been idle for 30 minutes. A page left open
# keeps its kernel (``cull_connected`` stays off: a student reading for a while without a click
# keeps a working page); kernels waiting in a pool are never culled (Voilà's pool sees to it).
# Thirty minutes lets a laptop that slept through a break find its kernel again; a reloaded
# page gets a new kernel anyway, and Voilà shuts the old one down as the page closes.
c.MappingKernelManager.cull_idle_timeout = 30 * 60
c.MappingKernelManager.cull_interval = 60

# The browser's cache for JupyterLab's extensions (the widget manager's bundles). A Voilà page
# loads each through files named by their content's hash (remoteEntry.<hash>.js, then
# <n>.<hash>.js?v=<hash>); Voilà serves them all "no-cache" and without an ETag, so a browser
# fetched them again for every chapter it opened. jupyter_server's ``static_immutable_cache``
# (a setting of the file handler Voilà uses there) lets the browser keep them: measured in one
# Chromium, chapter 00 then chapter 01, the second page asked the server for none of its 91
# files, against 24 requests (15 answered 304, 9 sent again, 156 kB) without it. A new version
# of an extension has new hashes, hence new names. The first visit is unchanged: 93 files,
# 5.0 MB, the same for every page of Voilà (its own scripts, the extensions, a stylesheet).
# The path assumes Voilà's default base URL, which ``make app`` keeps.
c.Voila.tornado_settings = {"static_immutable_cache": ["/voila/labextensions/"]}
