// The four resource views: resolving an ID3D11Resource to d3d11vk's own object, the Vulkan image
// or buffer view a validated range maps to, the private resource reference, and each view's
// identity, GetDesc(1) and GetResource.
#include "d3d11/d3d11_view.h"

#include <algorithm>
#include <cstring>

#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_texture.h"
#include "vk/adapter.h"
#include "vk/alpha_target.h"
#include "vk/buffer.h"
#include "vk/gpu_timeline.h"
#include "vk/transfer.h"
#include "vk/device.h"
#include "vk/image.h"
#include "util/log.h"
#include "vk/result.h"
#include "vk/view_objects.h"

namespace d3d11vk {

namespace {

// The concrete class behind a resource of a dimension; the caller has checked it is ours.
D3D11Buffer* asBuffer(ID3D11Resource* resource) { return static_cast<D3D11Buffer*>(static_cast<ID3D11Buffer*>(resource)); }
D3D11Texture1D* asTexture1D(ID3D11Resource* resource) { return static_cast<D3D11Texture1D*>(static_cast<ID3D11Texture1D*>(resource)); }
D3D11Texture2D* asTexture2D(ID3D11Resource* resource) {
  return static_cast<D3D11Texture2D*>(static_cast<ID3D11Texture2D1*>(static_cast<ID3D11Texture2D*>(resource)));
}
D3D11Texture3D* asTexture3D(ID3D11Resource* resource) {
  return static_cast<D3D11Texture3D*>(static_cast<ID3D11Texture3D1*>(static_cast<ID3D11Texture3D*>(resource)));
}

void fillTexture(const TextureStorage& storage, ResolvedResource* resolved) {
  resolved->desc.texture = storage.desc();
  resolved->bindFlags = storage.desc().bindFlags;
  resolved->image = storage.image();
}

VkImageViewType imageViewType(ViewShape shape, ViewUsage usage) {
  switch (shape) {
    case ViewShape::Tex1D: return VK_IMAGE_VIEW_TYPE_1D;
    case ViewShape::Tex1DArray: return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
    case ViewShape::Tex2DArray:
    case ViewShape::Tex2DMSArray: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    // A render target of a 3D texture is a range of depth slices, a 2D array view of the image
    // created 2D-array compatible (d3d11_texture_storage.cpp).
    case ViewShape::Tex3D: return usage == ViewUsage::ColorAttachment ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_3D;
    case ViewShape::Cube: return VK_IMAGE_VIEW_TYPE_CUBE;
    case ViewShape::CubeArray: return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    default: return VK_IMAGE_VIEW_TYPE_2D;
  }
}

VkImageUsageFlags imageUsage(ViewUsage usage) {
  switch (usage) {
    case ViewUsage::Sampled: return VK_IMAGE_USAGE_SAMPLED_BIT;
    case ViewUsage::ColorAttachment: return VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    case ViewUsage::DepthStencilAttachment: return VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
    case ViewUsage::Storage: return VK_IMAGE_USAGE_STORAGE_BIT;
  }
  return 0;
}

// The offset alignment a typed buffer view needs. Vulkan 1.3 implies texelBufferAlignment, so the
// Vulkan 1.3 properties rule, not minTexelBufferOffsetAlignment: where the device allows single-texel
// alignment, one element (one component of a three-component format) or the byte alignment,
// whichever is smaller, else the byte alignment.
VkDeviceSize texelBufferOffsetAlignment(const vk::DeviceProfile& profile, DXGI_FORMAT format, ViewUsage usage) {
  const VkPhysicalDeviceVulkan13Properties& props = profile.properties.vk13;
  bool storage = usage == ViewUsage::Storage;
  VkDeviceSize bytes = storage ? props.storageTexelBufferOffsetAlignmentBytes : props.uniformTexelBufferOffsetAlignmentBytes;
  bool singleTexel = storage ? props.storageTexelBufferOffsetSingleTexelAlignment : props.uniformTexelBufferOffsetSingleTexelAlignment;
  if (bytes == 0)  // a profile without the 1.3 properties: the 1.0 limit
    return std::max<VkDeviceSize>(profile.properties.core.properties.limits.minTexelBufferOffsetAlignment, 1);
  const caps::FormatInfo* info = caps::formatInfo(format);
  if (!singleTexel || !info || info->bitsPerElement == 0)
    return bytes;
  VkDeviceSize texel = info->bitsPerElement / 8;
  if (texel % 3 == 0)  // R32G32B32: one component
    texel /= 3;
  return std::min(bytes, std::max<VkDeviceSize>(texel, 1));
}

}  // namespace

bool resolveResource(ID3D11Resource* resource, ResolvedResource* resolved) {
  // Only d3d11vk's resources answer this id; anything else cannot be viewed.
  D3D11ResourceCommon* common = nullptr;
  if (FAILED(resource->QueryInterface(kResourceCommonId, reinterpret_cast<void**>(&common))) || !common)
    return false;
  common->releaseCommon();
  resolved->resource = resource;
  resolved->common = common;
  resource->GetType(&resolved->desc.dimension);
  switch (resolved->desc.dimension) {
    case D3D11_RESOURCE_DIMENSION_BUFFER: {
      D3D11Buffer* buffer = asBuffer(resource);
      buffer->GetDesc(&resolved->desc.buffer);
      resolved->bindFlags = resolved->desc.buffer.BindFlags;
      resolved->buffer = buffer->slice();
      resolved->desc.profile = &static_cast<D3D11Device*>(buffer->device())->vulkanAdapter().profile();
      return true;
    }
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D:
      fillTexture(asTexture1D(resource)->storage(), resolved);
      resolved->desc.profile = &static_cast<D3D11Device*>(asTexture1D(resource)->device())->vulkanAdapter().profile();
      return true;
    case D3D11_RESOURCE_DIMENSION_TEXTURE2D:
      fillTexture(asTexture2D(resource)->storage(), resolved);
      resolved->desc.profile = &static_cast<D3D11Device*>(asTexture2D(resource)->device())->vulkanAdapter().profile();
      return true;
    case D3D11_RESOURCE_DIMENSION_TEXTURE3D:
      fillTexture(asTexture3D(resource)->storage(), resolved);
      resolved->desc.profile = &static_cast<D3D11Device*>(asTexture3D(resource)->device())->vulkanAdapter().profile();
      return true;
    default: return false;
  }
}

ViewTarget::ViewTarget(D3D11Device* device, const ResolvedResource& resource, const ViewRange& range, ViewUsage usage)
    : m_device(device), m_resource(resource.resource), m_common(resource.common), m_dimension(resource.desc.dimension),
      m_resourceBindFlags(resource.bindFlags), m_range(range) {
  vk::Device& vkDevice = device->vulkanDevice();
  const vk::DeviceProfile& profile = device->vulkanAdapter().profile();
  if (range.shape == ViewShape::Buffer) {
    m_buffer = resource.buffer;
    if (range.bufferTarget)
      createShadowImage(device, caps::storageFormat(profile, range.format));
    if (range.typedBuffer) {
      VkBufferViewCreateInfo info = vk::makeStruct<VkBufferViewCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO);
      // The slice current when the view is made; after a Map(WRITE_DISCARD) the draw path asks
      // bufferViewOf() for the view of the buffer's new slice.
      info.buffer = resource.buffer.buffer;
      info.format = caps::storageFormat(profile, range.format);
      // D3D11 allows any first element. A device whose texel-buffer offsets must be coarser than
      // that gets the aligned byte below it (a valid view reading from the wrong place) and one log
      // line per view; slices of renamed buffers keep the same alignment (bufferViewOf).
      VkDeviceSize alignment = texelBufferOffsetAlignment(profile, range.format, usage);
      VkDeviceSize misalignment = (resource.buffer.offset + range.firstByte) % alignment;
      if (misalignment != 0)
        util::log::warn("typed buffer view at byte ", range.firstByte, ": this device needs ", alignment,
                        "-byte texel-buffer offsets; the view starts ", misalignment, " bytes early");
      m_bufferViewFirstByte = range.firstByte - misalignment;
      info.offset = resource.buffer.offset + m_bufferViewFirstByte;
      info.range = range.byteCount;
      m_bufferView = vk::createBufferView(vkDevice, info);
      m_bufferFormat = info.format;
    }
  } else {
    const vk::Image& image = *resource.image;
    VkImageViewUsageCreateInfo viewUsage = vk::makeStruct<VkImageViewUsageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO);
    viewUsage.usage = imageUsage(usage);  // one use per view: a typeless image's usage need not suit every member
    VkImageViewCreateInfo info = vk::makeStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
    info.pNext = &viewUsage;
    info.image = image.handle();
    info.viewType = imageViewType(range.shape, usage);
    VkImageAspectFlags aspects = image.aspects();
    if (aspects & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
      // Depth images are viewed in their own format: Vulkan does not alias depth and color, so a
      // shader-resource view (R32_FLOAT, R24_UNORM_X8_TYPELESS...) reads one aspect of it.
      info.format = image.info().format;
      if (usage != ViewUsage::DepthStencilAttachment)
        aspects = range.stencilOnly ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
    } else {
      info.format = caps::storageFormat(profile, range.format);
    }
    m_image = resource.image;
    m_format = info.format;
    m_aspects = aspects;
    const caps::FormatInfo* format = caps::formatInfo(range.format);
    info.components = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                       VK_COMPONENT_SWIZZLE_IDENTITY};
    // Attachments and storage images take no swizzle; shaders reading the view see the DXGI meaning.
    // X24_TYPELESS_G8_UINT and X32_TYPELESS_G8X24_UINT deliver the stencil value in .y, where a
    // Vulkan stencil view puts it in .r.
    if (usage == ViewUsage::Sampled && range.stencilOnly)
      info.components.g = VK_COMPONENT_SWIZZLE_R;
    if (usage == ViewUsage::Sampled && format && format->swizzle == caps::FormatSwizzle::AlphaOne)
      info.components.a = VK_COMPONENT_SWIZZLE_ONE;
    if (usage == ViewUsage::Sampled && format && format->swizzle == caps::FormatSwizzle::AlphaFromRed)
      info.components = {VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_R};
    info.subresourceRange.aspectMask = aspects;
    info.subresourceRange.baseMipLevel = range.firstMip;
    info.subresourceRange.levelCount = range.mipCount;
    if (range.shape == ViewShape::Tex3D && info.viewType == VK_IMAGE_VIEW_TYPE_3D) {
      // A 3D view covers every depth slice; an unordered-access view's slice range is kept in
      // the description for the shader side.
      info.subresourceRange.baseArrayLayer = 0;
      info.subresourceRange.layerCount = 1;
    } else {
      info.subresourceRange.baseArrayLayer = range.firstLayer;
      info.subresourceRange.layerCount = range.layerCount;
    }
    m_imageView = vk::createImageView(vkDevice, info);
    if (usage == ViewUsage::ColorAttachment && format && format->swizzle == caps::FormatSwizzle::AlphaFromRed) {
      // A8_UNORM is stored as R8_UNORM; draws render into an RGBA8 shadow (docs/resources.md).
      const VkImageCreateInfo& created = image.info();
      vk::AlphaTargetDesc alpha;
      alpha.texture = image.handle();
      alpha.textureType = created.imageType;
      alpha.mip = range.firstMip;
      alpha.firstLayer = range.firstLayer;
      alpha.layerCount = range.layerCount;
      alpha.width = std::max(1u, created.extent.width >> range.firstMip);
      alpha.height = std::max(1u, created.extent.height >> range.firstMip);
      alpha.samples = created.samples;
      try {
        m_alpha = std::make_unique<vk::AlphaTarget>(vkDevice, alpha);
      } catch (...) {
        vk::destroyImageView(vkDevice, m_imageView);
        m_imageView = VK_NULL_HANDLE;
        throw;
      }
    }
  }
  addResourceRef();
}

