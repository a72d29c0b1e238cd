#!/usr/bin/env bash
# test-release.sh: checks a d3d11vk release end to end: package contents, PE exports and imports,
# and setup_d3d11vk.sh install/uninstall in a fresh Wine prefix on a private Xvfb display.
#
# Exit: 0 all checks passed, 1 a check failed, 77 skipped (wine, mingw or Xvfb missing).
# Environment:
#   D3D11VK_RELEASE_DIR   an already-built release folder (d3d11vk-VERSION/) to test instead of
#                         running package-release.sh (a d3d11vk-VERSION.tar.gz beside it is checked too)
#   D3D11VK_RELEASE_FROM_BUILDS  "DIR64 DIR32": two release-configured PE build folders for
#                         package-release.sh to package (--from-builds) instead of compiling its own
#                         (scripts/test.sh passes build/win64 and build/win32)
#   D3D11VK_INFO_EXE      the 64-bit d3d11vk-info.exe to run in the prefix
#                         (default: build/win64/tools/d3d11vk-info.exe under the repository root)
#   D3D11VK_TEST_DISPLAY  X display number to use for Xvfb (default: the first free one from 95)
#   D3D11VK_KEEP_TEST_DIRS=1  keep the temporary folders (release, prefix, logs) for inspection
set -uo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
started_at=$SECONDS
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() {
  failed=$((failed + 1))
  echo "FAIL: $1"
  shift
  local line
  for line in "$@"; do echo "      $line"; done
}
# check NAME COMMAND...: PASS when COMMAND succeeds.
check() {
  local name="$1"
  shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}
skip_all() {
  echo "SKIP: $1"
  echo "0 passed, 0 failed (skipped)"
  exit 77
}
# words TEXT: TEXT on one line, words separated by single spaces.
words() { tr -s ' \n\t' ' ' <<< "$1" | sed 's/ $//'; }
# Indented excerpt of a file, for failure details.
show() { [ -f "$1" ] && sed -n "1,${2:-40}p" "$1" | sed 's/^/      | /'; }

# ---- prerequisites ------------------------------------------------------------------------------
missing=()
if command -v wine > /dev/null 2>&1; then wine_cmd=wine
elif command -v wine64 > /dev/null 2>&1; then wine_cmd=wine64
else missing+=(wine); fi
for tool in wineserver x86_64-w64-mingw32-objdump i686-w64-mingw32-objdump Xvfb tar cmp; do
  command -v "$tool" > /dev/null 2>&1 || missing+=("$tool")
done
if [ -z "${D3D11VK_RELEASE_DIR:-}" ]; then
  for tool in meson ninja x86_64-w64-mingw32-g++-posix i686-w64-mingw32-g++-posix; do
    command -v "$tool" > /dev/null 2>&1 || missing+=("$tool")
  done
fi
[ "${#missing[@]}" -eq 0 ] || skip_all "missing tools: ${missing[*]} (install wine64, mingw-w64, xvfb, meson, ninja-build)"

work="$(mktemp -d /tmp/pkgtest-release.XXXXXX)"
prefix=""
xvfb_pid=""

