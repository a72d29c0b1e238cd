// TextureStorage: Vulkan image creation flags and usage from a texture description, the packed
// subresource layout, and initial-data upload through the interim transfer path.
#include "d3d11/d3d11_texture_storage.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_device.h"
#include "vk/adapter.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/transfer.h"

namespace d3d11vk {

BlockShape blockShape(DXGI_FORMAT format) {
  const caps::FormatInfo* info = caps::formatInfo(format);
  BlockShape shape;
  if (!info)
    return shape;
  if (info->kind == caps::FormatKind::Compressed || info->kind == caps::FormatKind::CompressedTypeless) {
    shape.width = shape.height = 4;
    shape.bytes = info->bitsPerElement / 8;
  } else if (info->flags & caps::kFormatPacked422) {
    shape.width = 2;
    shape.bytes = info->bitsPerElement / 8;
  } else {
    shape.bytes = std::max(1u, info->bitsPerElement / 8);
  }
  return shape;
}

namespace {

constexpr VkDeviceSize kRegionAlignment = 16;  // a multiple of every texel block size and of 4

}  // namespace

std::vector<SubresourceLayout> TextureStorage::packedLayout(const TextureDesc& desc, VkDeviceSize* total) {
  BlockShape block = blockShape(desc.format);
  std::vector<SubresourceLayout> layout;
  VkDeviceSize offset = 0;
  for (UINT layer = 0; layer < desc.arraySize; layer++)
    for (UINT mip = 0; mip < desc.mipLevels; mip++) {
      SubresourceLayout sub;
      sub.mip = mip;
      sub.layer = layer;
      sub.width = std::max(1u, desc.width >> mip);
      sub.height = std::max(1u, desc.height >> mip);
      sub.depth = std::max(1u, desc.depth >> mip);
      sub.rowBytes = VkDeviceSize((sub.width + block.width - 1) / block.width) * block.bytes;
      sub.rows = (sub.height + block.height - 1) / block.height;
      sub.offset = offset;
      sub.size = sub.rowBytes * sub.rows * sub.depth * desc.sampleDesc.Count;
      offset = (offset + sub.size + kRegionAlignment - 1) & ~(kRegionAlignment - 1);
      layout.push_back(sub);
    }
  *total = offset;
  return layout;
}

TextureStorage::TextureStorage(D3D11Device* device, const TextureDesc& desc, const D3D11_SUBRESOURCE_DATA* initialData)
    : m_device(device), m_desc(desc) {
  m_layout = packedLayout(desc, &m_totalBytes);
  vk::Device& vkDevice = device->vulkanDevice();

  // Initial data, packed (rows of blocks, then slices) before anything is created.
  std::vector<uint8_t> packed;
  if (initialData) {
    packed.resize(m_totalBytes);
    for (size_t i = 0; i < m_layout.size(); i++) {
      const SubresourceLayout& sub = m_layout[i];
      const D3D11_SUBRESOURCE_DATA& data = initialData[i];
      if (!data.pSysMem)
        throw std::invalid_argument("initial data for subresource " + std::to_string(i) + " has a null pSysMem");
      const uint8_t* source = static_cast<const uint8_t*>(data.pSysMem);
      for (UINT z = 0; z < sub.depth; z++)
        for (VkDeviceSize row = 0; row < sub.rows; row++)
          std::memcpy(&packed[sub.offset + (z * sub.rows + row) * sub.rowBytes],
                      source + VkDeviceSize(z) * data.SysMemSlicePitch + row * data.SysMemPitch, sub.rowBytes);
    }
  }

  if (desc.usage == D3D11_USAGE_STAGING) {
    // Storage: depth-stencil texels are (un)packed here by an internal shader (d3d11_context_copy.cpp).
    m_staging = std::make_unique<vk::Buffer>(vkDevice, std::max<VkDeviceSize>(m_totalBytes, 1),
                                             VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                             VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                                             (desc.cpuAccessFlags & D3D11_CPU_ACCESS_READ) ? VK_MEMORY_PROPERTY_HOST_CACHED_BIT : 0);
    if (initialData)
      std::memcpy(m_staging->mapped(), packed.data(), m_totalBytes);
    else
      std::memset(m_staging->mapped(), 0, m_totalBytes);  // zeroed, as Windows hands out new resources
    return;
  }

  const caps::FormatInfo* info = caps::formatInfo(desc.format);
  VkImageCreateInfo image = vk::makeStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  image.imageType = desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D   ? VK_IMAGE_TYPE_1D
                    : desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? VK_IMAGE_TYPE_3D
                                                                           : VK_IMAGE_TYPE_2D;
  const vk::DeviceProfile& profile = device->vulkanAdapter().profile();
  image.format = caps::storageFormat(profile, desc.format);
  // A depth family not bound as depth-stencil (R32_TYPELESS viewed as R32_FLOAT or R32_UINT):
  // Vulkan does not alias depth and color images, and a depth image read through an integer view
  // gives the float 1.0 for the components it lacks, so it is stored as its first color member,
  // which every view of it can use.
  if (info->kind == caps::FormatKind::DepthTypeless && !(desc.bindFlags & D3D11_BIND_DEPTH_STENCIL)) {
    for (const caps::FormatInfo& member : caps::allFormats())
      if (member.family == desc.format && member.kind == caps::FormatKind::Color) {
        image.format = caps::storageFormat(profile, member.dxgi);
        break;
      }
  }
  image.extent = {desc.width, desc.height, desc.depth};
  image.mipLevels = desc.mipLevels;
  image.arrayLayers = desc.arraySize;
  image.samples = VkSampleCountFlagBits(desc.sampleDesc.Count);
  image.tiling = VK_IMAGE_TILING_OPTIMAL;
  image.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (desc.bindFlags & D3D11_BIND_SHADER_RESOURCE)
    image.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if (desc.bindFlags & D3D11_BIND_RENDER_TARGET)
    image.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  if (desc.bindFlags & D3D11_BIND_DEPTH_STENCIL)
    image.usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  // Typeless families are viewed through their typed members; the usage applies to the views.
  const bool typeless = info->kind == caps::FormatKind::ColorTypeless || info->kind == caps::FormatKind::DepthTypeless ||
                        info->kind == caps::FormatKind::CompressedTypeless;
  // Swapchain buffers take render-target views of their _SRGB twin format too (docs/dxgi.md).
  const bool srgbTwinViews = (desc.swapChainUsage & DXGI_USAGE_BACK_BUFFER) && backBufferSrgbTwin(desc.format) != DXGI_FORMAT_UNKNOWN;
  if (typeless || srgbTwinViews)
    image.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT;
  // A typed format whose UNORDERED_ACCESS comes from its family (R8G8B8A8_UNORM_SRGB) cannot be a
  // storage image itself; its UAVs are refused, so the image goes without the usage.
  auto features = profile.formats.find(image.format);
  if ((desc.bindFlags & D3D11_BIND_UNORDERED_ACCESS) &&
      (typeless || (features != profile.formats.end() && (features->second.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))))
    image.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
  if (desc.miscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE)
    image.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  if (image.imageType == VK_IMAGE_TYPE_3D && (desc.bindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS)))
    image.flags |= VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;  // render-target views of depth slices
  image.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  image.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  if (desc.miscFlags & D3D11_RESOURCE_MISC_TILED) {
    createTiled(image);
    return;
  }
  m_image = std::make_unique<vk::Image>(vkDevice, image);

