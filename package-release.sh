#!/usr/bin/env bash
# package-release.sh: builds the win64 and win32 PE DLLs in release mode and lays out a release
# folder (x64/, x32/, setup_d3d11vk.sh, d3d11vk.conf) plus a .tar.gz of it. See docs/packaging.md.
set -euo pipefail

usage() {
  cat <<EOF
usage: $(basename "$0") VERSION DESTDIR [--no-package] [--keep-build]

  VERSION       release name, e.g. 0.1.0 (letters, digits, '.', '_', '+', '-')
  DESTDIR       folder that receives d3d11vk-VERSION/ and d3d11vk-VERSION.tar.gz
                (created if missing)
  --no-package  leave the d3d11vk-VERSION/ folder only; do not write the tarball
  --keep-build  keep DESTDIR/build-win64 and DESTDIR/build-win32 (faster re-runs)
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
for arg in "$@"; do
  case "$arg" in
    -h|--help) usage; exit 0 ;;
    --no-package) make_package=0 ;;
    --keep-build) keep_build=1 ;;
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

build64="$destdir/build-win64"
build32="$destdir/build-win32"
build_arch "$build64" build-win64.txt
build_arch "$build32" build-win32.txt

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
