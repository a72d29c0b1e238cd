#!/bin/bash
# The HUD's cost: hud_bench.exe under Wine with d3d11vk's DLLs and with DXVK 2.6.2's
# (../shared/peers), each with the HUD off and with DXVK_HUD=full, alternating in rounds; prints
# each run's median frame time and, per implementation, the median of the rounds and HUD/no-HUD.
# usage: bench/run-hud-bench.sh [WIN64_BUILD_DIR [ROUNDS [FRAMES]]]   (default build/win64, 5, 400)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
win_dir=${1:-$root/build/win64}
rounds=${2:-5}
frames=${3:-400}
exe=$win_dir/bench/hud_bench.exe
dxvk=$root/../shared/peers/dxvk-2.6.2/x64
for f in "$exe" "$win_dir/src/d3d11/d3d11.dll" "$win_dir/src/dxgi/dxgi.dll"; do
  [ -f "$f" ] || { echo "missing $f: build win64 first (scripts/build.sh win64)"; exit 1; }
done
work=$(mktemp -d /tmp/d3d11vk-hud-bench.XXXXXX)
export WINEPREFIX=${WINEPREFIX:-$root/build/bm-wine-prefix}
source "$root/scripts/lib/wine-session.sh"
if [ -z "${DISPLAY:-}" ]; then
  wine_session_start || exit 1
fi
x11_key='HKCU\Software\Wine\X11 Driver'
trap 'wine reg delete "$x11_key" /v UseXRandR /f >/dev/null 2>&1; wine_session_end; rm -rf "$work"' EXIT
wine_session_prefix || { echo "wineboot could not create $WINEPREFIX"; exit 1; }
wineserver -p >/dev/null 2>&1
# Under Xvfb, Wine's XRandR mode reports 0 Hz, on which DXVK 2.6.2 divides by zero as soon as it
# makes a swapchain; with XRandR off Wine reports one 60 Hz mode and both implementations run
# (d3d11vk runs either way). Both are measured with the same setting; it is put back at the end.
wine reg add "$x11_key" /v UseXRandR /t REG_SZ /d N /f >/dev/null 2>&1
mkdir -p "$work/d3d11vk" "$work/dxvk"
cp "$exe" "$win_dir/src/d3d11/d3d11.dll" "$win_dir/src/dxgi/dxgi.dll" "$work/d3d11vk/"
have_dxvk=0
if [ -f "$dxvk/d3d11.dll" ]; then
  cp "$exe" "$dxvk/d3d11.dll" "$dxvk/dxgi.dll" "$work/dxvk/"
  have_dxvk=1
else
  echo "note: no DXVK at $dxvk; measuring d3d11vk alone"
fi

# run IMPL HUD: one run, its median on stdout.
run() {
  local impl=$1 hud=$2
  # A crash must not start Wine's debugger, which waits forever (winedbg disabled), nor may a
  # hang stall the rounds.
  (cd "$work/$impl" && env ${hud:+DXVK_HUD=$hud} WINEDLLOVERRIDES="d3d11,dxgi=n;winedbg.exe=d" D3D11VK_LOG_PATH=none \
    DXVK_LOG_LEVEL=none timeout 120 wine ./hud_bench.exe "$frames" >"$work/out.txt" 2>"$work/$impl-err.txt")
  tr -d '\r' <"$work/out.txt" | sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

impls=(d3d11vk)
[ $have_dxvk -eq 1 ] && impls+=(dxvk)
for round in $(seq "$rounds"); do
  for impl in "${impls[@]}"; do
    for hud in "" full; do
      value=$(run "$impl" "$hud")
      echo "round $round $impl hud=${hud:-off}: ${value:-failed} ms"
      echo "${value:-}" >>"$work/$impl-${hud:-off}.txt"
    done
  done
done
if [ $have_dxvk -eq 1 ] && ! grep -q . "$work/dxvk-off.txt"; then
  echo "note: DXVK's runs failed; its last error output:"
  grep -i "unhandled\|err:" "$work/dxvk-err.txt" | head -5
fi
echo
printf '%-8s %14s %14s %10s\n' impl "off (ms)" "full (ms)" "full/off"
for impl in "${impls[@]}"; do
  off=$(grep . "$work/$impl-off.txt" | median)
  full=$(grep . "$work/$impl-full.txt" | median)
  ratio=$(awk -v a="$full" -v b="$off" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
  printf '%-8s %14s %14s %10s\n' "$impl" "$off" "$full" "$ratio"
done
