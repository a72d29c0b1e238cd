# Sourced by the Wine end-to-end runners: turns the Khronos validation layer on for the program
# they start, and checks afterwards that it was active and reported nothing.
#
# Wine does not pass VK_* variables into the Windows environment, but the host Vulkan loader under
# winevulkan reads them: the layer goes in through VK_INSTANCE_LAYERS, and the loader's own debug
# output (VK_LOADER_DEBUG=layer) proves it was inserted into the program's instance.

# wine_validation_enable [CPU_FAMILY]: sets wine_validation=1 and exports the variables when the
# layer is installed for that architecture ("x86" needs the i386 layer library; default x86_64).
wine_validation_enable() {
  local layer_lib=/usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so
  [ "${1:-x86_64}" = x86 ] && layer_lib=/usr/lib/i386-linux-gnu/libVkLayer_khronos_validation.so
  wine_validation=0
  if [ -f /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json ] && [ -f "$layer_lib" ]; then
    export VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation VK_LOADER_DEBUG=layer
    wine_validation=1
  else
    echo "note: the Khronos validation layer ($layer_lib) is not installed; running without it"
  fi
}

# wine_validation_check STDERR LOG...: PASS/FAIL lines; returns 1 when the layer was not inserted
# or one of d3d11vk's logs holds a validation error. Does nothing without the layer.
wine_validation_check() {
  local stderr_file=$1 status=0
  shift
  [ "${wine_validation:-0}" -eq 1 ] || return 0
  if grep -q 'Insert instance layer "VK_LAYER_KHRONOS_validation"' "$stderr_file"; then
    echo "PASS: the Khronos validation layer was active"
  else
    echo "FAIL: the Khronos validation layer was not inserted into the instance"
    status=1
  fi
  if grep -h "error: Vulkan: " "$@" 2>/dev/null; then
    echo "FAIL: Vulkan validation reported errors (above)"
    status=1
  else
    echo "PASS: no Vulkan validation error in d3d11vk's logs"
  fi
  return $status
}
