// The execution tests' Vulkan runner: instance, device, buffers, descriptors, one dispatch or draw.
#include "execution_vulkan.h"

#include <algorithm>
#include <bit>
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
  VkPhysicalDeviceProperties physicalProperties;
  vkGetPhysicalDeviceProperties(m_physical, &physicalProperties);
  m_limits = physicalProperties.limits;
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
  // eval_* compile to InterpolateAt* (the InterpolationFunction capability), which Vulkan ties to
  // sampleRateShading; d3d11vk's device enables it too (vk/device_requirements.cpp).
  features.features.sampleRateShading = supported.sampleRateShading;
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
struct ComputeRunner::HostBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
  VkDeviceSize size = 0;
};

struct ComputeRunner::Objects {
  using Buffer = HostBuffer;
  struct Image {
    VkImage image = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    Buffer staging;  // the texels of every level, copied into the image before the draw
  };
  VkDevice device;
  std::vector<Buffer> buffers;                    // by BufferData index or transform feedback slot
  std::vector<Image> images;                      // by TextureData index
  std::vector<VkSampler> samplers;                // by SamplerData index
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
    for (Buffer& b : buffers)
      destroy(b);
    for (Image& i : images) {
      vkDestroyImageView(device, i.view, nullptr);
      vkDestroyImage(device, i.image, nullptr);
      vkFreeMemory(device, i.memory, nullptr);
      destroy(i.staging);
    }
    for (VkSampler sampler : samplers)
      vkDestroySampler(device, sampler, nullptr);
  }
  void destroy(Buffer& b) {
    vkDestroyBuffer(device, b.buffer, nullptr);
    vkFreeMemory(device, b.memory, nullptr);
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
  allocateBuffer(o.buffers[index], size, usage, words);
}

void ComputeRunner::allocateBuffer(HostBuffer& b, VkDeviceSize size, VkBufferUsageFlags usage,
                                   const std::vector<uint32_t>& words) {
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

// A sampled R32_SFLOAT image with every level of `texture`, its view, and a staging buffer holding
// the levels one after the other (uploadTextures copies them in).
void ComputeRunner::createTexture(Objects& o, size_t index, const TextureData& texture) {
  Objects::Image& img = o.images[index];
  const uint32_t levels = uint32_t(texture.levels.size());
  auto info = make<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = VK_FORMAT_R32_SFLOAT;
  info.extent = {texture.width, texture.height, 1};
  info.mipLevels = levels;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  check(vkCreateImage(m_device, &info, nullptr, &img.image), "vkCreateImage");
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(m_device, img.image, &req);
  auto alloc = make<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = 0;
  while (alloc.memoryTypeIndex < m_memory.memoryTypeCount && !(req.memoryTypeBits & (1u << alloc.memoryTypeIndex)))
    alloc.memoryTypeIndex++;
  check(vkAllocateMemory(m_device, &alloc, nullptr, &img.memory), "vkAllocateMemory");
  check(vkBindImageMemory(m_device, img.image, img.memory, 0), "vkBindImageMemory");
  auto view = make<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
  view.image = img.image;
  view.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view.format = VK_FORMAT_R32_SFLOAT;
  view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1};
  check(vkCreateImageView(m_device, &view, nullptr, &img.view), "vkCreateImageView");
  std::vector<uint32_t> words;
  for (uint32_t level = 0; level < levels; level++) {
    const size_t texels = size_t(std::max(1u, texture.width >> level)) * std::max(1u, texture.height >> level);
    if (texture.levels[level].size() != texels)
      throw std::runtime_error("texture level " + std::to_string(level) + " has the wrong number of texels");
    for (float f : texture.levels[level]) {
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      words.push_back(bits);
    }
  }
  allocateBuffer(img.staging, words.size() * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, words);
}

