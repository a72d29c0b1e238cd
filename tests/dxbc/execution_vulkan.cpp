// The execution tests' Vulkan runner: instance, device, buffers, descriptors, one dispatch or draw.
#include "execution_vulkan.h"

#include <algorithm>
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
  // The compiler emits SPIR-V 1.3 (Vulkan 1.1); 1.2 for the float controls, core there.
  app.apiVersion = VK_API_VERSION_1_2;
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
  // Float controls as d3d11vk's device asks for them (D3D11Device, ShaderCache::setDeviceFeatures).
  VkPhysicalDeviceProperties deviceProperties;
  vkGetPhysicalDeviceProperties(m_physical, &deviceProperties);
  if (deviceProperties.apiVersion >= VK_API_VERSION_1_2) {
    auto floatControls = make<VkPhysicalDeviceFloatControlsProperties>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES);
    auto properties2 = make<VkPhysicalDeviceProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
    properties2.pNext = &floatControls;
    vkGetPhysicalDeviceProperties2(m_physical, &properties2);
    m_compileOptions.preserveSignedZeroInfNan32 = floatControls.shaderSignedZeroInfNanPreserveFloat32;
    m_compileOptions.preserveSignedZeroInfNan64 = floatControls.shaderSignedZeroInfNanPreserveFloat64;
  }
  uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(m_physical, &families, nullptr);
  std::vector<VkQueueFamilyProperties> props(families);
  vkGetPhysicalDeviceQueueFamilyProperties(m_physical, &families, props.data());
  // A family with graphics and compute when there is one (transform feedback and pixel runs
  // draw), else any with compute.
  auto score = [&](uint32_t i) {
    VkQueueFlags flags = props[i].queueFlags;
    return !(flags & VK_QUEUE_COMPUTE_BIT) ? 0 : (flags & VK_QUEUE_GRAPHICS_BIT) ? 2 : 1;
  };
  m_queueFamily = families;
  for (uint32_t i = 0; i < families; i++)
    if (score(i) && (m_queueFamily == families || score(i) > score(m_queueFamily)))
      m_queueFamily = i;
  if (m_queueFamily == families) {
    m_reason = "no compute queue";
    return;
  }
  const bool graphics = props[m_queueFamily].queueFlags & VK_QUEUE_GRAPHICS_BIT;
  // Enable what the shaders need and the device has; a missing one fails the shader that needs it.
  VkPhysicalDeviceFeatures supported{};
  vkGetPhysicalDeviceFeatures(m_physical, &supported);
  auto features = make<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  features.features.shaderFloat64 = supported.shaderFloat64;
  features.features.shaderStorageImageWriteWithoutFormat = supported.shaderStorageImageWriteWithoutFormat;
  // Pixel runs write their results through UAVs (storage buffers in the fragment stage).
  features.features.fragmentStoresAndAtomics = supported.fragmentStoresAndAtomics;
  // Draw parameters for SV_VertexID (the compiler subtracts BaseVertex from VertexIndex); transform
  // feedback tests: the extension and its feature too.
  auto xfbSupported = make<VkPhysicalDeviceTransformFeedbackFeaturesEXT>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT);
  auto drawSupported = make<VkPhysicalDeviceShaderDrawParametersFeatures>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES);
  auto query = make<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  query.pNext = &drawSupported;
  uint32_t extensionCount = 0;
  vkEnumerateDeviceExtensionProperties(m_physical, nullptr, &extensionCount, nullptr);
  std::vector<VkExtensionProperties> extensions(extensionCount);
  vkEnumerateDeviceExtensionProperties(m_physical, nullptr, &extensionCount, extensions.data());
  auto hasExtension = [&](const char* name) {
    for (const auto& e : extensions)
      if (std::strcmp(e.extensionName, name) == 0)
        return true;
    return false;
  };
  const bool hasXfb = hasExtension(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME);
  const bool hasDemote = hasExtension(VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME);
  // An extension's structure may only be chained where the device has it.
  auto demoteSupported = make<VkPhysicalDeviceShaderDemoteToHelperInvocationFeaturesEXT>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES_EXT);
  if (hasXfb)
    drawSupported.pNext = &xfbSupported;
  if (hasDemote) {
    demoteSupported.pNext = query.pNext;
    query.pNext = &demoteSupported;
  }
  vkGetPhysicalDeviceFeatures2(m_physical, &query);
  m_drawParameters = drawSupported.shaderDrawParameters;
  m_transformFeedback = hasXfb && xfbSupported.transformFeedback && m_drawParameters && graphics;
  m_fragmentStores = supported.fragmentStoresAndAtomics && graphics;
  auto xfb = make<VkPhysicalDeviceTransformFeedbackFeaturesEXT>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT);
  auto draw = make<VkPhysicalDeviceShaderDrawParametersFeatures>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES);
  m_geometryStreams = m_transformFeedback && supported.geometryShader && xfbSupported.geometryStreams;
  features.features.geometryShader = m_geometryStreams;
  draw.shaderDrawParameters = m_drawParameters;
  features.pNext = &draw;
  std::vector<const char*> enabledExtensions;
  if (m_transformFeedback) {
    xfb.transformFeedback = VK_TRUE;
    xfb.geometryStreams = m_geometryStreams;
    draw.pNext = &xfb;
    enabledExtensions.push_back(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME);
  }
  // Discard as d3d11vk's device compiles it (demote where the device has it; ShaderCache).
  auto demote = make<VkPhysicalDeviceShaderDemoteToHelperInvocationFeaturesEXT>(
    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES_EXT);
  if (hasDemote && demoteSupported.shaderDemoteToHelperInvocation && graphics) {
    demote.shaderDemoteToHelperInvocation = VK_TRUE;
    demote.pNext = features.pNext;
    features.pNext = &demote;
    enabledExtensions.push_back(VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME);
    m_compileOptions.demoteToHelperInvocation = true;
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
  device.enabledExtensionCount = uint32_t(enabledExtensions.size());
  device.ppEnabledExtensionNames = enabledExtensions.data();
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

// Everything one run creates, destroyed when the run returns or throws, so that a failing case
// leaks nothing into the next one (nor anything LeakSanitizer would report at exit).
struct ComputeRunner::Objects {
  struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void* mapped = nullptr;
    VkDeviceSize size = 0;
  };
  VkDevice device;
  std::vector<Buffer> buffers;                    // by BufferData index or transform feedback slot
  std::vector<VkBufferView> views;
  std::vector<VkDescriptorSetLayout> setLayouts;  // by set number, the unused numbers' empty
  std::vector<VkDescriptorSet> sets;              // by set number, null where unused
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  std::vector<VkShaderModule> modules;
  VkRenderPass pass = VK_NULL_HANDLE;
  VkFramebuffer framebuffer = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;

  explicit Objects(VkDevice d) : device(d) {}
  Objects(const Objects&) = delete;
  Objects& operator=(const Objects&) = delete;
  ~Objects() {
    vkDestroyPipeline(device, pipeline, nullptr);
    vkDestroyFramebuffer(device, framebuffer, nullptr);
    vkDestroyRenderPass(device, pass, nullptr);
    for (VkShaderModule m : modules)
      vkDestroyShaderModule(device, m, nullptr);
    vkDestroyPipelineLayout(device, layout, nullptr);
    vkDestroyDescriptorPool(device, pool, nullptr);
    for (VkDescriptorSetLayout l : setLayouts)
      vkDestroyDescriptorSetLayout(device, l, nullptr);
    for (VkBufferView v : views)
      vkDestroyBufferView(device, v, nullptr);
    for (Buffer& b : buffers) {
      vkDestroyBuffer(device, b.buffer, nullptr);
      vkFreeMemory(device, b.memory, nullptr);
    }
  }

  // Each buffer's words as the device left them (none for a buffer no shader used).
  std::vector<std::vector<uint32_t>> contents() const {
    std::vector<std::vector<uint32_t>> results;
    for (const Buffer& b : buffers) {
      std::vector<uint32_t> words(b.size / 4);
      if (b.mapped)
        std::memcpy(words.data(), b.mapped, words.size() * 4);
      results.push_back(words);
    }
    return results;
  }
};

