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

Nothing in the notebooks changes; a kernel started by JupyterLab or the explainer export is not
affected.
"""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

_IPYTHONDIR = Path(tempfile.mkdtemp(prefix="doppelnb-nbval-ipython-"))
(_IPYTHONDIR / "profile_default").mkdir()
(_IPYTHONDIR / "profile_default" / "ipython_kernel_config.py").write_text(
    "c.HistoryManager.enabled = False\n", encoding="utf-8")
os.environ["IPYTHONDIR"] = str(_IPYTHONDIR)
atexit.register(shutil.rmtree, _IPYTHONDIR, ignore_errors=True)
