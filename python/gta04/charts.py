"""
Debian's matplotlib for the scripts that draw (bench.py, irq-timeline).
"""

import os
import subprocess
import sys

from .paths import script


DEBIAN_PYTHON = "/usr/bin/python3"


def need_matplotlib() -> None:
    """
    Make ``import matplotlib`` work: install Debian's python3-matplotlib
    (scripts/host-packages group charts) if it is missing, and hand a
    python3 that cannot import it (a pyenv one) over to Debian's
    /usr/bin/python3, with the same command line.
    """
    try:
        import matplotlib  # noqa: F401  pylint: disable=import-outside-toplevel,unused-import
        return
    except ImportError:
        pass
    subprocess.run([script("need-packages.sh"), "charts"], check=True)
    if os.path.realpath(sys.executable) != os.path.realpath(DEBIAN_PYTHON):
        os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON] + sys.argv)
    import matplotlib  # noqa: F401,F811  pylint: disable=import-outside-toplevel,unused-import,reimported
