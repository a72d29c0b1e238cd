#!/bin/bash
# The main job: installs what is needed, builds d3d11vk natively and for win64, then renders the
# demo scene (a lit, textured, instanced grid of cubes whose texture a compute shader made) through
# d3d11vk natively and as a Windows exe under Wine, and prints where the two PNG pictures are.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# D3D11VK_DEMO_NATIVE / D3D11VK_DEMO_WIN64 name already-built build folders (relative to the top)
# to run the demo from instead; set-up and build are then skipped (for developers).
native=${D3D11VK_DEMO_NATIVE:-build/native}
win64=${D3D11VK_DEMO_WIN64:-build/win64}
if [ -z "${D3D11VK_DEMO_NATIVE:-}${D3D11VK_DEMO_WIN64:-}" ]; then
  "$top/scripts/install-deps.sh" || exit 1
  "$top/scripts/build.sh" native win64 || exit 1
fi

out="$top/build/demo-output"
mkdir -p "$out"
rm -f "$out/d3d11vk-demo-native.png" "$out/d3d11vk-demo-wine.png"

# The Khronos validation layer checks both runs when it is installed.
layer_json=/usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json

echo
echo "== native Linux: $native/demo/d3d11vk-demo"
if [ -f "$layer_json" ]; then export D3D11VK_VALIDATION=1; fi
D3D11VK_LOG_PATH=none D3D11VK_LOG_LEVEL=error \
  "$native/demo/d3d11vk-demo" --check -o "$out/d3d11vk-demo-native.png"
native_status=$?
unset D3D11VK_VALIDATION

echo
echo "== Windows program under Wine: $win64/demo/d3d11vk-demo.exe with d3d11vk's d3d11.dll and dxgi.dll"
export WINEPREFIX="$top/build/demo-wineprefix"
source "$top/scripts/lib/wine-session.sh"
if [ -z "${DISPLAY:-}" ]; then
  # Wine's Vulkan needs an X display; wine_session_start's EXIT trap stops Xvfb and wineserver.
  wine_session_start || exit 1
else
  export WINEDEBUG=${WINEDEBUG:--all}
  trap wine_session_end EXIT
fi
wine_session_prefix || exit 1
run="$out/wine-run"
rm -rf "$run"
mkdir -p "$run"
cp "$win64/demo/d3d11vk-demo.exe" "$win64/src/d3d11/d3d11.dll" "$win64/src/dxgi/dxgi.dll" "$run/" || exit 1
# Wine hides the host's layers from the Windows side; the host loader under winevulkan inserts it.
wine_layers=()
if [ -f "$layer_json" ]; then wine_layers=(VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation); fi
# Wine output goes to files: its services can hold a pipe open.
(cd "$run" && env "${wine_layers[@]}" WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH="$run" D3D11VK_LOG_LEVEL=error \
  wine ./d3d11vk-demo.exe --check -o d3d11vk-demo-wine.png >"$run/stdout.txt" 2>"$run/stderr.txt")
wine_status=$?
cat "$run/stdout.txt"
if [ -f "$run/d3d11vk-demo-wine.png" ]; then mv "$run/d3d11vk-demo-wine.png" "$out/"; fi
# Under Wine the layer's messages reach d3d11vk's log; any error there fails the run.
if grep -h "error: Vulkan: " "$run"/*.log 2>/dev/null; then
  echo "Vulkan validation reported errors under Wine (above; logs in $run)"
  [ $wine_status -eq 0 ] && wine_status=1
fi
if [ $wine_status -ne 0 ]; then
  echo "--- wine stderr ($run/stderr.txt) ---"
  grep -v "^fixme:" "$run/stderr.txt" | tail -n 40
fi
wine_session_end
trap - EXIT

echo
if [ $native_status -eq 0 ] && [ $wine_status -eq 0 ]; then
  echo "demo: d3d11vk rendered the scene natively and under Wine:"
  echo "  native Linux: $out/d3d11vk-demo-native.png"
  echo "  Wine (win64): $out/d3d11vk-demo-wine.png"
  exit 0
fi
echo "demo: failed (native exit $native_status, Wine exit $wine_status)"
exit 1
