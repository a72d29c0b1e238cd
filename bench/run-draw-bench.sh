#!/bin/bash
# Runs draw_bench natively, vk_draw_floor natively, and draw_bench under Wine with d3d11vk's DLLs and with Wine's own d3d11 (Vulkan renderer), and prints one table with ours/Wine and ours/floor ratios.
# usage: bench/run-draw-bench.sh [NATIVE_BUILD_DIR [WIN64_BUILD_DIR]]
#        (defaults: build/db-native and build/db-win64; this script builds nothing)
#
# Both Wine runs use the same exe in one prefix (build/db-wine-prefix unless WINEPREFIX is set) and
# one display, so the only difference between them is which d3d11.dll serves the program. The
# program prints which implementation it got; a run served by the wrong one is flagged.
# ours/wine compares the two Wine runs (same loader, same exe); ours/floor compares native
# draw_bench with vk_draw_floor (both native, same shaders, same driver).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
native_dir=$(realpath -m "${1:-$root/build/db-native}")  # absolute: the runs change directory
win_dir=$(realpath -m "${2:-$root/build/db-win64}")
native_exe=$native_dir/bench/draw_bench
floor_exe=$native_dir/bench/vk_draw_floor
pe_exe=$win_dir/bench/draw_bench.exe
d3d11_dll=$win_dir/src/d3d11/d3d11.dll
dxgi_dll=$win_dir/src/dxgi/dxgi.dll
limit=${DRAW_BENCH_TIMEOUT:-600}
# A call that blocks makes draw_bench give up after this many seconds in one phase (it names it).
export DRAW_BENCH_PHASE_LIMIT=${DRAW_BENCH_PHASE_LIMIT:-120}

for f in "$native_exe" "$floor_exe" "$pe_exe" "$d3d11_dll" "$dxgi_dll"; do
  [ -f "$f" ] || { echo "missing $f: build it first (see docs/pipelines.md)"; exit 1; }
done
command -v wine >/dev/null 2>&1 || { echo "wine is not installed"; exit 1; }

work=$(mktemp -d /tmp/d3d11vk-draw-bench.XXXXXX)
export WINEPREFIX=${WINEPREFIX:-$root/build/db-wine-prefix}
source "$root/scripts/lib/wine-session.sh"
# Wine's Vulkan needs an X display; reuse the caller's when there is one.
if [ -z "${DISPLAY:-}" ]; then
  command -v Xvfb >/dev/null 2>&1 || { echo "DISPLAY is unset and Xvfb is not installed"; exit 1; }
  wine_session_start || exit 1
fi
export WINEDEBUG=${WINEDEBUG:--all}
trap 'wine_session_end; rm -rf "$work"' EXIT
wine_session_prefix || { echo "wineboot could not create $WINEPREFIX"; exit 1; }
# One wineserver for both runs, so the second does not pay the server's start-up.
wineserver -p >/dev/null 2>&1

mkdir -p "$work/ours" "$work/wine"
cp "$pe_exe" "$d3d11_dll" "$dxgi_dll" "$work/ours/"
cp "$pe_exe" "$work/wine/"

status=0
# run NAME DIR ENV... -- COMMAND...: output goes to files (Wine's services may hold a pipe open).
run() {
  local name=$1 dir=$2
  shift 2
  echo "== $name"
  (cd "$dir" && env "$@" >"$work/$name.txt" 2>"$work/$name.err")
  local rc=$?
  cat "$work/$name.txt"
  if [ $rc -ne 0 ]; then
    echo "$name: exited with $rc$([ $rc -eq 124 ] && echo " (timed out after $limit s)"); its stderr:"
    tail -n 20 "$work/$name.err"
    status=1
  fi
}

# Runs one after another, never together: on two cores a concurrent run would take the CPU that
# lavapipe's rasterizer threads and the layer's worker thread measure.
run native "$work" D3D11VK_LOG_PATH=none D3D11VK_LOG_LEVEL=warn timeout "$limit" "$native_exe"
run floor "$work" timeout "$limit" "$floor_exe"
run wine-d3d11vk "$work/ours" WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH=none D3D11VK_LOG_LEVEL=warn \
  timeout "$limit" wine ./draw_bench.exe
run wine-builtin "$work/wine" WINEDLLOVERRIDES="d3d11,dxgi=b" WINE_D3D_CONFIG="renderer=vulkan" \
  timeout "$limit" wine ./draw_bench.exe

grep -q '^implementation d3d11vk' "$work/native.txt" ||
  { echo "warning: the native run was not served by d3d11vk"; status=1; }
grep -q '^implementation d3d11vk' "$work/wine-d3d11vk.txt" ||
  { echo "warning: the run with our DLLs was not served by d3d11vk"; status=1; }
grep -q '^implementation other' "$work/wine-builtin.txt" ||
  { echo "warning: the run meant for Wine's d3d11 was not served by it"; status=1; }

# Every figure is nanoseconds per draw (less is better). ours/wine = wine+d3d11vk / wine-builtin;
# ours/floor = native d3d11vk / raw-Vulkan floor.
echo
echo "ns per draw ($(grep -h '^draws per run' "$work/native.txt" | head -n 1 | tr -d '\r'))"
awk -v f1="$work/native.txt" -v f2="$work/floor.txt" -v f3="$work/wine-d3d11vk.txt" '
  # Files are told apart by name: an empty output (a crashed run) must not shift the columns.
  { file = FILENAME == f1 ? 1 : FILENAME == f2 ? 2 : FILENAME == f3 ? 3 : 4; sub(/\r$/, "") }  # Windows programs end lines with CR LF
  /^[a-z0-9_]+ [0-9.]+$/ { value[file, $1] = $2; if (!($1 in seen)) { seen[$1] = 1; names[++n] = $1 } }
  function cell(f, k) { return (f, k) in value ? value[f, k] : "-" }
  function ratio(a, b) { return (a != "-" && b != "-" && b + 0 > 0) ? sprintf("%.2f", a / b) : "-" }
  END {
    printf "%-24s %12s %12s %14s %14s %10s %11s\n", "figure", "native", "vk-floor", "wine+d3d11vk", "wine-builtin", "ours/wine", "ours/floor"
    for (i = 1; i <= n; i++) {
      k = names[i]
      # A floor-only figure named *_multi_* (pattern (a) as multi-draw calls) is the floor of
      # the same figure without "_multi": ours/floor compares native d3d11vk with it.
      base = k; sub(/_multi_/, "_", base)
      ours = (base != k) ? cell(1, base) : cell(1, k)
      printf "%-24s %12s %12s %14s %14s %10s %11s\n", k, cell(1, k), cell(2, k), cell(3, k), cell(4, k),
        ratio(cell(3, k), cell(4, k)), ratio(ours, cell(2, k))
    }
  }' "$work/native.txt" "$work/floor.txt" "$work/wine-d3d11vk.txt" "$work/wine-builtin.txt"
exit $status
