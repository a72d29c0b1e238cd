#!/bin/bash
# Installs what is needed, builds every configuration and runs every test on two Vulkan drivers:
# Debian 12's lavapipe (Mesa 22.3, the "older Vulkan stack": no maintenance5, no sparse residency)
# and Mesa 25's lavapipe from bookworm-backports, unpacked beside it (docs/testing.md).
#  - on Debian 12's driver: the native unit and integration tests, built with AddressSanitizer and
#    UndefinedBehaviorSanitizer (and the Vulkan validation layer), the threaded tests under
#    ThreadSanitizer, the win64 and win32 end-to-end tests under Wine;
#  - on Mesa 25's driver: the native integration tests and the win64 and win32 end-to-end tests
#    again (the pure unit tests do not touch a driver);
#  - once: the fuzz campaigns (each libFuzzer target for D3D11VK_FUZZ_SECONDS, default 20, in the
#    clang ASan/UBSan build with every library instrumented; docs/fuzzing.md), and the release
#    packaging test, which packages the win64 and win32 builds (they are release-configured)
#    rather than compiling both architectures again.
# The native tests run in the sanitized build only: a separate unsanitized native build would run
# the same tests with less checking and cost a full compile (CI must stay under 60 minutes on 2
# cores). scripts/demo.sh builds the plain native configuration.
# Ends with the line "N passed, N failed, N skipped", after one count line per driver and one for
# the 32-bit tests; exits non-zero on a failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
started=$(date +%s)

"$top/scripts/install-deps.sh" || exit 1
# The ThreadSanitizer build compiles only the threaded tests' executables (it runs nothing else):
# deferred contexts and creation storms, and the multi-device stress test.
export BUILD_TARGETS_native_tsan="tests/d3d11vk-threading-tests tests/d3d11vk-stress-tests"
"$top/scripts/build.sh" native-asan native-tsan fuzz win64 win32 || { echo "0 passed, 1 failed"; exit 1; }

# Sanitizer runs: lavapipe and the Vulkan loader are not instrumented; leaks inside them are
# theirs (LLVM keeps its JIT state to exit), so LeakSanitizer skips those libraries only.
export LSAN_OPTIONS="suppressions=$top/tests/lsan-suppressions.txt:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export ASAN_OPTIONS="detect_leaks=1"

# Driver 1: Debian 12's lavapipe, selected explicitly (both architectures' manifests; the loader
# takes the one matching each process) so that no other driver on the machine is tested by mistake.
debian_driver="mesa-$(dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null | sed 's/-.*//')"
debian_icds=$(ls /usr/share/vulkan/icd.d/lvp_icd.*.json 2>/dev/null | paste -sd:)
runs=()
(
  export VK_DRIVER_FILES=$debian_icds VK_ICD_FILENAMES=$debian_icds D3D11VK_TEST_DRIVER=$debian_driver
  for build in native-asan win64 win32; do
    echo "== testing $build on $debian_driver"
    meson test -C "build/$build" --no-rebuild --print-errorlogs --num-processes 2 || true
  done
  # Any data race ThreadSanitizer reports in d3d11vk fails the test (exit code 66 instead of Catch2's
  # result); tests/tsan-suppressions.txt names the uninstrumented driver libraries it must not judge.
  echo "== testing native-tsan (threaded tests) on $debian_driver"
  TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1:suppressions=$top/tests/tsan-suppressions.txt" \
    meson test -C build/native-tsan --no-rebuild --print-errorlogs deferred-contexts multi-device-stress || true
)
for build in native-asan native-tsan win64 win32; do runs+=("$debian_driver:build/$build:testlog"); done

# Driver 2: Mesa 25's lavapipe from bookworm-backports, fetched into the build tree.
mesa_dir=build/drivers/mesa-25
if bash "$top/scripts/lib/fetch-mesa-backports.sh" "$mesa_dir"; then
  (
    source "$mesa_dir/env.sh"
    echo "== testing native (integration suites) on $D3D11VK_TEST_DRIVER"
    meson test -C build/native-asan --no-rebuild --print-errorlogs --num-processes 2 --suite integration --logbase mesa25 || true
    for build in win64 win32; do
      echo "== testing $build on $D3D11VK_TEST_DRIVER"
      meson test -C "build/$build" --no-rebuild --print-errorlogs --num-processes 2 --logbase mesa25 || true
    done
  )
  mesa_driver=$(grep -o 'D3D11VK_TEST_DRIVER=.*' "$mesa_dir/env.sh" | cut -d= -f2)
  for build in native-asan win64 win32; do runs+=("$mesa_driver:build/$build:mesa25"); done
else
  runs+=("mesa-25:SKIP:$(cat "$mesa_dir/unavailable.txt" 2>/dev/null || echo 'could not be fetched')")
fi

# The fuzz campaigns use no Vulkan driver; a finding fails its test and names the saved input.
echo "== fuzz campaigns (${D3D11VK_FUZZ_SECONDS:-20} s per target)"
D3D11VK_FUZZ_SECONDS=${D3D11VK_FUZZ_SECONDS:-20} \
  meson test -C build/fuzz --no-rebuild --print-errorlogs --num-processes 2 --suite fuzz || true
grep -h "^PASS: \|^FAIL: " build/fuzz/tests/fuzz/campaign/*/summary.txt 2>/dev/null || true
runs+=("-:build/fuzz:testlog")

# The release packaging test packages the win64 and win32 builds; it runs once, outside meson.
packaging_log=build/packaging-test.log
echo "== testing the release package (log: $packaging_log)"
D3D11VK_RELEASE_FROM_BUILDS="$top/build/win64 $top/build/win32" \
  D3D11VK_INFO_EXE="$top/build/win64/tools/d3d11vk-info.exe" bash tests/packaging/test-release.sh >"$packaging_log" 2>&1
packaging_status=$?
grep -E "^(PASS|FAIL|SKIP)" "$packaging_log" || true

echo "test.sh: $(( ($(date +%s) - started) / 60 )) minutes from start to summary"
python3 "$top/scripts/lib/summarize-tests.py" "$packaging_status" "${runs[@]}"
