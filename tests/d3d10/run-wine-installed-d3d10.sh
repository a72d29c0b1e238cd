#!/bin/bash
# Runs a Direct3D 10 program in a fresh Wine prefix after `setup_d3d11vk.sh install` (the default
# layout: our d3d11/dxgi/d3d10core, Wine's d3d10/d3d10_1) and checks that Wine's d3d10.dll stayed
# and that our DLLs served the device.
# usage: run-wine-installed-d3d10.sh SETUP_SCRIPT PROGRAM.exe D3D11.dll DXGI.dll D3D10CORE.dll D3D10_1.dll D3D10.dll
# Exit: 0 pass, 1 fail, 77 skipped (with the reason printed).
set -u
setup_script=$1 program=$2
shift 2
dlls=("$@")

skip() { echo "SKIP: $*"; exit 77; }
command -v wine >/dev/null 2>&1 || skip "wine is not installed"
command -v Xvfb >/dev/null 2>&1 || skip "Xvfb is not installed"

work=$(mktemp -d /tmp/d3d11vk-d3d10-installed.XXXXXX)
export WINEPREFIX="$work/prefix"
source "$(dirname "$0")/../../scripts/lib/wine-session.sh"
wine_session_start || { echo "FAIL: could not start Xvfb"; exit 1; }
trap 'wine_session_end; rm -rf "$work"' EXIT
wine_session_prefix || { echo "FAIL: wineboot could not create $WINEPREFIX"; exit 1; }
wineserver -p >/dev/null 2>&1

# A release folder as package-release.sh lays it out. This build has 64-bit DLLs only: x32 gets
# copies of them so the script's completeness check passes; only the 64-bit program runs, and the
# prefix is thrown away afterwards.
release="$work/release"
mkdir -p "$release/x64" "$release/x32"
cp "$setup_script" "$release/setup_d3d11vk.sh"
cp "${dlls[@]}" "$release/x64/"
cp "${dlls[@]}" "$release/x32/"

failed=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; failed=1; }

if bash "$release/setup_d3d11vk.sh" install >"$work/setup.txt" 2>&1 </dev/null; then
  pass "setup_d3d11vk.sh install"
else
  fail "setup_d3d11vk.sh install"; cat "$work/setup.txt"
fi
sys32="$WINEPREFIX/drive_c/windows/system32"
for dll in d3d11 dxgi d3d10core; do
  if cmp -s "$sys32/$dll.dll" "$release/x64/$dll.dll"; then pass "system32/$dll.dll is ours"
  else fail "system32/$dll.dll is ours"; fi
done
for dll in d3d10 d3d10_1; do
  if [ -f "$sys32/$dll.dll" ] && ! grep -aq D3D11VK_LOG_LEVEL "$sys32/$dll.dll"; then
    pass "system32/$dll.dll is still Wine's"
  else
    fail "system32/$dll.dll is still Wine's"
  fi
done

source "$(dirname "$0")/../e2e/wine-validation.sh"
wine_validation_enable

# No WINEDLLOVERRIDES and no DLLs beside the program: only what setup put into the prefix.
name=$(basename "$program")
mkdir -p "$work/run"
cp "$program" "$work/run/"
(cd "$work/run" && env -u WINEDLLOVERRIDES D3D11VK_LOG_PATH="$work/run" D3D11VK_LOG_LEVEL=info \
  wine "./$name" >"$work/run/stdout.txt" 2>"$work/run/stderr.txt")
status=$?
cat "$work/run/stdout.txt"
[ $status -eq 0 ] || fail "$name exited with $status"

if grep -q "D3D11 device: " "$work/run/${name%.exe}_d3d11.log" 2>/dev/null; then
  pass "d3d11vk's own log recorded the device"
else
  fail "no d3d11vk log: the device did not come from our d3d11.dll"
fi
wine_validation_check "$work/run/stderr.txt" "$work"/run/*.log || failed=1
if [ $failed -ne 0 ]; then
  echo "--- setup ---"; cat "$work/setup.txt"
  echo "--- stderr (last 60 lines) ---"; tail -n 60 "$work/run/stderr.txt"
  echo "--- logs ---"; cat "$work"/run/*.log 2>/dev/null
fi
exit $failed
