// D3D11DeviceContext: UpdateSubresource(1), CopyResource, CopySubresourceRegion(1),
// ResolveSubresource and GenerateMips. Invalid arguments drop the call with one log line, as the
// D3D11 runtime does (these methods return nothing). Staging textures are packed host memory, so
// a copy involving one is a buffer/image copy at the subresource's packed offset.
#include <algorithm>
#include <cstring>
#include <utility>

#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_enum_value.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_texture_storage.h"
#include "d3d11/d3d11_view.h"
#include "util/log.h"
#include "vk/buffer.h"
#include "vk/adapter.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/transfer.h"
#include "vk/image.h"
#include "vk/result.h"
#include "vk/upload_heap.h"

namespace d3d11vk {

namespace {

UINT roundUp(UINT value, UINT multiple) { return (value + multiple - 1) / multiple * multiple; }

// The documented copy compatibility: the same format, members of one typeless family, and the
// reinterpreting copies of "Format Conversion using Direct3D 10.1": a block-compressed format with
// an uncompressed family whose texel is the size of its block (R32G32B32A32 for 16-byte blocks,
// R16G16B16A16 and R32G32 for 8-byte ones), and R9G9B9E5_SHAREDEXP with the R32 colour formats.
// Those reinterpreting copies (`reinterpret`) exist from feature level 10_1 on.
bool copyFormatsCompatible(DXGI_FORMAT a, DXGI_FORMAT b, bool reinterpret = false) {
  if (a == b)
    return true;
  const caps::FormatInfo* fa = caps::formatInfo(a);
  const caps::FormatInfo* fb = caps::formatInfo(b);
  if (!fa || !fb)
    return false;
  auto family = [](const caps::FormatInfo& info) { return info.family != DXGI_FORMAT_UNKNOWN ? info.family : info.dxgi; };
  if (family(*fa) == family(*fb))
    return true;
  if (!reinterpret)
    return false;
  auto compressed = [](const caps::FormatInfo& info) {
    return info.kind == caps::FormatKind::Compressed || info.kind == caps::FormatKind::CompressedTypeless;
  };
  if (compressed(*fa) != compressed(*fb)) {
    const caps::FormatInfo& block = compressed(*fa) ? *fa : *fb;
    const caps::FormatInfo& texel = compressed(*fa) ? *fb : *fa;
    const DXGI_FORMAT texelFamily = family(texel);
    return texel.bitsPerElement == block.bitsPerElement &&
           (texelFamily == DXGI_FORMAT_R32G32B32A32_TYPELESS || texelFamily == DXGI_FORMAT_R16G16B16A16_TYPELESS ||
            texelFamily == DXGI_FORMAT_R32G32_TYPELESS);
  }
  auto r32Colour = [&](const caps::FormatInfo& info) {
    return family(info) == DXGI_FORMAT_R32_TYPELESS && info.kind != caps::FormatKind::DepthStencil;
  };
  return (a == DXGI_FORMAT_R9G9B9E5_SHAREDEXP && r32Colour(*fb)) || (b == DXGI_FORMAT_R9G9B9E5_SHAREDEXP && r32Colour(*fa));
}

VkImageAspectFlags copyAspects(const TextureStorage& texture) {
  if (const vk::Image* image = texture.image())
    return image->aspects();
  const caps::FormatInfo* info = caps::formatInfo(texture.desc().format);
  return info && caps::isDepthKind(*info) ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT) : VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT);
}

// The byte offset of texel (x, y, z) in a subresource's packed layout.
VkDeviceSize packedOffset(const SubresourceLayout& sub, const BlockShape& block, const VkOffset3D& at) {
  return sub.offset + (VkDeviceSize(at.z) * sub.rows + UINT(at.y) / block.height) * sub.rowBytes +
         VkDeviceSize(UINT(at.x) / block.width) * block.bytes;
}

// The buffer side of a copy between a staging texture and an image. Vulkan reads bufferRowLength
// and bufferImageHeight in the image's texels, so the staging rows of blocks are counted in the
// image's block shape: the same texels when the formats match, and one image block per staging
// texel (or the reverse) in the documented copies between block-compressed and uncompressed formats
// of equal block size.
VkBufferImageCopy packedRegion(const TextureStorage& staging, const SubresourceLayout& stagingSub, const VkOffset3D& stagingOffset,
                               DXGI_FORMAT imageFormat, const SubresourceLayout& imageSub, VkImageAspectFlags aspects,
                               const VkOffset3D& imageOffset, const VkExtent3D& imageExtent) {
  const BlockShape block = blockShape(staging.desc().format);
  const BlockShape imageBlock = blockShape(imageFormat);
  VkBufferImageCopy region{};
  region.bufferOffset = packedOffset(stagingSub, block, stagingOffset);
  region.bufferRowLength = roundUp(stagingSub.width, block.width) / block.width * imageBlock.width;
  region.bufferImageHeight = roundUp(stagingSub.height, block.height) / block.height * imageBlock.height;
  region.imageSubresource = {aspects, imageSub.mip, imageSub.layer, 1};
  region.imageOffset = imageOffset;
  region.imageExtent = imageExtent;
  return region;
}

// CopySubresourceRegion without a source box copies the whole source subresource; where that does
// not fit the destination from (DstX, DstY, DstZ) on, the copy is clipped to the destination's
// edges. The documentation calls such a copy undefined; Windows' drivers clip it, Wine's d3d11 does
// the same, and Wine's Direct2D relies on it (ID2D1Bitmap::CopyFromBitmap with a destination point
// and no source rectangle passes the whole bitmap). A box the application gives is never changed:
// one that does not fit is dropped. Block-compressed copies are not clipped (a clipped block copy
// would have to end on a block edge or the source's edge, which the destination's edge is not).
D3D11_BOX wholeSourceClippedToDestination(const SubresourceLayout& from, const SubresourceLayout& to, UINT dstX, UINT dstY,
                                          UINT dstZ, BlockShape fromBlock, BlockShape toBlock) {
  D3D11_BOX box{0, 0, 0, from.width, from.height, from.depth};
  if (fromBlock.width != 1 || fromBlock.height != 1 || toBlock.width != 1 || toBlock.height != 1)
    return box;
  const auto room = [](UINT size, UINT at) { return size > at ? size - at : 0u; };
  box.right = std::min(box.right, room(to.width, dstX));
  box.bottom = std::min(box.bottom, room(to.height, dstY));
  box.back = std::min(box.back, room(to.depth, dstZ));
  return box;
}

}  // namespace

