"""Startup trim for ``make notebooks`` (issue 17), loaded first with ``-p tools.nbval_startup``.

1. nbval imports nbformat, which imports jsonschema, which imports the optional IRI format
   checker ``rfc3987_syntax`` if it is installed (the Jupyter server brings it). That module
   builds an Earley parser for the whole RFC 3987 grammar when it is imported: about 2 s of CPU in
   every pytest process, the xdist controller and each worker, longer than the slowest notebook
   cell. nbformat never checks the ``iri`` formats, so this plugin makes that one optional import
   fail before nbval loads; jsonschema then leaves the ``iri`` formats unchecked, as it does when
   the package is absent.
2. The kernels nbval starts inherit this process's environment. ``IPYTHONDIR`` points them at a
   fresh IPython directory of this run whose kernel config turns the input history off: a test
   kernel never reads its history, and writing each cell to the SQLite history file costs a few
   ms per cell (252 cells). It also keeps the tests from the developer's own IPython startup
   files and history. The directory is removed when the process exits.

3. nbval 0.11 logs every kernel message at debug level as
   ``logger.debug("...%s", stream, pformat(msg))``: the ``pformat`` runs for each of the ~3,700
   messages whether or not debug logging is on, including the widget messages that carry a
   stepper's hundreds of pictures. That was about 3 s of CPU per run in the pytest workers, on
   the 2 cores the kernels need (7.6 s under cProfile). The plugin gives ``nbval.kernel`` a
   ``pformat`` that defers the formatting until a debug line is really written.

4. The kernels come from ``tools/kernel_forkserver.py``: one process, started here before the
   xdist workers, imports ipykernel, matplotlib, sympy, numpy, networkx, ipywidgets and doppelnb
   once, and forks a kernel for each notebook, instead of each kernel importing them again (about
   2 s of CPU per kernel). jupyter_client still manages each kernel through its usual provisioner;
   only the launch, which would run ``python -m ipykernel_launcher -f ...``, asks the server
   instead, and any failure falls back to that command. ``DOPPELNB_NBVAL_FORK=0`` turns it off.

Nothing in the notebooks changes; a kernel started by JupyterLab or the explainer export is not
affected.
"""

import atexit
import os
import pprint
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from tools import kernel_forkserver

# 2. A throwaway IPython directory without input history, for the kernels.
_IPYTHONDIR = Path(tempfile.mkdtemp(prefix="doppelnb-nbval-ipython-"))
(_IPYTHONDIR / "profile_default").mkdir()
(_IPYTHONDIR / "profile_default" / "ipython_kernel_config.py").write_text(
    "c.HistoryManager.enabled = False\n", encoding="utf-8")
os.environ["IPYTHONDIR"] = str(_IPYTHONDIR)
atexit.register(shutil.rmtree, _IPYTHONDIR, ignore_errors=True)

# 4. The kernel fork server, started first: the first kernels wait for its imports.
_FORK = sys.platform == "linux" and os.environ.get("DOPPELNB_NBVAL_FORK", "1") != "0"
if _FORK and not os.environ.get(kernel_forkserver.ENV):  # the first pytest process
    _socket = str(_IPYTHONDIR / "kernels.sock")
    atexit.register(kernel_forkserver.stop_server, kernel_forkserver.start_server(_socket))
    os.environ[kernel_forkserver.ENV] = _socket  # inherited by the xdist workers

# 1. No RFC 3987 parser.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

import nbval.kernel  # noqa: E402  (after the line above: it must precede nbformat's import)


# 3. nbval's debug formatting only when a debug line is written.
class _DeferredPformat:
    """``pprint.pformat(obj)``, computed only when a log record is formatted (``str``)."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __str__(self) -> str:
        return pprint.pformat(self.obj)


nbval.kernel.pformat = _DeferredPformat  # type: ignore[attr-defined,assignment]

if _FORK:
    kernel_forkserver.install_launcher()
