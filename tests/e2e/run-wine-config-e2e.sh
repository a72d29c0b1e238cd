#!/bin/bash
# End-to-end check of per-game configuration under Wine: runs the config probe under several
# names, with d3d11vk.conf/dxvk.conf files, [exe] sections, D3D11VK_CONFIG, D3D11VK_CONFIG_FILE and
# the built-in profile table, and checks what the program sees and what d3d11vk's log says.
# usage: run-wine-config-e2e.sh CPU_FAMILY PROBE.exe D3D11.dll DXGI.dll
# Exit: 0 pass, 1 fail, 77 skipped (with the reason printed).
set -u
cpu_family=$1 program=$2 d3d11_dll=$3 dxgi_dll=$4

source "$(dirname "$0")/wine-prerequisites.sh"
wine_e2e_prerequisites "$cpu_family"

export WINEPREFIX=${D3D11VK_WINEPREFIX:-$(dirname "$program")/wineprefix}
work=$(mktemp -d /tmp/d3d11vk-config-e2e.XXXXXX)
source "$(dirname "$0")/../../scripts/lib/wine-session.sh"
wine_session_start || { echo "FAIL: could not start Xvfb"; exit 1; }
trap 'wine_session_end; rm -rf "$work"' EXIT
wine_session_prefix || { echo "FAIL: wineboot could not create $WINEPREFIX"; exit 1; }
# The user's own variables must not leak into the expectations.
unset D3D11VK_CONFIG D3D11VK_CONFIG_FILE DXVK_CONFIG DXVK_CONFIG_FILE D3D11VK_FILTER_DEVICE_NAME DXVK_FILTER_DEVICE_NAME

passed=0 failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }

# install_probe DIR NAME...: the DLLs and the probe under each NAME in DIR.
install_probe() {
  local dir=$1; shift
  mkdir -p "$dir"
  cp "$d3d11_dll" "$dxgi_dll" "$dir/"
  for name in "$@"; do cp "$program" "$dir/$name"; done
}

# run TAG CWD EXE [VAR=VALUE...]: runs EXE from CWD with our DLLs forced; its output goes to
# $work/TAG.out and its logs into $work/TAG-logs. Wine output goes to files, never to a pipe.
run() {
  local tag=$1 cwd=$2 exe=$3; shift 3
  mkdir -p "$work/$tag-logs"
  (cd "$cwd" && env "$@" WINEDLLOVERRIDES="d3d11,dxgi=n" D3D11VK_LOG_PATH="$work/$tag-logs" D3D11VK_LOG_LEVEL=info \
    wine "$exe" >"$work/$tag.out" 2>"$work/$tag.err")
  local status=$?
  sed -i 's/\r$//' "$work/$tag.out"  # the Windows C runtime ends lines with CR LF
  if [ $status -ne 0 ] || ! grep -q '^implementation: d3d11vk ' "$work/$tag.out"; then
    fail "$tag: $(basename "$exe") ran on d3d11vk (exit status $status)"
    cat "$work/$tag.out"; tail -n 20 "$work/$tag.err"
    return 1
  fi
}

# expect TAG LINE: the program printed exactly LINE.
expect() {
  if grep -qxF "$2" "$work/$1.out"; then
    pass "$1: $2"
  else
    fail "$1: expected '$2'; the program printed:"
    sed 's/^/      | /' "$work/$1.out"
  fi
}

# expect_log TAG MODULE COUNT TEXT: the module's log holds TEXT on exactly COUNT lines.
expect_log() {
  local log
  log=$(ls "$work/$1-logs/"*"_$2.log" 2>/dev/null | head -n 1)
  local count
  count=$(grep -cF -- "$4" "$log" 2>/dev/null)
  if [ "${count:-0}" -eq "$3" ]; then
    pass "$1: the $2 log has '$4' $3 time(s)"
  else
    fail "$1: the $2 log has '$4' ${count:-0} time(s), expected $3 (${log:-no log})"
    [ -n "$log" ] && grep -F "config:" "$log" | sed 's/^/      | /'
  fi
}

