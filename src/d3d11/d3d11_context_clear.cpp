// D3D11DeviceContext: ClearRenderTargetView, ClearDepthStencilView, ClearView, the UAV clears
// and the Discard* hints. Render targets and depth-stencil views clear through a rendering pass on
// the view (format conversion included); UAVs clear with a Vulkan clear where the view's format is
// the image's own, else by copying a CPU-packed element pattern (d3d11_clear_value.h).
#include <algorithm>
#include <cstring>

#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_clear_value.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_texture_storage.h"
#include "d3d11/d3d11_view.h"
#include "util/log.h"
#include "vk/command_stream.h"
#include "vk/image.h"
#include "vk/result.h"
#include "vk/upload_heap.h"

namespace d3d11vk {

namespace {

// The size of mip `mip` of a view's texture, in texels.
VkExtent2D mipExtent(const TextureStorage& texture, UINT mip) {
  const TextureDesc& desc = texture.desc();
  return VkExtent2D{std::max(1u, desc.width >> mip), std::max(1u, desc.height >> mip)};
}

// Render-target views of 3D textures address depth slices; others address array layers.
void recordViewClear(vk::CommandStream& stream, const ViewTarget& target, const TextureStorage& texture, VkImageAspectFlags aspects,
                     VkImageAspectFlags viewAspects, const VkClearValue& value, const D3D11_RECT* rects, UINT rectCount,
                     UINT layerLimit) {
  const ViewRange& range = target.range();
  const VkExtent2D extent = mipExtent(texture, range.firstMip);
  std::vector<VkRect2D> clipped;
  for (UINT i = 0; i < rectCount; ++i) {
    // Rectangles outside the view are clipped; empty ones clear nothing.
    const LONG left = std::max<LONG>(rects[i].left, 0), top = std::max<LONG>(rects[i].top, 0);
    const LONG right = std::min<LONG>(rects[i].right, LONG(extent.width)), bottom = std::min<LONG>(rects[i].bottom, LONG(extent.height));
    if (left < right && top < bottom)
      clipped.push_back(VkRect2D{{int32_t(left), int32_t(top)}, {uint32_t(right - left), uint32_t(bottom - top)}});
  }
  if (rectCount && clipped.empty())
    return;
  auto& clear = stream.record<vk::ClearImageViewCommand>(clipped.size() * sizeof(VkRect2D));
  clear.image = texture.image()->handle();
  clear.view = target.imageView();
  clear.extent = extent;
  clear.layerCount = std::min(range.layerCount, layerLimit);
  clear.aspects = aspects;
  clear.viewAspects = viewAspects;
  clear.value = value;
  clear.rectCount = uint32_t(clipped.size());
  std::copy(clipped.begin(), clipped.end(), vk::tailOf<VkRect2D>(&clear));
}

VkClearValue colorValue(DXGI_FORMAT format, const FLOAT color[4]) {
  VkClearValue value{};
  const caps::FormatInfo* info = caps::formatInfo(format);
  for (int i = 0; i < 4; ++i) {
    // Integer render targets take the float colour converted to the integer type.
    if (info && (info->flags & caps::kFormatUint))
      value.color.uint32[i] = color[i] <= 0.0f ? 0u : uint32_t(color[i]);
    else if (info && (info->flags & caps::kFormatSint))
      value.color.int32[i] = int32_t(color[i]);
    else
      value.color.float32[i] = color[i];
  }
  // A8_UNORM render targets are R8 images (their draws go through an RGBA8 shadow): the clear
  // writes the colour's alpha into that one channel.
  if (format == DXGI_FORMAT_A8_UNORM)
    value.color.float32[0] = color[3];
  return value;
}

D3D11ResourceCommon* viewedResource(const ViewTarget& target) { return target.common(); }

}  // namespace

void STDMETHODCALLTYPE D3D11DeviceContext::ClearRenderTargetView(ID3D11RenderTargetView* pRenderTargetView, const FLOAT ColorRGBA[4]) {
  D3D11VK_CONTEXT_LOCK();
  if (!pRenderTargetView || !ColorRGBA)
    return;
  keepAlive(pRenderTargetView);
  auto* view = static_cast<D3D11RenderTargetView*>(pRenderTargetView);
  D3D11ResourceCommon* resource = viewedResource(view->target());
  D3D11_RENDER_TARGET_VIEW_DESC desc;
  view->GetDesc(&desc);
  if (view->target().isBufferTarget() && resource && resource->asBuffer()) {
    PredicatedOperation predicated(*this);  // the shadow image's clear and its copy into the buffer
    view->target().recordBufferTargetClear(*m_stream, sliceOf(*resource->asBuffer()), colorValue(desc.Format, ColorRGBA), nullptr, 0);
    return;
  }
  if (!resource || !resource->asTexture())
    return;
  // Documented: at 9_x only the first array slice is cleared.
  const UINT layers = m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0 ? 1u : ~0u;
  PredicatedOperation predicated(*this);
  recordViewClear(*m_stream, view->target(), *resource->asTexture(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_ASPECT_COLOR_BIT,
                  colorValue(desc.Format, ColorRGBA), nullptr, 0, layers);
}

void STDMETHODCALLTYPE D3D11DeviceContext::ClearDepthStencilView(ID3D11DepthStencilView* pDepthStencilView, UINT ClearFlags,
                                                                     FLOAT Depth, UINT8 Stencil) {
  D3D11VK_CONTEXT_LOCK();
  if (!pDepthStencilView)
    return;
  keepAlive(pDepthStencilView);
  auto* view = static_cast<D3D11DepthStencilView*>(pDepthStencilView);
  D3D11ResourceCommon* resource = viewedResource(view->target());
  if (!resource || !resource->asTexture() || !(ClearFlags & (D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL)) ||
      (ClearFlags & ~UINT(D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL))) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "ClearDepthStencilView: invalid view or clear flags 0x", std::hex, ClearFlags, "; call dropped");
    return;
  }
  const VkImageAspectFlags viewAspects = resource->asTexture()->image()->aspects();
  VkImageAspectFlags aspects = 0;
  if (ClearFlags & D3D11_CLEAR_DEPTH)
    aspects |= VK_IMAGE_ASPECT_DEPTH_BIT;
  if (ClearFlags & D3D11_CLEAR_STENCIL)
    aspects |= VK_IMAGE_ASPECT_STENCIL_BIT;
  aspects &= viewAspects;
  if (!aspects)
    return;  // clearing stencil of a depth-only format: nothing to do
  VkClearValue value{};
  value.depthStencil = {std::clamp(Depth, 0.0f, 1.0f), Stencil};
  PredicatedOperation predicated(*this);
  recordViewClear(*m_stream, view->target(), *resource->asTexture(), aspects, viewAspects, value, nullptr, 0, ~0u);
}