# shellcheck disable=SC2317  # called through the EXIT trap
cleanup() {
  if [ -n "$prefix" ] && [ -d "$prefix" ]; then
    WINEPREFIX="$prefix" wineserver -k > /dev/null 2>&1 || true
    WINEPREFIX="$prefix" wineserver -w > /dev/null 2>&1 || true
  fi
  if [ -n "$xvfb_pid" ]; then
    kill "$xvfb_pid" 2> /dev/null || true
    wait "$xvfb_pid" 2> /dev/null || true
  fi
  if [ "${D3D11VK_KEEP_TEST_DIRS:-0}" = 1 ]; then
    echo "kept: $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

export WINEDEBUG=-all
unset WINEDLLOVERRIDES

# ---- 1. the release ----------------------------------------------------------------------------
if [ -n "${D3D11VK_RELEASE_DIR:-}" ]; then
  rel_dir="$(cd "$D3D11VK_RELEASE_DIR" 2> /dev/null && pwd)" || {
    fail "release folder D3D11VK_RELEASE_DIR='$D3D11VK_RELEASE_DIR' exists"
    echo "$passed passed, $failed failed"
    exit 1
  }
  echo "using the release in $rel_dir (D3D11VK_RELEASE_DIR)"
  tarball="$rel_dir.tar.gz"
  [ -f "$tarball" ] || { echo "note: no $(basename "$tarball") beside the folder; tarball check skipped"; tarball=""; }
else
  version="0.0.0-test"
  package_args=("$version" "$work/release")
  if [ -n "${D3D11VK_RELEASE_FROM_BUILDS:-}" ]; then
    # shellcheck disable=SC2206  # two folder names separated by a space
    from_builds=($D3D11VK_RELEASE_FROM_BUILDS)
    package_args+=(--from-builds "${from_builds[@]}")
    echo "packaging the release builds ${from_builds[*]} with package-release.sh --from-builds"
  else
    echo "building a release with package-release.sh (takes a few minutes)"
  fi
  t0=$SECONDS
  if "$repo_root/package-release.sh" "${package_args[@]}" > "$work/package-release.log" 2>&1; then
    pass "package-release.sh $version built a release ($((SECONDS - t0)) s)"
  else
    fail "package-release.sh $version built a release (exit status non-zero; log tail below)"
    tail -n 30 "$work/package-release.log" | sed 's/^/      | /'
    echo "$passed passed, $failed failed"
    exit 1
  fi
  if [ -n "${D3D11VK_RELEASE_FROM_BUILDS:-}" ]; then
    # The folders swapped: each DLL is the other architecture, which must stop the script.
    "$repo_root/package-release.sh" "$version" "$work/swapped" --from-builds "${from_builds[1]}" "${from_builds[0]}" \
      > "$work/swapped.log" 2>&1
    swapped_status=$?
    if [ "$swapped_status" -eq 2 ] && grep -q "expected x64" "$work/swapped.log"; then
      pass "package-release.sh --from-builds refuses a 32-bit build given as the 64-bit one"
    else
      fail "package-release.sh --from-builds refuses a 32-bit build given as the 64-bit one" \
           "exit status $swapped_status; $(tail -n 1 "$work/swapped.log")"
    fi
  fi
  rel_dir="$work/release/d3d11vk-$version"
  tarball="$work/release/d3d11vk-$version.tar.gz"
fi
rel_name="$(basename "$rel_dir")"

expected_files=(d3d11vk.conf setup_d3d11vk.sh x32/d3d10.dll x32/d3d10_1.dll x32/d3d10core.dll x32/d3d11.dll x32/dxgi.dll
                x64/d3d10.dll x64/d3d10_1.dll x64/d3d10core.dll x64/d3d11.dll x64/dxgi.dll)
expected_list="$(for f in "${expected_files[@]}"; do echo "$rel_name/$f"; done | sort)"

if [ -n "$tarball" ]; then
  if tar -tzf "$tarball" > "$work/tar-list.txt" 2> "$work/tar-err.txt"; then
    # Directory entries end in '/'; the set of files must be exactly the expected one, and the
    # only folders the ones holding them.
    actual_files="$(grep -v '/$' "$work/tar-list.txt" | sed 's|^\./||' | sort)"
    actual_dirs="$(grep '/$' "$work/tar-list.txt" | sed 's|^\./||; s|/$||' | sort)"
    expected_dirs="$(printf '%s\n' "$rel_name" "$rel_name/x32" "$rel_name/x64" | sort)"
    if [ "$actual_files" = "$expected_list" ] && { [ -z "$actual_dirs" ] || [ "$actual_dirs" = "$expected_dirs" ]; }; then
      pass "tarball $(basename "$tarball") holds exactly the ${#expected_files[@]} release files"
    else
      fail "tarball $(basename "$tarball") holds exactly the ${#expected_files[@]} release files" \
           "expected: $(words "$expected_list")" "found:    $(words "$(cat "$work/tar-list.txt")")"
    fi
    if tar -tvzf "$tarball" "$rel_name/setup_d3d11vk.sh" > "$work/tar-mode.txt" 2>&1 &&
       grep -q '^-rwx' "$work/tar-mode.txt"; then
      pass "setup_d3d11vk.sh is executable inside the tarball"
    else
      fail "setup_d3d11vk.sh is executable inside the tarball" "$(cat "$work/tar-mode.txt")"
    fi
  else
    fail "tarball $(basename "$tarball") can be listed" "$(cat "$work/tar-err.txt")"
  fi
fi

actual_folder="$(cd "$rel_dir/.." && find "$rel_name" -mindepth 1 -not -type d | sort)"
if [ "$actual_folder" = "$expected_list" ]; then
  pass "release folder $rel_name holds exactly the ${#expected_files[@]} release files"
else
  fail "release folder $rel_name holds exactly the ${#expected_files[@]} release files" "found: $(words "$actual_folder")"
fi
check "release folder's setup_d3d11vk.sh is executable" test -x "$rel_dir/setup_d3d11vk.sh"
# shellcheck disable=SC2317  # called through check
same_as_repo() { cmp -s "$rel_dir/setup_d3d11vk.sh" "$repo_root/setup_d3d11vk.sh" && cmp -s "$rel_dir/d3d11vk.conf" "$repo_root/d3d11vk.conf"; }
check "release's setup_d3d11vk.sh and d3d11vk.conf are the repository's" same_as_repo
# The sample is read since issue #10: it must not claim otherwise, and must document the options
# (tests/config checks every option and default against the option table).
if ! grep -qi 'not read yet' "$rel_dir/d3d11vk.conf" && grep -q '^# d3d11.maxFeatureLevel = ' "$rel_dir/d3d11vk.conf"; then
  pass "d3d11vk.conf documents the options it sets, and does not say it is not read"
else
  fail "d3d11vk.conf documents the options it sets, and does not say it is not read"
fi

# ---- 2. PE exports, imports, architecture, stripping ----------------------------------------------
d3d11_exports=(D3D11CreateDevice D3D11CreateDeviceAndSwapChain D3D11CoreCreateDevice D3D11On12CreateDevice)
dxgi_exports=(CreateDXGIFactory CreateDXGIFactory1 CreateDXGIFactory2 DXGIGetDebugInterface1 DXGIDeclareAdapterRemovalSupport)
# Direct3D 10 (docs/d3d10.md): the creation entry points and a sample of the shared helpers.
d3d10core_exports=(D3D10CoreCreateDevice D3D10CoreGetVersion D3D10CoreRegisterLayers)
d3d10_1_exports=(D3D10CreateDevice1 D3D10CreateDeviceAndSwapChain1 D3D10CreateBlob D3D10GetVersion
                 D3D10CreateEffectFromMemory D3D10ReflectShader D3D10StateBlockMaskUnion)
d3d10_exports=(D3D10CreateDevice D3D10CreateDeviceAndSwapChain D3D10CreateBlob D3D10GetVersion
               D3D10CreateEffectFromMemory D3D10ReflectShader D3D10StateBlockMaskUnion)

# export_names DUMP: the names in objdump -p's export name table.
export_names() {
  sed -n '/^\[Ordinal\/Name Pointer\] Table/,/^$/p' "$1" | sed -n 's/^[[:space:]]*\[[[:space:]]*[0-9]*\][[:space:]]*\(.*\)$/\1/p'
}
# import_dlls DUMP: the DLLs named in objdump -p's import tables.
import_dlls() {
  sed -n 's/^[[:space:]]*DLL Name:[[:space:]]*\(.*\)$/\1/p' "$1" | tr -d '\r'
}
allowed_import() {
  case "${1,,}" in
    kernel32.dll|msvcrt.dll|user32.dll|gdi32.dll|advapi32.dll|ntdll.dll|vulkan-1.dll|api-ms-win-*) return 0 ;;
    *) return 1 ;;
  esac
}

