// A minimal Vulkan compute runner for the compiler's execution tests: plain Vulkan through the
// loader, the validation layer when installed, and a count of the validation errors it reports.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <vulkan/vulkan.h>

#include "dxbc/compiler.h"

namespace exec_test {

// Contents of one descriptor, by D3D slot: cb#, t# or u# (the compiler's reflection says which
// descriptor type each is). Buffers are 4 KiB unless the data is larger.
struct BufferData {
  dxbc::BindingKind kind = dxbc::BindingKind::UnorderedAccess;
  uint32_t slot = 0;
  std::vector<uint32_t> words;
};

class ComputeRunner {
public:
  // Empty reason() on success; otherwise why no device could be set up (the test is skipped).
  ComputeRunner();
  ~ComputeRunner();
  const std::string& reason() const { return m_reason; }
  uint32_t validationErrors() const { return m_validationErrors; }

  // Runs the compiled shader over `groups` thread groups and returns the final contents of every
  // buffer, in the order given. Throws std::runtime_error on a Vulkan failure.
  std::vector<std::vector<uint32_t>> run(const dxbc::CompileResult& shader, const std::vector<BufferData>& buffers,
                                         uint32_t groups);

  // Runs the compiled vertex shader over `vertices` points with rasterization discarded and
  // transform feedback on, capturing into buffer slots 0..slotBytes.size()-1 of those sizes; returns
  // each slot's words. Throws std::runtime_error when the device has no transform feedback.
  // With a geometry shader, that stage is captured instead (geometryStreams() says whether it may
  // use several streams).
  std::vector<std::vector<uint32_t>> runTransformFeedback(const dxbc::CompileResult& vertexShader, uint32_t vertices,
                                                          const std::vector<uint32_t>& slotBytes,
                                                          const dxbc::CompileResult* geometryShader = nullptr);
  bool transformFeedback() const { return m_transformFeedback; }
  bool geometryStreams() const { return m_geometryStreams; }

private:
  static VKAPI_ATTR VkBool32 VKAPI_CALL onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
      VkDebugUtilsMessageTypeFlagsEXT types, const VkDebugUtilsMessengerCallbackDataEXT* data, void* user);
  uint32_t memoryType(uint32_t bits) const;

  std::string m_reason;
  VkInstance m_instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT m_messenger = VK_NULL_HANDLE;
  VkPhysicalDevice m_physical = VK_NULL_HANDLE;
  VkDevice m_device = VK_NULL_HANDLE;
  VkQueue m_queue = VK_NULL_HANDLE;
  uint32_t m_queueFamily = 0;
  VkPhysicalDeviceMemoryProperties m_memory{};
  uint32_t m_validationErrors = 0;
  bool m_transformFeedback = false;  // VK_EXT_transform_feedback and a graphics queue
  bool m_geometryStreams = false;    // and geometry shaders with several streams
};

// True, after printing the skip line, when the runner found no device: the test exits 77.
inline bool skipped(const ComputeRunner& runner) {
  if (runner.reason().empty())
    return false;
  std::printf("SKIP: %s\n", runner.reason().c_str());
  return true;
}

}  // namespace exec_test
