// The execution tests' Vulkan compute runner: instance, device, buffers, descriptors, one dispatch.
#include "execution_vulkan.h"

#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace exec_test {
namespace {

// A Vulkan structure with every member zero but its type.
template <class T>
T make(VkStructureType type) {
  T value{};
  value.sType = type;
  return value;
}

void check(VkResult result, const char* what) {
  if (result != VK_SUCCESS)
    throw std::runtime_error(std::string(what) + " failed with VkResult " + std::to_string(int(result)));
}

bool hasLayer(const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  for (const auto& l : layers)
    if (std::strcmp(l.layerName, name) == 0)
      return true;
  return false;
}

}  // namespace

VKAPI_ATTR VkBool32 VKAPI_CALL ComputeRunner::onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
    VkDebugUtilsMessageTypeFlagsEXT, const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
    static_cast<ComputeRunner*>(user)->m_validationErrors++;
    std::fprintf(stderr, "validation error: %s\n", data->pMessage);
  }
  return VK_FALSE;
}

ComputeRunner::ComputeRunner() {
  // Validation is part of the test: without the layer the run still happens, but says so.
  const char* layer = "VK_LAYER_KHRONOS_validation";
  bool validation = hasLayer(layer);
  if (!validation)
    std::printf("note: %s is not installed; running without validation\n", layer);
  auto app = make<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
  app.pApplicationName = "d3d11vk-dxbc-execution";
  app.apiVersion = VK_API_VERSION_1_1;  // the compiler emits SPIR-V 1.3
  const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
  auto info = make<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
  info.pApplicationInfo = &app;
  info.enabledLayerCount = validation ? 1 : 0;
  info.ppEnabledLayerNames = &layer;
  info.enabledExtensionCount = validation ? 1 : 0;
  info.ppEnabledExtensionNames = &extension;
  if (vkCreateInstance(&info, nullptr, &m_instance) != VK_SUCCESS) {
    m_reason = "vkCreateInstance failed (no Vulkan driver)";
    return;
  }
  if (validation) {
    auto messenger = make<VkDebugUtilsMessengerCreateInfoEXT>(VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
    messenger.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
    messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT;
    messenger.pfnUserCallback = onMessage;
    messenger.pUserData = this;
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(m_instance, "vkCreateDebugUtilsMessengerEXT"));
    if (create)
      check(create(m_instance, &messenger, nullptr, &m_messenger), "vkCreateDebugUtilsMessengerEXT");
  }
  uint32_t count = 0;
  vkEnumeratePhysicalDevices(m_instance, &count, nullptr);
  if (count == 0) {
    m_reason = "no Vulkan physical device";
    return;
  }
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(m_instance, &count, devices.data());
  m_physical = devices[0];
  vkGetPhysicalDeviceMemoryProperties(m_physical, &m_memory);
  uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(m_physical, &families, nullptr);
  std::vector<VkQueueFamilyProperties> props(families);
  vkGetPhysicalDeviceQueueFamilyProperties(m_physical, &families, props.data());
  m_queueFamily = families;
  for (uint32_t i = 0; i < families; i++)
    if (props[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      m_queueFamily = i;
      break;
    }
  if (m_queueFamily == families) {
    m_reason = "no compute queue";
    return;
  }
  // Enable what the shaders need and the device has; a missing one fails the shader that needs it.
  VkPhysicalDeviceFeatures supported{};
  vkGetPhysicalDeviceFeatures(m_physical, &supported);
  auto features = make<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  features.features.shaderFloat64 = supported.shaderFloat64;
  features.features.shaderStorageImageWriteWithoutFormat = supported.shaderStorageImageWriteWithoutFormat;
  // Transform feedback tests: the extension, its feature, and draw parameters for SV_VertexID.
  auto xfbSupported = make<VkPhysicalDeviceTransformFeedbackFeaturesEXT>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT);
  auto drawSupported = make<VkPhysicalDeviceShaderDrawParametersFeatures>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES);
  drawSupported.pNext = &xfbSupported;
  auto query = make<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  query.pNext = &drawSupported;
  uint32_t extensionCount = 0;
  vkEnumerateDeviceExtensionProperties(m_physical, nullptr, &extensionCount, nullptr);
  std::vector<VkExtensionProperties> extensions(extensionCount);
  vkEnumerateDeviceExtensionProperties(m_physical, nullptr, &extensionCount, extensions.data());
  bool hasXfb = false;
  for (const auto& e : extensions)
    hasXfb = hasXfb || std::strcmp(e.extensionName, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME) == 0;
  if (hasXfb)
    vkGetPhysicalDeviceFeatures2(m_physical, &query);
  m_transformFeedback = hasXfb && xfbSupported.transformFeedback && drawSupported.shaderDrawParameters &&
                        (props[m_queueFamily].queueFlags & VK_QUEUE_GRAPHICS_BIT);
  auto xfb = make<VkPhysicalDeviceTransformFeedbackFeaturesEXT>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT);
  auto draw = make<VkPhysicalDeviceShaderDrawParametersFeatures>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES);
  const char* xfbExtension = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
  m_geometryStreams = m_transformFeedback && supported.geometryShader && xfbSupported.geometryStreams;
  features.features.geometryShader = m_geometryStreams;
  if (m_transformFeedback) {
    xfb.transformFeedback = VK_TRUE;
    xfb.geometryStreams = m_geometryStreams;
    draw.shaderDrawParameters = VK_TRUE;
    draw.pNext = &xfb;
    features.pNext = &draw;
  }
  float priority = 1.0f;
  auto queue = make<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
  queue.queueFamilyIndex = m_queueFamily;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  auto device = make<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
  device.queueCreateInfoCount = 1;
  device.pQueueCreateInfos = &queue;
  device.pNext = &features;
  if (m_transformFeedback) {
    device.enabledExtensionCount = 1;
    device.ppEnabledExtensionNames = &xfbExtension;
  }
  check(vkCreateDevice(m_physical, &device, nullptr, &m_device), "vkCreateDevice");
  vkGetDeviceQueue(m_device, m_queueFamily, 0, &m_queue);
}

