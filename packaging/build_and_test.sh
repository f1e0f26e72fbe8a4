#!/usr/bin/env bash
# Build the Linux standalone app, test the built binary, and pack the tarball.
#
#     bash packaging/build_and_test.sh
#
# From a clean clone this needs only python3 (3.11+) with venv and pip. It:
#   1. picks a virtual environment: $VENV if set; else the project's .venv if there is one
#      (upgraded in place, kept editable); else a fresh build/venv. Installs .[package] into it.
#   2. runs PyInstaller with packaging/plot_twist_table.spec -> dist/PlotTwistTable/
#   3. runs the BUILT binary's --self-test headless (QT_QPA_PLATFORM=offscreen), twice: the
#      first run is the cold start of a new build, the second a warm one; measures start-up
#      (--self-test --actions 0, three runs); starts the app itself with a Quick game and
#      checks it is still running after 5 s without a traceback
#   4. checks the folder size against SIZE_LIMIT_MB (150)
#   5. packs dist/PlotTwistTable-<version>-linux-<arch>.tar.gz (the folder, the .desktop file,
#      the icon and install-desktop-entry.sh), unpacks it elsewhere and self-tests that copy
# Any failure stops the script with a non-zero exit code.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
SIZE_LIMIT_MB=${SIZE_LIMIT_MB:-150}
APP=PlotTwistTable

say() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nbuild_and_test: FAILED: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

started=$(now)

# ---------------------------------------------------------------- 1. environment
PYTHON=${PYTHON:-python3}
if [ -n "${VENV:-}" ]; then
    venv=$VENV
    editable=""
elif [ -x .venv/bin/python ]; then
    venv=.venv
    editable="-e"  # the developers' venv: keep their editable install editable
else
    venv=build/venv
    editable=""
fi
if [ ! -x "$venv/bin/python" ]; then
    say "creating $venv"
    "$PYTHON" -m venv "$venv" || fail "could not create a venv with $PYTHON"
    "$venv/bin/python" -m pip install -q --upgrade pip
