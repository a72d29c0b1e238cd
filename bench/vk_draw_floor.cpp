// The Vulkan driver's own draw-call floor for draw_bench's three patterns, recorded in raw Vulkan through the loader (native only).
// The shaders are draw_bench's, compiled by d3d11vk's DXBC compiler, so the only thing missing
// compared with the D3D11 path is the layer itself: whatever draw_bench costs above these figures
// is translation overhead. Figures are printed under draw_bench's names so the table lines up.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "draw_bench_shaders.h"
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"

namespace {

using Clock = std::chrono::steady_clock;
using namespace draw_bench;

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

void check(VkResult result, const char* what) {
  if (result != VK_SUCCESS) {
    std::printf("error: %s failed with VkResult %d\n", what, int(result));
    std::fflush(stdout);
    std::exit(2);
  }
}

// A zeroed Vulkan structure with its sType set.
template <typename T>
T make(VkStructureType type) {
  T value{};
  value.sType = type;
  return value;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

void figure(const char* name, double value) {
  std::printf("%s %.1f\n", name, value);
  std::fflush(stdout);
}

struct Shader {
  std::vector<uint32_t> spirv;
  dxbc::ShaderReflection reflection;
};

Shader compile(const char* text) {
  dxbc::CompileResult result = dxbc::compile(dxbc::assemble(text).write());
  if (!result.ok()) {
    std::printf("error: compiling a bench shader: %s\n", result.error.c_str());
    std::exit(2);
  }
  return {std::move(result.spirv), std::move(result.reflection)};
}

// The layouts and pipeline made for one pixel shader; the vertex shader is the same for all.
struct Pipeline {
  std::vector<VkDescriptorSetLayout> setLayouts;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  uint32_t resourceSet = 0;  // the set the pixel shader's resources live in
};

struct Floor {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memory{};
  VkDevice device = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  // VK_EXT_multi_draw where the device has it: pattern (a) is also measured as runs of draws
  // in one vkCmdDrawMultiEXT each, the way d3d11vk batches them, so its figure has a floor too.
  PFN_vkCmdDrawMultiEXT cmdDrawMulti = nullptr;
  uint32_t maxMultiDraw = 0;
  VkRenderPass renderPass = VK_NULL_HANDLE;
  VkFramebuffer framebuffer = VK_NULL_HANDLE;
  VkBuffer vertices = VK_NULL_HANDLE;
  VkBuffer constants = VK_NULL_HANDLE;
  uint8_t* constantsMapped = nullptr;
  VkDeviceSize constantStride = 256;
  VkSampler sampler = VK_NULL_HANDLE;
  VkImageView textureViews[2] = {};
  VkShaderModule vsModule = VK_NULL_HANDLE;
  Shader vs;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  Pipeline solid, constant, textured[2];
  VkDescriptorSet constantSet = VK_NULL_HANDLE;
  VkDescriptorSet textureSets[2] = {};

  uint32_t memoryType(uint32_t bits, VkMemoryPropertyFlags wanted) {
    for (uint32_t i = 0; i < memory.memoryTypeCount; i++)
      if ((bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & wanted) == wanted)
        return i;
    std::printf("error: no memory type with flags 0x%x\n", unsigned(wanted));
    std::exit(2);
  }

  VkDeviceMemory allocate(VkMemoryRequirements req, VkMemoryPropertyFlags flags) {
    auto info = make<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    info.allocationSize = req.size;
    info.memoryTypeIndex = memoryType(req.memoryTypeBits, flags);
    VkDeviceMemory result;
    check(vkAllocateMemory(device, &info, nullptr, &result), "vkAllocateMemory");
    return result;
  }

  VkBuffer hostBuffer(VkDeviceSize size, VkBufferUsageFlags usage, void** mapped) {
    auto info = make<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
    info.size = size;
    info.usage = usage;
    VkBuffer buffer;
    check(vkCreateBuffer(device, &info, nullptr, &buffer), "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device, buffer, &req);
    VkDeviceMemory mem = allocate(req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    check(vkBindBufferMemory(device, buffer, mem, 0), "vkBindBufferMemory");
    check(vkMapMemory(device, mem, 0, VK_WHOLE_SIZE, 0, mapped), "vkMapMemory");
    return buffer;
  }

  void createDevice() {
    auto app = make<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    app.pApplicationName = "vk_draw_floor";
    app.apiVersion = VK_API_VERSION_1_1;
    auto instanceInfo = make<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    instanceInfo.pApplicationInfo = &app;
    check(vkCreateInstance(&instanceInfo, nullptr, &instance), "vkCreateInstance");
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(instance, &count, devices.data());
    if (devices.empty()) {
      std::printf("error: no Vulkan device\n");
      std::exit(2);
    }
    physical = devices[0];
    vkGetPhysicalDeviceProperties(physical, &properties);
    vkGetPhysicalDeviceMemoryProperties(physical, &memory);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
    while (queueFamily < count && !(families[queueFamily].queueFlags & VK_QUEUE_GRAPHICS_BIT))
      queueFamily++;
    float priority = 1.0f;
    auto queueInfo = make<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    queueInfo.queueFamilyIndex = queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    auto deviceInfo = make<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    uint32_t extensionCount = 0;
    vkEnumerateDeviceExtensionProperties(physical, nullptr, &extensionCount, nullptr);
    std::vector<VkExtensionProperties> extensions(extensionCount);
    vkEnumerateDeviceExtensionProperties(physical, nullptr, &extensionCount, extensions.data());
    const bool hasMultiDraw = std::any_of(extensions.begin(), extensions.end(), [](const VkExtensionProperties& e) {
      return std::strcmp(e.extensionName, VK_EXT_MULTI_DRAW_EXTENSION_NAME) == 0;
    });
    auto multiDrawFeatures = make<VkPhysicalDeviceMultiDrawFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT);
    const char* multiDrawName = VK_EXT_MULTI_DRAW_EXTENSION_NAME;
    if (hasMultiDraw) {
      auto multiDrawProperties = make<VkPhysicalDeviceMultiDrawPropertiesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT);
      auto properties2 = make<VkPhysicalDeviceProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
      properties2.pNext = &multiDrawProperties;
      vkGetPhysicalDeviceProperties2(physical, &properties2);
      maxMultiDraw = multiDrawProperties.maxMultiDrawCount;
      multiDrawFeatures.multiDraw = VK_TRUE;
      deviceInfo.pNext = &multiDrawFeatures;
      deviceInfo.enabledExtensionCount = 1;
      deviceInfo.ppEnabledExtensionNames = &multiDrawName;
    }
    check(vkCreateDevice(physical, &deviceInfo, nullptr, &device), "vkCreateDevice");
    vkGetDeviceQueue(device, queueFamily, 0, &queue);
    if (hasMultiDraw)
      cmdDrawMulti = reinterpret_cast<PFN_vkCmdDrawMultiEXT>(vkGetDeviceProcAddr(device, "vkCmdDrawMultiEXT"));

    // Reset as a whole before each run, as a driver-side frame would; no per-buffer reset flag.
    auto poolInfo = make<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    poolInfo.queueFamilyIndex = queueFamily;
    check(vkCreateCommandPool(device, &poolInfo, nullptr, &pool), "vkCreateCommandPool");
    auto cmdInfo = make<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    cmdInfo.commandPool = pool;
    cmdInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cmdInfo.commandBufferCount = 1;
    check(vkAllocateCommandBuffers(device, &cmdInfo, &cmd), "vkAllocateCommandBuffers");
    auto fenceInfo = make<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    check(vkCreateFence(device, &fenceInfo, nullptr, &fence), "vkCreateFence");
  }

  void submitAndWait() {
    auto submit = make<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    check(vkQueueSubmit(queue, 1, &submit, fence), "vkQueueSubmit");
    check(vkWaitForFences(device, 1, &fence, VK_TRUE, 10'000'000'000ull), "vkWaitForFences");
    check(vkResetFences(device, 1, &fence), "vkResetFences");
  }

  void beginCommands() {
    check(vkResetCommandPool(device, pool, 0), "vkResetCommandPool");
    auto begin = make<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
  }

  void createTarget() {
    auto info = make<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = VK_FORMAT_R8G8B8A8_UNORM;
    info.extent = {uint32_t(kTargetSize), uint32_t(kTargetSize), 1};
    info.mipLevels = info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    VkImage image;
    check(vkCreateImage(device, &info, nullptr, &image), "vkCreateImage(target)");
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(device, image, &req);
    check(vkBindImageMemory(device, image, allocate(req, 0), 0), "vkBindImageMemory");
    auto viewInfo = make<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
    viewInfo.image = image;
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
    viewInfo.format = info.format;
    viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView view;
    check(vkCreateImageView(device, &viewInfo, nullptr, &view), "vkCreateImageView(target)");

    VkAttachmentDescription attachment{};
    attachment.format = info.format;
    attachment.samples = VK_SAMPLE_COUNT_1_BIT;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    attachment.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    attachment.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &ref;
    auto rpInfo = make<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
    rpInfo.attachmentCount = 1;
    rpInfo.pAttachments = &attachment;
    rpInfo.subpassCount = 1;
    rpInfo.pSubpasses = &subpass;
    check(vkCreateRenderPass(device, &rpInfo, nullptr, &renderPass), "vkCreateRenderPass");
    auto fbInfo = make<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
    fbInfo.renderPass = renderPass;
    fbInfo.attachmentCount = 1;
    fbInfo.pAttachments = &view;
    fbInfo.width = fbInfo.height = kTargetSize;
    fbInfo.layers = 1;
    check(vkCreateFramebuffer(device, &fbInfo, nullptr, &framebuffer), "vkCreateFramebuffer");
  }

  // Two 4x4 linear textures written through the host and moved to SHADER_READ_ONLY once;
  // they only have to be distinct descriptors, so no staging copy is worth writing.
  void createTextures() {
    VkImage images[2];
    for (int t = 0; t < 2; t++) {
      auto info = make<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
      info.imageType = VK_IMAGE_TYPE_2D;
      info.format = VK_FORMAT_R8G8B8A8_UNORM;
      info.extent = {4, 4, 1};
      info.mipLevels = info.arrayLayers = 1;
      info.samples = VK_SAMPLE_COUNT_1_BIT;
      info.tiling = VK_IMAGE_TILING_LINEAR;
      info.usage = VK_IMAGE_USAGE_SAMPLED_BIT;
      info.initialLayout = VK_IMAGE_LAYOUT_PREINITIALIZED;
      check(vkCreateImage(device, &info, nullptr, &images[t]), "vkCreateImage(texture)");
      VkMemoryRequirements req;
      vkGetImageMemoryRequirements(device, images[t], &req);
      VkDeviceMemory mem = allocate(req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
      check(vkBindImageMemory(device, images[t], mem, 0), "vkBindImageMemory(texture)");
      VkImageSubresource sub{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0};
      VkSubresourceLayout layout;
      vkGetImageSubresourceLayout(device, images[t], &sub, &layout);
      void* data;
      check(vkMapMemory(device, mem, 0, VK_WHOLE_SIZE, 0, &data), "vkMapMemory(texture)");
      for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
          reinterpret_cast<uint32_t*>(static_cast<uint8_t*>(data) + layout.offset + y * layout.rowPitch)[x] =
              t ? 0xffc04020u : 0xff2040c0u;
      auto viewInfo = make<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
      viewInfo.image = images[t];
      viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
      viewInfo.format = info.format;
      viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
      check(vkCreateImageView(device, &viewInfo, nullptr, &textureViews[t]), "vkCreateImageView(texture)");
    }
    beginCommands();
    VkImageMemoryBarrier barriers[2];
    for (int t = 0; t < 2; t++) {
      barriers[t] = make<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
      barriers[t].srcAccessMask = VK_ACCESS_HOST_WRITE_BIT;
      barriers[t].dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
      barriers[t].oldLayout = VK_IMAGE_LAYOUT_PREINITIALIZED;
      barriers[t].newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
      barriers[t].srcQueueFamilyIndex = barriers[t].dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
      barriers[t].image = images[t];
      barriers[t].subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    }
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0, 0, nullptr, 0,
                         nullptr, 2, barriers);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    submitAndWait();

    auto samplerInfo = make<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
    samplerInfo.magFilter = samplerInfo.minFilter = VK_FILTER_NEAREST;
    samplerInfo.addressModeU = samplerInfo.addressModeV = samplerInfo.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    samplerInfo.maxLod = VK_LOD_CLAMP_NONE;
    check(vkCreateSampler(device, &samplerInfo, nullptr, &sampler), "vkCreateSampler");
  }

  VkShaderModule module(const Shader& shader) {
    auto info = make<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    info.codeSize = shader.spirv.size() * 4;
    info.pCode = shader.spirv.data();
    VkShaderModule result;
    check(vkCreateShaderModule(device, &info, nullptr, &result), "vkCreateShaderModule");
    return result;
  }

  static VkDescriptorType descriptorType(dxbc::DescriptorKind kind) {
    switch (kind) {
      // Constant buffers are bound with a dynamic offset: the cheapest way to point a draw at
      // new data, and what a D3D11 layer renaming a discarded buffer would want to do.
      case dxbc::DescriptorKind::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
      case dxbc::DescriptorKind::Sampler: return VK_DESCRIPTOR_TYPE_SAMPLER;
      case dxbc::DescriptorKind::SampledImage: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
      case dxbc::DescriptorKind::UniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
      case dxbc::DescriptorKind::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      case dxbc::DescriptorKind::StorageImage: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
      case dxbc::DescriptorKind::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
    }
    return VK_DESCRIPTOR_TYPE_MAX_ENUM;
  }

  // Set layouts from both shaders' reflection (the compiler decides set and binding numbers),
  // with empty layouts filling the sets below the highest one used.
  Pipeline pipeline(const char* pixelText) {
    Shader ps = compile(pixelText);
    std::map<uint32_t, std::vector<VkDescriptorSetLayoutBinding>> sets;
    Pipeline p;
    for (const Shader* shader : {&vs, &ps})
      for (const dxbc::ShaderBinding& b : shader->reflection.bindings) {
        VkShaderStageFlags stage = shader == &vs ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
        sets[b.vulkan.set].push_back({b.vulkan.binding, descriptorType(b.descriptor), 1, stage, nullptr});
        p.resourceSet = b.vulkan.set;
      }
    uint32_t setCount = sets.empty() ? 0 : sets.rbegin()->first + 1;
    for (uint32_t s = 0; s < setCount; s++) {
      auto info = make<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
      auto it = sets.find(s);
      info.bindingCount = it == sets.end() ? 0 : uint32_t(it->second.size());
      info.pBindings = it == sets.end() ? nullptr : it->second.data();
      VkDescriptorSetLayout layout;
      check(vkCreateDescriptorSetLayout(device, &info, nullptr, &layout), "vkCreateDescriptorSetLayout");
      p.setLayouts.push_back(layout);
    }
    auto layoutInfo = make<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    layoutInfo.setLayoutCount = setCount;
    layoutInfo.pSetLayouts = p.setLayouts.data();
    check(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &p.layout), "vkCreatePipelineLayout");

    VkShaderModule psModule = module(ps);
    VkPipelineShaderStageCreateInfo stages[2] = {make<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO),
                                                 make<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO)};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vsModule;
    stages[0].pName = "main";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = psModule;
    stages[1].pName = "main";
    VkVertexInputBindingDescription binding{0, sizeof(kTriangle[0]), VK_VERTEX_INPUT_RATE_VERTEX};
    uint32_t location = vs.reflection.inputLocations.empty() ? 0 : vs.reflection.inputLocations[0];
    VkVertexInputAttributeDescription attribute{location, 0, VK_FORMAT_R32G32_SFLOAT, 0};
    auto vertexInput = make<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
    vertexInput.vertexBindingDescriptionCount = 1;
    vertexInput.pVertexBindingDescriptions = &binding;
    vertexInput.vertexAttributeDescriptionCount = 1;
    vertexInput.pVertexAttributeDescriptions = &attribute;
    auto assembly = make<VkPipelineInputAssemblyStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
    assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkViewport viewport{0, 0, float(kTargetSize), float(kTargetSize), 0, 1};
    VkRect2D scissor{{0, 0}, {uint32_t(kTargetSize), uint32_t(kTargetSize)}};
    auto viewportState = make<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
    viewportState.viewportCount = viewportState.scissorCount = 1;
    viewportState.pViewports = &viewport;
    viewportState.pScissors = &scissor;
    auto raster = make<VkPipelineRasterizationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    raster.cullMode = VK_CULL_MODE_NONE;
    raster.lineWidth = 1.0f;
    auto multisample = make<VkPipelineMultisampleStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendAttachmentState blendAttachment{};
    blendAttachment.colorWriteMask = 0xf;
    auto blend = make<VkPipelineColorBlendStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
    blend.attachmentCount = 1;
    blend.pAttachments = &blendAttachment;
    auto info = make<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
    info.stageCount = 2;
    info.pStages = stages;
    info.pVertexInputState = &vertexInput;
    info.pInputAssemblyState = &assembly;
    info.pViewportState = &viewportState;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pColorBlendState = &blend;
    info.layout = p.layout;
    info.renderPass = renderPass;
    check(vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &p.pipeline), "vkCreateGraphicsPipelines");
    vkDestroyShaderModule(device, psModule, nullptr);
    return p;
  }