  if (initialData && m_image->aspects() == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
    writeDepthStencilData(packed);
  } else if (initialData) {
    std::vector<VkBufferImageCopy> regions;
    for (const SubresourceLayout& sub : m_layout)
      regions.push_back(copyRegion(sub));
    vkDevice.transfer().writeImage(*m_image, regions, packed.data(), m_totalBytes);
  } else {
    vkDevice.transfer().initializeImage(*m_image);
  }
}

// A tiled texture: a sparse image with no memory (its tiles start unmapped; nothing is zeroed),
// put in GENERAL like every other image.
void TextureStorage::createTiled(VkImageCreateInfo image) {
  vk::Device& vkDevice = m_device->vulkanDevice();
  image.flags |= VK_IMAGE_CREATE_SPARSE_BINDING_BIT | VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT | VK_IMAGE_CREATE_SPARSE_ALIASED_BIT;
  if (!vkDevice.sparseImageSupported(image))
    throw std::invalid_argument("the Vulkan device cannot make this format, sample count and usage a sparse image with "
                                "the standard tile shape");
  m_image = std::make_unique<vk::Image>(vkDevice, image, vk::Image::Sparse{});
  try {
    m_tiled = std::make_unique<vk::TiledResource>(vkDevice, m_image->handle(), image);
  } catch (const std::runtime_error& error) {
    throw std::invalid_argument(error.what());
  }
  vkDevice.transfer().prepareImage(*m_image);
}

