# Sphinx configuration of the board's documentation (make docs).  Small on
# purpose: QEMU's own docs/conf.py needs its build tree and extensions; the
# board page (docs/system/arm/gta04.rst) uses plain reStructuredText in the
# same conventions, so it can also sit in QEMU's docs/system/arm/.
project = "qemu-gta04"
copyright = "the qemu-gta04 authors; GPL-2.0-or-later"
master_doc = "index"
exclude_patterns = ["_build", "*.md"]
html_theme = "sphinx_rtd_theme"   # the theme QEMU's manual uses
html_title = "qemu-gta04"
rst_epilog = ".. |qemu_system| replace:: qemu-system-arm\n"