  VkDescriptorSet allocateSet(const Pipeline& p) {
    auto info = make<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
    info.descriptorPool = descriptorPool;
    info.descriptorSetCount = 1;
    info.pSetLayouts = &p.setLayouts[p.resourceSet];
    VkDescriptorSet set;
    check(vkAllocateDescriptorSets(device, &info, &set), "vkAllocateDescriptorSets");
    return set;
  }

  void setUp() {
    createDevice();
    createTarget();
    createTextures();
    void* mapped;
    vertices = hostBuffer(sizeof(kTriangle), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    std::memcpy(mapped, kTriangle, sizeof(kTriangle));
    // One 256-byte slot per draw, like the renamed copies a WRITE_DISCARD per draw produces.
    constantStride = std::max<VkDeviceSize>(256, properties.limits.minUniformBufferOffsetAlignment);
    constants = hostBuffer(constantStride * kDraws, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &mapped);
    constantsMapped = static_cast<uint8_t*>(mapped);

    vs = compile(kVertexShader);
    vsModule = module(vs);
    solid = pipeline(kSolidPixelShader);
    constant = pipeline(kConstantPixelShader);
    textured[0] = pipeline(kTexturePixelShaderA);
    textured[1] = pipeline(kTexturePixelShaderB);

    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1},
                                    {VK_DESCRIPTOR_TYPE_SAMPLER, 2},
                                    {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 2}};
    auto poolInfo = make<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    poolInfo.maxSets = 3;
    poolInfo.poolSizeCount = 3;
    poolInfo.pPoolSizes = sizes;
    check(vkCreateDescriptorPool(device, &poolInfo, nullptr, &descriptorPool), "vkCreateDescriptorPool");

