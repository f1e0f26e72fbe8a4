"""Phones as private hands (docs/phones.md): a small web server inside the app gives each
seat's phone that seat's view and legal actions. Everything here but bridge.py and
invite_dialog.py is free of Qt, so the server is tested alone over real sockets."""
