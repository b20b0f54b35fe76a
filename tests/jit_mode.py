"""Whether this test run executes the compiled kernels or their Python source (``NUMBA_DISABLE_JIT=1``).

A module of its own rather than a name in ``conftest``: pytest imports every folder's ``conftest.py``
under the one module name ``conftest``, so ``from conftest import ...`` inside a test would read
whichever conftest was imported last (tests/page/conftest.py has none of these names).
"""

import os

NO_JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")