VkBufferView ViewTarget::bufferViewOf(const vk::BufferSlice& slice) const {
  if (slice.buffer == m_buffer.buffer && slice.offset == m_buffer.offset)
    return m_bufferView;
  std::lock_guard lock(m_sliceViewsMutex);
  for (const SliceView& known : m_sliceViews)
    if (known.buffer == slice.buffer && known.offset == slice.offset)
      return known.view;
  VkBufferView view = createBufferView(slice);
  m_sliceViews.push_back(SliceView{slice.buffer, slice.offset, view});
  return view;
}

VkBufferView ViewTarget::createBufferView(const vk::BufferSlice& slice) const {
  vk::Device& vkDevice = m_device->vulkanDevice();
  VkBufferViewCreateInfo info = vk::makeStruct<VkBufferViewCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO);
  info.buffer = slice.buffer;
  info.format = m_bufferFormat;
  info.offset = slice.offset + m_bufferViewFirstByte;  // slices keep the texel-buffer offset alignment
  info.range = m_range.byteCount;
  return vk::createBufferView(vkDevice, info);
}

ViewTarget::~ViewTarget() {
  // Recorded commands may still name the Vulkan views: they go when those complete.
  vk::Device& vkDevice = m_device->vulkanDevice();
  if (!m_sliceViews.empty())
    vkDevice.timeline().deferUntil(m_device->recordingValue(), [&vkDevice, views = std::move(m_sliceViews)] {
      for (const SliceView& known : views)
        vk::destroyBufferView(vkDevice, known.view);
    });
  if (m_imageView || m_bufferView || m_shadow || m_alpha) {
    vkDevice.timeline().deferUntil(m_device->recordingValue(), [&vkDevice, image = m_imageView, buffer = m_bufferView,
                                                                shadow = std::shared_ptr<vk::Image>(std::move(m_shadow)),
                                                                alpha = std::shared_ptr<vk::AlphaTarget>(std::move(m_alpha))]() mutable {
      vk::destroyImageView(vkDevice, image);
      vk::destroyBufferView(vkDevice, buffer);
      shadow.reset();  // after its view
      alpha.reset();
    });
  }
  releaseResourceRef();
}