// D3D11 keeps depth and stencil in one texel (D24_UNORM_S8_UINT: 24-bit depth in the low bits and
// the stencil byte on top; R32G8X24: a float, the stencil byte, 24 unused bits) where Vulkan copies
// each aspect on its own: the depth as 4-byte words, the stencil as bytes. The initial data is split
// here on the CPU; a D24 format stored as D32_SFLOAT_S8_UINT (the device has no D24S8) gets its
// depth converted to float.
void TextureStorage::writeDepthStencilData(const std::vector<uint8_t>& packed) {
  const BlockShape texel = blockShape(m_desc.format);
  const bool floatStorage = m_image->info().format == VK_FORMAT_D32_SFLOAT_S8_UINT;
  VkDeviceSize texels = 0;
  for (const SubresourceLayout& sub : m_layout)
    texels += VkDeviceSize(sub.width) * sub.height * sub.depth;
  const VkDeviceSize depthBytes = texels * 4;
  std::vector<uint8_t> split(depthBytes + texels);
  std::vector<VkBufferImageCopy> regions;
  VkDeviceSize at = 0;
  for (const SubresourceLayout& sub : m_layout) {
    VkBufferImageCopy depth = copyRegion(sub, VK_IMAGE_ASPECT_DEPTH_BIT);
    VkBufferImageCopy stencil = copyRegion(sub, VK_IMAGE_ASPECT_STENCIL_BIT);
    depth.bufferOffset = at * 4;
    stencil.bufferOffset = depthBytes + at;
    regions.push_back(depth);
    regions.push_back(stencil);
    for (UINT z = 0; z < sub.depth; z++)
      for (UINT y = 0; y < sub.height; y++)
        for (UINT x = 0; x < sub.width; x++, at++) {
          const uint8_t* in = &packed[sub.offset + (VkDeviceSize(z) * sub.rows + y) * sub.rowBytes + VkDeviceSize(x) * texel.bytes];
          uint32_t word;
          std::memcpy(&word, in, 4);
          uint32_t depthWord = word;
          uint8_t stencilByte = in[4 % texel.bytes];  // byte 4 of an 8-byte texel
          if (texel.bytes == 4) {
            depthWord = word & 0xffffffu;
            stencilByte = uint8_t(word >> 24);
            if (floatStorage) {
              const float value = float(depthWord) / float(0xffffff);
              std::memcpy(&depthWord, &value, 4);
            }
          }
          std::memcpy(&split[at * 4], &depthWord, 4);
          split[depthBytes + at] = stencilByte;
        }
  }
  m_device->vulkanDevice().transfer().writeImage(*m_image, regions, split.data(), split.size());
}

TextureStorage::~TextureStorage() {
  const uint64_t lastUse = m_device->recordingValue();
  m_device->vulkanDevice().timeline().deferUntil(
      lastUse, [image = std::shared_ptr<vk::Image>(std::move(m_image)), staging = std::shared_ptr<vk::Buffer>(std::move(m_staging)),
                tiled = std::shared_ptr<vk::TiledResource>(std::move(m_tiled))] {});
}

VkBufferImageCopy TextureStorage::copyRegion(const SubresourceLayout& sub, VkImageAspectFlags aspect) const {
  VkBufferImageCopy region{};
  region.bufferOffset = sub.offset;
  // Depth-stencil formats take their depth part only unless `aspect` names one; initial data for
  // two-aspect formats is split per aspect by writeDepthStencilData.
  VkImageAspectFlags aspects = m_image->aspects();
  if (aspect)
    aspects = aspect;
  region.imageSubresource = {(aspects & VK_IMAGE_ASPECT_DEPTH_BIT) ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT) : aspects,
                             sub.mip, sub.layer, 1};
  region.imageExtent = {sub.width, sub.height, sub.depth};
  return region;
}

std::vector<uint8_t> TextureStorage::read(UINT subresource) {
  if (subresource >= m_layout.size())
    return {};
  const SubresourceLayout& sub = m_layout[subresource];
  if (m_staging) {
    const uint8_t* bytes = static_cast<const uint8_t*>(m_staging->mapped()) + sub.offset;
    return std::vector<uint8_t>(bytes, bytes + sub.size);
  }
  if (m_desc.sampleDesc.Count > 1)
    return {};  // multisampled images cannot be copied to buffers
  VkBufferImageCopy region = copyRegion(sub);
  region.bufferOffset = 0;
  return m_device->vulkanDevice().transfer().readImage(*m_image, {region}, sub.size);
}

}  // namespace d3d11vk