for arch in x64 x32; do
  if [ "$arch" = x64 ]; then objdump=x86_64-w64-mingw32-objdump; format=pei-x86-64
  else objdump=i686-w64-mingw32-objdump; format=pei-i386; fi
  for dll in d3d11 dxgi d3d10core d3d10_1 d3d10; do
    file="$rel_dir/$arch/$dll.dll"
    label="$arch/$dll.dll"
    dump="$work/objdump-$arch-$dll.txt"
    if ! "$objdump" -p "$file" > "$dump" 2> "$work/objdump-err.txt"; then
      fail "$label is a readable PE file" "$(cat "$work/objdump-err.txt")"
      continue
    fi
    if grep -q "file format $format" "$dump"; then pass "$label is $format"
    else fail "$label is $format" "$(grep -m1 'file format' "$dump")"; fi

    names="$(export_names "$dump")"
    exports_var="${dll}_exports[@]"
    wanted=("${!exports_var}")
    absent=()
    for name in "${wanted[@]}"; do
      grep -qx "$name" <<< "$names" || absent+=("$name")
    done
    if [ "${#absent[@]}" -eq 0 ]; then pass "$label exports ${wanted[*]}"
    else fail "$label exports ${wanted[*]}" "missing: ${absent[*]}" "exported: $(words "$names")"; fi

    decorated="$(grep '@' <<< "$names" || true)"
    if [ -z "$decorated" ]; then pass "$label export names are undecorated (no '@')"
    else fail "$label export names are undecorated (no '@')" "decorated: $(words "$decorated")"; fi

    imports="$(import_dlls "$dump")"
    bad=()
    for import in $imports; do allowed_import "$import" || bad+=("$import"); done  # one DLL name a word
    if [ -n "$imports" ] && [ "${#bad[@]}" -eq 0 ]; then
      pass "$label imports only Windows system DLLs and vulkan-1.dll ($(words "$imports"))"
    else
      fail "$label imports only Windows system DLLs and vulkan-1.dll" "not allowed: ${bad[*]:-(no import table found)}"
    fi

    if grep -qE '^[[:space:]]*\.debug_' <("$objdump" -h "$file" 2> /dev/null); then
      fail "$label is stripped" "it still has .debug_* sections"
    else
      pass "$label is stripped"
    fi
  done