void ViewTarget::addResourceRef() {
  switch (m_dimension) {
    case D3D11_RESOURCE_DIMENSION_BUFFER: asBuffer(m_resource)->addPrivateRef(); break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D: asTexture1D(m_resource)->addPrivateRef(); break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE2D: asTexture2D(m_resource)->addPrivateRef(); break;
    default: asTexture3D(m_resource)->addPrivateRef(); break;
  }
}

void ViewTarget::releaseResourceRef() {
  switch (m_dimension) {
    case D3D11_RESOURCE_DIMENSION_BUFFER: asBuffer(m_resource)->releasePrivateRef(); break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D: asTexture1D(m_resource)->releasePrivateRef(); break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE2D: asTexture2D(m_resource)->releasePrivateRef(); break;
    default: asTexture3D(m_resource)->releasePrivateRef(); break;
  }
}

void ViewTarget::getResource(ID3D11Resource** resource) const {
  if (!resource)
    return;
  m_resource->AddRef();  // documented: GetResource hands out a reference
  *resource = m_resource;
}

D3D11ShaderResourceView::D3D11ShaderResourceView(D3D11Device* device, const ResolvedResource& resource,
                                                 const D3D11_SHADER_RESOURCE_VIEW_DESC1& desc, const ViewRange& range)
    : D3D11DeviceChild(device), m_desc(desc), m_target(device, resource, range, ViewUsage::Sampled) {}

