#!/usr/bin/env bash
# setup_d3d11vk.sh: installs d3d11vk's d3d11.dll/dxgi.dll/d3d10core.dll (and, on request, d3d10_1/d3d10.dll) into a Wine
# prefix (with native DLL overrides) or uninstalls them, restoring Wine's own DLLs. See docs/packaging.md.
set -euo pipefail

# By default Wine's own d3d10.dll and d3d10_1.dll stay: they hold the effects framework, shader
# reflection and state blocks, and create their devices through d3d10core.dll, which is ours
# (docs/d3d10.md, "Which d3d10.dll"). --with-d3d10 installs our two as well.
core_dlls=(d3d11 dxgi d3d10core)
d3d10_dlls=(d3d10_1 d3d10)
all_dlls=("${core_dlls[@]}" "${d3d10_dlls[@]}")
overrides_key='HKEY_CURRENT_USER\Software\Wine\DllOverrides'
script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

usage() {
  cat <<EOF
usage: $(basename "$0") install [--with-d3d10] | uninstall

  install    copy d3d11.dll, dxgi.dll and d3d10core.dll into the Wine prefix and set their DLL
             overrides to 'native'; Wine's own files are kept as *.dll.old. Wine's d3d10.dll and
             d3d10_1.dll (effects, reflection, state blocks) stay and run on our d3d10core.dll;
             if an earlier --with-d3d10 install put ours there, Wine's are restored
  install --with-d3d10
             also install d3d11vk's own d3d10.dll and d3d10_1.dll (no effects framework, no
             shader reflection: those entry points answer E_NOTIMPL)
  uninstall  remove the overrides and restore Wine's own DLLs (all five)

environment:
  WINEPREFIX  the prefix to change (default: \$HOME/.wine); it must already exist
  WINE        the wine program to run 'reg' and 'wineboot' with (default: wine or wine64 on PATH)
EOF
}

die() {
  echo "setup_d3d11vk.sh: error: $*" >&2
  exit 1
}

[ "$#" -ge 1 ] && [ "$#" -le 2 ] || { usage >&2; exit 2; }
action="$1"
with_d3d10=0
case "$action" in
  install|uninstall) ;;
  -h|--help) usage; exit 0 ;;
  *) echo "setup_d3d11vk.sh: error: unknown action '$action'" >&2; usage >&2; exit 2 ;;
esac
if [ "$#" -eq 2 ]; then
  if [ "$action" = install ] && [ "$2" = --with-d3d10 ]; then
    with_d3d10=1
  else
    echo "setup_d3d11vk.sh: error: unknown option '$2' for $action" >&2; usage >&2; exit 2
  fi
fi

prefix="${WINEPREFIX:-$HOME/.wine}"
[ -d "$prefix" ] || die "Wine prefix '$prefix' does not exist (create it with: WINEPREFIX='$prefix' wineboot -i)"
[ -d "$prefix/drive_c/windows/system32" ] ||
  die "'$prefix' is not an initialised Wine prefix (no drive_c/windows/system32; run: WINEPREFIX='$prefix' wineboot -i)"
prefix="$(cd "$prefix" && pwd)"
export WINEPREFIX="$prefix"

if [ -n "${WINE:-}" ]; then
  wine_cmd="$WINE"
  command -v "$wine_cmd" > /dev/null 2>&1 || die "WINE='$WINE' is not an executable program"
elif command -v wine > /dev/null 2>&1; then
  wine_cmd="wine"
elif command -v wine64 > /dev/null 2>&1; then
  wine_cmd="wine64"
else
  die "neither wine nor wine64 is on PATH (set WINE to the wine program)"
fi
wine_path="$(command -v "$wine_cmd")"

system32="$prefix/drive_c/windows/system32"
syswow64="$prefix/drive_c/windows/syswow64"

# Which folder gets which build: a 64-bit prefix has 64-bit DLLs in system32 and 32-bit ones in
# syswow64; a 32-bit prefix (WINEARCH=win32) has 32-bit DLLs in system32 and no syswow64.
prefix_arch=""
if [ -f "$prefix/system.reg" ]; then
  prefix_arch="$(sed -n 's/^#arch=\(win32\|win64\)\r\{0,1\}$/\1/p' "$prefix/system.reg" | head -n 1)"
