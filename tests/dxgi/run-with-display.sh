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
xvfb_pid=
for display in $(seq 200 299); do
  [ -e "/tmp/.X$display-lock" ] && continue
  Xvfb ":$display" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 50); do
    [ -e "/tmp/.X11-unix/X$display" ] && break
    sleep 0.1
  done
  if kill -0 "$xvfb_pid" 2>/dev/null; then
    export DISPLAY=":$display"
    break
  fi
  xvfb_pid=
done
if [ -z "$xvfb_pid" ]; then
  echo "SKIP: DISPLAY is not set and no Xvfb display could be started"
  exit 77
fi
echo "run-with-display: started Xvfb on $DISPLAY"
"$@"
status=$?
kill "$xvfb_pid" >/dev/null 2>&1
wait "$xvfb_pid" 2>/dev/null
exit $status