HRESULT STDMETHODCALLTYPE D3D11ShaderResourceView::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11View) ||
      riid == __uuidof(ID3D11ShaderResourceView) || riid == __uuidof(ID3D11ShaderResourceView1))
    return util::returnInterface<ID3D11ShaderResourceView1>(this, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11ShaderResourceView", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11ShaderResourceView::GetResource(ID3D11Resource** resource) {
  m_target.getResource(resource);
}

void STDMETHODCALLTYPE D3D11ShaderResourceView::GetDesc(D3D11_SHADER_RESOURCE_VIEW_DESC* desc) {
  // The older description is the newer one without the PlaneSlice members, which come last.
  if (desc)
    std::memcpy(desc, &m_desc, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D11ShaderResourceView::GetDesc1(D3D11_SHADER_RESOURCE_VIEW_DESC1* desc) {
  if (desc)
    *desc = m_desc;
}

D3D11RenderTargetView::D3D11RenderTargetView(D3D11Device* device, const ResolvedResource& resource,
                                             const D3D11_RENDER_TARGET_VIEW_DESC1& desc, const ViewRange& range)
    : D3D11DeviceChild(device), m_desc(desc), m_target(device, resource, range, ViewUsage::ColorAttachment) {}

HRESULT STDMETHODCALLTYPE D3D11RenderTargetView::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11View) ||
      riid == __uuidof(ID3D11RenderTargetView) || riid == __uuidof(ID3D11RenderTargetView1))
    return util::returnInterface<ID3D11RenderTargetView1>(this, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11RenderTargetView", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11RenderTargetView::GetResource(ID3D11Resource** resource) {
  m_target.getResource(resource);
}