done

# ---- 3. setup_d3d11vk.sh refuses what is not a prefix --------------------------------------------
setup="$rel_dir/setup_d3d11vk.sh"
missing_prefix="$work/no-such-prefix"
WINEPREFIX="$missing_prefix" "$setup" install > "$work/missing.out" 2> "$work/missing.err"
status=$?
if [ "$status" -ne 0 ] && [ "$(wc -l < "$work/missing.err")" -eq 1 ] && grep -q 'does not exist' "$work/missing.err" &&
   [ ! -e "$missing_prefix" ]; then
  pass "setup install refuses a missing prefix (exit $status: $(cat "$work/missing.err"))"
else
  fail "setup install refuses a missing prefix with one error line" "exit $status" "$(cat "$work/missing.err" "$work/missing.out")"
fi
mkdir -p "$work/empty-prefix"
WINEPREFIX="$work/empty-prefix" "$setup" uninstall > "$work/empty.out" 2> "$work/empty.err"
status=$?
if [ "$status" -ne 0 ] && [ "$(wc -l < "$work/empty.err")" -eq 1 ] && grep -q 'system32' "$work/empty.err"; then
  pass "setup uninstall refuses a folder without drive_c/windows/system32 (exit $status)"
else
  fail "setup uninstall refuses a folder without drive_c/windows/system32" "exit $status" "$(cat "$work/empty.err" "$work/empty.out")"
fi
"$setup" frobnicate > "$work/badaction.out" 2>&1
status=$?
if [ "$status" -ne 0 ]; then pass "setup rejects an unknown action (exit $status)"
else fail "setup rejects an unknown action"; fi