// ---- UpdateSubresource ----

void STDMETHODCALLTYPE D3D11DeviceContext::UpdateSubresource(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                                 const D3D11_BOX* pDstBox, const void* pSrcData,
                                                                 UINT SrcRowPitch, UINT SrcDepthPitch) {
  D3D11VK_CONTEXT_LOCK();
  UpdateSubresource1(pDstResource, DstSubresource, pDstBox, pSrcData, SrcRowPitch, SrcDepthPitch, 0);
}

void STDMETHODCALLTYPE D3D11DeviceContext::UpdateSubresource1(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                                  const D3D11_BOX* pDstBox, const void* pSrcData,
                                                                  UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags) {
  D3D11VK_CONTEXT_LOCK();
  // D3D11_COPY_DISCARD and D3D11_COPY_NO_OVERWRITE are hints: the upload is ordered in the
  // stream either way, so both are honoured by doing the same thing.
  keepAlive(pDstResource);
  D3D11ResourceCommon* resource = resourceCommon(pDstResource);
  if (!resource || !pSrcData || (CopyFlags & ~UINT(D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD))) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "UpdateSubresource: ", !resource ? "not a d3d11vk resource" : !pSrcData ? "pSrcData is null" : "invalid copy flags",
                    "; call dropped");
    return;
  }
  PredicatedOperation predicated(*this);  // SetPredication skips updates too
  try {
    if (resource->asBuffer()) {
      if (DstSubresource != 0 || resource->asBuffer()->desc().Usage != D3D11_USAGE_DEFAULT) {
        m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "UpdateSubresource: the buffer is not of default usage or the subresource is not 0; call dropped");
        return;
      }
      updateBuffer(resource, pDstBox, pSrcData);
    } else {
      const TextureDesc& desc = resource->asTexture()->desc();
      if (desc.usage != D3D11_USAGE_DEFAULT || desc.sampleDesc.Count > 1 || (desc.bindFlags & D3D11_BIND_DEPTH_STENCIL) ||
          DstSubresource >= resource->asTexture()->layout().size()) {
        m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "UpdateSubresource: the texture is not default usage, is multisampled or depth-stencil, or subresource ",
                        DstSubresource, " is out of range; call dropped");
        return;
      }
      updateTexture(resource, DstSubresource, pDstBox, pSrcData, SrcRowPitch, SrcDepthPitch);
    }
  } catch (const vk::Error& error) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "UpdateSubresource: no upload memory: ", error.what(), "; call dropped");
  }
}

void D3D11DeviceContext::updateBuffer(D3D11ResourceCommon* resource, const D3D11_BOX* box, const void* data) {
  D3D11Buffer* buffer = resource->asBuffer();
  UINT left = 0, right = buffer->desc().ByteWidth;
  if (box) {
    if (box->right > right || box->top != 0 || box->bottom != 1 || box->front != 0 || box->back != 1) {
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "UpdateSubresource: the box lies outside the buffer; call dropped");
      return;
    }
    left = box->left;
    right = box->right;
  }
  if (left >= right)
    return;  // an empty box updates nothing
  const VkDeviceSize size = right - left;
  vk::BufferSlice upload = m_uploads->allocate(size, 16, recordingValue());
  std::memcpy(upload.mapped, data, size);
  const vk::BufferSlice target = sliceOf(*buffer);
  auto& copy = m_stream->record<vk::CopyBufferCommand>(sizeof(VkBufferCopy));
  copy.src = upload.buffer;
  copy.dst = target.buffer;
  copy.regionCount = 1;
  *vk::tailOf<VkBufferCopy>(&copy) = VkBufferCopy{upload.offset, target.offset + left, size};
}

void D3D11DeviceContext::updateTexture(D3D11ResourceCommon* resource, UINT subresource, const D3D11_BOX* box,
                                          const void* data, UINT rowPitch, UINT depthPitch) {
  TextureStorage* texture = resource->asTexture();
  const SubresourceLayout& sub = texture->layout()[subresource];
  const BlockShape block = blockShape(texture->desc().format);
  D3D11_BOX area{0, 0, 0, sub.width, sub.height, sub.depth};
  if (box)
    area = *box;
  if (area.left >= area.right || area.top >= area.bottom || area.front >= area.back)
    return;  // an empty box updates nothing
  const bool inside = area.right <= sub.width && area.bottom <= sub.height && area.back <= sub.depth;
  const bool aligned = area.left % block.width == 0 && area.top % block.height == 0 &&
                       (area.right % block.width == 0 || area.right == sub.width) &&
                       (area.bottom % block.height == 0 || area.bottom == sub.height);
  if (!inside || !aligned) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "UpdateSubresource: the box is outside subresource ", subresource, " or not on block boundaries; call dropped");
    return;
  }
  const UINT width = area.right - area.left, height = area.bottom - area.top, depth = area.back - area.front;
  const VkDeviceSize rowBytes = VkDeviceSize((width + block.width - 1) / block.width) * block.bytes;
  const UINT rows = (height + block.height - 1) / block.height;
  vk::BufferSlice upload = m_uploads->allocate(rowBytes * rows * depth, 16, recordingValue());
  auto* out = static_cast<uint8_t*>(upload.mapped);
  const auto* in = static_cast<const uint8_t*>(data);
  for (UINT z = 0; z < depth; ++z)
    for (UINT row = 0; row < rows; ++row)
      std::memcpy(out + (VkDeviceSize(z) * rows + row) * rowBytes, in + VkDeviceSize(z) * depthPitch + VkDeviceSize(row) * rowPitch,
                  rowBytes);

  VkBufferImageCopy region = texture->copyRegion(sub);
  region.bufferOffset = upload.offset;
  region.imageOffset = {int32_t(area.left), int32_t(area.top), int32_t(area.front)};
  region.imageExtent = {width, height, depth};
  auto& copy = m_stream->record<vk::CopyBufferToImageCommand>(sizeof(VkBufferImageCopy));
  copy.src = upload.buffer;
  copy.dst = texture->image()->handle();
  copy.regionCount = 1;
  *vk::tailOf<VkBufferImageCopy>(&copy) = region;
}

// ---- CopyResource and CopySubresourceRegion ----

bool D3D11DeviceContext::scratchMemory(const char* what, VkDeviceSize bytes, VkDeviceSize alignment, vk::BufferSlice* slice) {
  try {
    *slice = m_uploads->allocate(bytes, alignment, recordingValue());
    return true;
  } catch (const vk::Error& error) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), what, ": no scratch memory: ", error.what(), "; call dropped");
    return false;
  }
}

