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
  catch2 libwine-dev nlohmann-json3-dev spirv-headers spirv-tools libxxhash-dev
  wine wine64 xvfb xauth libx11-dev
)

# A mirror caught mid-sync can fail one index (seen for i386 security updates); the packages we
# need still install from the lists that did arrive, so a failed update is not fatal.
$SUDO apt-get update -q || echo "install-deps: apt-get update reported errors; continuing with the lists it got"
$SUDO apt-get install -y -q --no-install-recommends "${packages[@]}" || {
  echo "install-deps: apt-get install failed" >&2
  exit 1
}

# The 32-bit Wine loader runs the win32 end-to-end test. It is optional: when i386 packages cannot
# be installed here, that test reports itself skipped with the reason.
if [ ! -x /usr/lib/wine/wine ]; then
  if ! dpkg --print-foreign-architectures | grep -qx i386; then
    $SUDO dpkg --add-architecture i386 && { $SUDO apt-get update -q || true; }
  fi
  $SUDO apt-get install -y -q --no-install-recommends wine32:i386 >/tmp/d3d11vk-wine32-install.log 2>&1 &&
    echo "install-deps: installed the 32-bit Wine loader" ||
    echo "install-deps: the 32-bit Wine loader (wine32:i386) could not be installed; 32-bit end-to-end tests will be skipped (see /tmp/d3d11vk-wine32-install.log)"
fi
exit 0