# ---- 4. a fresh prefix on a private X display ---------------------------------------------------
display_free() { [ ! -e "/tmp/.X$1-lock" ] && [ ! -e "/tmp/.X11-unix/X$1" ]; }
start_xvfb() {
  local n="$1"
  Xvfb ":$n" -screen 0 1024x768x24 -nolisten tcp > "$work/xvfb-$n.log" 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 1 50); do
    [ -e "/tmp/.X11-unix/X$n" ] && kill -0 "$xvfb_pid" 2> /dev/null && return 0
    kill -0 "$xvfb_pid" 2> /dev/null || break
    sleep 0.2
  done
  kill "$xvfb_pid" 2> /dev/null
  wait "$xvfb_pid" 2> /dev/null
  xvfb_pid=""
  return 1
}
display=""
if [ -n "${D3D11VK_TEST_DISPLAY:-}" ]; then
  candidates=("$D3D11VK_TEST_DISPLAY")
else
  mapfile -t candidates < <(seq 95 199)
fi
for n in "${candidates[@]}"; do
  if display_free "$n" && start_xvfb "$n"; then display="$n"; break; fi
done
if [ -z "$display" ]; then
  fail "Xvfb started on a free display (tried ${candidates[0]}..${candidates[-1]})"
  echo "$passed passed, $failed failed"
  exit 1
fi
echo "Xvfb on :$display (pid $xvfb_pid)"
export DISPLAY=":$display"

prefix="$work/prefix"
export WINEPREFIX="$prefix"
t0=$SECONDS
"$wine_cmd" wineboot -i > "$work/wineboot.out" 2> "$work/wineboot.err" < /dev/null
status=$?
sys32="$prefix/drive_c/windows/system32"
wow64="$prefix/drive_c/windows/syswow64"
if [ "$status" -eq 0 ] && [ -f "$sys32/d3d11.dll" ]; then
  pass "wineboot -i created a prefix with Wine's d3d11.dll ($((SECONDS - t0)) s)"
else
  fail "wineboot -i created a prefix with Wine's d3d11.dll" "exit $status"
  show "$work/wineboot.err"
  echo "$passed passed, $failed failed"
  exit 1
fi
# One wineserver for every wine call below: start-up drops from seconds to a fraction of one.
wineserver -p > /dev/null 2>&1

sum() { if [ -f "$1" ]; then sha256sum < "$1" | cut -d' ' -f1; else echo absent; fi; }
orig_d3d11="$(sum "$sys32/d3d11.dll")"
orig_dxgi="$(sum "$sys32/dxgi.dll")"
orig_wow_d3d11="$(sum "$wow64/d3d11.dll")"
orig_d3d10="$(sum "$sys32/d3d10.dll")"
orig_d3d10_1="$(sum "$sys32/d3d10_1.dll")"
pkg64_d3d11="$(sum "$rel_dir/x64/d3d11.dll")"
pkg64_dxgi="$(sum "$rel_dir/x64/dxgi.dll")"
pkg32_d3d11="$(sum "$rel_dir/x32/d3d11.dll")"
pkg32_dxgi="$(sum "$rel_dir/x32/dxgi.dll")"

overrides_key='HKEY_CURRENT_USER\Software\Wine\DllOverrides'
# override_value DLL: prints the override's data, or nothing when the value is not set.
override_value() {
  "$wine_cmd" reg query "$overrides_key" /v "$1" > "$work/reg-query.out" 2> "$work/reg-query.err" < /dev/null || return 0
  tr -d '\r' < "$work/reg-query.out" | sed -n "s/^[[:space:]]*$1[[:space:]]\+REG_SZ[[:space:]]\+\(.*\)$/\1/p"
}

run_setup() {
  local action="$1" log="$work/setup-$1-$2.txt"
  t0=$SECONDS
  if "$setup" "$action" > "$log" 2>&1 < /dev/null; then
    pass "setup_d3d11vk.sh $action ($2) succeeded ($((SECONDS - t0)) s)"
    sed 's/^/      | /' "$log"
  else
    fail "setup_d3d11vk.sh $action ($2) succeeded"
    show "$log" 60
  fi
}