// Copies every texture's staging buffer into its image and leaves the image ready for sampling.
void ComputeRunner::uploadTextures(const Objects& o, const PixelExtras& extras) {
  if (o.images.empty())
    return;
  submit([&](VkCommandBuffer cmd) {
    for (size_t i = 0; i < o.images.size(); i++) {
      const TextureData& t = extras.textures[i];
      const uint32_t levels = uint32_t(t.levels.size());
      auto barrier = make<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
      barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
      barrier.image = o.images[i].image;
      barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1};
      barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
      barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
      barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
      vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                           nullptr, 1, &barrier);
      std::vector<VkBufferImageCopy> copies;
      VkDeviceSize offset = 0;
      for (uint32_t level = 0; level < levels; level++) {
        VkBufferImageCopy c{};
        c.bufferOffset = offset;
        c.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
        c.imageExtent = {std::max(1u, t.width >> level), std::max(1u, t.height >> level), 1};
        copies.push_back(c);
        offset += VkDeviceSize(c.imageExtent.width) * c.imageExtent.height * 4;
      }
      vkCmdCopyBufferToImage(cmd, o.images[i].staging.buffer, o.images[i].image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             uint32_t(copies.size()), copies.data());
      barrier.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
      barrier.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
      barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
      barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
      vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0, 0, nullptr, 0,
                           nullptr, 1, &barrier);
    }
  }, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
}

// The texture or sampler a t# or s# binding names (made on first use), as a descriptor.
VkDescriptorImageInfo ComputeRunner::imageDescriptor(Objects& o, const dxbc::ShaderBinding& binding,
                                                     const PixelExtras& extras) {
  VkDescriptorImageInfo info{};
  if (binding.descriptor == dxbc::DescriptorKind::SampledImage) {
    for (size_t k = 0; k < extras.textures.size(); k++)
      if (extras.textures[k].slot == binding.slot) {
        if (!o.images[k].image)
          createTexture(o, k, extras.textures[k]);
        info.imageView = o.images[k].view;
        info.imageLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
        return info;
      }
    throw std::runtime_error("the shader uses t" + std::to_string(binding.slot) + ", which the test gives no texture for");
  }
  for (size_t k = 0; k < extras.samplers.size(); k++)
    if (extras.samplers[k].slot == binding.slot) {
      if (!o.samplers[k]) {
        const SamplerData& d = extras.samplers[k];
        auto sampler = make<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
        sampler.magFilter = sampler.minFilter = d.linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
        sampler.mipmapMode = d.linearMips ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
        sampler.addressModeU = sampler.addressModeV = sampler.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
        sampler.maxLod = VK_LOD_CLAMP_NONE;  // D3D11's default MaxLOD (FLT_MAX)
        check(vkCreateSampler(m_device, &sampler, nullptr, &o.samplers[k]), "vkCreateSampler");
      }
      info.sampler = o.samplers[k];
      return info;
    }
  throw std::runtime_error("the shader uses s" + std::to_string(binding.slot) + ", which the test gives no sampler for");
}

