"""`python -m gui` runs the app."""

from gui.app import main

raise SystemExit(main())