# ---- 5. install --------------------------------------------------------------------------------
run_setup install first
check "system32/d3d11.dll and dxgi.dll are the package's x64 DLLs" \
  test "$(sum "$sys32/d3d11.dll") $(sum "$sys32/dxgi.dll")" = "$pkg64_d3d11 $pkg64_dxgi"
check "Wine's originals kept as system32/d3d11.dll.old and dxgi.dll.old" \
  test "$(sum "$sys32/d3d11.dll.old") $(sum "$sys32/dxgi.dll.old")" = "$orig_d3d11 $orig_dxgi"
if [ -d "$wow64" ]; then
  check "syswow64/d3d11.dll and dxgi.dll are the package's x32 DLLs" \
    test "$(sum "$wow64/d3d11.dll") $(sum "$wow64/dxgi.dll")" = "$pkg32_d3d11 $pkg32_dxgi"
fi
check "registry overrides d3d11=native and dxgi=native are set" \
  test "$(override_value d3d11) $(override_value dxgi)" = "native native"
check "system32/d3d10core.dll is the package's x64 DLL" \
  test "$(sum "$sys32/d3d10core.dll")" = "$(sum "$rel_dir/x64/d3d10core.dll")"
check "registry override d3d10core is native" test "$(override_value d3d10core)" = "native"
# Wine's d3d10.dll/d3d10_1.dll (effects, reflection, state blocks) stay by default (docs/d3d10.md).
check "system32/d3d10.dll and d3d10_1.dll are still Wine's" \
  test "$(sum "$sys32/d3d10.dll") $(sum "$sys32/d3d10_1.dll")" = "$orig_d3d10 $orig_d3d10_1"
check "no d3d10/d3d10_1 overrides are set" test "$(override_value d3d10_1)$(override_value d3d10)" = ""

run_setup_args() {
  local label="$1" log="$work/setup-$1.txt"
  shift
  if "$setup" "$@" > "$log" 2>&1 < /dev/null; then
    pass "setup_d3d11vk.sh $* ($label) succeeded"
  else
    fail "setup_d3d11vk.sh $* ($label) succeeded"
    show "$log" 60
  fi
}
run_setup_args with-d3d10 install --with-d3d10
check "install --with-d3d10 puts the package's d3d10.dll and d3d10_1.dll into system32" \
  test "$(sum "$sys32/d3d10.dll") $(sum "$sys32/d3d10_1.dll")" = \
       "$(sum "$rel_dir/x64/d3d10.dll") $(sum "$rel_dir/x64/d3d10_1.dll")"
check "install --with-d3d10 sets the d3d10_1 and d3d10 overrides" \
  test "$(override_value d3d10_1) $(override_value d3d10)" = "native native"
run_setup_args back-to-default install
check "a plain install after --with-d3d10 restores Wine's d3d10.dll and d3d10_1.dll" \
  test "$(sum "$sys32/d3d10.dll") $(sum "$sys32/d3d10_1.dll")" = "$orig_d3d10 $orig_d3d10_1"
check "a plain install after --with-d3d10 removes the d3d10_1 and d3d10 overrides" \
  test "$(override_value d3d10_1)$(override_value d3d10)" = ""
"$setup" install --bogus > "$work/bogus.out" 2>&1 < /dev/null
status=$?
if [ "$status" -eq 2 ]; then pass "setup rejects an unknown install option (exit 2)"
else fail "setup rejects an unknown install option" "exit $status"; fi

run_setup install again
check "a second install keeps Wine's originals in the .old files" \
  test "$(sum "$sys32/d3d11.dll.old") $(sum "$sys32/dxgi.dll.old")" = "$orig_d3d11 $orig_dxgi"

