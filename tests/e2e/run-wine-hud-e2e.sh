#!/bin/bash
# The HUD under Wine (docs/hud.md): runs the HUD program with DXVK_HUD set and the frame limiter at
# 30 fps, reads the overlay's text from the X server with the native capture tool while the program
# presents, then checks the program's own back-buffer checks and the frame-time log; runs it again
# without DXVK_HUD and checks that nothing is drawn.
# usage: run-wine-hud-e2e.sh CPU_FAMILY PROGRAM.exe D3D11.dll DXGI.dll CAPTURE VERSION
# Exit: 0 pass, 1 fail, 77 skipped (with the reason printed).
set -u
cpu_family=$1 program=$2 d3d11_dll=$3 dxgi_dll=$4 capture=$5 version=$6

source "$(dirname "$0")/wine-prerequisites.sh"
wine_e2e_prerequisites "$cpu_family"

export WINEPREFIX=${D3D11VK_WINEPREFIX:-$(dirname "$program")/wineprefix}
work=$(mktemp -d /tmp/d3d11vk-hud-e2e.XXXXXX)
source "$(dirname "$0")/../../scripts/lib/wine-session.sh"
wine_session_start || { echo "FAIL: could not start Xvfb"; exit 1; }
trap 'wine_session_end; rm -rf "$work"' EXIT
wine_session_prefix || { echo "FAIL: wineboot could not create $WINEPREFIX"; exit 1; }
unset D3D11VK_HUD DXVK_HUD D3D11VK_FRAMETIME_LOG D3D11VK_CONFIG

name=$(basename "$program")
cp "$program" "$d3d11_dll" "$dxgi_dll" "$work/"
source "$(dirname "$0")/wine-validation.sh"
wine_validation_enable "$cpu_family"

passed=0 failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

# run TAG CAPTURE-ARGS... -- VAR=VALUE...: the program in the background; once it says it is
# ready, the capture; then the program is told to stop and its checks are read.
run() {
  local tag=$1; shift
  local capture_args=()
  while [ "$1" != "--" ]; do capture_args+=("$1"); shift; done
  shift
  rm -f "$work/$tag.ready" "$work/$tag.done"
  mkdir -p "$work/$tag-logs"
  (cd "$work" && env "$@" WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH="$work/$tag-logs" D3D11VK_LOG_LEVEL=info \
    wine "./$name" "Z:$work/$tag.ready" "Z:$work/$tag.done" >"$work/$tag.out" 2>"$work/$tag.err") &
  local program_pid=$!
  for _ in $(seq 600); do
    [ -f "$work/$tag.ready" ] && break
    kill -0 $program_pid 2>/dev/null || break
    sleep 0.1
  done
  if [ -f "$work/$tag.ready" ]; then
    # The presentation engine shows a frame a little after it is presented.
    sleep 0.5
    if "$capture" "${capture_args[@]}" >"$work/$tag.capture" 2>&1; then
      pass "$tag: the X server shows what the HUD should ($(grep -c '^PASS' "$work/$tag.capture") checks)"
    else
      fail "$tag: the X server's pixels"
    fi
    sed 's/^/  capture: /' "$work/$tag.capture"
  else
    fail "$tag: the program never became ready"
  fi
  touch "$work/$tag.done"
  wait $program_pid
  local status=$?
  sed -i 's/\r$//' "$work/$tag.out"
  sed 's/^/  program: /' "$work/$tag.out"
  [ $status -eq 0 ] && pass "$tag: the program's own checks (the back buffer holds no HUD)" || fail "$tag: the program exited with $status"
  if grep -q "D3D11 device: " "$work/$tag-logs/${name%.exe}_d3d11.log" 2>/dev/null; then
    pass "$tag: d3d11vk's own log recorded the device"
  else
    fail "$tag: no d3d11vk log: the device did not come from our d3d11.dll"
  fi
  wine_validation_check "$work/$tag.err" "$work/$tag-logs"/*.log || fail "$tag: validation"
}

run shown shown "$version" 30 -- DXVK_HUD=version,fps,frametimes D3D11VK_CONFIG=dxgi.maxFrameRate=30 \
  "D3D11VK_FRAMETIME_LOG=$work/frametimes.csv"
if grep -q "HUD: on from DXVK_HUD" "$work/shown-logs/${name%.exe}_dxgi.log" 2>/dev/null; then
  pass "shown: dxgi's log says the HUD came from DXVK_HUD"
else
  fail "shown: dxgi's log does not say the HUD is on"
fi

# The frame-time log (named by a Unix path, which d3d11vk opens through Wine's Z: drive): a line
# per presented frame, a median near the limiter's 33.3 ms.
frames=$(sed -n 's/^presented \([0-9]*\) frames$/\1/p' "$work/shown.out")
if [ -f "$work/frametimes.csv" ] && [ -n "$frames" ]; then
  lines=$(($(wc -l <"$work/frametimes.csv") - 1))
  [ "$lines" -eq "$frames" ] && pass "the frame-time log has one line per frame ($lines)" || fail "the frame-time log has $lines lines for $frames frames"
  median=$(tail -n +3 "$work/frametimes.csv" | cut -d, -f3 | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  if awk -v m="$median" 'BEGIN { exit !(m >= 30.0 && m <= 36.7) }'; then
    pass "the frame-time log's median present-to-present is $median ms (30 fps: 33.3)"
  else
    fail "the frame-time log's median present-to-present is $median ms, not near 33.3"
  fi
  gpu=$(tail -n +2 "$work/frametimes.csv" | cut -d, -f5 | grep -c .)
  [ "$gpu" -ge $((lines / 2)) ] && pass "GPU time measured on $gpu of $lines frames" || fail "GPU time measured on only $gpu of $lines frames"
  # The log as the game wrote it is what the plot tool takes.
  if python3 "$(dirname "$0")/../../tools/plot-frametimes.py" "$work/frametimes.csv" -o "$work/frametimes.png" >"$work/plot.txt" 2>&1 &&
     [ -s "$work/frametimes.png" ]; then
    pass "tools/plot-frametimes.py draws the log: $(cat "$work/plot.txt")"
  else
    fail "tools/plot-frametimes.py on the log: $(cat "$work/plot.txt")"
  fi
else
  fail "no frame-time log at $work/frametimes.csv (or no frame count)"
fi

run absent absent -- D3D11VK_CONFIG=dxgi.maxFrameRate=30

echo "$passed passed, $failed failed"
if [ $failed -ne 0 ]; then
  for f in "$work"/*.err; do echo "--- $f ---"; tail -n 20 "$f"; done
  for f in "$work"/*-logs/*.log; do echo "--- $f ---"; grep -i "warn\|error" "$f" | head -20; done
fi
[ $failed -eq 0 ]
