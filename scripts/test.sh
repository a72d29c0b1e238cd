#!/bin/bash
# Installs what is needed, builds every configuration and runs every test: native unit and
# integration tests (with the Vulkan validation layer), the same under AddressSanitizer and
# UndefinedBehaviorSanitizer, the threaded tests (deferred contexts, concurrent creation) under
# ThreadSanitizer, the win64 and win32 end-to-end tests under Wine, and the release packaging
# test. Ends with the line "N passed, N failed, N skipped"; exits non-zero on a failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

"$top/scripts/install-deps.sh" || exit 1
# The ThreadSanitizer build compiles only the threaded tests' executable (it runs nothing else).
export BUILD_TARGETS_native_tsan=tests/d3d11vk-threading-tests
"$top/scripts/build.sh" native native-asan native-tsan win64 win32 || { echo "0 passed, 1 failed"; exit 1; }

# Sanitizer runs: lavapipe and the Vulkan loader are not instrumented; leaks inside them are
# theirs (LLVM keeps its JIT state to exit), so LeakSanitizer skips those libraries only.
export LSAN_OPTIONS="suppressions=$top/tests/lsan-suppressions.txt:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export ASAN_OPTIONS="detect_leaks=1"

for build in native native-asan win64 win32; do
  echo "== testing $build"
  meson test -C "build/$build" --print-errorlogs --num-processes 2 || true
done
# Any data race ThreadSanitizer reports in d3d11vk fails the test (exit code 66 instead of Catch2's
# result); tests/tsan-suppressions.txt names the uninstrumented driver libraries it must not judge.
echo "== testing native-tsan (threaded tests)"
TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1:suppressions=$top/tests/tsan-suppressions.txt" \
  meson test -C build/native-tsan --no-rebuild --print-errorlogs deferred-contexts || true

# The release packaging test builds its own release, so it runs once, outside meson.
packaging_log=build/packaging-test.log
echo "== testing the release package (log: $packaging_log)"
D3D11VK_INFO_EXE="$top/build/win64/tools/d3d11vk-info.exe" bash tests/packaging/test-release.sh >"$packaging_log" 2>&1
packaging_status=$?
grep -E "^(PASS|FAIL|SKIP)" "$packaging_log" || true

python3 "$top/scripts/lib/summarize-tests.py" "$packaging_status" build/native build/native-asan build/native-tsan build/win64 build/win32