    constantSet = allocateSet(constant);
    VkDescriptorBufferInfo bufferInfo{constants, 0, 256};
    std::vector<VkWriteDescriptorSet> writes;
    for (const dxbc::ShaderBinding& b : compile(kConstantPixelShader).reflection.bindings) {
      auto w = make<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
      w.dstSet = constantSet;
      w.dstBinding = b.vulkan.binding;
      w.descriptorCount = 1;
      w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
      w.pBufferInfo = &bufferInfo;
      writes.push_back(w);
    }
    // Both texture shaders declare the same t0/s0, so one layout's sets serve both pipelines.
    VkDescriptorImageInfo imageInfos[2], samplerInfo{sampler, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED};
    dxbc::ShaderReflection texReflection = compile(kTexturePixelShaderA).reflection;
    for (int t = 0; t < 2; t++) {
      textureSets[t] = allocateSet(textured[0]);
      imageInfos[t] = {VK_NULL_HANDLE, textureViews[t], VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
      for (const dxbc::ShaderBinding& b : texReflection.bindings) {
        auto w = make<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
        w.dstSet = textureSets[t];
        w.dstBinding = b.vulkan.binding;
        w.descriptorCount = 1;
        w.descriptorType = descriptorType(b.descriptor);
        w.pImageInfo = b.descriptor == dxbc::DescriptorKind::Sampler ? &samplerInfo : &imageInfos[t];
        writes.push_back(w);
      }
    }
    vkUpdateDescriptorSets(device, uint32_t(writes.size()), writes.data(), 0, nullptr);
  }