# ---- 6. an application gets our d3d11 from system32, through the overrides alone ---------------
info_exe="${D3D11VK_INFO_EXE:-$repo_root/build/win64/tools/d3d11vk-info.exe}"
# run_info LABEL: runs d3d11vk-info.exe alone in a fresh folder; sets info_status, info_out.
run_info() {
  local run_dir="$work/run-$1"
  mkdir -p "$run_dir"
  cp "$info_exe" "$run_dir/d3d11vk-info.exe"
  info_out="$run_dir/stdout.txt"
  (cd "$run_dir" && env -u WINEDLLOVERRIDES D3D11VK_LOG_PATH= timeout 120 \
     "$wine_cmd" d3d11vk-info.exe > "$info_out" 2> "$run_dir/stderr.txt" < /dev/null)
  info_status=$?
  info_err="$run_dir/stderr.txt"
}
if [ -f "$info_exe" ]; then
  run_info installed
  if [ "$info_status" -eq 0 ] && grep -q '^implementation: d3d11vk' "$info_out"; then
    pass "d3d11vk-info.exe (no DLLs beside it, no WINEDLLOVERRIDES) says: $(grep -m1 '^implementation:' "$info_out")"
    sed 's/^/      | /' "$info_out"
  else
    fail "d3d11vk-info.exe (no DLLs beside it, no WINEDLLOVERRIDES) is served by d3d11vk" "exit $info_status"
    show "$info_out"
    show "$info_err"
    for log in "$work"/run-installed/*.log; do [ -f "$log" ] && { echo "      $log:"; show "$log"; }; done
  fi
else
  echo "SKIP: $info_exe not found (build build/win64 or set D3D11VK_INFO_EXE); application check skipped"
fi

# ---- 7. uninstall: the .old files come back -----------------------------------------------------
run_setup uninstall first
check "registry overrides d3d11 and dxgi are gone" \
  test "$(override_value d3d11)$(override_value dxgi)" = ""
check "registry overrides d3d10core, d3d10_1 and d3d10 are gone" \
  test "$(override_value d3d10core)$(override_value d3d10_1)$(override_value d3d10)" = ""
check "system32/d3d11.dll is no longer ours" test "$(sum "$sys32/d3d11.dll")" != "$pkg64_d3d11"
check "system32/d3d11.dll and dxgi.dll are Wine's originals again" \
  test "$(sum "$sys32/d3d11.dll") $(sum "$sys32/dxgi.dll")" = "$orig_d3d11 $orig_dxgi"
check "no .old files are left in system32" test ! -e "$sys32/d3d11.dll.old" -a ! -e "$sys32/dxgi.dll.old"
if [ -d "$wow64" ]; then
  check "syswow64/d3d11.dll is no longer ours (now: $(sum "$wow64/d3d11.dll" | cut -c1-12))" \
    test "$(sum "$wow64/d3d11.dll")" = "$orig_wow_d3d11"
fi
if [ -f "$info_exe" ]; then
  run_info uninstalled
  if ! grep -q '^implementation: d3d11vk' "$info_out" && [ "$info_status" -ne 0 ]; then
    pass "after uninstall d3d11vk-info.exe is no longer served by d3d11vk (exit $info_status)"
  else
    fail "after uninstall d3d11vk-info.exe is no longer served by d3d11vk" "exit $info_status"
    show "$info_out"
  fi
fi

# ---- 8. uninstall without .old files: Wine's built-in DLLs are reinstalled ----------------------
run_setup install third
rm -f "$sys32/d3d11.dll.old" "$sys32/dxgi.dll.old" "$wow64/d3d11.dll.old" "$wow64/dxgi.dll.old"
run_setup uninstall "no .old files"
check "without .old files, system32/d3d11.dll and dxgi.dll are Wine's built-ins again" \
  test "$(sum "$sys32/d3d11.dll") $(sum "$sys32/dxgi.dll")" = "$orig_d3d11 $orig_dxgi"
check "without .old files, the overrides are gone too" \
  test "$(override_value d3d11)$(override_value dxgi)" = ""

echo "total time: $((SECONDS - started_at)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && exit 0
exit 1
