#!/bin/bash
# Installs the Debian 12 packages d3d11vk builds and tests with. Safe to run again; does nothing
# when D3D11VK_SKIP_DEPS=1. Needs root (or sudo).
set -u
[ "${D3D11VK_SKIP_DEPS:-0}" = 1 ] && exit 0

SUDO=
[ "$(id -u)" -ne 0 ] && SUDO=sudo
export DEBIAN_FRONTEND=noninteractive

packages=(
  meson ninja-build pkg-config g++ python3
  mingw-w64 g++-mingw-w64-x86-64-posix g++-mingw-w64-i686-posix binutils-mingw-w64
  libvulkan-dev vulkan-validationlayers mesa-vulkan-drivers vulkan-tools
  catch2 libwine-dev nlohmann-json3-dev spirv-headers spirv-tools libxxhash-dev ccache
  clang libclang-rt-14-dev
  wine wine64 xvfb xauth libx11-dev
  wine64-tools  # widl, for the d2d1 module of tools/conformance/run-wine-tests.sh
)

# A mirror caught mid-sync can fail one index (seen for i386 security updates); the packages we
# need still install from the lists that did arrive, so a failed update is not fatal.
$SUDO apt-get update -q || echo "install-deps: apt-get update reported errors; continuing with the lists it got"
$SUDO apt-get install -y -q --no-install-recommends "${packages[@]}" || {
  echo "install-deps: apt-get install failed" >&2
  exit 1
}

# The 32-bit Wine loader runs the win32 end-to-end tests, with the 32-bit Vulkan loader, lavapipe
# and validation layer beneath it (without them vkCreateInstance fails in every 32-bit program).
# They are optional: when i386 packages cannot be installed here, those tests report themselves
# skipped with the reason.
packages32=(wine32:i386 libvulkan1:i386 mesa-vulkan-drivers:i386 vulkan-validationlayers:i386)
# Some machines install i386 packages but their kernel cannot execute 32-bit programs (no IA-32
# emulation: "Exec format error"). Debian's `wine` then starts the 32-bit loader for every program,
# 64-bit ones included, and nothing runs. The i386 dynamic loader, once installed, tells; before it
# is, the machine is given the benefit of the doubt.
runs_32bit() { [ ! -x /lib/ld-linux.so.2 ] || /lib/ld-linux.so.2 --version >/dev/null 2>&1; }
if runs_32bit && ! dpkg-query -W -f='${Status}\n' "${packages32[@]}" 2>/dev/null | grep -c "install ok installed" | grep -qx "${#packages32[@]}"; then
  if ! dpkg --print-foreign-architectures | grep -qx i386; then
    $SUDO dpkg --add-architecture i386 && { $SUDO apt-get update -q || true; }
  fi
  if $SUDO apt-get install -y -q --no-install-recommends "${packages32[@]}" >/tmp/d3d11vk-wine32-install.log 2>&1; then
    echo "install-deps: installed the 32-bit Wine loader and the 32-bit Vulkan loader, lavapipe and validation layer"
  else
    echo "install-deps: the 32-bit packages (${packages32[*]}) could not be installed; 32-bit end-to-end tests will be skipped (see /tmp/d3d11vk-wine32-install.log)"
  fi
fi

# Where 32-bit programs cannot run, wine32 is removed again so that `wine` uses the 64-bit loader,
# and the 32-bit tests skip with this reason (tests/e2e/wine-prerequisites.sh makes the same check);
# libwine:i386 goes too: with its i386 DLLs beside a 64-bit-only Wine, a new prefix's syswow64
# and what setup_d3d11vk.sh restores there no longer agree, and nothing 32-bit can run anyway.
if ! runs_32bit; then
  if dpkg-query -W -f='${Status}\n' wine32:i386 libwine:i386 2>/dev/null | grep -q "install ok installed"; then
    $SUDO apt-get remove -y -q wine32:i386 libwine:i386 >>/tmp/d3d11vk-wine32-install.log 2>&1
  fi
  echo "install-deps: this machine's kernel cannot execute 32-bit x86 programs; wine32 is not kept (Wine runs 64-bit programs only) and the 32-bit end-to-end tests will be skipped"
fi
exit 0