ComputeRunner::~ComputeRunner() {
  if (m_device)
    vkDestroyDevice(m_device, nullptr);
  if (m_messenger) {
    auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(m_instance, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy)
      destroy(m_instance, m_messenger, nullptr);
  }
  // The instance is left alive, as d3d11vk's own process-wide instance is: destroying it unloads
  // lavapipe, whose unload leaks a block LeakSanitizer then cannot attribute to the driver (its
  // module is gone), so the suppressions for driver leaks could not apply.
}

uint32_t ComputeRunner::memoryType(uint32_t bits) const {
  VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (uint32_t i = 0; i < m_memory.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (m_memory.memoryTypes[i].propertyFlags & want) == want)
      return i;
  throw std::runtime_error("no host-visible coherent memory type");
}

std::vector<std::vector<uint32_t>> ComputeRunner::run(const dxbc::CompileResult& shader,
                                                      const std::vector<BufferData>& buffers, uint32_t groups) {
  struct Resource {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkBufferView view = VK_NULL_HANDLE;
    void* mapped = nullptr;
    VkDeviceSize size = 0;
  };
  std::vector<Resource> resources(buffers.size());
  std::vector<VkDescriptorSetLayoutBinding> layoutBindings;
  std::vector<VkWriteDescriptorSet> writes;
  std::vector<VkDescriptorBufferInfo> bufferInfos(shader.reflection.bindings.size());
  std::vector<VkDescriptorPoolSize> poolSizes;
  auto descriptorType = [](dxbc::DescriptorKind kind) {
    switch (kind) {
      case dxbc::DescriptorKind::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      case dxbc::DescriptorKind::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      case dxbc::DescriptorKind::UniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
      case dxbc::DescriptorKind::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
      default: throw std::runtime_error("the execution tests use buffers only");
    }
  };
  std::vector<VkBufferView> views(shader.reflection.bindings.size());
  for (size_t i = 0; i < shader.reflection.bindings.size(); i++) {
    const dxbc::ShaderBinding& binding = shader.reflection.bindings[i];
    size_t index = buffers.size();
    for (size_t k = 0; k < buffers.size(); k++)
      if (buffers[k].kind == binding.kind && buffers[k].slot == binding.slot)
        index = k;
    if (index == buffers.size())
      throw std::runtime_error("the shader uses a binding the test gives no buffer for (slot " +
                               std::to_string(binding.slot) + ")");
    Resource& r = resources[index];
    VkDescriptorType type = descriptorType(binding.descriptor);
    if (!r.buffer) {
      r.size = std::max<VkDeviceSize>(4096, buffers[index].words.size() * 4);
      auto info = make<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
      info.size = r.size;
      info.usage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                   VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
      check(vkCreateBuffer(m_device, &info, nullptr, &r.buffer), "vkCreateBuffer");
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(m_device, r.buffer, &req);
      auto alloc = make<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
      alloc.allocationSize = req.size;
      alloc.memoryTypeIndex = memoryType(req.memoryTypeBits);
      check(vkAllocateMemory(m_device, &alloc, nullptr, &r.memory), "vkAllocateMemory");
      check(vkBindBufferMemory(m_device, r.buffer, r.memory, 0), "vkBindBufferMemory");
      check(vkMapMemory(m_device, r.memory, 0, VK_WHOLE_SIZE, 0, &r.mapped), "vkMapMemory");
      std::memset(r.mapped, 0, r.size);
      if (!buffers[index].words.empty())
        std::memcpy(r.mapped, buffers[index].words.data(), buffers[index].words.size() * 4);
    }
    VkDescriptorSetLayoutBinding lb{};
    lb.binding = binding.vulkan.binding;
    lb.descriptorType = type;
    lb.descriptorCount = 1;
    lb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    layoutBindings.push_back(lb);
    poolSizes.push_back(VkDescriptorPoolSize{type, 1});
    auto w = make<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    w.dstBinding = binding.vulkan.binding;
    w.descriptorCount = 1;
    w.descriptorType = type;
    if (type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER) {
      // Typed buffers in these tests are R32_UINT, the format D3D11 allows typed UAV loads from.
      auto view = make<VkBufferViewCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO);
      view.buffer = r.buffer;
      view.format = VK_FORMAT_R32_UINT;
      view.range = VK_WHOLE_SIZE;
      check(vkCreateBufferView(m_device, &view, nullptr, &views[i]), "vkCreateBufferView");
      w.pTexelBufferView = &views[i];
    } else {
      bufferInfos[i] = VkDescriptorBufferInfo{r.buffer, 0, binding.descriptor == dxbc::DescriptorKind::UniformBuffer
                                                             ? std::min<VkDeviceSize>(r.size, 65536) : VK_WHOLE_SIZE};
      w.pBufferInfo = &bufferInfos[i];
    }
    writes.push_back(w);
  }

  auto layoutInfo = make<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  layoutInfo.bindingCount = uint32_t(layoutBindings.size());
  layoutInfo.pBindings = layoutBindings.data();
  VkDescriptorSetLayout setLayout;
  check(vkCreateDescriptorSetLayout(m_device, &layoutInfo, nullptr, &setLayout), "vkCreateDescriptorSetLayout");
  auto pipelineLayoutInfo = make<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  pipelineLayoutInfo.setLayoutCount = 1;
  pipelineLayoutInfo.pSetLayouts = &setLayout;
  VkPipelineLayout pipelineLayout;
  check(vkCreatePipelineLayout(m_device, &pipelineLayoutInfo, nullptr, &pipelineLayout), "vkCreatePipelineLayout");
  auto moduleInfo = make<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  moduleInfo.codeSize = shader.spirv.size() * 4;
  moduleInfo.pCode = shader.spirv.data();
  VkShaderModule module;
  check(vkCreateShaderModule(m_device, &moduleInfo, nullptr, &module), "vkCreateShaderModule");
  auto pipelineInfo = make<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
  pipelineInfo.stage = make<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = module;
  pipelineInfo.stage.pName = "main";
  pipelineInfo.layout = pipelineLayout;
  VkPipeline pipeline;
  check(vkCreateComputePipelines(m_device, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &pipeline), "vkCreateComputePipelines");

  auto poolInfo = make<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  poolInfo.maxSets = 1;
  poolInfo.poolSizeCount = uint32_t(poolSizes.size());
  poolInfo.pPoolSizes = poolSizes.data();
  VkDescriptorPool pool;
  check(vkCreateDescriptorPool(m_device, &poolInfo, nullptr, &pool), "vkCreateDescriptorPool");
  auto setInfo = make<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  setInfo.descriptorPool = pool;
  setInfo.descriptorSetCount = 1;
  setInfo.pSetLayouts = &setLayout;
  VkDescriptorSet set;
  check(vkAllocateDescriptorSets(m_device, &setInfo, &set), "vkAllocateDescriptorSets");
  for (auto& w : writes)
    w.dstSet = set;
  vkUpdateDescriptorSets(m_device, uint32_t(writes.size()), writes.data(), 0, nullptr);

  auto cmdPoolInfo = make<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  cmdPoolInfo.queueFamilyIndex = m_queueFamily;
  VkCommandPool cmdPool;
  check(vkCreateCommandPool(m_device, &cmdPoolInfo, nullptr, &cmdPool), "vkCreateCommandPool");
  auto cmdInfo = make<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
  cmdInfo.commandPool = cmdPool;
  cmdInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cmdInfo.commandBufferCount = 1;
  VkCommandBuffer cmd;
  check(vkAllocateCommandBuffers(m_device, &cmdInfo, &cmd), "vkAllocateCommandBuffers");
  auto begin = make<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout, 0, 1, &set, 0, nullptr);
  vkCmdDispatch(cmd, groups, 1, 1);
  // The host reads the results after the fence: make the shader's writes visible to it.
  auto barrier = make<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
  barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr,
                       0, nullptr);
  check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
  auto fenceInfo = make<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
  VkFence fence;
  check(vkCreateFence(m_device, &fenceInfo, nullptr, &fence), "vkCreateFence");
  auto submit = make<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  check(vkQueueSubmit(m_queue, 1, &submit, fence), "vkQueueSubmit");
  check(vkWaitForFences(m_device, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");

  std::vector<std::vector<uint32_t>> results;
  for (size_t k = 0; k < buffers.size(); k++) {
    std::vector<uint32_t> words(resources[k].size / 4);
    if (resources[k].mapped)
      std::memcpy(words.data(), resources[k].mapped, words.size() * 4);
    results.push_back(words);
  }
  vkDestroyFence(m_device, fence, nullptr);
  vkDestroyCommandPool(m_device, cmdPool, nullptr);
  vkDestroyDescriptorPool(m_device, pool, nullptr);
  vkDestroyPipeline(m_device, pipeline, nullptr);
  vkDestroyShaderModule(m_device, module, nullptr);
  vkDestroyPipelineLayout(m_device, pipelineLayout, nullptr);
  vkDestroyDescriptorSetLayout(m_device, setLayout, nullptr);
  for (VkBufferView v : views)
    if (v)
      vkDestroyBufferView(m_device, v, nullptr);
  for (Resource& r : resources) {
    if (r.buffer)
      vkDestroyBuffer(m_device, r.buffer, nullptr);
    if (r.memory)
      vkFreeMemory(m_device, r.memory, nullptr);
  }
  return results;
}

std::vector<std::vector<uint32_t>> ComputeRunner::runTransformFeedback(const dxbc::CompileResult& shader,
                                                                       uint32_t vertices,
                                                                       const std::vector<uint32_t>& slotBytes,
                                                                       const dxbc::CompileResult* geometryShader) {
  if (!m_transformFeedback)
    throw std::runtime_error("the device has no VK_EXT_transform_feedback (or no graphics queue)");
  auto bindBuffers = reinterpret_cast<PFN_vkCmdBindTransformFeedbackBuffersEXT>(
    vkGetDeviceProcAddr(m_device, "vkCmdBindTransformFeedbackBuffersEXT"));
  auto beginXfb = reinterpret_cast<PFN_vkCmdBeginTransformFeedbackEXT>(
    vkGetDeviceProcAddr(m_device, "vkCmdBeginTransformFeedbackEXT"));
  auto endXfb = reinterpret_cast<PFN_vkCmdEndTransformFeedbackEXT>(
    vkGetDeviceProcAddr(m_device, "vkCmdEndTransformFeedbackEXT"));
  if (!bindBuffers || !beginXfb || !endXfb)
    throw std::runtime_error("transform feedback entry points are missing");

  std::vector<VkBuffer> buffers(slotBytes.size());
  std::vector<VkDeviceMemory> memories(slotBytes.size());
  std::vector<void*> mapped(slotBytes.size());
  std::vector<VkDeviceSize> offsets(slotBytes.size(), 0), sizes(slotBytes.size());
  for (size_t i = 0; i < slotBytes.size(); i++) {
    auto info = make<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
    info.size = sizes[i] = slotBytes[i];
    info.usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
    check(vkCreateBuffer(m_device, &info, nullptr, &buffers[i]), "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(m_device, buffers[i], &req);
    auto alloc = make<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = memoryType(req.memoryTypeBits);
    check(vkAllocateMemory(m_device, &alloc, nullptr, &memories[i]), "vkAllocateMemory");
    check(vkBindBufferMemory(m_device, buffers[i], memories[i], 0), "vkBindBufferMemory");
    check(vkMapMemory(m_device, memories[i], 0, VK_WHOLE_SIZE, 0, &mapped[i]), "vkMapMemory");
    std::memset(mapped[i], 0, slotBytes[i]);
  }

  // No attachments and no rasterization: the vertex shader's captured outputs are the result.
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  auto passInfo = make<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
  passInfo.subpassCount = 1;
  passInfo.pSubpasses = &subpass;
  VkRenderPass pass;
  check(vkCreateRenderPass(m_device, &passInfo, nullptr, &pass), "vkCreateRenderPass");
  auto fbInfo = make<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
  fbInfo.renderPass = pass;
  fbInfo.width = fbInfo.height = fbInfo.layers = 1;
  VkFramebuffer framebuffer;
  check(vkCreateFramebuffer(m_device, &fbInfo, nullptr, &framebuffer), "vkCreateFramebuffer");
  auto layoutInfo = make<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  VkPipelineLayout layout;
  check(vkCreatePipelineLayout(m_device, &layoutInfo, nullptr, &layout), "vkCreatePipelineLayout");
  auto moduleInfo = make<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  moduleInfo.codeSize = shader.spirv.size() * 4;
  moduleInfo.pCode = shader.spirv.data();
  VkShaderModule module, gsModule = VK_NULL_HANDLE;
  check(vkCreateShaderModule(m_device, &moduleInfo, nullptr, &module), "vkCreateShaderModule");
  VkPipelineShaderStageCreateInfo stages[2];
  stages[0] = make<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = module;
  stages[0].pName = "main";
  if (geometryShader) {
    if (!m_geometryStreams)
      throw std::runtime_error("the device has no geometry shader streams for transform feedback");
    moduleInfo.codeSize = geometryShader->spirv.size() * 4;
    moduleInfo.pCode = geometryShader->spirv.data();
    check(vkCreateShaderModule(m_device, &moduleInfo, nullptr, &gsModule), "vkCreateShaderModule");
    stages[1] = stages[0];
    stages[1].stage = VK_SHADER_STAGE_GEOMETRY_BIT;
    stages[1].module = gsModule;
  }
  auto vertexInput = make<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  auto assembly = make<VkPipelineInputAssemblyStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
  auto raster = make<VkPipelineRasterizationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  raster.rasterizerDiscardEnable = VK_TRUE;
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.lineWidth = 1.0f;
  auto pipelineInfo = make<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  pipelineInfo.stageCount = geometryShader ? 2 : 1;
  pipelineInfo.pStages = stages;
  pipelineInfo.pVertexInputState = &vertexInput;
  pipelineInfo.pInputAssemblyState = &assembly;
  pipelineInfo.pRasterizationState = &raster;
  pipelineInfo.layout = layout;
  pipelineInfo.renderPass = pass;
  VkPipeline pipeline;
  check(vkCreateGraphicsPipelines(m_device, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &pipeline),
        "vkCreateGraphicsPipelines");

  auto cmdPoolInfo = make<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  cmdPoolInfo.queueFamilyIndex = m_queueFamily;
  VkCommandPool cmdPool;
  check(vkCreateCommandPool(m_device, &cmdPoolInfo, nullptr, &cmdPool), "vkCreateCommandPool");
  auto cmdInfo = make<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
  cmdInfo.commandPool = cmdPool;
  cmdInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cmdInfo.commandBufferCount = 1;
  VkCommandBuffer cmd;
  check(vkAllocateCommandBuffers(m_device, &cmdInfo, &cmd), "vkAllocateCommandBuffers");
  auto begin = make<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
  auto passBegin = make<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
  passBegin.renderPass = pass;
  passBegin.framebuffer = framebuffer;
  passBegin.renderArea.extent = {1, 1};
  vkCmdBeginRenderPass(cmd, &passBegin, VK_SUBPASS_CONTENTS_INLINE);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  bindBuffers(cmd, 0, uint32_t(buffers.size()), buffers.data(), offsets.data(), sizes.data());
  beginXfb(cmd, 0, 0, nullptr, nullptr);
  vkCmdDraw(cmd, vertices, 1, 0, 0);
  endXfb(cmd, 0, 0, nullptr, nullptr);
  vkCmdEndRenderPass(cmd);
  auto barrier = make<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
  barrier.srcAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                       nullptr, 0, nullptr);
  check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
  auto fenceInfo = make<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
  VkFence fence;
  check(vkCreateFence(m_device, &fenceInfo, nullptr, &fence), "vkCreateFence");
  auto submit = make<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  check(vkQueueSubmit(m_queue, 1, &submit, fence), "vkQueueSubmit");
  check(vkWaitForFences(m_device, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");

  std::vector<std::vector<uint32_t>> results;
  for (size_t i = 0; i < buffers.size(); i++) {
    std::vector<uint32_t> words(slotBytes[i] / 4);
    std::memcpy(words.data(), mapped[i], words.size() * 4);
    results.push_back(words);
  }
  vkDestroyFence(m_device, fence, nullptr);
  vkDestroyCommandPool(m_device, cmdPool, nullptr);
  vkDestroyPipeline(m_device, pipeline, nullptr);
  vkDestroyShaderModule(m_device, module, nullptr);
  if (gsModule)
    vkDestroyShaderModule(m_device, gsModule, nullptr);
  vkDestroyPipelineLayout(m_device, layout, nullptr);
  vkDestroyFramebuffer(m_device, framebuffer, nullptr);
  vkDestroyRenderPass(m_device, pass, nullptr);
  for (size_t i = 0; i < buffers.size(); i++) {
    vkDestroyBuffer(m_device, buffers[i], nullptr);
    vkFreeMemory(m_device, memories[i], nullptr);
  }
  return results;
}

}  // namespace exec_test
