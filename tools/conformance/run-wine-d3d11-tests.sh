#!/bin/bash
# Runs Wine's Direct3D 11 conformance tests (dlls/d3d11/tests/d3d11.c) under Wine with d3d11vk's
# DLLs: the d3d11 module of tools/conformance/run-wine-tests.sh, kept under its old name and usage.
#
# usage: tools/conformance/run-wine-d3d11-tests.sh MINGW_BUILD_DIR [OUT_DIR [TEST...]]
#   OUT_DIR defaults to build/wine-conformance, as before; see run-wine-tests.sh for the rest.
build=${1:?usage: $0 MINGW_BUILD_DIR [OUT_DIR [TEST...]]}
out=${2:-build/wine-conformance}
shift $(( $# >= 2 ? 2 : 1 ))
exec "$(dirname "$0")/run-wine-tests.sh" d3d11 "$build" "$out" "$@"
