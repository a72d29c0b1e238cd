// TextureStorage: the Vulkan side of a D3D11 texture: an optimal-tiling vk::Image (a host-visible
// vk::Buffer of packed subresources for STAGING textures, which only the CPU and copies touch),
// the packed layout of its subresources, and the upload of initial data.
#pragma once

#include <memory>
#include <vector>

#include "d3d11/d3d11_resource_validation.h"
#include "vk/buffer.h"
#include "vk/image.h"
#include "vk/tiled_resource.h"

namespace d3d11vk {

class D3D11Device;

// A format's texel block: 4x4 for block-compressed formats, 2x1 for the packed 4:2:2 ones.
struct BlockShape {
  UINT width = 1, height = 1, bytes = 1;
};
BlockShape blockShape(DXGI_FORMAT format);

struct SubresourceLayout {
  UINT mip = 0, layer = 0;
  UINT width = 1, height = 1, depth = 1;   // texels at this mip
  VkDeviceSize rowBytes = 0, rows = 0;     // rows of blocks
  VkDeviceSize offset = 0, size = 0;       // in the packed layout
};

class TextureStorage {
public:
  // Throws vk::Error, std::bad_alloc, or std::invalid_argument for initial data the description
  // cannot take (null pSysMem); the description must already be valid.
  TextureStorage(D3D11Device* device, const TextureDesc& desc, const D3D11_SUBRESOURCE_DATA* initialData);
  // The image or staging memory may still be named by recorded commands: it goes when they complete.
  ~TextureStorage();
  TextureStorage(const TextureStorage&) = delete;
  TextureStorage& operator=(const TextureStorage&) = delete;

  std::vector<uint8_t> read(UINT subresource);
  const std::vector<SubresourceLayout>& layout() const { return m_layout; }
  vk::Image* image() const { return m_image.get(); }
  // MISC_TILED textures: the tile grid and mappings of the sparse image; null otherwise.
  vk::TiledResource* tiled() const { return m_tiled.get(); }
  // STAGING textures: the host-visible packed subresources.
  vk::Buffer* staging() const { return m_staging.get(); }
  // A copy region of the whole subresource at packed offset `sub.offset` (aspects: the image's,
  // or only `aspect` when it is non-zero).
  VkBufferImageCopy copyRegion(const SubresourceLayout& sub, VkImageAspectFlags aspect = 0) const;
  const TextureDesc& desc() const { return m_desc; }

  // The packed layout of every subresource (D3D11 order: mip fastest, then array layer) and its
  // total size; exposed so validation can apply the resource-size limit before anything exists.
  static std::vector<SubresourceLayout> packedLayout(const TextureDesc& desc, VkDeviceSize* total);

private:
  // Initial data of a two-aspect (depth and stencil) image, in D3D11's packed texels.
  void writeDepthStencilData(const std::vector<uint8_t>& packed);
  void createTiled(VkImageCreateInfo image);

  D3D11Device* m_device;
  TextureDesc m_desc;
  std::vector<SubresourceLayout> m_layout;
  VkDeviceSize m_totalBytes = 0;
  std::unique_ptr<vk::Image> m_image;
  std::unique_ptr<vk::Buffer> m_staging;
  std::unique_ptr<vk::TiledResource> m_tiled;
};

}  // namespace d3d11vk