void D3D11DeviceContext::recordCopy(D3D11ResourceCommon* dst, UINT dstSubresource, const VkOffset3D& dstOffset,
                                       D3D11ResourceCommon* src, UINT srcSubresource, const VkOffset3D& srcOffset,
                                       const VkExtent3D& extent) {
  TextureStorage& from = *src->asTexture();
  TextureStorage& to = *dst->asTexture();
  const SubresourceLayout& fromSub = from.layout()[srcSubresource];
  const SubresourceLayout& toSub = to.layout()[dstSubresource];
  const VkImageAspectFlags aspects = copyAspects(from) & copyAspects(to);

  const bool imageTypesDiffer = from.image() && to.image() && from.image()->info().imageType != to.image()->info().imageType;
  const bool oneIs1D = imageTypesDiffer && (from.image()->info().imageType == VK_IMAGE_TYPE_1D || to.image()->info().imageType == VK_IMAGE_TYPE_1D);
  const bool ontoItself = src == dst && srcSubresource == dstSubresource;
  if (from.image() && to.image() && (copyAspects(from) != copyAspects(to) || oneIs1D || ontoItself)) {
    // Vulkan copies images only between equal aspects and between 2D and 3D types, and never a
    // subresource onto itself; a depth image copied with a colour one (D16_UNORM and R16_UNORM
    // share a family), a 1D texture with a 2D one, or a region within one subresource (overlapping
    // or not) goes through scratch memory, whose texels both sides read alike.
    const BlockShape fromBlock = blockShape(from.desc().format), toBlock = blockShape(to.desc().format);
    const VkDeviceSize bytes = VkDeviceSize((extent.width + fromBlock.width - 1) / fromBlock.width) *
                               ((extent.height + fromBlock.height - 1) / fromBlock.height) * extent.depth * fromBlock.bytes;
    vk::BufferSlice scratch;
    if (!scratchMemory("copy", bytes, 16, &scratch))
      return;
    const VkExtent3D toExtent{std::min((extent.width + fromBlock.width - 1) / fromBlock.width * toBlock.width, toSub.width - uint32_t(dstOffset.x)),
                              std::min((extent.height + fromBlock.height - 1) / fromBlock.height * toBlock.height, toSub.height - uint32_t(dstOffset.y)),
                              extent.depth};
    auto& out = m_stream->record<vk::CopyImageToBufferCommand>(sizeof(VkBufferImageCopy));
    out.src = from.image()->handle();
    out.dst = scratch.buffer;
    out.regionCount = 1;
    *vk::tailOf<VkBufferImageCopy>(&out) = VkBufferImageCopy{scratch.offset, 0, 0, {copyAspects(from), fromSub.mip, fromSub.layer, 1}, srcOffset, extent};
    auto& in = m_stream->record<vk::CopyBufferToImageCommand>(sizeof(VkBufferImageCopy));
    in.src = scratch.buffer;
    in.dst = to.image()->handle();
    in.regionCount = 1;
    *vk::tailOf<VkBufferImageCopy>(&in) = VkBufferImageCopy{scratch.offset, 0, 0, {copyAspects(to), toSub.mip, toSub.layer, 1}, dstOffset, toExtent};
  } else if (from.image() && to.image()) {
    auto& copy = m_stream->record<vk::CopyImageCommand>(sizeof(VkImageCopy));
    copy.src = from.image()->handle();
    copy.dst = to.image()->handle();
    copy.regionCount = 1;
    *vk::tailOf<VkImageCopy>(&copy) = VkImageCopy{{aspects, fromSub.mip, fromSub.layer, 1}, srcOffset,
                                                  {aspects, toSub.mip, toSub.layer, 1}, dstOffset, extent};
  } else if (from.image()) {
    auto& copy = m_stream->record<vk::CopyImageToBufferCommand>(sizeof(VkBufferImageCopy));
    copy.src = from.image()->handle();
    copy.dst = to.staging()->handle();
    copy.regionCount = 1;
    *vk::tailOf<VkBufferImageCopy>(&copy) = packedRegion(to, toSub, dstOffset, from.desc().format, fromSub, aspects, srcOffset, extent);
  } else if (to.image()) {
    // The extent is in the source's texels; the image's are those scaled by the block shapes and
    // clipped at its mip edge (a block-compressed mip smaller than a block).
    const BlockShape fromBlock = blockShape(from.desc().format), toBlock = blockShape(to.desc().format);
    const VkExtent3D imageExtent{std::min(extent.width * toBlock.width / fromBlock.width, toSub.width - uint32_t(dstOffset.x)),
                                 std::min(extent.height * toBlock.height / fromBlock.height, toSub.height - uint32_t(dstOffset.y)),
                                 extent.depth};
    auto& copy = m_stream->record<vk::CopyBufferToImageCommand>(sizeof(VkBufferImageCopy));
    copy.src = from.staging()->handle();
    copy.dst = to.image()->handle();
    copy.regionCount = 1;
    *vk::tailOf<VkBufferImageCopy>(&copy) = packedRegion(from, fromSub, srcOffset, to.desc().format, toSub, aspects, dstOffset, imageExtent);
  } else {
    // Staging to staging: one buffer copy per row of blocks (a block-compressed side's row of
    // blocks is one row of the uncompressed side's texels; the blocks are the same size).
    const BlockShape block = blockShape(from.desc().format), toBlock = blockShape(to.desc().format);
    const UINT rows = (extent.height + block.height - 1) / block.height;
    const VkDeviceSize rowBytes = VkDeviceSize((extent.width + block.width - 1) / block.width) * block.bytes;
    std::vector<VkBufferCopy> regions;
    for (uint32_t z = 0; z < extent.depth; ++z)
      for (UINT row = 0; row < rows; ++row) {
        VkOffset3D s{srcOffset.x, srcOffset.y + int32_t(row * block.height), srcOffset.z + int32_t(z)};
        VkOffset3D d{dstOffset.x, dstOffset.y + int32_t(row * toBlock.height), dstOffset.z + int32_t(z)};
        regions.push_back(VkBufferCopy{packedOffset(fromSub, block, s), packedOffset(toSub, toBlock, d), rowBytes});
      }
    const size_t perCommand = vk::CommandStream::maxTailBytes() / sizeof(VkBufferCopy);
    for (size_t first = 0; first < regions.size(); first += perCommand) {
      const size_t count = std::min(perCommand, regions.size() - first);
      auto& copy = m_stream->record<vk::CopyBufferCommand>(count * sizeof(VkBufferCopy));
      copy.src = from.staging()->handle();
      copy.dst = to.staging()->handle();
      copy.regionCount = uint32_t(count);
      std::copy_n(regions.begin() + long(first), count, vk::tailOf<VkBufferCopy>(&copy));
    }
  }
  if (from.staging())
    noteGpuUse(src);
  if (to.staging())
    noteGpuUse(dst);
}

