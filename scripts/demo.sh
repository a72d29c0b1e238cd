#!/bin/bash
# The main job: installs what is needed, builds d3d11vk natively and for win64, then creates a
# D3D11 device through d3d11vk natively and inside a Wine prefix, printing the adapter, the Vulkan
# driver and the feature level each time. (A rendered picture replaces this once rendering lands.)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

"$top/scripts/install-deps.sh" || exit 1
"$top/scripts/build.sh" native win64 || exit 1

echo
echo "== native Linux: build/native/tools/d3d11vk-info"
D3D11VK_LOG_PATH=none D3D11VK_LOG_LEVEL=warn build/native/tools/d3d11vk-info
native_status=$?

echo
echo "== Windows program under Wine: build/win64/tools/d3d11vk-info.exe with d3d11vk's d3d11.dll and dxgi.dll"
export WINEPREFIX="$top/build/demo-wineprefix"
source "$top/scripts/lib/wine-session.sh"
wine_session_start || exit 1
wine_session_prefix || exit 1
run=$(mktemp -d /tmp/d3d11vk-demo.XXXXXX)
cp build/win64/tools/d3d11vk-info.exe build/win64/src/d3d11/d3d11.dll build/win64/src/dxgi/dxgi.dll "$run/"
# Wine output goes to files: its services can hold a pipe open.
(cd "$run" && WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH=none D3D11VK_LOG_LEVEL=warn \
  wine ./d3d11vk-info.exe >"$run/stdout.txt" 2>"$run/stderr.txt")
wine_status=$?
cat "$run/stdout.txt"
[ $wine_status -ne 0 ] && cat "$run/stderr.txt"
rm -rf "$run"

echo
if [ $native_status -eq 0 ] && [ $wine_status -eq 0 ]; then
  echo "demo: d3d11vk created a D3D11 device natively and under Wine."
  exit 0
fi
echo "demo: failed (native exit $native_status, Wine exit $wine_status)"
exit 1