// A host-visible buffer of `size` bytes, mapped, holding `words` and zeros after them.
void ComputeRunner::createBuffer(Objects& o, size_t index, VkDeviceSize size, VkBufferUsageFlags usage,
                                 const std::vector<uint32_t>& words) {
  Objects::Buffer& b = o.buffers[index];
  b.size = size;
  auto info = make<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
  info.size = size;
  info.usage = usage;
  check(vkCreateBuffer(m_device, &info, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(m_device, b.buffer, &req);
  auto alloc = make<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = memoryType(req.memoryTypeBits);
  check(vkAllocateMemory(m_device, &alloc, nullptr, &b.memory), "vkAllocateMemory");
  check(vkBindBufferMemory(m_device, b.buffer, b.memory, 0), "vkBindBufferMemory");
  check(vkMapMemory(m_device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
  std::memset(b.mapped, 0, size);
  if (!words.empty())
    std::memcpy(b.mapped, words.data(), words.size() * 4);
}

// The buffers, descriptor sets and pipeline layout for the stages' reflected bindings: each
// binding gets the BufferData of its kind and slot, in the set the binding model gives its stage
// (a compute shader's is 0, a pixel shader's 4); the set numbers below the highest used get empty
// layouts, as a pipeline layout has no gaps.
void ComputeRunner::createDescriptors(Objects& o, const std::vector<Stage>& stages,
                                      const std::vector<BufferData>& buffers) {
  auto descriptorType = [](dxbc::DescriptorKind kind) {
    switch (kind) {
      case dxbc::DescriptorKind::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      case dxbc::DescriptorKind::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      case dxbc::DescriptorKind::UniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
      case dxbc::DescriptorKind::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
      default: throw std::runtime_error("the execution tests use buffers only");
    }
  };
  o.buffers.resize(buffers.size());
  size_t total = 0;
  uint32_t setCount = 0;
  for (const Stage& s : stages)
    for (const dxbc::ShaderBinding& binding : s.shader->reflection.bindings) {
      total++;
      setCount = std::max(setCount, binding.vulkan.set + 1);
    }
  // Reserved up front: the writes point into these.
  std::vector<VkDescriptorBufferInfo> bufferInfos(total);
  o.views.reserve(total);
  std::vector<std::vector<VkDescriptorSetLayoutBinding>> layoutBindings(setCount);
  std::vector<std::pair<uint32_t, VkWriteDescriptorSet>> writes;  // by set number
  std::vector<VkDescriptorPoolSize> poolSizes;
  for (const Stage& s : stages)
    for (const dxbc::ShaderBinding& binding : s.shader->reflection.bindings) {
      size_t index = buffers.size();
      for (size_t k = 0; k < buffers.size(); k++)
        if (buffers[k].kind == binding.kind && buffers[k].slot == binding.slot)
          index = k;
      if (index == buffers.size())
        throw std::runtime_error("the shader uses a binding the test gives no buffer for (slot " +
                                 std::to_string(binding.slot) + ")");
      Objects::Buffer& r = o.buffers[index];
      if (!r.buffer)
        createBuffer(o, index, std::max<VkDeviceSize>(4096, buffers[index].words.size() * 4),
                     VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                       VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT,
                     buffers[index].words);
      VkDescriptorType type = descriptorType(binding.descriptor);
      VkDescriptorSetLayoutBinding lb{};
      lb.binding = binding.vulkan.binding;
      lb.descriptorType = type;
      lb.descriptorCount = 1;
      lb.stageFlags = s.stage;
      layoutBindings[binding.vulkan.set].push_back(lb);
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
        o.views.push_back(VK_NULL_HANDLE);
        check(vkCreateBufferView(m_device, &view, nullptr, &o.views.back()), "vkCreateBufferView");
        w.pTexelBufferView = &o.views.back();
      } else {
        VkDescriptorBufferInfo& info = bufferInfos[writes.size()];
        info = VkDescriptorBufferInfo{r.buffer, 0, binding.descriptor == dxbc::DescriptorKind::UniformBuffer
                                                     ? std::min<VkDeviceSize>(r.size, 65536) : VK_WHOLE_SIZE};
        w.pBufferInfo = &info;
      }
      writes.push_back({binding.vulkan.set, w});
    }

  o.setLayouts.resize(setCount);
  for (uint32_t set = 0; set < setCount; set++) {
    auto layoutInfo = make<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
    layoutInfo.bindingCount = uint32_t(layoutBindings[set].size());
    layoutInfo.pBindings = layoutBindings[set].data();
    check(vkCreateDescriptorSetLayout(m_device, &layoutInfo, nullptr, &o.setLayouts[set]), "vkCreateDescriptorSetLayout");
  }
  auto pipelineLayoutInfo = make<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  pipelineLayoutInfo.setLayoutCount = setCount;
  pipelineLayoutInfo.pSetLayouts = o.setLayouts.data();
  check(vkCreatePipelineLayout(m_device, &pipelineLayoutInfo, nullptr, &o.layout), "vkCreatePipelineLayout");
  if (writes.empty())
    return;

  auto poolInfo = make<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  poolInfo.maxSets = setCount;
  poolInfo.poolSizeCount = uint32_t(poolSizes.size());
  poolInfo.pPoolSizes = poolSizes.data();
  check(vkCreateDescriptorPool(m_device, &poolInfo, nullptr, &o.pool), "vkCreateDescriptorPool");
  o.sets.assign(setCount, VK_NULL_HANDLE);
  for (uint32_t set = 0; set < setCount; set++) {
    if (layoutBindings[set].empty())
      continue;
    auto setInfo = make<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
    setInfo.descriptorPool = o.pool;
    setInfo.descriptorSetCount = 1;
    setInfo.pSetLayouts = &o.setLayouts[set];
    check(vkAllocateDescriptorSets(m_device, &setInfo, &o.sets[set]), "vkAllocateDescriptorSets");
  }
  std::vector<VkWriteDescriptorSet> updates;
  for (auto& [set, w] : writes) {
    w.dstSet = o.sets[set];
    updates.push_back(w);
  }
  vkUpdateDescriptorSets(m_device, uint32_t(updates.size()), updates.data(), 0, nullptr);
}

void ComputeRunner::bindDescriptors(VkCommandBuffer cmd, const Objects& o, VkPipelineBindPoint point) {
  for (uint32_t set = 0; set < o.sets.size(); set++)
    if (o.sets[set])
      vkCmdBindDescriptorSets(cmd, point, o.layout, set, 1, &o.sets[set], 0, nullptr);
}

VkPipelineShaderStageCreateInfo ComputeRunner::createStage(Objects& o, const Stage& stage) {
  auto moduleInfo = make<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  moduleInfo.codeSize = stage.shader->spirv.size() * 4;
  moduleInfo.pCode = stage.shader->spirv.data();
  o.modules.push_back(VK_NULL_HANDLE);
  check(vkCreateShaderModule(m_device, &moduleInfo, nullptr, &o.modules.back()), "vkCreateShaderModule");
  auto info = make<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
  info.stage = stage.stage;
  info.module = o.modules.back();
  info.pName = "main";
  return info;
}

// A render pass with no attachments and a framebuffer of the given size, and a graphics pipeline
// on them: rasterization discarded (only transform feedback sees the vertices), or a triangle
// list rasterized over the whole framebuffer (the pixel shader's UAV writes are the result).
void ComputeRunner::createGraphicsPipeline(Objects& o, const std::vector<Stage>& stages, VkPrimitiveTopology topology,
                                           bool discard, uint32_t width, uint32_t height) {
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  auto passInfo = make<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
  passInfo.subpassCount = 1;
  passInfo.pSubpasses = &subpass;
  check(vkCreateRenderPass(m_device, &passInfo, nullptr, &o.pass), "vkCreateRenderPass");
  auto fbInfo = make<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
  fbInfo.renderPass = o.pass;
  fbInfo.width = width;
  fbInfo.height = height;
  fbInfo.layers = 1;
  check(vkCreateFramebuffer(m_device, &fbInfo, nullptr, &o.framebuffer), "vkCreateFramebuffer");
  std::vector<VkPipelineShaderStageCreateInfo> infos;
  for (const Stage& s : stages)
    infos.push_back(createStage(o, s));
  auto vertexInput = make<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  auto assembly = make<VkPipelineInputAssemblyStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  assembly.topology = topology;
  auto raster = make<VkPipelineRasterizationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  raster.rasterizerDiscardEnable = discard;
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1.0f;
  VkViewport viewport{0, 0, float(width), float(height), 0, 1};
  VkRect2D scissor{{0, 0}, {width, height}};
  auto viewportState = make<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
  viewportState.viewportCount = viewportState.scissorCount = 1;
  viewportState.pViewports = &viewport;
  viewportState.pScissors = &scissor;
  auto multisample = make<VkPipelineMultisampleStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
  multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  auto pipelineInfo = make<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  pipelineInfo.stageCount = uint32_t(infos.size());
  pipelineInfo.pStages = infos.data();
  pipelineInfo.pVertexInputState = &vertexInput;
  pipelineInfo.pInputAssemblyState = &assembly;
  pipelineInfo.pRasterizationState = &raster;
  if (!discard) {  // no color attachments: no blend state either
    pipelineInfo.pViewportState = &viewportState;
    pipelineInfo.pMultisampleState = &multisample;
  }
  pipelineInfo.layout = o.layout;
  pipelineInfo.renderPass = o.pass;
  check(vkCreateGraphicsPipelines(m_device, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &o.pipeline),
        "vkCreateGraphicsPipelines");
}

void ComputeRunner::beginPass(VkCommandBuffer cmd, const Objects& o, uint32_t width, uint32_t height) {
  auto passBegin = make<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
  passBegin.renderPass = o.pass;
  passBegin.framebuffer = o.framebuffer;
  passBegin.renderArea.extent = {width, height};
  vkCmdBeginRenderPass(cmd, &passBegin, VK_SUBPASS_CONTENTS_INLINE);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, o.pipeline);
  bindDescriptors(cmd, o, VK_PIPELINE_BIND_POINT_GRAPHICS);
}

// Records one command buffer, ends it with a barrier that makes the writes of `stage` (`access`)
// visible to the host, which reads the results after the fence, submits it and waits.
void ComputeRunner::submit(const std::function<void(VkCommandBuffer)>& record, VkPipelineStageFlags stage,
                           VkAccessFlags access) {
  struct Pool {  // the command pool and fence, freed however the submission ends
    VkDevice device;
    VkCommandPool pool = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    ~Pool() {
      vkDestroyFence(device, fence, nullptr);
      vkDestroyCommandPool(device, pool, nullptr);
    }
  } p{m_device};
  auto cmdPoolInfo = make<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  cmdPoolInfo.queueFamilyIndex = m_queueFamily;
  check(vkCreateCommandPool(m_device, &cmdPoolInfo, nullptr, &p.pool), "vkCreateCommandPool");
  auto cmdInfo = make<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
  cmdInfo.commandPool = p.pool;
  cmdInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cmdInfo.commandBufferCount = 1;
  VkCommandBuffer cmd;
  check(vkAllocateCommandBuffers(m_device, &cmdInfo, &cmd), "vkAllocateCommandBuffers");
  auto begin = make<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
  record(cmd);
  auto barrier = make<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
  barrier.srcAccessMask = access;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cmd, stage, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
  check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
  auto fenceInfo = make<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
  check(vkCreateFence(m_device, &fenceInfo, nullptr, &p.fence), "vkCreateFence");
  auto info = make<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
  info.commandBufferCount = 1;
  info.pCommandBuffers = &cmd;
  check(vkQueueSubmit(m_queue, 1, &info, p.fence), "vkQueueSubmit");
  check(vkWaitForFences(m_device, 1, &p.fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
}

std::vector<std::vector<uint32_t>> ComputeRunner::run(const dxbc::CompileResult& shader,
                                                      const std::vector<BufferData>& buffers, uint32_t groups) {
  Objects o(m_device);
  const std::vector<Stage> stages = {{&shader, VK_SHADER_STAGE_COMPUTE_BIT}};
  createDescriptors(o, stages, buffers);
  auto pipelineInfo = make<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
  pipelineInfo.stage = createStage(o, stages[0]);
  pipelineInfo.layout = o.layout;
  check(vkCreateComputePipelines(m_device, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &o.pipeline),
        "vkCreateComputePipelines");
  submit([&](VkCommandBuffer cmd) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, o.pipeline);
    bindDescriptors(cmd, o, VK_PIPELINE_BIND_POINT_COMPUTE);
    vkCmdDispatch(cmd, groups, 1, 1);
  }, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
  return o.contents();
}

std::vector<std::vector<uint32_t>> ComputeRunner::runTransformFeedback(const dxbc::CompileResult& shader,
                                                                       uint32_t vertices,
                                                                       const std::vector<uint32_t>& slotBytes,
                                                                       const dxbc::CompileResult* geometryShader) {
  if (!m_transformFeedback)
    throw std::runtime_error("the device has no VK_EXT_transform_feedback (or no graphics queue)");
  if (geometryShader && !m_geometryStreams)
    throw std::runtime_error("the device has no geometry shader streams for transform feedback");
  auto bindBuffers = reinterpret_cast<PFN_vkCmdBindTransformFeedbackBuffersEXT>(
    vkGetDeviceProcAddr(m_device, "vkCmdBindTransformFeedbackBuffersEXT"));
  auto beginXfb = reinterpret_cast<PFN_vkCmdBeginTransformFeedbackEXT>(
    vkGetDeviceProcAddr(m_device, "vkCmdBeginTransformFeedbackEXT"));
  auto endXfb = reinterpret_cast<PFN_vkCmdEndTransformFeedbackEXT>(
    vkGetDeviceProcAddr(m_device, "vkCmdEndTransformFeedbackEXT"));
  if (!bindBuffers || !beginXfb || !endXfb)
    throw std::runtime_error("transform feedback entry points are missing");

  Objects o(m_device);
  std::vector<Stage> stages = {{&shader, VK_SHADER_STAGE_VERTEX_BIT}};
  if (geometryShader)
    stages.push_back({geometryShader, VK_SHADER_STAGE_GEOMETRY_BIT});
  createDescriptors(o, stages, {});
  o.buffers.resize(slotBytes.size());
  std::vector<VkBuffer> handles;
  std::vector<VkDeviceSize> offsets(slotBytes.size(), 0), sizes;
  for (size_t i = 0; i < slotBytes.size(); i++) {
    createBuffer(o, i, slotBytes[i], VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT, {});
    handles.push_back(o.buffers[i].buffer);
    sizes.push_back(slotBytes[i]);
  }
  // No attachments and no rasterization: the vertex shader's captured outputs are the result.
  createGraphicsPipeline(o, stages, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, true, 1, 1);
  submit([&](VkCommandBuffer cmd) {
    beginPass(cmd, o, 1, 1);
    bindBuffers(cmd, 0, uint32_t(handles.size()), handles.data(), offsets.data(), sizes.data());
    beginXfb(cmd, 0, 0, nullptr, nullptr);
    vkCmdDraw(cmd, vertices, 1, 0, 0);
    endXfb(cmd, 0, 0, nullptr, nullptr);
    vkCmdEndRenderPass(cmd);
  }, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT, VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT);
  return o.contents();
}

std::vector<std::vector<uint32_t>> ComputeRunner::runPixel(const dxbc::CompileResult& vertexShader,
                                                           const dxbc::CompileResult& pixelShader,
                                                           const std::vector<BufferData>& buffers, uint32_t width,
                                                           uint32_t height) {
  if (!m_fragmentStores)
    throw std::runtime_error("the device has no fragmentStoresAndAtomics (pixel-shader UAV writes) or no graphics queue");
  if (!m_drawParameters)
    throw std::runtime_error("the device has no shaderDrawParameters (SV_VertexID)");
  Objects o(m_device);
  const std::vector<Stage> stages = {{&vertexShader, VK_SHADER_STAGE_VERTEX_BIT},
                                     {&pixelShader, VK_SHADER_STAGE_FRAGMENT_BIT}};
  createDescriptors(o, stages, buffers);
  createGraphicsPipeline(o, stages, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false, width, height);
  submit([&](VkCommandBuffer cmd) {
    beginPass(cmd, o, width, height);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);
  }, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
  return o.contents();
}

std::string fullScreenVertexShader() {
  // Vertices 0, 1, 2 at (-1, -1), (3, -1), (-1, 3): one triangle over the whole viewport (its
  // parts outside are clipped), so every pixel, and every pixel of every 2x2 quad, is covered once.
  return "// Input signature:\n"
         "//\n"
         "// Name                 Index   Mask Register SysValue  Format   Used\n"
         "// -------------------- ----- ------ -------- -------- ------- ------\n"
         "// SV_VertexID              0   x           0   VERTID    uint   x\n"
         "//\n"
         "// Output signature:\n"
         "//\n"
         "// Name                 Index   Mask Register SysValue  Format   Used\n"
         "// -------------------- ----- ------ -------- -------- ------- ------\n"
         "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
         "//\n"
         "vs_5_0\n"
         "dcl_input_sgv v0.x, vertex_id\n"
         "dcl_output_siv o0.xyzw, position\n"
         "dcl_temps 1\n"
         "and r0.x, v0.x, l(1)\n"
         "ushr r0.y, v0.x, l(1)\n"
         "utof r0.xy, r0.xyxx\n"
         "mad o0.xy, r0.xyxx, l(4.0, 4.0, 0.0, 0.0), l(-1.0, -1.0, 0.0, 0.0)\n"
         "mov o0.zw, l(0.0, 0.0, 0.0, 1.0)\n"
         "ret\n";
}

std::string pixelPositionSignature() {
  return "// Input signature:\n"
         "//\n"
         "// Name                 Index   Mask Register SysValue  Format   Used\n"
         "// -------------------- ----- ------ -------- -------- ------- ------\n"
         "// SV_Position              0   xyzw        0      POS   float   xy\n"
         "//\n";
}

}  // namespace exec_test