void STDMETHODCALLTYPE D3D11DeviceContext::ClearView(ID3D11View* pView, const FLOAT Color[4], const D3D11_RECT* pRect, UINT NumRects) {
  D3D11VK_CONTEXT_LOCK();
  if (!pView || !Color || (NumRects && !pRect))
    return;
  keepAlive(pView);
  ID3D11RenderTargetView* rtv = nullptr;
  ID3D11UnorderedAccessView* uav = nullptr;
  if (SUCCEEDED(pView->QueryInterface(__uuidof(ID3D11RenderTargetView), reinterpret_cast<void**>(&rtv)))) {
    rtv->Release();
    auto* view = static_cast<D3D11RenderTargetView*>(rtv);
    D3D11ResourceCommon* resource = viewedResource(view->target());
    D3D11_RENDER_TARGET_VIEW_DESC desc;
    view->GetDesc(&desc);
    if (view->target().isBufferTarget() && resource && resource->asBuffer()) {
      PredicatedOperation predicated(*this);
      view->target().recordBufferTargetClear(*m_stream, sliceOf(*resource->asBuffer()), colorValue(desc.Format, Color), pRect, NumRects);
      return;
    }
    if (!resource || !resource->asTexture())
      return;
    PredicatedOperation predicated(*this);
    recordViewClear(*m_stream, view->target(), *resource->asTexture(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_ASPECT_COLOR_BIT,
                    colorValue(desc.Format, Color), pRect, NumRects, ~0u);
  } else if (SUCCEEDED(pView->QueryInterface(__uuidof(ID3D11UnorderedAccessView), reinterpret_cast<void**>(&uav)))) {
    uav->Release();
    if (NumRects) {
      D3D11VK_LOG_ONCE(Warn, "ClearView: rectangles on unordered-access views are not implemented; call dropped");
      return;
    }
    clearUnorderedAccessView(uav, Color, true, "ClearView");
  } else {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), "ClearView: only render-target and unordered-access views can be cleared; call dropped");
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::ClearUnorderedAccessViewUint(ID3D11UnorderedAccessView* pUnorderedAccessView,
                                                                            const UINT Values[4]) {
  D3D11VK_CONTEXT_LOCK();
  if (pUnorderedAccessView && Values)
    clearUnorderedAccessView(pUnorderedAccessView, Values, false, "ClearUnorderedAccessViewUint");
}

void STDMETHODCALLTYPE D3D11DeviceContext::ClearUnorderedAccessViewFloat(ID3D11UnorderedAccessView* pUnorderedAccessView,
                                                                             const FLOAT Values[4]) {
  D3D11VK_CONTEXT_LOCK();
  if (pUnorderedAccessView && Values)
    clearUnorderedAccessView(pUnorderedAccessView, Values, true, "ClearUnorderedAccessViewFloat");
}

void D3D11DeviceContext::clearUnorderedAccessView(ID3D11UnorderedAccessView* uav, const void* values, bool isFloat, const char* method) {
  keepAlive(uav);
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": not supported at feature level 9_x; call dropped");
    return;
  }
  auto* view = static_cast<D3D11UnorderedAccessView*>(uav);
  const ViewRange& range = view->target().range();
  D3D11ResourceCommon* resource = viewedResource(view->target());
  if (!resource)
    return;
  const auto* uints = static_cast<const UINT*>(values);
  const auto* floats = static_cast<const FLOAT*>(values);
  PredicatedOperation predicated(*this);
  try {
    if (D3D11Buffer* buffer = resource->asBuffer()) {
      const vk::BufferSlice slice = sliceOf(*buffer);
      if (!range.typedBuffer) {
        // Raw and structured views clear 32-bit words; a float clear writes the value's conversion.
        auto& fill = m_stream->record<vk::FillBufferCommand>();
        fill.buffer = slice.buffer;
        fill.offset = slice.offset + range.firstByte;
        fill.size = range.byteCount & ~VkDeviceSize(3);
        fill.value = isFloat ? uint32_t(floats[0]) : uints[0];
        return;
      }
      uint8_t element[16];
      const uint32_t size = packClearValue(range.format, uints, floats, isFloat, element);
      if (!size) {
        m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": clearing views of format ", int(range.format), " is not implemented; call dropped");
        return;
      }
      vk::BufferSlice pattern = m_uploads->allocate(range.byteCount, 16, recordingValue());
      for (VkDeviceSize at = 0; at + size <= range.byteCount; at += size)
        std::memcpy(static_cast<uint8_t*>(pattern.mapped) + at, element, size);
      auto& copy = m_stream->record<vk::CopyBufferCommand>(sizeof(VkBufferCopy));
      copy.src = pattern.buffer;
      copy.dst = slice.buffer;
      copy.regionCount = 1;
      *vk::tailOf<VkBufferCopy>(&copy) = VkBufferCopy{pattern.offset, slice.offset + range.firstByte, range.byteCount};
      return;
    }
    TextureStorage& texture = *resource->asTexture();
    const caps::FormatInfo* viewInfo = caps::formatInfo(range.format);
    const bool volume = texture.desc().dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D;
    const bool sameFormat = range.format == texture.desc().format;
    // A Vulkan clear writes what D3D11 wants when the view is the image's own format and the
    // value needs no bit-level reinterpretation: float values into non-integer formats, integer
    // values into 32-bit integer channels (narrower ones keep only their low bits in D3D11).
    const bool wideInteger = range.format == DXGI_FORMAT_R32G32B32A32_UINT || range.format == DXGI_FORMAT_R32G32B32A32_SINT ||
                             range.format == DXGI_FORMAT_R32G32_UINT || range.format == DXGI_FORMAT_R32G32_SINT ||
                             range.format == DXGI_FORMAT_R32_UINT || range.format == DXGI_FORMAT_R32_SINT;
    const bool direct = sameFormat && viewInfo && (isFloat ? !caps::isInteger(*viewInfo) : wideInteger);
    if (direct) {
      auto& clear = m_stream->record<vk::ClearColorImageCommand>();
      clear.image = texture.image()->handle();
      clear.range = {VK_IMAGE_ASPECT_COLOR_BIT, range.firstMip, 1, volume ? 0 : range.firstLayer, volume ? 1 : range.layerCount};
      std::memcpy(&clear.value, values, sizeof(clear.value));
      return;
    }
    uint8_t element[16];
    const uint32_t size = packClearValue(range.format, uints, floats, isFloat, element);
    if (!size) {
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": clearing views of format ", int(range.format), " is not implemented; call dropped");
      return;
    }
    const SubresourceLayout& sub = texture.layout()[range.firstMip];
    const UINT depth = volume ? range.layerCount : 1;
    const VkDeviceSize bytes = VkDeviceSize(sub.width) * sub.height * depth * size;
    vk::BufferSlice pattern = m_uploads->allocate(bytes, 16, recordingValue());
    for (VkDeviceSize at = 0; at < bytes; at += size)
      std::memcpy(static_cast<uint8_t*>(pattern.mapped) + at, element, size);
    const UINT layers = volume ? 1 : range.layerCount;
    auto& copy = m_stream->record<vk::CopyBufferToImageCommand>(layers * sizeof(VkBufferImageCopy));
    copy.src = pattern.buffer;
    copy.dst = texture.image()->handle();
    copy.regionCount = layers;
    for (UINT layer = 0; layer < layers; ++layer) {
      VkBufferImageCopy& region = vk::tailOf<VkBufferImageCopy>(&copy)[layer];
      region = VkBufferImageCopy{};
      region.bufferOffset = pattern.offset;  // every layer copies the same pattern
      region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, range.firstMip, volume ? 0 : range.firstLayer + layer, 1};
      region.imageOffset = {0, 0, volume ? int32_t(range.firstLayer) : 0};
      region.imageExtent = {sub.width, sub.height, depth};
    }
  } catch (const vk::Error& error) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": no upload memory: ", error.what(), "; call dropped");
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::DiscardResource(ID3D11Resource* /*pResource*/) {
  D3D11VK_CONTEXT_LOCK();
  // Documented as a hint that the contents are no longer needed; keeping them is correct.
}

void STDMETHODCALLTYPE D3D11DeviceContext::DiscardView(ID3D11View* /*pResourceView*/) {
  D3D11VK_CONTEXT_LOCK();
  // A hint, as DiscardResource.
}

void STDMETHODCALLTYPE D3D11DeviceContext::DiscardView1(ID3D11View* /*pResourceView*/, const D3D11_RECT* /*pRects*/, UINT /*NumRects*/) {
  D3D11VK_CONTEXT_LOCK();
  // A hint, as DiscardResource.
}

}  // namespace d3d11vk
