# Sourced by the Wine end-to-end scripts: wine_e2e_prerequisites CPU_FAMILY ends the test as
# skipped (exit 77, with the reason on a "SKIP:" line the test summary shows) when this machine
# cannot run a CPU_FAMILY ("x86_64" or "x86") Windows program on Vulkan.
wine_e2e_prerequisites() {
  local cpu_family=$1
  skip() { echo "SKIP: $*"; exit 77; }
  command -v wine >/dev/null 2>&1 || skip "wine is not installed"
  command -v Xvfb >/dev/null 2>&1 || skip "Xvfb is not installed"
  [ "$cpu_family" = x86 ] || return 0
  # i386 packages may install on a kernel that cannot execute them (no IA-32 emulation);
  # scripts/install-deps.sh then removes wine32, and this says why.
  if [ -x /lib/ld-linux.so.2 ] && ! /lib/ld-linux.so.2 --version >/dev/null 2>&1; then
    skip "this machine's kernel cannot execute 32-bit x86 programs (Exec format error)"
  fi
  [ -x /usr/lib/wine/wine ] ||
    skip "the 32-bit Wine loader is not installed (Debian: dpkg --add-architecture i386; apt-get install wine32:i386)"
  # Without the 32-bit Vulkan loader and a 32-bit driver, vkCreateInstance fails in every 32-bit
  # program; that is this machine's limit, not a d3d11vk result.
  [ -e /usr/lib/i386-linux-gnu/libvulkan.so.1 ] ||
    skip "the 32-bit Vulkan loader is not installed (Debian: apt-get install libvulkan1:i386)"
  if [ "${D3D11VK_TEST_DRIVER_32BIT:-}" = 0 ]; then
    skip "the selected Vulkan driver (${D3D11VK_TEST_DRIVER:-?}) has no 32-bit build on this machine"
  fi
  if [ -z "${VK_DRIVER_FILES:-}" ] && [ ! -e /usr/share/vulkan/icd.d/lvp_icd.i686.json ]; then
    skip "no 32-bit Vulkan driver is installed (Debian: apt-get install mesa-vulkan-drivers:i386)"
  fi
  return 0
}
