#!/bin/bash
# Runs a native test program on an X display: DISPLAY when it is set (CI, a desktop), else a
# private Xvfb started here and stopped afterwards. Exits 77 (meson: skipped) with the reason when
# there is no display to be had. usage: run-with-display.sh PROGRAM [ARGS...]
set -u
if [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: DISPLAY is not set and Xvfb is not installed; the native swapchain test needs an X server"
  exit 77
fi
# -displayfd lets the server pick a free display number itself (tests run in parallel) and write
# it once it accepts connections.
number_file=$(mktemp)
Xvfb -displayfd 5 -screen 0 1024x768x24 -nolisten tcp 5>"$number_file" >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
  [ -s "$number_file" ] && break
  kill -0 "$xvfb_pid" 2>/dev/null || break
  sleep 0.05
done
number=$(tr -dc '0-9' <"$number_file")
rm -f "$number_file"
if [ -z "$number" ]; then
  kill "$xvfb_pid" >/dev/null 2>&1
  echo "SKIP: DISPLAY is not set and no Xvfb display could be started"
  exit 77
fi
export DISPLAY=":$number"
echo "run-with-display: started Xvfb on $DISPLAY"
"$@"
status=$?
kill "$xvfb_pid" >/dev/null 2>&1
wait "$xvfb_pid" 2>/dev/null
exit $status
