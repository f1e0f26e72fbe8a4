"""Entry script of the standalone builds (PyInstaller needs a script, not an entry point).

It runs ``gui.app:main``, the same function as the ``plot-twist-table`` command. The
``--self-test`` flag is answered here directly by ``gui.selftest`` so the smoke test of a
build does not depend on anything else in the GUI having started.
"""

import sys


def run() -> int:
    if "--self-test" in sys.argv[1:]:
        from gui import selftest

        return selftest.main()

    from gui.app import main

    return int(main() or 0)


if __name__ == "__main__":
    sys.exit(run())