# ---- 1. d3d11vk.conf and dxvk.conf in the working folder, with sections for two executables
game="$work/game"
install_probe "$game" probe.exe other.exe
cat >"$game/d3d11vk.conf" <<'CONF'
# written by run-wine-config-e2e.sh
dxgi.maxDeviceMemory = 256
this line is malformed
[probe.exe]
dxgi.customDeviceDesc = "d3d11vk config probe"
d3d11.maxFeatureLevel = 10_1
dxgi.customVendorId = 1002
dxvk.enableAsync = True
dxgi.maxFrameRate = -5
[other.exe]
dxgi.customDeviceDesc = "must not apply to probe.exe"
d3d11.maxFeatureLevel = 9_1
CONF
cat >"$game/dxvk.conf" <<'CONF'
[probe.exe]
dxgi.customDeviceId = beef
dxgi.customVendorId = 10de
CONF
if run files "$game" ./probe.exe; then
  expect files "adapter description: d3d11vk config probe"
  expect files "feature level: 10_1"
  expect files "vendor id: 1002"            # d3d11vk.conf over dxvk.conf
  expect files "device id: beef"            # dxvk.conf's key that d3d11vk.conf leaves alone
  expect files "dedicated video memory MiB: 256"  # the global part
  for module in d3d11 dxgi; do
    expect_log files $module 1 "d3d11vk.conf:3: 'this line is malformed' is not \`key = value\`; ignored"
    expect_log files $module 1 "d3d11vk.conf:8: dxvk.enableAsync: unknown key; ignored"
    expect_log files $module 1 "d3d11vk.conf:9: dxgi.maxFrameRate: '-5' is out of range"
    expect_log files $module 1 "d3d11.maxFeatureLevel = 10_1 ("
  done
  expect_log files dxgi 1 "dxgi.maxFrameRate = 0 (default)"
  expect_log files dxgi 1 "description reported as 'd3d11vk config probe' (dxgi.customDeviceDesc)"
fi
if run other "$game" ./other.exe; then
  expect other "adapter description: must not apply to probe.exe"
  expect other "feature level: 9_1"
  expect other "dedicated video memory MiB: 256"
fi

# ---- 2. D3D11VK_CONFIG over the files
if run env "$game" ./probe.exe "D3D11VK_CONFIG=d3d11.maxFeatureLevel = 11_0; dxgi.customDeviceDesc = \"from the environment\""; then
  expect env "adapter description: from the environment"
  expect env "feature level: 11_0"
  expect env "vendor id: 1002"
fi

# ---- 3. the executable's folder when the working folder has no config
mkdir -p "$work/elsewhere"
if run exedir "$work/elsewhere" "$game/probe.exe"; then
  expect exedir "adapter description: d3d11vk config probe"
  expect exedir "feature level: 10_1"
fi

# ---- 4. D3D11VK_CONFIG_FILE names the file (a Windows path into Wine's Z: drive)
printf '[probe.exe]\nd3d11.maxFeatureLevel = 10_0\ndxgi.customDeviceDesc = named file\n' >"$work/named.conf"
plain="$work/plain"
install_probe "$plain" probe.exe d3d11vk-profile-probe.exe
if run named "$plain" ./probe.exe "D3D11VK_CONFIG_FILE=Z:${work//\//\\}\\named.conf"; then
  expect named "adapter description: named file"
  expect named "feature level: 10_0"
fi
if run none "$plain" ./probe.exe; then
  expect none "feature level: 11_1"
  expect_log none dxgi 1 "config: no d3d11vk.conf or dxvk.conf in"
fi

# ---- 5. the built-in profile table, and a user's file over it
if run profile "$plain" ./d3d11vk-profile-probe.exe; then
  expect profile "adapter description: d3d11vk built-in profile probe"
  expect profile "feature level: 10_0"
  expect_log profile d3d11 1 "config: built-in profile 'd3d11vk-profile-probe.exe': "
fi
printf '[d3d11vk-profile-probe.exe]\ndxgi.customDeviceDesc = "user file over profile"\n' >"$plain/d3d11vk.conf"
if run profile-user "$plain" ./d3d11vk-profile-probe.exe; then
  expect profile-user "adapter description: user file over profile"
  expect profile-user "feature level: 10_0"
fi

# ---- 6. D3D11VK_VALIDATION=1 under Wine: Windows programs cannot see or enable host layers, so
# d3d11vk says how to insert the layer instead of claiming it is not installed. The Vulkan instance
# belongs to dxgi.dll, so its lines are in the dxgi log.
if run validation-hint "$plain" ./probe.exe -u VK_INSTANCE_LAYERS D3D11VK_VALIDATION=1; then
  expect_log validation-hint dxgi 1 "start wine with VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation in its environment"
  expect_log validation-hint dxgi 0 "is not installed"
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
