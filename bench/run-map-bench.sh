#!/bin/bash
# Runs map_bench natively, under Wine with d3d11vk's DLLs and under Wine with Wine's own d3d11 (Vulkan renderer), and prints a comparison table.
# usage: bench/run-map-bench.sh [NATIVE_BUILD_DIR [WIN64_BUILD_DIR]]
#        (defaults: build/bm-native and build/bm-win64; this script builds nothing)
#
# Both Wine runs use the same exe in one prefix (build/bm-wine-prefix unless WINEPREFIX is set) and
# one display, so the only difference between them is which d3d11.dll serves the program: ours,
# forced by a native override with the DLLs beside the exe, or Wine's built-in one. The program
# prints which one it got; a run that reports the wrong implementation is flagged, never compared.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
native_dir=${1:-$root/build/bm-native}
win_dir=${2:-$root/build/bm-win64}
native_exe=$native_dir/bench/map_bench
pe_exe=$win_dir/bench/map_bench.exe
d3d11_dll=$win_dir/src/d3d11/d3d11.dll
dxgi_dll=$win_dir/src/dxgi/dxgi.dll
limit=${MAP_BENCH_TIMEOUT:-600}
# A call that blocks makes map_bench give up after this many seconds (it names the call).
export MAP_BENCH_PHASE_LIMIT=${MAP_BENCH_PHASE_LIMIT:-20}

for f in "$native_exe" "$pe_exe" "$d3d11_dll" "$dxgi_dll"; do
  [ -f "$f" ] || { echo "missing $f: build it first (see docs/resources.md)"; exit 1; }
done
command -v wine >/dev/null 2>&1 || { echo "wine is not installed"; exit 1; }

work=$(mktemp -d /tmp/d3d11vk-map-bench.XXXXXX)
export WINEPREFIX=${WINEPREFIX:-$root/build/bm-wine-prefix}
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

run native "$work" D3D11VK_LOG_PATH=none D3D11VK_LOG_LEVEL=warn timeout "$limit" "$native_exe"
run wine-d3d11vk "$work/ours" WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH=none D3D11VK_LOG_LEVEL=warn \
  timeout "$limit" wine ./map_bench.exe
run wine-builtin "$work/wine" WINEDLLOVERRIDES="d3d11,dxgi=b" WINE_D3D_CONFIG="renderer=vulkan" \
  timeout "$limit" wine ./map_bench.exe

grep -q '^implementation d3d11vk' "$work/wine-d3d11vk.txt" ||
  { echo "warning: the run with our DLLs was not served by d3d11vk"; status=1; }
grep -q '^implementation other' "$work/wine-builtin.txt" ||
  { echo "warning: the run meant for Wine's d3d11 was not served by it"; status=1; }

# Ratio = ours (d3d11vk under Wine) / Wine's built-in d3d11 on the same figure. For *_per_s more
# is better; for *_ns and *_us less is better: the last column says which way the ratio leans.
echo
awk -v f1="$work/native.txt" -v f2="$work/wine-d3d11vk.txt" '
  # Files are told apart by name: an empty output (a crashed run) must not shift the columns.
  { file = FILENAME == f1 ? 1 : FILENAME == f2 ? 2 : 3; sub(/\r$/, "") }  # Windows programs end lines with CR LF
  /^[a-z0-9_]+ [0-9.]+$/ { value[file, $1] = $2; if (!($1 in seen)) { seen[$1] = 1; names[++n] = $1 } }
  END {
    printf "%-34s %14s %14s %14s %12s  %s\n", "figure", "native", "wine+d3d11vk", "wine-builtin", "ours/wine", "better"
    for (i = 1; i <= n; i++) {
      k = names[i]; a = value[2, k]; b = value[3, k]
      ratio = (a != "" && b != "" && b + 0 > 0) ? sprintf("%.2f", a / b) : "-"
      higher = k ~ /_per_s$/
      better = ratio == "-" ? "-" : ((higher ? a + 0 > b + 0 : a + 0 < b + 0) ? "d3d11vk" : "wine")
      printf "%-34s %14s %14s %14s %12s  %s\n", k, ((1, k) in value ? value[1, k] : "-"), (a == "" ? "-" : a), (b == "" ? "-" : b), ratio, better
    }
  }' "$work/native.txt" "$work/wine-d3d11vk.txt" "$work/wine-builtin.txt"
exit $status