  // One run: reset, record the render pass with kDraws draws, submit, wait. App figure: the
  // recording alone (what a layer's app thread competes with); end to end: all of it.
  template <typename Draws>
  void measure(const char* appName, const char* endName, Draws draws) {
    std::vector<double> appNs, endNs;
    for (int run = 0; run <= kRuns; run++) {
      Clock::time_point start = Clock::now();
      beginCommands();
      VkClearValue clear{};
      auto rp = make<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
      rp.renderPass = renderPass;
      rp.framebuffer = framebuffer;
      rp.renderArea = {{0, 0}, {uint32_t(kTargetSize), uint32_t(kTargetSize)}};
      rp.clearValueCount = 1;
      rp.pClearValues = &clear;
      vkCmdBeginRenderPass(cmd, &rp, VK_SUBPASS_CONTENTS_INLINE);
      VkDeviceSize offset = 0;
      vkCmdBindVertexBuffers(cmd, 0, 1, &vertices, &offset);
      draws();
      vkCmdEndRenderPass(cmd);
      check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
      Clock::time_point recorded = Clock::now();
      submitAndWait();
      Clock::time_point done = Clock::now();
      if (run > 0) {
        appNs.push_back(seconds(recorded - start) * 1e9 / kDraws);
        endNs.push_back(seconds(done - start) * 1e9 / kDraws);
      }
    }
    figure(appName, median(appNs));
    figure(endName, median(endNs));
  }

