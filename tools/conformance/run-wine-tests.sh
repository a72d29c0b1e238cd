#!/bin/bash
# Runs one of Wine's own conformance test modules (tests written against Windows' behaviour, from
# Debian's wine source package) under Wine with d3d11vk's DLLs, one test function per process, so a
# crash costs one test and the summary says which.
#
# usage: tools/conformance/run-wine-tests.sh MODULE MINGW_BUILD_DIR [OUT_DIR [TEST...]]
#   MODULE           d3d11 (dlls/d3d11/tests/d3d11.c), dxgi (dlls/dxgi/tests/dxgi.c), d3d10core,
#                    d3d10_1, d3d10 (device.c and effect.c), d2d1 (dlls/d2d1/tests/d2d1.c: Wine's
#                    Direct2D drawing through the D3D10.1/D3D11 devices we give it): the table
#                    under "Modules" below
#   MINGW_BUILD_DIR  a win64 build folder holding src/d3d11/d3d11.dll and src/dxgi/dxgi.dll (and
#                    src/d3d10/dlls/d3d10*.dll, used when they were built)
#   OUT_DIR          results (default build/wine-conformance-MODULE): summary.txt has one line per
#                    test (exit status, failed checks, crashes), <test>.out its failure lines
#   TEST...          test functions to run (default: all that START_TEST queues, calls or hands to a
#                    run_on_* wrapper); in a module of several files, FILE:TEST (device:test_x)
#
# Nothing of Wine's is kept in this repository: the script fetches the source package with
# `apt-get source` (a deb-src line for bookworm is added to a private apt state under OUT_DIR),
# compiles each test file with mingw-w64 against Wine's include/wine/test.h, and adds a small
# selection hook of ours (select_tests.py: WINE_TEST_ONLY names the test function to run,
# WINE_TEST_LIST lists them). Tests marked todo_wine count as ordinary checks
# (WINETEST_PLATFORM=windows): they describe Windows. Needs: wine, Xvfb, mingw-w64 (x86_64),
# python3, and the Debian mirror this machine's apt already uses (scripts/lib/debian-mirror.sh).
# WINE_TEST_TIMEOUT (seconds, default 300) bounds each test function; WINE_TEST_DESKTOP=WxH runs the
# tests in a Wine virtual desktop (below). WINE_TEST_BUILTIN=1 runs the same tests on Wine's own
# d3d11/dxgi/d3d10 DLLs instead of ours (MINGW_BUILD_DIR is then unused): the comparison that tells
# a difference of d3d11vk's from one of Wine or lavapipe. The d2d1 module needs widl (Debian
# package wine64-tools): mingw-w64 has no d2d1_2.h/d2d1_3.h, so they are generated from Wine's IDL.
set -u
module=${1:?usage: $0 MODULE MINGW_BUILD_DIR [OUT_DIR [TEST...]]}
build=${2:?usage: $0 MODULE MINGW_BUILD_DIR [OUT_DIR [TEST...]]}
out=${3:-build/wine-conformance-$module}
shift $(( $# >= 3 ? 3 : 2 ))

# Modules: the test files (path in Wine's tree : START_TEST name), the import libraries of the
# test programs (their Makefile.in's IMPORTS; deflibs are made from our own .def files where
# mingw-w64 has none), Wine headers beyond include/wine, extra defines and units, and the Wine
# registry settings.
# dxgi: Wine's d3d12 is disabled, so the suite's D3D12 half skips (d3d11vk has no D3D12 device to
# give it), and the X11 driver's XRandR is off, because under Xvfb XRandR reports the mode at
# 0 Hz where Windows always has a rate (DESIGN.md, platform notes).
no_xrandr=0
defines=() deflibs=() headers=() units=() idls=()
case $module in
  d3d11)     files=(dlls/d3d11/tests/d3d11.c:d3d11); libs=(-ld3d11 -ldxgi) ;;
  dxgi)      files=(dlls/dxgi/tests/dxgi.c:dxgi); libs=(-ld3d10_1 -ldxgi); no_xrandr=1
             deflibs=(d3d10_1); headers=(include/ddk/d3dkmthk.h include/d3dukmdt.h)
             defines=(-DWINE_TEST_D3D12_WRAPPERS); units=(wine_test_d3d12_guids.c) ;;
  d3d10core) files=(dlls/d3d10core/tests/d3d10core.c:d3d10core); libs=(-ld3d10 -ldxgi) ;;
  d3d10_1)   files=(dlls/d3d10_1/tests/d3d10_1.c:d3d10_1); libs=(-ld3d10_1); deflibs=(d3d10_1); defines=(-DD3D_COMPILER_VERSION=0) ;;
  d3d10)     files=(dlls/d3d10/tests/device.c:device dlls/d3d10/tests/effect.c:effect); libs=(-ld3d10); defines=(-DD3D_COMPILER_VERSION=0) ;;
  # d2d1: the Direct2D headers newer than mingw-w64's come from Wine's IDL (idls, through widl);
  # wine_test_widl_compat.h lets mingw-w64's and widl's C wrappers live in one unit.
  d2d1)      files=(dlls/d2d1/tests/d2d1.c:d2d1); libs=(-ld2d1 -ld3d10_1 -ld3d11 -ldwrite -ldxguid -ladvapi32 -lole32)
             deflibs=(d3d10_1); units=(wine_test_d2d1_guids.c); defines=(-include "$(dirname "$0")/wine_test_widl_compat.h")
             idls=(d2d1 d2d1_1 d2d1_2 d2d1_3 d2d1effectauthor d2d1effects d2d1effects_1 d2d1effects_2 dcommon) ;;
  *) echo "usage: $0 MODULE ...: unknown module '$module' (d3d11, dxgi, d3d10core, d3d10_1, d3d10, d2d1)" >&2; exit 2 ;;