bool D3D11DeviceContext::recordDepthStencilStagingCopy(D3D11ResourceCommon* dst, UINT dstSubresource, const VkOffset3D& dstOffset,
                                                       D3D11ResourceCommon* src, UINT srcSubresource, const VkOffset3D& srcOffset,
                                                       const VkExtent3D& extent) {
  TextureStorage& from = *src->asTexture();
  TextureStorage& to = *dst->asTexture();
  const bool toStaging = from.image() != nullptr;
  TextureStorage& image = toStaging ? from : to;
  TextureStorage& staging = toStaging ? to : from;
  const SubresourceLayout& imageSub = image.layout()[toStaging ? srcSubresource : dstSubresource];
  const SubresourceLayout& stagingSub = staging.layout()[toStaging ? dstSubresource : srcSubresource];
  const VkOffset3D& imageOffset = toStaging ? srcOffset : dstOffset;
  const VkOffset3D& stagingOffset = toStaging ? dstOffset : srcOffset;

  // D3D11 keeps depth and stencil in one texel: 24-bit depth and 8-bit stencil in 4 bytes, or a
  // float and a stencil byte in 8. Vulkan copies each aspect on its own.
  const BlockShape texel = blockShape(staging.desc().format);
  const VkFormat imageFormat = image.image()->info().format;
  vk::DepthStencilPacking packing;
  if (texel.bytes == 8 && imageFormat == VK_FORMAT_D32_SFLOAT_S8_UINT)
    packing = vk::DepthStencilPacking::D32S8X24;
  else if (texel.bytes == 4 && imageFormat == VK_FORMAT_D24_UNORM_S8_UINT)
    packing = vk::DepthStencilPacking::D24S8;
  else if (texel.bytes == 4 && imageFormat == VK_FORMAT_D32_SFLOAT_S8_UINT)
    packing = vk::DepthStencilPacking::D32FloatAsD24;  // the device's stand-in for D24_UNORM_S8_UINT
  else
    return false;

  const VkPhysicalDeviceLimits& limits = m_device->vulkanAdapter().profile().properties.core.properties.limits;
  const VkDeviceSize storageAlignment = std::max<VkDeviceSize>(limits.minStorageBufferOffsetAlignment, 16);
  const uint32_t texels = extent.width * extent.height * extent.depth;
  const VkDeviceSize depthBytes = VkDeviceSize(texels) * 4, stencilBytes = roundUp(texels, 4u);
  vk::BufferSlice scratch;
  if (!scratchMemory("depth-stencil copy", depthBytes + stencilBytes, storageAlignment, &scratch))
    return true;
  // The staging words the shader sees: from the region's first texel, rounded down to where a
  // storage-buffer descriptor may start.
  const VkDeviceSize first = packedOffset(stagingSub, texel, stagingOffset);
  const VkDeviceSize sliceBytes = stagingSub.rows * stagingSub.rowBytes;
  const VkDeviceSize end = first + (extent.depth - 1) * sliceBytes + (extent.height - 1) * stagingSub.rowBytes +
                           VkDeviceSize(extent.width) * texel.bytes;
  const VkDeviceSize bindOffset = first - first % storageAlignment;

  VkBufferImageCopy regions[2]{};
  for (uint32_t i = 0; i < 2; ++i) {
    regions[i].bufferOffset = scratch.offset + (i == 0 ? 0 : depthBytes);
    regions[i].imageSubresource = {i == 0 ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT) : VkImageAspectFlags(VK_IMAGE_ASPECT_STENCIL_BIT),
                                   imageSub.mip, imageSub.layer, 1};
    regions[i].imageOffset = imageOffset;
    regions[i].imageExtent = extent;
  }
  auto recordPack = [&] {
    auto& pack = m_stream->record<vk::PackDepthStencilCommand>();
    pack.scratch = scratch.buffer;
    pack.scratchOffset = scratch.offset;
    pack.scratchSize = depthBytes + stencilBytes;
    pack.staging = staging.staging()->handle();
    pack.stagingOffset = bindOffset;
    pack.stagingSize = end - bindOffset;
    pack.packing = packing;
    pack.unpack = toStaging ? VK_FALSE : VK_TRUE;
    pack.params = vk::DepthStencilPackParams{extent.width, extent.height, extent.depth, uint32_t((first - bindOffset) / 4),
                                            uint32_t(stagingSub.rowBytes / 4), uint32_t(sliceBytes / 4), texels};
  };
  if (toStaging) {
    auto& copy = m_stream->record<vk::CopyImageToBufferCommand>(sizeof(regions));
    copy.src = image.image()->handle();
    copy.dst = scratch.buffer;
    copy.regionCount = 2;
    std::copy_n(regions, 2, vk::tailOf<VkBufferImageCopy>(&copy));
    recordPack();
  } else {
    // Unpacking ORs each texel's stencil byte into zeroed words.
    auto& zero = m_stream->record<vk::FillBufferCommand>();
    zero.buffer = scratch.buffer;
    zero.offset = scratch.offset + depthBytes;
    zero.size = stencilBytes;
    zero.value = 0;
    recordPack();
    auto& copy = m_stream->record<vk::CopyBufferToImageCommand>(sizeof(regions));
    copy.src = scratch.buffer;
    copy.dst = image.image()->handle();
    copy.regionCount = 2;
    std::copy_n(regions, 2, vk::tailOf<VkBufferImageCopy>(&copy));
  }
  noteGpuUse(toStaging ? dst : src);
  return true;
}

