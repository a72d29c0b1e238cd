// A minimal Vulkan runner for the compiler's execution tests: plain Vulkan through the loader, the
// validation layer when installed, and a count of the validation errors it reports. Shaders run as
// compute dispatches, as vertex (and geometry) shaders captured by transform feedback, or as pixel
// shaders over a framebuffer without attachments that write their results through UAVs.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
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

// A 2D texture at t#: R32_SFLOAT, one texel array per mip level (level 0 first, rows top to
// bottom), each level half the size of the one before it.
struct TextureData {
  uint32_t slot = 0;
  uint32_t width = 0, height = 0;
  std::vector<std::vector<float>> levels;
};

// A sampler at s#: point or linear min/mag filtering, point or linear mip filtering, wrapping
// addresses, no LOD bias and no LOD clamp (D3D11's defaults apart from the filter).
struct SamplerData {
  uint32_t slot = 0;
  bool linear = false;
  bool linearMips = false;
};

// What a pixel run binds and how it rasterizes, besides the buffers: textures and samplers, and
// the framebuffer's sample count (1 or a count the device allows for framebuffers without
// attachments; the standard sample positions, which are Direct3D's for 1, 2, 4, 8 and 16).
struct PixelExtras {
  std::vector<TextureData> textures;
  std::vector<SamplerData> samplers;
  uint32_t samples = 1;
};

class ComputeRunner {
public:
  // Empty reason() on success; otherwise why no device could be set up (the test is skipped).
  ComputeRunner();
  ~ComputeRunner();
  const std::string& reason() const { return m_reason; }
  uint32_t validationErrors() const { return m_validationErrors; }

  // The options a device compiles with on this Vulkan device, as d3d11vk's shader cache sets
  // them: the float controls the device honours (SignedZeroInfNanPreserve for 32/64-bit).
  const dxbc::CompileOptions& compileOptions() const { return m_compileOptions; }

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

  // Draws one triangle from the vertex shader (fullScreenVertexShader() below) over a
  // width x height framebuffer with no attachments, so the pixel shader runs once per pixel, in
  // whole 2x2 quads (width and height even: no helper lanes); the pixel shader's bindings are
  // given as for run() (a ps_5_0 UAV's slot counts from u1 up: u0 would be the render target's)
  // and every buffer's final contents are returned in the order given. Throws std::runtime_error
  // when the device cannot (fragmentStores() false) or on a Vulkan failure.
  std::vector<std::vector<uint32_t>> runPixel(const dxbc::CompileResult& vertexShader,
                                              const dxbc::CompileResult& pixelShader,
                                              const std::vector<BufferData>& buffers, uint32_t width, uint32_t height,
                                              const PixelExtras& extras = {});
  // Whether framebuffers without attachments rasterize with `samples` samples at the standard
  // positions (a pixel run with that count is possible).
  bool standardSamples(uint32_t samples) const;
  // fragmentStoresAndAtomics, draw parameters (SV_VertexID) and a graphics queue.
  bool fragmentStores() const { return m_fragmentStores && m_drawParameters; }

private:
  struct HostBuffer;  // a host-visible buffer, mapped (execution_vulkan.cpp)
  struct Objects;     // what one run creates, destroyed with it (execution_vulkan.cpp)
  struct Stage {
    const dxbc::CompileResult* shader;
    VkShaderStageFlagBits stage;
  };
  void createBuffer(Objects& o, size_t index, VkDeviceSize size, VkBufferUsageFlags usage,
                    const std::vector<uint32_t>& words);
  void allocateBuffer(HostBuffer& b, VkDeviceSize size, VkBufferUsageFlags usage, const std::vector<uint32_t>& words);
  void createDescriptors(Objects& o, const std::vector<Stage>& stages, const std::vector<BufferData>& buffers,
                         const PixelExtras& extras = {});
  void createTexture(Objects& o, size_t index, const TextureData& texture);
  VkDescriptorImageInfo imageDescriptor(Objects& o, const dxbc::ShaderBinding& binding, const PixelExtras& extras);
  void uploadTextures(const Objects& o, const PixelExtras& extras);
  static void bindDescriptors(VkCommandBuffer cmd, const Objects& o, VkPipelineBindPoint point);
  VkPipelineShaderStageCreateInfo createStage(Objects& o, const Stage& stage);
  void createGraphicsPipeline(Objects& o, const std::vector<Stage>& stages, VkPrimitiveTopology topology,
                              bool discard, uint32_t width, uint32_t height, uint32_t samples = 1);
  static void beginPass(VkCommandBuffer cmd, const Objects& o, uint32_t width, uint32_t height);
  void submit(const std::function<void(VkCommandBuffer)>& record, VkPipelineStageFlags stage, VkAccessFlags access);
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
  VkPhysicalDeviceLimits m_limits{};
  uint32_t m_validationErrors = 0;
  bool m_transformFeedback = false;  // VK_EXT_transform_feedback and a graphics queue
  bool m_geometryStreams = false;    // and geometry shaders with several streams
  dxbc::CompileOptions m_compileOptions;
  bool m_fragmentStores = false;     // fragmentStoresAndAtomics and a graphics queue
  bool m_drawParameters = false;     // shaderDrawParameters
};

// The vs_5_0 assembly text (with its signatures) of the vertex shader runPixel() draws with: one
// triangle from SV_VertexID 0-2 that covers the whole viewport. No inputs, no buffers.
std::string fullScreenVertexShader();
// The same triangle with a second output, TEXCOORD0 in o1.xy: the clip-space x and y, so that at
// framebuffer position (x, y) of a width x height viewport it is (2x/width - 1, 2y/height - 1),
// an affine attribute whose value anywhere in a pixel is known exactly.
std::string fullScreenVertexShaderWithPosition();
// The input signature comment of a pixel shader that reads SV_Position (v0) and that attribute (v1.xy).
std::string pixelAttributeSignature();

// The input signature comment of a pixel shader that reads SV_Position (v0.xy), to put before its
// ps_5_0 line. Such a shader finds its thread index, the pixel's, as y * width + x from the
// pixel centre's position (x + 0.5, y + 0.5): with `dcl_input_ps_siv linearNoperspective v0.xy,
// position`, `ftou r0.xy, v0.xyxx` then `imad r0.x, r0.y, l(width), r0.x`; raw buffers take
// byte addresses (`ishl r0.x, r0.x, l(2)` for one word per pixel). Pixel (x, y) belongs to the
// quad (x & ~1, y & ~1).
std::string pixelPositionSignature();

// True, after printing the skip line, when the runner found no device: the test exits 77.
inline bool skipped(const ComputeRunner& runner) {
  if (runner.reason().empty())
    return false;
  std::printf("SKIP: %s\n", runner.reason().c_str());
  return true;
}

// The same for the pixel suites, which also need pixel shaders that write UAVs.
inline bool pixelSkipped(const ComputeRunner& runner) {
  if (skipped(runner))
    return true;
  if (runner.fragmentStores())
    return false;
  std::printf("SKIP: the Vulkan device has no fragmentStoresAndAtomics or shaderDrawParameters: pixel shaders cannot "
              "write their results\n");
  return true;
}

}  // namespace exec_test
