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

# Wine does not pass VK_* variables into the Windows environment, but the host Vulkan loader under
# winevulkan reads them: the layer goes in through VK_INSTANCE_LAYERS, and the loader's own debug
# output (VK_LOADER_DEBUG=layer) proves it was inserted into the program's instance.
validation=0
layer_lib=/usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so
[ "$cpu_family" = x86 ] && layer_lib=/usr/lib/i386-linux-gnu/libVkLayer_khronos_validation.so
if [ -f /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json ] && [ -f "$layer_lib" ]; then
  export VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation VK_LOADER_DEBUG=layer
  validation=1
else
  echo "note: the Khronos validation layer ($layer_lib) is not installed; running without it"
fi

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
if [ $validation -eq 1 ]; then
  if grep -q 'Insert instance layer "VK_LAYER_KHRONOS_validation"' "$work/stderr.txt"; then
    echo "PASS: the Khronos validation layer was active"
  else
    echo "FAIL: the Khronos validation layer was not inserted into the instance"
    failed=1
  fi
  if grep -h "error: Vulkan: " "$work"/*.log 2>/dev/null; then
    echo "FAIL: Vulkan validation reported errors (above)"
    failed=1
  else
    echo "PASS: no Vulkan validation error in d3d11vk's logs"
  fi
fi
if [ $failed -ne 0 ]; then
  echo "--- stderr ---"; cat "$work/stderr.txt"
  echo "--- logs ---"; cat "$work"/*.log 2>/dev/null
fi
exit $failed
