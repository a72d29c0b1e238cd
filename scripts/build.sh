#!/bin/bash
# Configures (first time) and builds the named builds: native, native-asan, native-tsan, fuzz, win64, win32.
# usage: scripts/build.sh BUILD...   (from anywhere; build folders live in build/ at the top)
# BUILD_TARGETS_native_tsan (and the like, '-' as '_') names the targets to build instead of all:
# the ThreadSanitizer build compiles only the threaded tests it runs.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

for name in "$@"; do
  case $name in
    native)      options=() ;;
    native-asan) options=(-Db_sanitize=address,undefined -Dbuildtype=debug -Db_lundef=false) ;;
    native-tsan) options=(-Db_sanitize=thread -Dbuildtype=debug -Db_lundef=false -Dbuild_tools=false) ;;
    # clang with every library instrumented for coverage, ASan and UBSan: the libFuzzer targets
    # (tests/fuzz, docs/fuzzing.md). It builds only them by default (BUILD_TARGETS_fuzz).
    fuzz)        options=(-Dfuzzing=true -Db_sanitize=address,undefined -Dbuildtype=debugoptimized -Db_lundef=false
                          -Dbuild_tools=false) ;;
    # The PE builds use the release configuration package-release.sh ships (optimised, NDEBUG), so
    # the Wine end-to-end tests run what users install and the packaging test can package these
    # builds instead of compiling both architectures a second time (package-release.sh --from-builds).
    win64)       options=(--cross-file build-win64.txt --buildtype=release) ;;
    win32)       options=(--cross-file build-win32.txt --buildtype=release) ;;
    *) echo "build.sh: unknown build '$name' (native, native-asan, native-tsan, fuzz, win64, win32)" >&2; exit 2 ;;
  esac
  # Warnings are errors: the tree stays -Wall -Wextra clean on every compiler.
  if [ ! -f "build/$name/build.ninja" ]; then
    if [ "$name" = fuzz ]; then
      CC=clang CXX=clang++ meson setup "build/$name" --werror "${options[@]}"
    else
      meson setup "build/$name" --werror "${options[@]}"
    fi
  fi
  echo "== building $name"
  targets_var="BUILD_TARGETS_${name//-/_}"
  if [ "$name" = fuzz ] && [ -z "${BUILD_TARGETS_fuzz:-}" ]; then
    BUILD_TARGETS_fuzz=$(printf 'tests/fuzz/d3d11vk-fuzz-%s ' container decoder assembler compile config)
  fi
  # shellcheck disable=SC2086  # a list of target names
  ninja -C "build/$name" ${!targets_var:-}
done