// The buffers, descriptor sets and pipeline layout for the stages' reflected bindings: each
// binding gets the BufferData of its kind and slot, in the set the binding model gives its stage
// (a compute shader's is 0, a pixel shader's 4); the set numbers below the highest used get empty
// layouts, as a pipeline layout has no gaps.
void ComputeRunner::createDescriptors(Objects& o, const std::vector<Stage>& stages,
                                      const std::vector<BufferData>& buffers, const PixelExtras& extras) {
  auto descriptorType = [](dxbc::DescriptorKind kind) {
    switch (kind) {
      case dxbc::DescriptorKind::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      case dxbc::DescriptorKind::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      case dxbc::DescriptorKind::UniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
      case dxbc::DescriptorKind::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
      case dxbc::DescriptorKind::SampledImage: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
      case dxbc::DescriptorKind::Sampler: return VK_DESCRIPTOR_TYPE_SAMPLER;
      default: throw std::runtime_error("the execution tests use no storage images");
    }
  };
  o.buffers.resize(buffers.size());
  o.images.resize(extras.textures.size());
  o.samplers.assign(extras.samplers.size(), VK_NULL_HANDLE);
  size_t total = 0;
  uint32_t setCount = 0;
  for (const Stage& s : stages)
    for (const dxbc::ShaderBinding& binding : s.shader->reflection.bindings) {
      total++;
      setCount = std::max(setCount, binding.vulkan.set + 1);
    }
  // Reserved up front: the writes point into these.
  std::vector<VkDescriptorBufferInfo> bufferInfos(total);
  std::vector<VkDescriptorImageInfo> imageInfos(total);
  o.views.reserve(total);
  std::vector<std::vector<VkDescriptorSetLayoutBinding>> layoutBindings(setCount);
  std::vector<std::pair<uint32_t, VkWriteDescriptorSet>> writes;  // by set number
  std::vector<VkDescriptorPoolSize> poolSizes;
  // The layout binding, pool size and write of one reflected binding; the caller points the
  // write at its buffer, view or image.
  auto addWrite = [&](const dxbc::ShaderBinding& binding, VkShaderStageFlagBits stage) -> VkWriteDescriptorSet& {
    VkDescriptorType type = descriptorType(binding.descriptor);
    VkDescriptorSetLayoutBinding lb{};
    lb.binding = binding.vulkan.binding;
    lb.descriptorType = type;
    lb.descriptorCount = 1;
    lb.stageFlags = stage;
    layoutBindings[binding.vulkan.set].push_back(lb);
    poolSizes.push_back(VkDescriptorPoolSize{type, 1});
    auto w = make<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    w.dstBinding = binding.vulkan.binding;
    w.descriptorCount = 1;
    w.descriptorType = type;
    writes.push_back({binding.vulkan.set, w});
    return writes.back().second;
  };
  for (const Stage& s : stages)
    for (const dxbc::ShaderBinding& binding : s.shader->reflection.bindings) {
      if (binding.descriptor == dxbc::DescriptorKind::SampledImage || binding.descriptor == dxbc::DescriptorKind::Sampler) {
        VkDescriptorImageInfo& info = imageInfos[writes.size()];
        info = imageDescriptor(o, binding, extras);
        addWrite(binding, s.stage).pImageInfo = &info;
        continue;
      }
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
      VkDescriptorBufferInfo& info = bufferInfos[writes.size()];
      VkWriteDescriptorSet& w = addWrite(binding, s.stage);
      if (w.descriptorType == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || w.descriptorType == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER) {
        // Typed buffers in these tests are R32_UINT, the format D3D11 allows typed UAV loads from.
        auto view = make<VkBufferViewCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO);
        view.buffer = r.buffer;
        view.format = VK_FORMAT_R32_UINT;
        view.range = VK_WHOLE_SIZE;
        o.views.push_back(VK_NULL_HANDLE);
        check(vkCreateBufferView(m_device, &view, nullptr, &o.views.back()), "vkCreateBufferView");
        w.pTexelBufferView = &o.views.back();
      } else {
        info = VkDescriptorBufferInfo{r.buffer, 0, binding.descriptor == dxbc::DescriptorKind::UniformBuffer
                                                     ? std::min<VkDeviceSize>(r.size, 65536) : VK_WHOLE_SIZE};
        w.pBufferInfo = &info;
      }
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
                                           bool discard, uint32_t width, uint32_t height, uint32_t samples) {
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
  multisample.rasterizationSamples = VkSampleCountFlagBits(samples);
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
                                                           uint32_t height, const PixelExtras& extras) {
  if (!m_fragmentStores)
    throw std::runtime_error("the device has no fragmentStoresAndAtomics (pixel-shader UAV writes) or no graphics queue");
  if (!m_drawParameters)
    throw std::runtime_error("the device has no shaderDrawParameters (SV_VertexID)");
  Objects o(m_device);
  const std::vector<Stage> stages = {{&vertexShader, VK_SHADER_STAGE_VERTEX_BIT},
                                     {&pixelShader, VK_SHADER_STAGE_FRAGMENT_BIT}};
  if (extras.samples != 1 && !standardSamples(extras.samples))
    throw std::runtime_error("the device cannot rasterize " + std::to_string(extras.samples) +
                             " samples at the standard positions without attachments");
  createDescriptors(o, stages, buffers, extras);
  uploadTextures(o, extras);
  createGraphicsPipeline(o, stages, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false, width, height, extras.samples);
  submit([&](VkCommandBuffer cmd) {
    beginPass(cmd, o, width, height);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);
  }, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
  return o.contents();
}