void D3D11DeviceContext::copyRegion(D3D11ResourceCommon* dst, UINT dstSubresource, UINT dstX, UINT dstY, UINT dstZ,
                                       D3D11ResourceCommon* src, UINT srcSubresource, const D3D11_BOX* srcBox,
                                       const char* method) {
  if (!dst || !src || bool(dst->asBuffer()) != bool(src->asBuffer())) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": the resources are not two d3d11vk buffers or two textures; call dropped");
    return;
  }
  if (D3D11Buffer* to = dst->asBuffer()) {
    D3D11Buffer* from = src->asBuffer();
    const UINT size = from->desc().ByteWidth;
    D3D11_BOX box = srcBox ? *srcBox : D3D11_BOX{0, 0, 0, size, 1, 1};
    if (box.top >= box.bottom || box.front >= box.back)
      return;  // an empty box copies nothing, in any of its dimensions
    if (dstSubresource || srcSubresource || to->desc().Usage == D3D11_USAGE_IMMUTABLE || box.right > size ||
        box.left >= box.right || dstX + (box.right - box.left) > to->desc().ByteWidth) {
      if (box.left < box.right)
        m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": invalid buffer range, subresource or immutable destination; call dropped");
      return;
    }
    const vk::BufferSlice s = sliceOf(*from), d = sliceOf(*to);
    const VkDeviceSize bytes = box.right - box.left;
    const VkDeviceSize srcAt = s.offset + box.left, dstAt = d.offset + dstX;
    if (s.buffer == d.buffer && srcAt < dstAt + bytes && dstAt < srcAt + bytes) {
      // Overlapping ranges of one buffer (D3D11_OPTIONS.CopyWithOverlap): Vulkan forbids them in
      // one copy, so the bytes go through scratch memory, as if copied to a temporary first.
      vk::BufferSlice scratch;
      if (!scratchMemory(method, bytes, 16, &scratch))
        return;
      auto& out = m_stream->record<vk::CopyBufferCommand>(sizeof(VkBufferCopy));
      out.src = s.buffer;
      out.dst = scratch.buffer;
      out.regionCount = 1;
      *vk::tailOf<VkBufferCopy>(&out) = VkBufferCopy{srcAt, scratch.offset, bytes};
      auto& in = m_stream->record<vk::CopyBufferCommand>(sizeof(VkBufferCopy));
      in.src = scratch.buffer;
      in.dst = d.buffer;
      in.regionCount = 1;
      *vk::tailOf<VkBufferCopy>(&in) = VkBufferCopy{scratch.offset, dstAt, bytes};
      return;
    }
    auto& copy = m_stream->record<vk::CopyBufferCommand>(sizeof(VkBufferCopy));
    copy.src = s.buffer;
    copy.dst = d.buffer;
    copy.regionCount = 1;
    *vk::tailOf<VkBufferCopy>(&copy) = VkBufferCopy{srcAt, dstAt, bytes};
    if (from->desc().Usage == D3D11_USAGE_STAGING)
      noteGpuUse(src);
    if (to->desc().Usage == D3D11_USAGE_STAGING)
      noteGpuUse(dst);
    return;
  }
  TextureStorage& from = *src->asTexture();
  TextureStorage& to = *dst->asTexture();
  // Windows copies between textures of different dimensions (a 1D row into a 2D texture, 2D
  // slices into a volume) as long as the region fits both subresources.
  if (to.desc().usage == D3D11_USAGE_IMMUTABLE ||
      !copyFormatsCompatible(from.desc().format, to.desc().format, m_device->featureLevel() >= D3D_FEATURE_LEVEL_10_1) ||
      from.desc().sampleDesc.Count != to.desc().sampleDesc.Count ||
      srcSubresource >= from.layout().size() || dstSubresource >= to.layout().size()) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": incompatible textures (format, sample count), immutable destination, or subresource "
                    "out of range; call dropped");
    return;
  }
  // A subresource copied onto itself (D3D11_OPTIONS.CopyWithOverlap): through scratch memory in
  // recordCopy; staging textures, whose subresources are buffer ranges, are not done.
  const bool ontoItself = src == dst && srcSubresource == dstSubresource;
  if (ontoItself && !from.image()) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": a staging texture's subresource copied onto itself is not implemented; call dropped");
    return;
  }
  const SubresourceLayout& fromSub = from.layout()[srcSubresource];
  const SubresourceLayout& toSub = to.layout()[dstSubresource];
  D3D11_BOX box = srcBox ? *srcBox : wholeSourceClippedToDestination(fromSub, toSub, dstX, dstY, dstZ,
                                                                      blockShape(from.desc().format), blockShape(to.desc().format));
  if (!srcBox && (box.right != fromSub.width || box.bottom != fromSub.height || box.back != fromSub.depth))
    m_device->diagnostics().warn(MessageKind{D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR,
                                             D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCEBOX},
                                 method, ": the source subresource does not fit the destination at (", dstX, ", ", dstY, ", ", dstZ,
                                 "); copied clipped to the destination's edges");
  if (box.left >= box.right || box.top >= box.bottom || box.front >= box.back)
    return;  // an empty box copies nothing (also a whole source placed entirely outside the destination)
  // Documented: depth-stencil and multisampled resources are copied as whole subresources only
  // (DstX, DstY and DstZ 0 and the whole source); Windows drops a partial copy of them.
  const bool wholeOnly = ((from.desc().bindFlags | to.desc().bindFlags) & D3D11_BIND_DEPTH_STENCIL) || from.desc().sampleDesc.Count > 1;
  if (wholeOnly && (dstX || dstY || dstZ || box.left || box.top || box.front || box.right != fromSub.width ||
                    box.bottom != fromSub.height || box.back != fromSub.depth)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": a depth-stencil or multisampled resource is copied as a whole subresource only; call dropped");
    return;
  }
  if (wholeOnly && ontoItself)
    return;  // a whole subresource onto itself changes nothing
  // Extents are in the source's texels; a compressed source's blocks land on uncompressed texels.
  const BlockShape fromBlock = blockShape(from.desc().format), toBlock = blockShape(to.desc().format);
  const UINT width = box.right - box.left, height = box.bottom - box.top, depth = box.back - box.front;
  const UINT dstWidth = (width + fromBlock.width - 1) / fromBlock.width * toBlock.width;
  const UINT dstHeight = (height + fromBlock.height - 1) / fromBlock.height * toBlock.height;
  const bool inside = box.right <= roundUp(fromSub.width, fromBlock.width) && box.bottom <= roundUp(fromSub.height, fromBlock.height) &&
                      box.back <= fromSub.depth && dstX + dstWidth <= roundUp(toSub.width, toBlock.width) &&
                      dstY + dstHeight <= roundUp(toSub.height, toBlock.height) && dstZ + depth <= toSub.depth;
  if (!inside) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": the region lies outside a subresource; call dropped");
    return;
  }
  // A copy clipped at a mip edge smaller than a block: Vulkan takes the extent to the edge.
  const VkExtent3D extent{std::min(width, fromSub.width - std::min(fromSub.width, box.left)),
                          std::min(height, fromSub.height - std::min(fromSub.height, box.top)), depth};
  const VkOffset3D srcOffset{int32_t(box.left), int32_t(box.top), int32_t(box.front)};
  const VkOffset3D dstOffset{int32_t(dstX), int32_t(dstY), int32_t(dstZ)};
  if (((copyAspects(from) | copyAspects(to)) & VK_IMAGE_ASPECT_STENCIL_BIT) && (!from.image() || !to.image())) {
    if (!recordDepthStencilStagingCopy(dst, dstSubresource, dstOffset, src, srcSubresource, srcOffset, extent))
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": no depth-stencil packing for these formats in staging memory; call dropped");
    return;
  }
  recordCopy(dst, dstSubresource, dstOffset, src, srcSubresource, srcOffset, extent);
}

