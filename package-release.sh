#!/usr/bin/env bash
# package-release.sh: builds the win64 and win32 PE DLLs in release mode and lays out a release
# folder (x64/, x32/, setup_d3d11vk.sh, d3d11vk.conf) plus a .tar.gz of it. See docs/packaging.md.
set -euo pipefail

usage() {
  cat <<EOF
usage: $(basename "$0") VERSION DESTDIR [--no-package] [--keep-build] [--from-builds DIR64 DIR32]

  VERSION       release name, e.g. 0.1.0 (letters, digits, '.', '_', '+', '-')
  DESTDIR       folder that receives d3d11vk-VERSION/ and d3d11vk-VERSION.tar.gz
                (created if missing)
  --no-package  leave the d3d11vk-VERSION/ folder only; do not write the tarball
  --keep-build  keep DESTDIR/build-win64 and DESTDIR/build-win32 (faster re-runs)
  --from-builds DIR64 DIR32
                package two build folders already configured with --buildtype release
                (scripts/build.sh win64 win32 makes them): they are brought up to date with
                ninja, not reconfigured, so the tests built in them stay
EOF
}

fail_usage() {
  echo "package-release.sh: error: $*" >&2
  usage >&2
  exit 2
}

positional=()
make_package=1
keep_build=0
from_builds=()
while [ "$#" -gt 0 ]; do
  arg="$1"
  shift
  case "$arg" in
    -h|--help) usage; exit 0 ;;
    --no-package) make_package=0 ;;
    --keep-build) keep_build=1 ;;
    --from-builds)
      [ "$#" -ge 2 ] || fail_usage "--from-builds needs two build folders (64-bit, then 32-bit)"
      from_builds=("$1" "$2")
      shift 2 ;;
    -*) fail_usage "unknown option '$arg'" ;;
    *) positional+=("$arg") ;;
  esac
done
[ "${#positional[@]}" -eq 2 ] || fail_usage "expected VERSION and DESTDIR, got ${#positional[@]} argument(s)"

version="${positional[0]}"
destdir_arg="${positional[1]}"
[[ "$version" =~ ^[A-Za-z0-9][A-Za-z0-9._+-]*$ ]] || fail_usage "invalid VERSION '$version'"
[ -n "$destdir_arg" ] || fail_usage "DESTDIR is empty"

src_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

for tool in meson ninja tar gzip x86_64-w64-mingw32-g++-posix i686-w64-mingw32-g++-posix \
            x86_64-w64-mingw32-strip i686-w64-mingw32-strip; do
  command -v "$tool" > /dev/null 2>&1 || { echo "package-release.sh: error: '$tool' not found on PATH" >&2; exit 1; }
done

mkdir -p "$destdir_arg"
destdir="$(cd "$destdir_arg" && pwd)"
case "$destdir/" in
  "$src_dir/build/"*) echo "package-release.sh: error: DESTDIR must not be inside the source tree's build/ folder" >&2; exit 2 ;;
esac

name="d3d11vk-$version"
pkg_dir="$destdir/$name"
tarball="$destdir/$name.tar.gz"

# The DLLs report meson's project version; VERSION only names the package. Say so when they differ.
project_version="$(sed -n "s/^[[:space:]]*version[[:space:]]*:[[:space:]]*'\([^']*\)'.*/\1/p" "$src_dir/meson.build" | head -n 1)"
if [ -n "$project_version" ] && [ "$project_version" != "$version" ]; then
  echo "note: the DLLs report version $project_version (meson.build); the package is named $name"
fi

# build ARCH_DIR CROSS_FILE: configures (or reconfigures) and builds one architecture in release mode.
build_arch() {
  local build_dir="$1" cross_file="$2"
  local opts=(--cross-file "$src_dir/$cross_file" --buildtype release
              -Dbuild_tests=false -Dbuild_tools=false)
  echo "== configuring $(basename "$build_dir") ($cross_file)"
  if [ -f "$build_dir/meson-private/coredata.dat" ]; then
    meson setup --reconfigure "${opts[@]}" "$build_dir" "$src_dir"
  else
    meson setup "${opts[@]}" "$build_dir" "$src_dir"
  fi
  echo "== building $(basename "$build_dir")"
  ninja -C "$build_dir"
}