void STDMETHODCALLTYPE D3D11RenderTargetView::GetDesc(D3D11_RENDER_TARGET_VIEW_DESC* desc) {
  // The older description is the newer one without the PlaneSlice members, which come last.
  if (desc)
    std::memcpy(desc, &m_desc, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D11RenderTargetView::GetDesc1(D3D11_RENDER_TARGET_VIEW_DESC1* desc) {
  if (desc)
    *desc = m_desc;
}

D3D11DepthStencilView::D3D11DepthStencilView(D3D11Device* device, const ResolvedResource& resource,
                                             const D3D11_DEPTH_STENCIL_VIEW_DESC& desc, const ViewRange& range)
    : D3D11DeviceChild(device), m_desc(desc), m_target(device, resource, range, ViewUsage::DepthStencilAttachment) {}

HRESULT STDMETHODCALLTYPE D3D11DepthStencilView::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11View) ||
      riid == __uuidof(ID3D11DepthStencilView))
    return util::returnInterface<ID3D11DepthStencilView>(this, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11DepthStencilView", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11DepthStencilView::GetResource(ID3D11Resource** resource) {
  m_target.getResource(resource);
}

void STDMETHODCALLTYPE D3D11DepthStencilView::GetDesc(D3D11_DEPTH_STENCIL_VIEW_DESC* desc) {
  if (desc)
    *desc = m_desc;
}

D3D11UnorderedAccessView::D3D11UnorderedAccessView(D3D11Device* device, const ResolvedResource& resource,
                                                   const D3D11_UNORDERED_ACCESS_VIEW_DESC1& desc, const ViewRange& range)
    : D3D11DeviceChild(device), m_owner(device), m_desc(desc), m_target(device, resource, range, ViewUsage::Storage) {
  if (desc.ViewDimension == D3D11_UAV_DIMENSION_BUFFER && (desc.Buffer.Flags & (D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER))) {
    vk::Device& vkDevice = device->vulkanDevice();
    m_counter = std::make_unique<vk::Buffer>(vkDevice, 4,
                                             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                                 VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                             0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    const uint32_t zero = 0;
    vkDevice.transfer().writeBuffer(*m_counter, 0, &zero, sizeof(zero));
  }
}

D3D11UnorderedAccessView::~D3D11UnorderedAccessView() {
  if (m_counter)
    m_owner->vulkanDevice().timeline().deferUntil(m_owner->recordingValue(),
                                                  [counter = std::shared_ptr<vk::Buffer>(std::move(m_counter))] {});
}

HRESULT STDMETHODCALLTYPE D3D11UnorderedAccessView::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11View) ||
      riid == __uuidof(ID3D11UnorderedAccessView) || riid == __uuidof(ID3D11UnorderedAccessView1))
    return util::returnInterface<ID3D11UnorderedAccessView1>(this, object);
  util::logUnknownInterface("D3D11UnorderedAccessView", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11UnorderedAccessView::GetResource(ID3D11Resource** resource) {
  m_target.getResource(resource);
}

void STDMETHODCALLTYPE D3D11UnorderedAccessView::GetDesc(D3D11_UNORDERED_ACCESS_VIEW_DESC* desc) {
  // The older description is the newer one without the PlaneSlice members, which come last.
  if (desc)
    std::memcpy(desc, &m_desc, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D11UnorderedAccessView::GetDesc1(D3D11_UNORDERED_ACCESS_VIEW_DESC1* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