bool ComputeRunner::standardSamples(uint32_t samples) const {
  return m_limits.standardSampleLocations && (m_limits.framebufferNoAttachmentsSampleCounts & samples) &&
         std::has_single_bit(samples);
}

namespace {

// The full-screen triangle's vertex shader, with or without the TEXCOORD0 output (o1.xy).
std::string fullScreenTriangle(bool withPosition) {
  // Vertices 0, 1, 2 at (-1, -1), (3, -1), (-1, 3): one triangle over the whole viewport (its
  // parts outside are clipped), so every pixel, and every pixel of every 2x2 quad, is covered once.
  return std::string("// Input signature:\n"
                     "//\n"
                     "// Name                 Index   Mask Register SysValue  Format   Used\n"
                     "// -------------------- ----- ------ -------- -------- ------- ------\n"
                     "// SV_VertexID              0   x           0   VERTID    uint   x\n"
                     "//\n"
                     "// Output signature:\n"
                     "//\n"
                     "// Name                 Index   Mask Register SysValue  Format   Used\n"
                     "// -------------------- ----- ------ -------- -------- ------- ------\n"
                     "// SV_Position              0   xyzw        0      POS   float   xyzw\n") +
         (withPosition ? "// TEXCOORD                 0   xy          1     NONE   float   xy\n" : "") +
         "//\n"
         "vs_5_0\n"
         "dcl_input_sgv v0.x, vertex_id\n"
         "dcl_output_siv o0.xyzw, position\n" +
         (withPosition ? "dcl_output o1.xy\n" : "") +
         "dcl_temps 1\n"
         "and r0.x, v0.x, l(1)\n"
         "ushr r0.y, v0.x, l(1)\n"
         "utof r0.xy, r0.xyxx\n"
         "mad r0.xy, r0.xyxx, l(4.0, 4.0, 0.0, 0.0), l(-1.0, -1.0, 0.0, 0.0)\n"
         "mov o0.xy, r0.xyxx\n" +
         (withPosition ? "mov o1.xy, r0.xyxx\n" : "") +
         "mov o0.zw, l(0.0, 0.0, 0.0, 1.0)\n"
         "ret\n";
}

// A pixel shader's input signature comment: SV_Position in v0, and TEXCOORD0 in v1.xy if asked.
std::string pixelSignature(bool withAttribute) {
  return std::string("// Input signature:\n"
                     "//\n"
                     "// Name                 Index   Mask Register SysValue  Format   Used\n"
                     "// -------------------- ----- ------ -------- -------- ------- ------\n"
                     "// SV_Position              0   xyzw        0      POS   float   xy\n") +
         (withAttribute ? "// TEXCOORD                 0   xy          1     NONE   float   xy\n" : "") + "//\n";
}

}  // namespace

std::string fullScreenVertexShader() { return fullScreenTriangle(false); }
std::string fullScreenVertexShaderWithPosition() { return fullScreenTriangle(true); }
std::string pixelPositionSignature() { return pixelSignature(false); }
std::string pixelAttributeSignature() { return pixelSignature(true); }

}  // namespace exec_test