esac

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
wanted=('*/include/wine/*')
for f in "${files[@]}" "${headers[@]}"; do wanted+=("*/${f%%:*}"); done
# widl follows each IDL's imports through Wine's include folder, so IDL modules take all of it.
idl_paths=()
for i in "${idls[@]}"; do idl_paths+=("include/$i.idl"); done
[ ${#idls[@]} -gt 0 ] && wanted+=('*/include/*')
for f in "${files[@]}" "${headers[@]}" "${idl_paths[@]}"; do
  if [ ! -f "$work/tree/${f%%:*}" ]; then
    mkdir -p "$work/tree"
    tar -xJf "$tarball" -C "$work/tree" --strip-components=1 --wildcards "${wanted[@]}" ||
      { echo "FAIL: unpacking $tarball"; exit 1; }
    break
  fi
done

# 2. One test program per file, with our selection hook and the shims mingw's headers need.
[ -d "$work/inc/wine" ] || { mkdir -p "$work/inc" && cp -r "$work/tree/include/wine" "$work/inc/"; }
for h in "${headers[@]}"; do
  mkdir -p "$work/inc/$(dirname "${h#include/}")" && cp "$work/tree/$h" "$work/inc/${h#include/}"
done
for i in "${idls[@]}"; do
  [ -f "$work/inc/$i.h" ] && continue
  command -v widl >/dev/null || { echo "FAIL: the $module module needs widl (Debian package wine64-tools)"; exit 1; }
  widl -m64 -I "$work/tree/include" -h -o "$work/inc/$i.h" "$work/tree/include/$i.idl" || { echo "FAIL: widl $i.idl"; exit 1; }
done
mkdir -p "$work/lib"
for l in "${deflibs[@]}"; do
  [ -f "$work/lib/lib$l.a" ] || x86_64-w64-mingw32-dlltool -d "$root/src/d3d10/dlls/$l.def" -D "$l.dll" -l "$work/lib/lib$l.a" ||
    { echo "FAIL: import library for $l.dll"; exit 1; }
done
objs=()
for u in "${units[@]}"; do
  # Compiled without the compat header: these units include the Windows headers their own way.
  idl_include=()
  [ ${#idls[@]} -gt 0 ] && idl_include=(-I"$work/inc")
  x86_64-w64-mingw32-gcc -c -O1 -w "${idl_include[@]}" -o "$work/${u%.c}.o" "$here/$u" || { echo "FAIL: compiling $u"; exit 1; }
  objs+=("$work/${u%.c}.o")
done
for f in "${files[@]}"; do
  src=${f%%:*} entry=${f##*:}
  exe="$out/${entry}_test.exe"
  [ -f "$exe" ] && continue
  python3 "$here/select_tests.py" "$work/tree/$src" "$entry" "$work/${entry}_sel.c" || exit 1
  x86_64-w64-mingw32-gcc -O1 -w -include "$here/wine_test_compat.h" -I"$work/inc" -DWINE_TEST_ENTRY="$entry" \
    "${defines[@]}" -o "$exe" "$work/${entry}_sel.c" "$here/wine_test_main.c" "${objs[@]}" -L"$work/lib" "${libs[@]}" -luser32 -lgdi32 -luuid ||
    { echo "FAIL: compiling $src"; exit 1; }
done

# 3. Run each test in its own process, with our DLLs beside it.
export WINEPREFIX=${WINEPREFIX:-$out/prefix}
source "$root/scripts/lib/wine-session.sh"
wine_session_start || { echo "FAIL: could not start Xvfb"; exit 1; }
wine_session_prefix || { echo "FAIL: wineboot could not create $WINEPREFIX"; exit 1; }
x11_key='HKCU\Software\Wine\X11 Driver'
if [ $no_xrandr = 1 ]; then
  wine reg add "$x11_key" /v UseXRandR /t REG_SZ /d N /f >"$out/reg.log" 2>&1
else
  wine reg delete "$x11_key" /v UseXRandR /f >"$out/reg.log" 2>&1
fi
# WINE_TEST_DESKTOP=WxH runs the tests in a Wine virtual desktop of that size. Xvfb offers one
# display mode, so display mode changes (fullscreen with ALLOW_MODE_SWITCH, ResizeTarget in
# fullscreen) fail on the bare X server; Wine's virtual desktop lists the standard modes up to its
# size and switches between them, so those tests can run.
desktop_key='HKCU\Software\Wine\Explorer'
if [ -n "${WINE_TEST_DESKTOP:-}" ]; then
  wine reg add "$desktop_key" /v Desktop /t REG_SZ /d Default /f >>"$out/reg.log" 2>&1
  wine reg add "$desktop_key\Desktops" /v Default /t REG_SZ /d "$WINE_TEST_DESKTOP" /f >>"$out/reg.log" 2>&1
else
  wine reg delete "$desktop_key" /v Desktop /f >>"$out/reg.log" 2>&1
fi
# The desktop (virtual or not) and the X11 settings are read when Wine's explorer starts, and the
# reg calls above started it, in a new prefix before the keys existed: end that wineserver so
# that the tests' own start reads them.
wineserver -k >/dev/null 2>&1
wineserver -w >/dev/null 2>&1
run="$out/run"
mkdir -p "$run"
rm -f "$run"/*.dll
if [ "${WINE_TEST_BUILTIN:-0}" = 1 ]; then
  overrides="d3d12=d"  # Wine's own d3d11, dxgi and d3d10 DLLs
else
  overrides=d3d11,dxgi
  cp "$build/src/d3d11/d3d11.dll" "$build/src/dxgi/dxgi.dll" "$run/"
  for dll in d3d10 d3d10_1 d3d10core; do
    if [ -f "$build/src/d3d10/dlls/$dll.dll" ]; then
      cp "$build/src/d3d10/dlls/$dll.dll" "$run/" && overrides+=",$dll"
    fi
  done
  overrides+="=n;d3d12=d"
fi
tests=("$@")
if [ ${#tests[@]} -eq 0 ]; then
  for f in "${files[@]}"; do
    entry=${f##*:}
    cp "$out/${entry}_test.exe" "$run/"
    (cd "$run" && WINE_TEST_LIST=1 WINEDLLOVERRIDES="$overrides" D3D11VK_LOG_PATH=none wine "./${entry}_test.exe" "$entry" --single >"list-$entry.txt" 2>/dev/null)
    prefix=
    [ ${#files[@]} -gt 1 ] && prefix="$entry:"
    mapfile -t -O ${#tests[@]} tests < <(grep '^TEST ' "$run/list-$entry.txt" | awk -v p="$prefix" '{print p $2}' | tr -d '\r' | awk '!seen[$0]++')
  done
fi
for f in "${files[@]}"; do cp "$out/${f##*:}_test.exe" "$run/"; done
: > "$out/summary.txt"
for t in "${tests[@]}"; do
  entry=${files[0]##*:} name=$t
  case $t in *:*) entry=${t%%:*} name=${t#*:} ;; esac
  log=${t//:/_}
  (cd "$run" && WINE_TEST_ONLY=$name WINETEST_PLATFORM=windows WINEDLLOVERRIDES="$overrides" D3D11VK_LOG_PATH=none \
    timeout "${WINE_TEST_TIMEOUT:-300}" wine "./${entry}_test.exe" "$entry" --single >"$out/$log.out" 2>"$out/$log.err")
  rc=$?
  echo "$t rc=$rc failed=$(grep -c 'Test failed' "$out/$log.out") crash=$(cat "$out/$log.out" "$out/$log.err" | grep -c 'unhandled exception')" \
    | tee -a "$out/summary.txt"
done
wine_session_end
awk '{split($3,f,"="); split($4,c,"="); n++; if (f[2]==0 && c[2]==0 && $2=="rc=0") p++; s+=f[2]; k+=c[2]}
     END {printf "%d of %d tests pass; %d failed checks; %d crashes\n", p, n, s, k}' "$out/summary.txt"