  void run() {
    measure("draw_nochange_app_ns", "draw_nochange_e2e_ns", [&] {
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, solid.pipeline);
      for (int i = 0; i < kDraws; i++)
        vkCmdDraw(cmd, 3, 1, 0, 0);
    });
    if (cmdDrawMulti && maxMultiDraw > 0) {
      // Runs of up to 1,024 draws per call, as d3d11vk's executor records pattern (a).
      const uint32_t perCall = std::min<uint32_t>(1024, maxMultiDraw);
      std::vector<VkMultiDrawInfoEXT> infos(perCall, VkMultiDrawInfoEXT{0, 3});
      measure("draw_nochange_multi_app_ns", "draw_nochange_multi_e2e_ns", [&] {
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, solid.pipeline);
        for (uint32_t done = 0; done < uint32_t(kDraws);) {
          const uint32_t count = std::min<uint32_t>(perCall, uint32_t(kDraws) - done);
          cmdDrawMulti(cmd, count, infos.data(), 1, 0, sizeof(VkMultiDrawInfoEXT));
          done += count;
        }
      });
    } else {
      std::printf("note: the device has no VK_EXT_multi_draw; no multi-draw floor for pattern (a)\n");
    }
    measure("draw_cbdiscard_app_ns", "draw_cbdiscard_e2e_ns", [&] {
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, constant.pipeline);
      for (int i = 0; i < kDraws; i++) {
        // The host write stands for the application's Map: the data changes every draw.
        uint32_t dynamicOffset = uint32_t(i * constantStride);
        float* color = reinterpret_cast<float*>(constantsMapped + dynamicOffset);
        color[0] = float(i & 255) / 255.0f;
        color[1] = 0.5f;
        color[2] = 0.25f;
        color[3] = 1.0f;
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, constant.layout, constant.resourceSet, 1,
                                &constantSet, 1, &dynamicOffset);
        vkCmdDraw(cmd, 3, 1, 0, 0);
      }
    });
    measure("draw_pssrv_app_ns", "draw_pssrv_e2e_ns", [&] {
      for (int i = 0; i < kDraws; i++) {
        const Pipeline& p = textured[i & 1];
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p.pipeline);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p.layout, p.resourceSet, 1, &textureSets[i & 1],
                                0, nullptr);
        vkCmdDraw(cmd, 3, 1, 0, 0);
      }
    });
  }
};

}  // namespace

int main() {
  Floor floor;
  floor.setUp();
  std::printf("implementation vulkan-floor (raw Vulkan on %s)\n", floor.properties.deviceName);
  std::printf("draws per run: %d, 256x256 RGBA8 target\n", kDraws);
  std::fflush(stdout);
  floor.run();
  // The process exits without tearing down: nothing is measured after this point, and the
  // driver reclaims everything with the process.
  return 0;
}
