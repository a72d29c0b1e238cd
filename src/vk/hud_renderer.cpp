// HudRenderer: the overlay's pipeline and its draw, one instanced strip per quad.
#include "vk/hud_renderer.h"

#include <cstring>

#include "vk/buffer.h"
#include "vk/device.h"
#include "vk/hud_shaders.h"
#include "vk/simple_pipeline.h"
#include "vk/result.h"

namespace vk {


HudRenderer::HudRenderer(Device& device) : m_device(device) {}

HudRenderer::~HudRenderer() {
  // The presenter waits for its frames before it goes, and it owns this renderer.
  const DeviceFunctions& vk = m_device.functions();
  for (auto& [format, pipeline] : m_pipelines)
    vk.vkDestroyPipeline(m_device.handle(), pipeline, nullptr);
  if (m_layout)
    vk.vkDestroyPipelineLayout(m_device.handle(), m_layout, nullptr);
  if (m_vertex)
    vk.vkDestroyShaderModule(m_device.handle(), m_vertex, nullptr);
  if (m_fragment)
    vk.vkDestroyShaderModule(m_device.handle(), m_fragment, nullptr);
}

VkPipeline HudRenderer::pipeline(VkFormat format) {
  auto found = m_pipelines.find(format);
  if (found != m_pipelines.end())
    return found->second;
  const DeviceFunctions& vk = m_device.functions();
  if (!m_layout) {
    VkPushConstantRange range{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(HudPushConstants)};
    VkPipelineLayoutCreateInfo info = makeStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    info.pushConstantRangeCount = 1;
    info.pPushConstantRanges = &range;
    check(vk.vkCreatePipelineLayout(m_device.handle(), &info, nullptr, &m_layout), "vkCreatePipelineLayout");
    m_vertex = createShaderModule(m_device, hudVertexShader());
    m_fragment = createShaderModule(m_device, hudFragmentShader());
  }
  const VkVertexInputBindingDescription binding{0, sizeof(HudQuad), VK_VERTEX_INPUT_RATE_INSTANCE};
  const VkVertexInputAttributeDescription attributes[3] = {
    {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, uint32_t(offsetof(HudQuad, x))},
    {1, 0, VK_FORMAT_R8G8B8A8_UNORM, uint32_t(offsetof(HudQuad, color))},
    {2, 0, VK_FORMAT_R32G32B32_UINT, uint32_t(offsetof(HudQuad, bitsLow))},
  };
  VkPipelineVertexInputStateCreateInfo vertexInput =
      makeStruct<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  vertexInput.vertexBindingDescriptionCount = 1;
  vertexInput.pVertexBindingDescriptions = &binding;
  vertexInput.vertexAttributeDescriptionCount = 3;
  vertexInput.pVertexAttributeDescriptions = attributes;
  SimplePipelineDesc desc;
  desc.vertex = m_vertex;
  desc.fragment = m_fragment;
  desc.vertexInput = &vertexInput;
  desc.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
  // Over the frame by the quad's alpha; the image's alpha is left as the application wrote it.
  desc.blend.blendEnable = VK_TRUE;
  desc.blend.srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
  desc.blend.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
  desc.blend.colorBlendOp = VK_BLEND_OP_ADD;
  desc.blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
  desc.blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
  desc.blend.alphaBlendOp = VK_BLEND_OP_ADD;
  desc.format = format;
  desc.layout = m_layout;
  VkPipeline created = createSimplePipeline(m_device, desc);
  m_pipelines.emplace(format, created);
  return created;
}

Buffer& HudRenderer::instances(uint32_t slot, size_t quads) {
  if (m_instances.size() <= slot)
    m_instances.resize(slot + 1);
  std::unique_ptr<Buffer>& buffer = m_instances[slot];
  const VkDeviceSize needed = VkDeviceSize(quads) * sizeof(HudQuad);
  if (!buffer || buffer->size() < needed) {
    // Grown to a power of two so a HUD whose text changes length does not reallocate each frame.
    VkDeviceSize size = 16 * 1024;
    while (size < needed)
      size *= 2;
    buffer = std::make_unique<Buffer>(m_device, size, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
  }
  return *buffer;
}

void HudRenderer::record(VkCommandBuffer commands, uint32_t slot, VkImageView view, VkFormat format, VkExtent2D extent,
                         const std::vector<HudQuad>& quads, float opacity) {
  if (quads.empty() || !extent.width || !extent.height)
    return;
  const DeviceFunctions& vk = m_device.functions();
  VkPipeline overlay = pipeline(format);
  Buffer& buffer = instances(slot, quads.size());
  std::memcpy(buffer.mapped(), quads.data(), quads.size() * sizeof(HudQuad));

  VkRenderingAttachmentInfo attachment = makeStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  attachment.imageView = view;
  attachment.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo rendering = makeStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  rendering.renderArea = {{0, 0}, extent};
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachments = &attachment;
  vk.vkCmdBeginRendering(commands, &rendering);
  vk.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, overlay);
  const VkViewport viewport{0.0f, 0.0f, float(extent.width), float(extent.height), 0.0f, 1.0f};
  vk.vkCmdSetViewport(commands, 0, 1, &viewport);
  const VkRect2D scissor{{0, 0}, extent};
  vk.vkCmdSetScissor(commands, 0, 1, &scissor);
  const HudPushConstants push{2.0f / float(extent.width), 2.0f / float(extent.height), opacity};
  vk.vkCmdPushConstants(commands, m_layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), &push);
  const VkBuffer vertexBuffer = buffer.handle();
  const VkDeviceSize offset = 0;
  vk.vkCmdBindVertexBuffers(commands, 0, 1, &vertexBuffer, &offset);
  vk.vkCmdDraw(commands, 4, uint32_t(quads.size()), 0, 0);
  vk.vkCmdEndRendering(commands);
}

}  // namespace vk