fi
if [ -z "$prefix_arch" ]; then
  if [ -d "$syswow64" ]; then prefix_arch=win64; else prefix_arch=win32; fi
fi
targets=()   # entries "package-subfolder:prefix-folder"
if [ "$prefix_arch" = win64 ]; then
  targets+=("x64:$system32")
  if [ -d "$syswow64" ]; then
    targets+=("x32:$syswow64")
  else
    echo "skip: no drive_c/windows/syswow64 in this 64-bit prefix; 32-bit DLLs not handled"
  fi
else
  echo "note: 32-bit prefix (no syswow64); 64-bit DLLs not handled, x32 goes to system32"
  targets+=("x32:$system32")
fi

# Runs wine without letting its services hold our stdout/stderr open; prints the output on failure.
run_wine() {
  local log status=0
  log="$(mktemp "${TMPDIR:-/tmp}/setup_d3d11vk.XXXXXX")"
  WINEDEBUG="${WINEDEBUG:--all}" "$wine_cmd" "$@" > "$log" 2>&1 < /dev/null || status=$?
  if [ "$status" -ne 0 ] && [ "${quiet_failure:-0}" -ne 1 ]; then
    sed 's/^/  wine: /' "$log" >&2
  fi
  rm -f "$log"
  return "$status"
}

# is_d3d11vk FILE: true when FILE is one of our DLLs: identical to a packaged DLL, or any version of
# d3d11vk (they all carry the name of our log variable).
is_d3d11vk() {
  local file="$1" sub
  [ -f "$file" ] || return 1
  for sub in x64 x32; do
    cmp -s "$file" "$script_dir/$sub/$(basename "$file")" && return 0
  done
  grep -aq 'D3D11VK_LOG_LEVEL' "$file"
}

short() { echo "${1#"$prefix"/}"; }

# install_dlls DLL...: copies the named DLLs into every target folder and sets their overrides.
install_dlls() {
  local target sub dir dll src dst
  # Check every source first so a broken release changes nothing.
  for target in "${targets[@]}"; do
    for dll in "$@"; do
      src="$script_dir/${target%%:*}/$dll.dll"
      [ -f "$src" ] || die "missing $src (run this script from an unpacked d3d11vk release)"
    done
  done
  for target in "${targets[@]}"; do
    sub="${target%%:*}"
    dir="${target#*:}"
    for dll in "$@"; do
      src="$script_dir/$sub/$dll.dll"
      dst="$dir/$dll.dll"
      if [ -e "$dst.old" ]; then
        echo "keep: $(short "$dst.old") already holds the original"
      elif [ -f "$dst" ] && ! is_d3d11vk "$dst"; then
        cp -p "$dst" "$dst.old"
        echo "backup: $(short "$dst") -> $(short "$dst.old")"
      fi
      # Replace, never write through: the old file may be a hard link or still mapped by Wine.
      rm -f "$dst"
      cp "$src" "$dst"
      echo "install: $sub/$dll.dll -> $(short "$dst")"
    done
  done
  for dll in "$@"; do
    run_wine reg add "$overrides_key" /v "$dll" /d native /f ||
      die "'$wine_cmd reg add' failed for the $dll override"
    echo "override: $dll=native in $overrides_key"
  done
}

# Folders where this Wine keeps its built-in PE DLLs for ARCH (x86_64 or i386), best guesses first.
builtin_dirs() {
  local arch="$1" bin_dir
  bin_dir="$(dirname "$(readlink -f "$wine_path")")"
  local multiarch=x86_64-linux-gnu
  [ "$arch" = i386 ] && multiarch=i386-linux-gnu
  printf '%s\n' \
    "$bin_dir/../lib/wine/$arch-windows" "$bin_dir/../lib64/wine/$arch-windows" \
    "$bin_dir/../lib/$multiarch/wine/$arch-windows" "$bin_dir/../$multiarch/wine/$arch-windows" \
    "/usr/lib/$multiarch/wine/$arch-windows" "/usr/lib/x86_64-linux-gnu/wine/$arch-windows" \
    "/usr/lib/wine/$arch-windows" "/usr/lib64/wine/$arch-windows" "/usr/local/lib/wine/$arch-windows"
}

