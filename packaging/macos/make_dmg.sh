#!/usr/bin/env bash
# Pack dist/PlotTwistTable.app (built by PyInstaller from packaging/plot_twist_table.spec)
# into a compressed disk image with the usual drag-to-Applications link:
#
#     bash packaging/macos/make_dmg.sh        ->  dist/PlotTwistTable-<version>-macos-<arch>.dmg
#
# Run on macOS (hdiutil is part of the system). Set PYTHON if python3 is not 3.11+ (the
# version is read from pyproject.toml with tomllib).
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "make_dmg: FAILED: $*" >&2; exit 1; }

APP=dist/PlotTwistTable.app
[ -d "$APP" ] || fail "$APP not found: build it first (pyinstaller packaging/plot_twist_table.spec)"
command -v hdiutil >/dev/null || fail "hdiutil not found: this script runs on macOS"

PYTHON=${PYTHON:-python3}
version=$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
plist_version=$(/usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$APP/Contents/Info.plist")
[ "$plist_version" = "$version" ] || fail "Info.plist says $plist_version, pyproject.toml says $version"

arch=$(uname -m)
dmg="dist/PlotTwistTable-$version-macos-$arch.dmg"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# ditto keeps the bundle's symlinks, extended attributes and ad-hoc signature intact
ditto "$APP" "$stage/PlotTwistTable.app"
ln -s /Applications "$stage/Applications"

rm -f "$dmg"
hdiutil create -volname "Plot Twist Table $version" -srcfolder "$stage" \
    -fs HFS+ -format UDZO -ov "$dmg" || fail "hdiutil create"
hdiutil verify "$dmg" || fail "hdiutil verify"
ls -l "$dmg"