namespace {

// Seed 000: at feature level 9_x only 2D textures and buffers copy from GPU-accessible to
// CPU-accessible (staging) memory, and not a resource bound as a shader resource only; a
// mipmapped volume texture is not copied at all by CopyResource. Null when the copy is allowed.
const char* level9CopyRefusal(D3D11ResourceCommon* dst, D3D11ResourceCommon* src, bool wholeResource) {
  if (!dst || !src)
    return nullptr;
  auto staging = [](D3D11ResourceCommon* r) {
    return (r->asBuffer() ? UINT(r->asBuffer()->desc().Usage) : r->asTexture()->desc().usage) == D3D11_USAGE_STAGING;
  };
  const UINT srcBind = src->asBuffer() ? src->asBuffer()->desc().BindFlags : src->asTexture()->desc().bindFlags;
  const TextureDesc* texture = src->asTexture() ? &src->asTexture()->desc() : nullptr;
  if (staging(dst) && !staging(src)) {
    if (texture && texture->dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
      return "only 2D textures and buffers copy to CPU-accessible memory";
    if (srcBind == D3D11_BIND_SHADER_RESOURCE)
      return "a resource bound as a shader resource only does not copy to CPU-accessible memory";
  }
  if (wholeResource && texture && texture->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D && texture->mipLevels > 1)
    return "mipmapped volume textures are not copied";
  return nullptr;
}

}  // namespace

void STDMETHODCALLTYPE D3D11DeviceContext::CopySubresourceRegion(ID3D11Resource* pDstResource, UINT DstSubresource, UINT DstX,
                                                                     UINT DstY, UINT DstZ, ID3D11Resource* pSrcResource,
                                                                     UINT SrcSubresource, const D3D11_BOX* pSrcBox) {
  D3D11VK_CONTEXT_LOCK();
  CopySubresourceRegion1(pDstResource, DstSubresource, DstX, DstY, DstZ, pSrcResource, SrcSubresource, pSrcBox, 0);
}

void STDMETHODCALLTYPE D3D11DeviceContext::CopySubresourceRegion1(ID3D11Resource* pDstResource, UINT DstSubresource, UINT DstX,
                                                                      UINT DstY, UINT DstZ, ID3D11Resource* pSrcResource,
                                                                      UINT SrcSubresource, const D3D11_BOX* pSrcBox, UINT CopyFlags) {
  D3D11VK_CONTEXT_LOCK();
  // COPY_DISCARD / COPY_NO_OVERWRITE are hints; ordering in the stream satisfies both.
  if (CopyFlags & ~UINT(D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopySubresourceRegion1: invalid copy flags 0x", std::hex, CopyFlags, "; call dropped");
    return;
  }
  keepAlive(pDstResource);
  keepAlive(pSrcResource);
  D3D11ResourceCommon* dst = resourceCommon(pDstResource);
  D3D11ResourceCommon* src = resourceCommon(pSrcResource);
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    if (const char* why = level9CopyRefusal(dst, src, false)) {
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopySubresourceRegion: at feature level 9_x ", why, "; call dropped");
      return;
    }
  }
  PredicatedOperation predicated(*this);
  copyRegion(dst, DstSubresource, DstX, DstY, DstZ, src, SrcSubresource, pSrcBox, "CopySubresourceRegion");
}

void STDMETHODCALLTYPE D3D11DeviceContext::CopyResource(ID3D11Resource* pDstResource, ID3D11Resource* pSrcResource) {
  D3D11VK_CONTEXT_LOCK();
  keepAlive(pDstResource);
  keepAlive(pSrcResource);
  D3D11ResourceCommon* dst = resourceCommon(pDstResource);
  D3D11ResourceCommon* src = resourceCommon(pSrcResource);
  if (!dst || !src || dst == src || bool(dst->asBuffer()) != bool(src->asBuffer())) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopyResource: the resources are not two different d3d11vk buffers or textures; call dropped");
    return;
  }
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    if (const char* why = level9CopyRefusal(dst, src, true)) {
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopyResource: at feature level 9_x ", why, "; call dropped");
      return;
    }
  }
  if (dst->asBuffer()) {
    if (dst->asBuffer()->desc().ByteWidth != src->asBuffer()->desc().ByteWidth) {
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopyResource: the buffers differ in size; call dropped");
      return;
    }
    PredicatedOperation predicated(*this);
    copyRegion(dst, 0, 0, 0, 0, src, 0, nullptr, "CopyResource");
    return;
  }
  const TextureDesc& a = dst->asTexture()->desc();
  const TextureDesc& b = src->asTexture()->desc();
  // Sizes compare in blocks: a block-compressed texture copies whole onto an uncompressed one with
  // a texel per block (Format Conversion using Direct3D 10.1).
  const BlockShape blockA = blockShape(a.format), blockB = blockShape(b.format);
  auto blocks = [](UINT texels, UINT edge) { return (texels + edge - 1) / edge; };
  if (a.dimension != b.dimension || blocks(a.width, blockA.width) != blocks(b.width, blockB.width) ||
      blocks(a.height, blockA.height) != blocks(b.height, blockB.height) || a.depth != b.depth || a.mipLevels != b.mipLevels ||
      a.arraySize != b.arraySize || a.sampleDesc.Count != b.sampleDesc.Count) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopyResource: the textures differ in dimension, size, mip levels, array size or sample count; call dropped");
    return;
  }
  PredicatedOperation predicated(*this);
  for (UINT sub = 0; sub < src->asTexture()->layout().size(); ++sub)
    copyRegion(dst, sub, 0, 0, 0, src, sub, nullptr, "CopyResource");
}

// ---- ResolveSubresource and GenerateMips ----

