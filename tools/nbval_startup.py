"""Startup trim for ``make notebooks`` (issue 17), loaded first with ``-p tools.nbval_startup``.

nbval imports nbformat, which imports jsonschema, which imports the optional IRI format checker
``rfc3987_syntax`` if it is installed (the Jupyter server brings it). That module builds an Earley
parser for the whole RFC 3987 grammar when it is imported: about 2 s of CPU in every pytest
process, the xdist controller and each worker, longer than the slowest notebook cell. nbformat
never checks the ``iri`` formats, so this plugin makes that one optional import fail before
nbval loads; jsonschema then leaves the ``iri`` formats unchecked, as it does when the package is
absent. Nothing else changes, and the kernels that run the notebooks are separate processes.
"""

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
