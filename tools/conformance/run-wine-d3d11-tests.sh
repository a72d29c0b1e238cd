#!/bin/bash
# Runs Wine's own Direct3D 11 conformance tests (dlls/d3d11/tests/d3d11.c of Debian's wine source
# package: tests written against Windows' behaviour) under Wine with d3d11vk's DLLs, one test
# function per process, so a crash costs one test and the summary says which.
#
# usage: tools/conformance/run-wine-d3d11-tests.sh MINGW_BUILD_DIR [OUT_DIR [TEST...]]
#   MINGW_BUILD_DIR  a win64 build folder holding src/d3d11/d3d11.dll and src/dxgi/dxgi.dll
#   OUT_DIR          results (default build/wine-conformance): summary.txt has one line per test
#                    (exit status, failed checks, crashes), <test>.out its failure lines
#   TEST...          test functions to run (default: all that START_TEST queues)
#
# Nothing of Wine's is kept in this repository: the script fetches the source package with
# `apt-get source` (a deb-src line for bookworm is added to a private apt state under OUT_DIR),
# compiles the test file with mingw-w64 against Wine's include/wine/test.h, and adds a small
# selection hook of ours (D3D11_ONLY names the test function to run, D3D11_LIST lists them).
# Tests marked todo_wine count as ordinary checks (WINETEST_PLATFORM=windows): they describe
# Windows. Needs: wine, Xvfb, mingw-w64 (x86_64), python3, and the Debian mirror this machine's apt
# already uses (read from its apt configuration by scripts/lib/debian-mirror.sh).
set -u
build=${1:?usage: $0 MINGW_BUILD_DIR [OUT_DIR [TEST...]]}
out=${2:-build/wine-conformance}
shift $(( $# >= 2 ? 2 : 1 ))
build=$(cd "$build" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work="$out/source"
mkdir -p "$work/apt/lists/partial" "$work/src"

# 1. Wine's source package (once).
if ! ls "$work"/src/wine_*.orig.tar.xz >/dev/null 2>&1; then
  source "$root/scripts/lib/debian-mirror.sh"
  mirror=$(debian_mirror) || { echo "FAIL: this machine's apt configuration names no bookworm mirror"; exit 1; }
  echo "deb-src $mirror bookworm main" > "$work/apt/sources.list"
  apt_opts=(-o "Dir::Etc::SourceList=$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$work/apt/lists")
  apt-get "${apt_opts[@]}" update >/dev/null || { echo "FAIL: apt-get update for deb-src"; exit 1; }
  (cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only wine >/dev/null 2>&1) || { echo "FAIL: apt-get source wine"; exit 1; }
fi
tarball=$(ls "$work"/src/wine_*.orig.tar.xz | head -1)
if [ ! -f "$work/tree/dlls/d3d11/tests/d3d11.c" ]; then
  mkdir -p "$work/tree"
  tar -xJf "$tarball" -C "$work/tree" --strip-components=1 --wildcards '*/dlls/d3d11/tests/d3d11.c' '*/include/wine/*' ||
    { echo "FAIL: unpacking $tarball"; exit 1; }
fi

# 2. The test program, with our selection hook and the shims mingw's headers need.
exe="$out/d3d11_test.exe"
if [ ! -f "$exe" ]; then
  mkdir -p "$work/inc" && cp -r "$work/tree/include/wine" "$work/inc/"
  python3 "$here/select_tests.py" "$work/tree/dlls/d3d11/tests/d3d11.c" "$work/d3d11_sel.c" || exit 1
  x86_64-w64-mingw32-gcc -O1 -w -include "$here/wine_test_compat.h" -I"$work/inc" -o "$exe" \
    "$work/d3d11_sel.c" "$here/wine_test_main.c" -ld3d11 -ldxgi -luser32 -lgdi32 -luuid || { echo "FAIL: compiling the tests"; exit 1; }
fi

# 3. Run each test in its own process, with our DLLs beside it.
export WINEPREFIX=${WINEPREFIX:-$out/prefix}
source "$root/scripts/lib/wine-session.sh"
wine_session_start || { echo "FAIL: could not start Xvfb"; exit 1; }
wine_session_prefix || { echo "FAIL: wineboot could not create $WINEPREFIX"; exit 1; }
run="$out/run"
mkdir -p "$run"
cp "$exe" "$build/src/d3d11/d3d11.dll" "$build/src/dxgi/dxgi.dll" "$run/"
tests=("$@")
if [ ${#tests[@]} -eq 0 ]; then
  (cd "$run" && D3D11_LIST=1 WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH=none wine ./d3d11_test.exe d3d11 --single >list.txt 2>/dev/null)
  mapfile -t tests < <(grep '^TEST ' "$run/list.txt" | awk '{print $2}' | tr -d '\r' | sort -u)
fi
: > "$out/summary.txt"
for t in "${tests[@]}"; do
  (cd "$run" && D3D11_ONLY=$t WINETEST_PLATFORM=windows WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH=none \
    timeout 300 wine ./d3d11_test.exe d3d11 --single >"$out/$t.out" 2>"$out/$t.err")
  rc=$?
  echo "$t rc=$rc failed=$(grep -c 'Test failed' "$out/$t.out") crash=$(cat "$out/$t.out" "$out/$t.err" | grep -c 'unhandled exception')" \
    | tee -a "$out/summary.txt"
done
wine_session_end
awk '{split($3,f,"="); split($4,c,"="); n++; if (f[2]==0 && c[2]==0 && $2=="rc=0") p++; s+=f[2]; k+=c[2]}
     END {printf "%d of %d tests pass; %d failed checks; %d crashes\n", p, n, s, k}' "$out/summary.txt"