namespace {

// Whether internal shaders can sample `format` (linearly, for mips) and render into it.
bool drawableFormat(const vk::DeviceProfile& profile, VkFormat format, bool filtered) {
  auto found = profile.formats.find(format);
  if (found == profile.formats.end())
    return false;
  VkFormatFeatureFlags need = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
  if (filtered)
    need |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  return (found->second.optimalTilingFeatures & need) == need;
}

// Whether a view of `image` in `format` with `usage` can be made.
bool viewable(const vk::Image& image, VkFormat format, VkImageUsageFlags usage) {
  const VkImageCreateInfo& info = image.info();
  return (info.usage & usage) == usage && (info.format == format || (info.flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT));
}

}  // namespace

void STDMETHODCALLTYPE D3D11DeviceContext::ResolveSubresource(ID3D11Resource* pDstResource, UINT DstSubresource,
                                                                  ID3D11Resource* pSrcResource, UINT SrcSubresource, DXGI_FORMAT Format) {
  // STATUS: partial: averages in the Format argument's space (sRGB in linear space) where the device can sample and render that format; elsewhere vkCmdResolveImage in the storage format (sRGB then implementation-defined)
  D3D11VK_CONTEXT_LOCK();
  keepAlive(pDstResource);
  keepAlive(pSrcResource);
  D3D11ResourceCommon* dst = resourceCommon(pDstResource);
  D3D11ResourceCommon* src = resourceCommon(pSrcResource);
  TextureStorage* to = dst ? dst->asTexture() : nullptr;
  TextureStorage* from = src ? src->asTexture() : nullptr;
  if (!to || !from || !to->image() || !from->image() || from->desc().sampleDesc.Count < 2 || to->desc().sampleDesc.Count != 1 ||
      SrcSubresource >= from->layout().size() || DstSubresource >= to->layout().size() ||
      !copyFormatsCompatible(from->desc().format, Format) || !copyFormatsCompatible(to->desc().format, Format)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "ResolveSubresource: needs a multisampled source, a single-sampled destination, subresources in range and "
                    "a format of both families; call dropped");
    return;
  }
  // D3D11 resolves only typed, non-integer colour formats (D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE):
  // integer, depth and typeless Format values are refused.
  const caps::FormatInfo* info = caps::formatInfo(Format);
  if (!info || info->kind != caps::FormatKind::Color || caps::isInteger(*info) || info->vulkan == VK_FORMAT_UNDEFINED) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "ResolveSubresource: Format ", enumValue(Format), " is not a typed, non-integer colour format; call dropped");
    return;
  }
  if ((from->image()->aspects() | to->image()->aspects()) & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "ResolveSubresource: depth-stencil resources are not resolved; call dropped");
    return;
  }
  const SubresourceLayout& s = from->layout()[SrcSubresource];
  const SubresourceLayout& d = to->layout()[DstSubresource];
  if (s.width != d.width || s.height != d.height) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "ResolveSubresource: the subresources differ in size; call dropped");
    return;
  }
  const VkImageSubresourceLayers source{VK_IMAGE_ASPECT_COLOR_BIT, s.mip, s.layer, 1};
  const VkImageSubresourceLayers target{VK_IMAGE_ASPECT_COLOR_BIT, d.mip, d.layer, 1};
  const VkImageSubresourceLayers whole{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  const VkExtent3D extent{s.width, s.height, 1};
  const VkFormat format = from->image()->info().format;
  const VkFormat resolveFormat = info->vulkan;
  const uint32_t samples = from->desc().sampleDesc.Count;
  PredicatedOperation predicated(*this);
  auto recordCopy = [&](VkImage copySrc, const VkImageSubresourceLayers& from, VkImage copyDst, const VkImageSubresourceLayers& to) {
    auto& copy = m_stream->record<vk::CopyImageCommand>(sizeof(VkImageCopy));
    copy.src = copySrc;
    copy.dst = copyDst;
    copy.regionCount = 1;
    *vk::tailOf<VkImageCopy>(&copy) = VkImageCopy{from, {0, 0, 0}, to, {0, 0, 0}, extent};
  };
  // vkCmdResolveImage where it computes what D3D11 does: one format throughout and not sRGB (its
  // sRGB behaviour is implementation-dependent). Everything else is drawn by the resolve shader in
  // the Format argument's format (docs/resources.md, "Resolves and mip generation").
  const bool srgb = info->flags & caps::kFormatSrgb;
  if (!srgb && resolveFormat == format && to->image()->info().format == format) {
    auto& resolve = m_stream->record<vk::ResolveImageCommand>();
    resolve.src = from->image()->handle();
    resolve.dst = to->image()->handle();
    resolve.region = VkImageResolve{source, {0, 0, 0}, target, {0, 0, 0}, extent};
    resolve.format = VK_FORMAT_UNDEFINED;
    resolve.samples = samples;
    return;
  }
  if (drawableFormat(m_device->vulkanAdapter().profile(), resolveFormat, false)) {
    // The source is sampled and the destination rendered through views in the resolve format;
    // an image that cannot have such a view (no sampled or render-target usage, or another typed
    // format) goes through a scratch image of the resolve format and a copy.
    VkImage sampled = from->image()->handle();
    VkImageSubresourceLayers sampledLayers = source;
    if (!viewable(*from->image(), resolveFormat, VK_IMAGE_USAGE_SAMPLED_BIT)) {
      vk::Image* scratch = scratchImage(resolveFormat, s.width, s.height, samples,
                                        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT);
      if (!scratch)
        return;
      recordCopy(sampled, source, scratch->handle(), whole);
      sampled = scratch->handle();
      sampledLayers = whole;
    }
    VkImage drawn = to->image()->handle();
    VkImageSubresourceLayers drawnLayers = target;
    vk::Image* scratchTarget = nullptr;
    if (!viewable(*to->image(), resolveFormat, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT)) {
      scratchTarget = scratchImage(resolveFormat, s.width, s.height, 1,
                                   VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
      if (!scratchTarget)
        return;
      drawn = scratchTarget->handle();
      drawnLayers = whole;
    }
    auto& resolve = m_stream->record<vk::ResolveImageCommand>();
    resolve.src = sampled;
    resolve.dst = drawn;
    resolve.region = VkImageResolve{sampledLayers, {0, 0, 0}, drawnLayers, {0, 0, 0}, extent};
    resolve.format = resolveFormat;
    resolve.samples = samples;
    if (scratchTarget)
      recordCopy(scratchTarget->handle(), whole, to->image()->handle(), target);
    return;
  }
  static bool logged = false;
  if (!std::exchange(logged, true))
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "ResolveSubresource: the device cannot sample and render format ", enumValue(Format),
                    "; resolved with vkCmdResolveImage in the storage format (sRGB may be averaged in gamma space)");
  // Vulkan resolves only between images of one format. The two formats are of one family, so of
  // one texel size: resolve into a scratch image of the source's format, then copy its texels.
  VkImage resolved = to->image()->handle();
  VkImageSubresourceLayers resolvedLayers = target;
  vk::Image* scratch = nullptr;
  if (format != to->image()->info().format) {
    scratch = scratchImage(format, s.width, s.height);
    if (!scratch)
      return;
    resolved = scratch->handle();
    resolvedLayers = whole;
  }
  auto& resolve = m_stream->record<vk::ResolveImageCommand>();
  resolve.src = from->image()->handle();
  resolve.dst = resolved;
  resolve.region = VkImageResolve{source, {0, 0, 0}, resolvedLayers, {0, 0, 0}, extent};
  resolve.format = VK_FORMAT_UNDEFINED;
  resolve.samples = samples;
  if (scratch)
    recordCopy(scratch->handle(), whole, to->image()->handle(), target);
}

