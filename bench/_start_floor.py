"""The floor for cold start: a bare PySide6 script that opens an empty QMainWindow.

Run as a script by bench.startup; stops the clock the same way _start_app.py does (two
turns of the event loop after exec) and prints one marked JSON line.
"""

import json
import os
import sys
import time

from PySide6 import QtCore, QtWidgets


def main() -> None:
    app = QtWidgets.QApplication(sys.argv)
    window = QtWidgets.QMainWindow()
    window.resize(1400, 900)
    window.show()
    marks = {}

    def first_turn() -> None:
        marks["shown"] = time.monotonic()
        QtCore.QTimer.singleShot(0, idle)

    def idle() -> None:
        marks["idle"] = time.monotonic()
        marks["visible"] = window.isVisible()
        print("BENCH:" + json.dumps(marks), flush=True)
        os._exit(0)

    QtCore.QTimer.singleShot(0, first_turn)
    marks["exec"] = time.monotonic()
    app.exec()


main()
