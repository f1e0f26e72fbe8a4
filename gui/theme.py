"""Light and dark palettes on the Fusion style (the same look on every OS)."""

from __future__ import annotations

from gui.qt import QtGui, QtWidgets

_DARK = {
    "Window": "#23262b", "WindowText": "#e8e8e8", "Base": "#1b1d21",
    "AlternateBase": "#2a2d33", "ToolTipBase": "#30343a", "ToolTipText": "#f0f0f0",
    "Text": "#e8e8e8", "Button": "#30343a", "ButtonText": "#e8e8e8",
    "BrightText": "#ff6b6b", "Highlight": "#3d7bd9", "HighlightedText": "#ffffff",
    "Link": "#6fa8ff", "PlaceholderText": "#8a8f98",
}
TABLE_FELT = {"light": "#dfe6dc", "dark": "#1f2a24", "contrast": "#000000"}
# felts dark enough that what is drawn on them is drawn in light ink
DARK_FELTS = ("dark", "contrast")


def apply_theme(app: QtWidgets.QApplication, theme: str) -> None:
    app.setStyle("Fusion")
    if theme == "dark":
        palette = QtGui.QPalette()
        for role, colour in _DARK.items():
            palette.setColor(getattr(QtGui.QPalette.ColorRole, role), QtGui.QColor(colour))
        disabled = QtGui.QPalette.ColorGroup.Disabled
        for role in ("Text", "ButtonText", "WindowText"):
            palette.setColor(disabled, getattr(QtGui.QPalette.ColorRole, role),
                             QtGui.QColor("#6c717a"))
    else:
        palette = app.style().standardPalette()
    app.setPalette(palette)
    app.setProperty("pt_theme", theme)


def current_theme() -> str:
    app = QtWidgets.QApplication.instance()
    value = app.property("pt_theme") if app is not None else None
    return value if value in ("light", "dark") else "light"


def dim_ink() -> str:
    """Text colour for what is not in play now (an inactive phase or step): plainly
    greyer than the theme's text on either background."""
    return "#767b84" if current_theme() == "dark" else "#8a8d91"


def _dark_felt(theme: str | None) -> bool:
    return (theme or current_theme()) in DARK_FELTS


def table_ink(theme: str | None = None) -> str:
    """Text colour for labels drawn straight on the felt (of `theme`, else the app's)."""
    return "#f2f2f2" if _dark_felt(theme) else "#1d1b18"


def area_fill(alpha: int = 24, theme: str | None = None):
    """A faint tint for table areas that shows on either felt."""
    return QtGui.QColor(255, 255, 255, alpha) if _dark_felt(theme) else \
        QtGui.QColor(0, 0, 0, alpha)