fi
case $venv in
    /*) py="$venv/bin/python" ;;
    *) py="$ROOT/$venv/bin/python" ;;
esac
"$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || fail "$venv has Python $("$py" -V 2>&1); 3.11 or newer is needed"

say "installing ${editable:+editable }.[package] into $venv ($("$py" -V 2>&1))"
"$py" -m pip install -q $editable '.[package]' || fail "pip install .[package]"

version=$("$py" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
arch=$(uname -m)
echo "version $version, $arch"

# ---------------------------------------------------------------- 2. PyInstaller
say "PyInstaller: packaging/plot_twist_table.spec"
rm -rf "dist/$APP"
t0=$(now)
"$py" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/plot_twist_table.spec \
    || fail "PyInstaller"
build_seconds=$(since "$t0")
bin="dist/$APP/$APP"
[ -x "$bin" ] || fail "$bin was not built"
echo "built $bin in ${build_seconds} s"

# ---------------------------------------------------------------- 3. self-test of the binary
# run from an empty folder: the app must find its data inside the bundle, not in the cwd
selftest() {  # selftest BINARY -> prints the app's line; sets $selftest_seconds
    local scratch out t
    scratch=$(mktemp -d)
    t=$(now)
    if ! out=$(cd "$scratch" && env QT_QPA_PLATFORM=offscreen PLOT_TWIST_HOME="$scratch/home" \
            "$1" --self-test 2>&1); then
        printf '%s\n' "$out" >&2
        rm -rf "$scratch"
        fail "$1 --self-test"
    fi
    selftest_seconds=$(since "$t")
    rm -rf "$scratch"
    printf '%s\n' "$out" | grep '^self-test ok' || { printf '%s\n' "$out" >&2; fail "no summary line"; }
}

say "self-test of the built binary (offscreen)"
selftest "$ROOT/$bin"
cold_seconds=$selftest_seconds
selftest "$ROOT/$bin"
warm_seconds=$selftest_seconds
echo "--self-test wall time: first run ${cold_seconds} s, second run ${warm_seconds} s"

# start-up: launch, load the packs, show and render the start screen, quit (no game played).
# gui.app has no quit-after-start switch, so the self-test with --actions 0 stands in for it.
startup_seconds=""
for _ in 1 2 3; do
    scratch=$(mktemp -d)
    t=$(now)
    (cd "$scratch" && env QT_QPA_PLATFORM=offscreen PLOT_TWIST_HOME="$scratch/home" \
        "$ROOT/$bin" --self-test --actions 0 >/dev/null 2>&1) || fail "$bin --self-test --actions 0"
    startup_seconds="$startup_seconds $(since "$t")"
    rm -rf "$scratch"
done
echo "start-up to the first rendered start screen (3 runs):$startup_seconds s"

# the built app against its own floor: a bare PySide6 window frozen with the same spec and
# options (PT_SPEC_FLOOR=1), launch to idle, alternating (packaging/startup_vs_floor.py)
say "start-up floor: an empty QMainWindow built with the same PyInstaller options"
PT_SPEC_FLOOR=1 "$py" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath build/floor-dist --workpath build/floor-work packaging/plot_twist_table.spec \
    || fail "PyInstaller (start-up floor)"
floor_bin="build/floor-dist/StartFloor/StartFloor"
[ -x "$floor_bin" ] || fail "$floor_bin was not built"
vs_floor=$("$py" packaging/startup_vs_floor.py "$ROOT/$bin" "$ROOT/$floor_bin" --runs 5) \
    || fail "timing the app against the floor"
printf '%s\n' "$vs_floor"

# the app itself, through gui.app:main as a double-click starts it, with a Quick game on the
# table: it must still be running after 5 s, and must not have printed or logged a traceback
say "the app itself starts (gui.app:main --quick) and keeps running"
scratch=$(mktemp -d)
set +e
(cd "$scratch" && env QT_QPA_PLATFORM=offscreen PLOT_TWIST_HOME="$scratch/home" \
    timeout 5 "$ROOT/$bin" --quick) > "$scratch/output.txt" 2>&1
rc=$?
set -e
if [ "$rc" -ne 124 ]; then
    cat "$scratch/output.txt" >&2
    fail "$bin --quick exited by itself within 5 s (exit code $rc)"
fi
if grep -rqs "Traceback" "$scratch/output.txt" "$scratch/home/logs"; then
    cat "$scratch/output.txt" >&2
    grep -rls "Traceback" "$scratch/home/logs" 2>/dev/null | xargs -r cat >&2
    fail "$bin --quick raised an exception"
fi
rm -rf "$scratch"
echo "still running after 5 s, no traceback"

# ---------------------------------------------------------------- 4. size
say "size of dist/$APP"
du -sh "dist/$APP"
size_mb=$(du -sm "dist/$APP" | cut -f1)
echo "${size_mb} MB (limit ${SIZE_LIMIT_MB} MB)"
[ "$size_mb" -le "$SIZE_LIMIT_MB" ] || fail "dist/$APP is ${size_mb} MB, over ${SIZE_LIMIT_MB} MB"

# ---------------------------------------------------------------- 5. tarball
name="$APP-$version-linux-$arch"
tarball="dist/$name.tar.gz"
say "packing $tarball"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
cp -a "dist/$APP/." "$stage/$name/"
cp packaging/linux/plot-twist-table.desktop "$stage/$name/"
cp packaging/linux/install-desktop-entry.sh "$stage/$name/"
cp assets/icons/app_256.png "$stage/$name/plot-twist-table.png"
cat > "$stage/$name/README.txt" <<EOF
Plot Twist Table $version for Linux ($arch)

Start it: double-click PlotTwistTable in this folder (or run ./PlotTwistTable).
Add it to your application menu: run ./install-desktop-entry.sh (--remove undoes it).
Check this copy works: ./PlotTwistTable --self-test
EOF
tar -C "$stage" --owner=0 --group=0 --numeric-owner -czf "$tarball" "$name" || fail "tar"
ls -l "$tarball"

say "unpacking $tarball elsewhere and self-testing that copy"
unpacked=$(mktemp -d)
tar -C "$unpacked" -xzf "$tarball"
for f in PlotTwistTable plot-twist-table.desktop plot-twist-table.png install-desktop-entry.sh; do
    [ -e "$unpacked/$name/$f" ] || fail "$f is missing from the tarball"
done
selftest "$unpacked/$name/$APP"
rm -rf "$unpacked"

tar_mb=$(du -m "$tarball" | cut -f1)
say "done in $(since "$started") s"
cat <<EOF
version         $version ($arch)
build time      ${build_seconds} s (PyInstaller)
folder          dist/$APP: ${size_mb} MB (limit ${SIZE_LIMIT_MB} MB)
tarball         $tarball: ${tar_mb} MB
self-test       first run ${cold_seconds} s, second run ${warm_seconds} s (wall time, offscreen)
start-up        ${startup_seconds# } s (launch to rendered start screen, 3 runs)
$vs_floor
EOF