# copy_dlls BUILD_DIR TARGET_DIR STRIP: copies d3d11.dll, dxgi.dll and the three D3D10 DLLs
# (docs/d3d10.md) and strips the copies.
copy_dlls() {
  local build_dir="$1" target="$2" strip_tool="$3" dll
  mkdir -p "$target"
  for dll in d3d11 dxgi d3d10core d3d10_1 d3d10; do
    local built="$build_dir/src/$dll/$dll.dll"
    case "$dll" in d3d10*) built="$build_dir/src/d3d10/dlls/$dll.dll" ;; esac
    [ -f "$built" ] || { echo "package-release.sh: error: the build did not produce $built" >&2; exit 1; }
    install -m 644 "$built" "$target/$dll.dll"
    "$strip_tool" --strip-unneeded "$target/$dll.dll"
  done
}

# check_existing_build DIR MACHINE: DIR is a meson build folder in the release configuration whose
# d3d11.dll is a PE file for MACHINE (x64 or x86); brings it up to date first. A debug build or the
# other architecture must not be shipped by mistake.
check_existing_build() {
  local build_dir="$1" machine="$2" found
  [ -f "$build_dir/meson-info/intro-buildoptions.json" ] ||
    { echo "package-release.sh: error: $build_dir is not a configured meson build folder" >&2; exit 2; }
  found="$(python3 -c 'import json, sys
options = {o["name"]: o["value"] for o in json.load(open(sys.argv[1] + "/meson-info/intro-buildoptions.json"))}
print(options.get("buildtype"))' "$build_dir")"
  [ "$found" = release ] ||
    { echo "package-release.sh: error: $build_dir has buildtype '$found', not 'release'" >&2; exit 2; }
  echo "== bringing $build_dir up to date (configured by its owner, not reconfigured)"
  ninja -C "$build_dir"
  # The PE header's machine field: 0x8664 for x64, 0x14c for x86.
  found="$(python3 -c 'import struct, sys
data = open(sys.argv[1], "rb").read(4096)
pe = struct.unpack_from("<I", data, 0x3c)[0]
machine = struct.unpack_from("<H", data, pe + 4)[0] if data[pe:pe + 4] == b"PE\0\0" else 0
print({0x8664: "x64", 0x14c: "x86"}.get(machine, "not a PE DLL"))' "$build_dir/src/d3d11/d3d11.dll" 2>/dev/null)"
  [ "$found" = "$machine" ] ||
    { echo "package-release.sh: error: $build_dir/src/d3d11/d3d11.dll is ${found:-missing}, expected $machine" >&2; exit 2; }
}

if [ "${#from_builds[@]}" -eq 2 ]; then
  build64="$(cd "${from_builds[0]}" 2> /dev/null && pwd)" || { echo "package-release.sh: error: no folder ${from_builds[0]}" >&2; exit 2; }
  build32="$(cd "${from_builds[1]}" 2> /dev/null && pwd)" || { echo "package-release.sh: error: no folder ${from_builds[1]}" >&2; exit 2; }
  check_existing_build "$build64" x64
  check_existing_build "$build32" x86
  keep_build=1  # they are someone else's folders
else
  build64="$destdir/build-win64"
  build32="$destdir/build-win32"
  build_arch "$build64" build-win64.txt
  build_arch "$build32" build-win32.txt
fi

echo "== laying out $pkg_dir"
rm -rf "$pkg_dir"
mkdir -p "$pkg_dir"
copy_dlls "$build64" "$pkg_dir/x64" x86_64-w64-mingw32-strip
copy_dlls "$build32" "$pkg_dir/x32" i686-w64-mingw32-strip
install -m 755 "$src_dir/setup_d3d11vk.sh" "$pkg_dir/setup_d3d11vk.sh"
install -m 644 "$src_dir/d3d11vk.conf" "$pkg_dir/d3d11vk.conf"

if [ "$make_package" -eq 1 ]; then
  echo "== writing $tarball"
  rm -f "$tarball"
  # Sorted names, root ownership and a fixed mtime so two builds of the same tree tar the same way.
  mtime="${SOURCE_DATE_EPOCH:-$(git -C "$src_dir" log -1 --format=%ct 2> /dev/null || date +%s)}"
  tar -C "$destdir" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" \
      -cf - "$name" | gzip -9n > "$tarball"
fi

if [ "$keep_build" -eq 0 ]; then
  rm -rf "$build64" "$build32"
fi

echo "== done"
find "$pkg_dir" -type f | sort | sed "s|^$destdir/|  |"
[ "$make_package" -eq 1 ] && echo "  $(basename "$tarball")"
exit 0
