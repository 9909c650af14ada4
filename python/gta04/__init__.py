"""
qemu-gta04's Python: drive ``qemu-system-arm -M gta04`` running a Linux guest.

The modules, each one kind of thing:

- ``paths``: where the repository, the build and the QEMU binary are
- ``errors``: what a test can conclude (TestFailure) and what it cannot
  (QemuDied)
- ``machine``: QEMU's own ``qemu.machine`` package, from the pinned source
- ``console``, ``shell``, ``monitor``: the serial line, the guest's shell on
  it, QMP/HMP; ``guest``: one VM with all three; ``suspend``: one suspend
  and what woke it
- ``board``: the board facts the tests read (addresses, QOM paths, names)
- ``procfs``: parsing what the guest's /proc says
- ``armdecode``, ``kallsyms``, ``gdbstub``: reading and writing guest kernel
  variables
- ``kernels``: the guest images and kernels the scripts build
- ``scenarios``, ``wake_matrix``, ``compat``: wake scenarios shared by tests
  and scripts; ``scenario_file``, ``wake_case``: the scenario files
  (tests/scenarios/) and a wake case run on a guest; ``audit``: the wake
  audit; ``ftrace``: the guest's own suspend events; ``bisect``:
  multi-section bisection (gta04-bisect-run --jobs); ``bisect_demo``: the
  demos' kernel repositories
- ``timeline``, ``timeline_chart``, ``timeline_html``: a QEMU trace log as
  the PMIC interrupt path's lanes, their drawing and their interactive page;
  ``charts``: Debian's matplotlib; ``webdriver``: headless Chromium
- ``boards``, ``hostproc``: the boards the benchmarks compare, and what
  their QEMU costs the host
- ``testing``: functional tests as unittest cases, with the runner's
  guarantees

Scripts and tests import it through the ``gta04`` symlink next to them
(python/README.rst).
"""
