#!/bin/bash
# Runs one end-to-end test program under Wine with d3d11vk's DLLs and checks that they served it.
# usage: run-wine-e2e.sh CPU_FAMILY PROGRAM.exe D3D11.dll DXGI.dll [MORE.dll...]
# (MORE: further DLLs of ours the program loads, e.g. d3d10core.dll; each is copied and overridden too.)
# Exit: 0 pass, 1 fail, 77 skipped (with the reason printed).
#
# It starts its own Xvfb display (Wine's Vulkan needs one), uses a Wine prefix beside the program
# (created on first use), copies program and DLLs into a fresh folder, forces our DLLs with
# WINEDLLOVERRIDES, and turns on the Khronos validation layer when it is installed. Without the
# override Wine would quietly use its own d3d11, so the test also requires our log file.
set -u
cpu_family=$1 program=$2 d3d11_dll=$3 dxgi_dll=$4
shift 4
more_dlls=("$@")
overrides=d3d11,dxgi
for dll in "${more_dlls[@]}"; do overrides+=",$(basename "$dll" .dll)"; done

source "$(dirname "$0")/wine-prerequisites.sh"
wine_e2e_prerequisites "$cpu_family"

export WINEPREFIX=${D3D11VK_WINEPREFIX:-$(dirname "$program")/wineprefix}
work=$(mktemp -d /tmp/d3d11vk-e2e.XXXXXX)
source "$(dirname "$0")/../../scripts/lib/wine-session.sh"
wine_session_start || { echo "FAIL: could not start Xvfb"; exit 1; }
trap 'wine_session_end; rm -rf "$work"' EXIT
wine_session_prefix || { echo "FAIL: wineboot could not create $WINEPREFIX"; exit 1; }

name=$(basename "$program")
cp "$program" "$d3d11_dll" "$dxgi_dll" "${more_dlls[@]}" "$work/"

source "$(dirname "$0")/wine-validation.sh"
wine_validation_enable "$cpu_family"

# Wine's own services may keep stdout open: write to files, never to a pipe.
(cd "$work" && WINEDLLOVERRIDES="$overrides=n" D3D11VK_LOG_PATH="$work" D3D11VK_LOG_LEVEL=info \
  wine "./$name" >"$work/stdout.txt" 2>"$work/stderr.txt")
status=$?
cat "$work/stdout.txt"

log="$work/${name%.exe}_d3d11.log"
failed=0
if [ $status -ne 0 ]; then
  echo "FAIL: $name exited with $status"
  failed=1
fi
if grep -q "D3D11 device: " "$log" 2>/dev/null; then
  echo "PASS: d3d11vk's own log ($(basename "$log")) recorded the device"
else
  echo "FAIL: no d3d11vk log at $log: the device did not come from our d3d11.dll"
  failed=1
fi
wine_validation_check "$work/stderr.txt" "$work"/*.log || failed=1
if [ $failed -ne 0 ]; then
  echo "--- stderr ---"; cat "$work/stderr.txt"
  echo "--- logs ---"; cat "$work"/*.log 2>/dev/null
fi
exit $failed