vk::Image* D3D11DeviceContext::scratchImage(VkFormat format, uint32_t width, uint32_t height, uint32_t samples,
                                            VkImageUsageFlags usage) {
  VkImageCreateInfo info = vk::makeStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {width, height, 1};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = VkSampleCountFlagBits(samples);
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage | VK_IMAGE_USAGE_TRANSFER_DST_BIT;  // initializeImage clears it
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  vk::Device& device = m_device->vulkanDevice();
  std::shared_ptr<vk::Image> image;
  try {
    image = std::make_shared<vk::Image>(device, info);
    device.transfer().initializeImage(*image);  // into GENERAL, where every image stays
  } catch (const vk::Error& error) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "no scratch image of ", width, "x", height, ": ", error.what(), "; call dropped");
    return nullptr;
  }
  vk::Image* raw = image.get();
  if (m_deferred)
    m_recording.scratch.push_back(std::move(image));
  else
    device.timeline().deferUntil(recordingValue(), [image] {});
  return raw;
}

void STDMETHODCALLTYPE D3D11DeviceContext::GenerateMips(ID3D11ShaderResourceView* pShaderResourceView) {
  // STATUS: partial: filters through the SRV's format (sRGB in linear space) where the device can filter and render that format; elsewhere linear blits in the storage format
  D3D11VK_CONTEXT_LOCK();
  if (!pShaderResourceView)
    return;
  keepAlive(pShaderResourceView);
  auto* view = static_cast<D3D11ShaderResourceView*>(pShaderResourceView);
  D3D11ResourceCommon* resource = resourceCommon(view->target().resource());
  TextureStorage* texture = resource ? resource->asTexture() : nullptr;
  // Documented: without GENERATE_MIPS (which implies render-target and shader-resource binding)
  // the call has no effect.
  if (!texture || !texture->image() || !(texture->desc().miscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS))
    return;
  const ViewRange& range = view->target().range();
  if (range.mipCount < 2)
    return;
  // Integer formats have no MIP_AUTOGEN support: such a texture is created (as on Windows) and
  // GenerateMips leaves its mips alone.
  if (const caps::FormatInfo* info = caps::formatInfo(range.format); info && caps::isInteger(*info))
    return;
  const SubresourceLayout& base = texture->layout()[range.firstMip];
  const VkImageCreateInfo& image = texture->image()->info();
  // Blits filter in the image's own format (sRGB images in linear space, as the Vulkan spec
  // requires of vkCmdBlitImage); a view of another format (an sRGB SRV of a typeless texture)
  // needs the mips shader, which samples and renders through views in the SRV's format.
  VkFormat viewFormat = view->target().format() == image.format ? VK_FORMAT_UNDEFINED : view->target().format();
  if (viewFormat != VK_FORMAT_UNDEFINED &&
      (!drawableFormat(m_device->vulkanAdapter().profile(), viewFormat, true) ||
       (image.imageType == VK_IMAGE_TYPE_3D && !(image.flags & VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT)))) {
    static bool logged = false;
    if (!std::exchange(logged, true))
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "GenerateMips: the device cannot filter and render the view's format ", int(viewFormat),
                      "; mips filtered in the storage format instead");
    viewFormat = VK_FORMAT_UNDEFINED;
  }
  PredicatedOperation predicated(*this);
  auto& mips = m_stream->record<vk::GenerateMipsCommand>();
  mips.image = texture->image()->handle();
  mips.aspects = VK_IMAGE_ASPECT_COLOR_BIT;
  mips.baseExtent = {base.width, base.height, base.depth};
  mips.baseMip = range.firstMip;
  mips.mipCount = range.mipCount;
  const bool volume = texture->desc().dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D;
  mips.baseLayer = volume ? 0 : range.firstLayer;
  mips.layerCount = volume ? 1 : range.layerCount;
  mips.viewFormat = viewFormat;
  mips.imageType = image.imageType;
}

// ---- CopyStructureCount ----

void STDMETHODCALLTYPE D3D11DeviceContext::CopyStructureCount(ID3D11Buffer* pDstBuffer, UINT DstAlignedByteOffset,
                                                                  ID3D11UnorderedAccessView* pSrcView) {
  D3D11VK_CONTEXT_LOCK();
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopyStructureCount: not supported at feature level 9_x; call dropped");
    return;
  }
  D3D11ResourceCommon* resource = resourceCommon(pDstBuffer);
  D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
  vk::Buffer* counter = pSrcView ? static_cast<D3D11UnorderedAccessView*>(pSrcView)->counter() : nullptr;
  if (!buffer || !counter || (DstAlignedByteOffset & 3) || DstAlignedByteOffset + 4 > buffer->desc().ByteWidth) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "CopyStructureCount: needs a buffer with room at a 4-byte aligned offset and an append/counter view; call dropped");
    return;
  }
  const vk::BufferSlice target = sliceOf(*buffer);
  PredicatedOperation predicated(*this);
  auto& copy = m_stream->record<vk::CopyBufferCommand>(sizeof(VkBufferCopy));
  copy.src = counter->handle();
  copy.dst = target.buffer;
  copy.regionCount = 1;
  *vk::tailOf<VkBufferCopy>(&copy) = VkBufferCopy{0, target.offset + DstAlignedByteOffset, 4};
  keepAlive(pDstBuffer);
  keepAlive(pSrcView);
  if (buffer->desc().Usage == D3D11_USAGE_STAGING)
    noteGpuUse(resource);
}

}  // namespace d3d11vk
