# Sourced by scripts that run programs under Wine: starts a private Xvfb display and makes sure a
# Wine prefix exists. The caller sets WINEPREFIX first and calls wine_session_end when done
# (wine_session_start installs an EXIT trap that does it).

wine_session_xvfb_pid=

# Starts Xvfb on the first free display from :100 and exports DISPLAY. Returns 1 if none starts.
wine_session_start() {
  export WINEDEBUG=${WINEDEBUG:--all}
  local display
  for display in $(seq 100 199); do
    [ -e "/tmp/.X$display-lock" ] && continue
    Xvfb ":$display" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
    wine_session_xvfb_pid=$!
    for _ in $(seq 50); do
      [ -e "/tmp/.X11-unix/X$display" ] && break
      sleep 0.1
    done
    if kill -0 "$wine_session_xvfb_pid" 2>/dev/null; then
      export DISPLAY=":$display"
      trap wine_session_end EXIT
      return 0
    fi
    wine_session_xvfb_pid=
  done
  echo "could not start Xvfb" >&2
  return 1
}

# Creates $WINEPREFIX on first use (about 10 s). Returns 1 with wineboot's output when it fails.
wine_session_prefix() {
  [ -f "$WINEPREFIX/system.reg" ] && return 0
  echo "creating Wine prefix $WINEPREFIX"
  mkdir -p "$(dirname "$WINEPREFIX")"
  local log
  log=$(mktemp)
  if ! wineboot -i >"$log" 2>&1; then
    cat "$log"
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
}

wine_session_end() {
  wineserver -k >/dev/null 2>&1
  [ -n "$wine_session_xvfb_pid" ] && kill "$wine_session_xvfb_pid" >/dev/null 2>&1
  wine_session_xvfb_pid=
}