# uninstall_dlls DLL...: removes the named DLLs' overrides and puts Wine's files back.
uninstall_dlls() {
  local dll target sub dir dst removed=()
  for dll in "$@"; do
    if quiet_failure=1 run_wine reg query "$overrides_key" /v "$dll"; then
      run_wine reg delete "$overrides_key" /v "$dll" /f ||
        die "'$wine_cmd reg delete' failed for the $dll override"
      echo "override: removed $dll from $overrides_key"
    else
      echo "override: $dll not set in $overrides_key"
    fi
  done
  for target in "${targets[@]}"; do
    sub="${target%%:*}"
    dir="${target#*:}"
    for dll in "$@"; do
      dst="$dir/$dll.dll"
      if [ -f "$dst" ] && ! is_d3d11vk "$dst"; then
        echo "skip: $(short "$dst") is not a d3d11vk DLL; left as it is"
        continue
      fi
      if [ -f "$dst.old" ]; then
        rm -f "$dst"
        mv "$dst.old" "$dst"
        echo "restore: $(short "$dst.old") -> $(short "$dst")"
      elif [ -f "$dst" ]; then
        rm -f "$dst"
        echo "remove: $(short "$dst") (no .old; Wine's built-in copy is reinstalled below)"
        removed+=("$sub:$dst")
      else
        echo "skip: $(short "$dst") is not installed"
      fi
    done
  done
  [ "${#removed[@]}" -gt 0 ] || return 0

  # wineboot -u reinstalls Wine's built-in DLLs that are missing from the prefix (it never touches
  # a native DLL, hence the removal above).
  if run_wine wineboot -u; then
    echo "wineboot: ran 'wineboot -u' to reinstall Wine's built-in DLLs"
  else
    echo "wineboot: 'wineboot -u' failed; copying Wine's DLLs directly"
  fi
  local entry arch candidate found
  for entry in "${removed[@]}"; do
    sub="${entry%%:*}"
    dst="${entry#*:}"
    [ -f "$dst" ] && { echo "restore: $(short "$dst") is Wine's built-in again"; continue; }
    arch=x86_64
    [ "$sub" = x32 ] && arch=i386
    found=""
    while IFS= read -r candidate; do
      if [ -f "$candidate/$(basename "$dst")" ]; then found="$candidate/$(basename "$dst")"; break; fi
    done < <(builtin_dirs "$arch")
    if [ -n "$found" ]; then
      cp "$found" "$dst"
      echo "restore: copied $(readlink -f "$found") -> $(short "$dst")"
    else
      echo "restore: this Wine has no $arch $(basename "$dst"); $(short "$dst") left absent"
    fi
  done
}

# ours_present DLL...: true when one of the named DLLs in a target folder is ours.
ours_present() {
  local target dll
  for target in "${targets[@]}"; do
    for dll in "$@"; do
      is_d3d11vk "${target#*:}/$dll.dll" && return 0
    done
  done
  return 1
}

do_install() {
  if [ "$with_d3d10" -eq 1 ]; then
    install_dlls "${all_dlls[@]}"
    return
  fi
  install_dlls "${core_dlls[@]}"
  if ours_present "${d3d10_dlls[@]}"; then
    echo "note: an earlier 'install --with-d3d10' left d3d11vk's d3d10.dll/d3d10_1.dll; restoring Wine's"
    uninstall_dlls "${d3d10_dlls[@]}"
  else
    echo "keep: Wine's d3d10.dll and d3d10_1.dll (they run on d3d11vk's d3d10core.dll)"
  fi
}

echo "prefix: $prefix ($prefix_arch) using $wine_path"
case "$action" in
  install) do_install ;;
  uninstall) uninstall_dlls "${all_dlls[@]}" ;;
esac
echo "done: $action"
