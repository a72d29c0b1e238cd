// D3D11ShaderResourceView, D3D11RenderTargetView, D3D11DepthStencilView and
// D3D11UnorderedAccessView: the four resource views, each with its validated description, a
// private reference on its resource and the Vulkan view behind it (ViewTarget).
#pragma once

#include <mutex>
#include <vector>

#include "d3d10/d3d10_view_face.h"
#include "d3d11/d3d11_device_child.h"
#include "d3d11/d3d11_view_validation.h"
#include <memory>

#include "vk/buffer.h"
#include "vk/buffer_slice.h"
#include "vk/vulkan_api.h"

namespace vk {
class AlphaTarget;
class Buffer;
class CommandStream;
class Image;
struct RenderTarget;
}  // namespace vk

namespace d3d11vk {

class D3D11Device;
class D3D11ResourceCommon;

// One of d3d11vk's resources behind an ID3D11Resource, with what views need of it.
struct ResolvedResource {
  ID3D11Resource* resource = nullptr;
  D3D11ResourceCommon* common = nullptr;  // the same object's implementation side
  ViewedResource desc;
  UINT bindFlags = 0;
  vk::Image* image = nullptr;    // textures (null for staging ones)
  vk::BufferSlice buffer;          // buffers: the memory views are made on
};

// Fills `resolved` for one of d3d11vk's buffers or textures; false for any other object.
bool resolveResource(ID3D11Resource* resource, ResolvedResource* resolved);

enum class ViewUsage { Sampled, ColorAttachment, DepthStencilAttachment, Storage };

// What a view holds: the private reference on its resource (so the resource outlives the view
// without showing in the application's counts) and the VkImageView or, for typed buffer views,
// the VkBufferView; raw and structured buffer views need no Vulkan object. A render-target view
// of a buffer owns a shadow image (one row of the view's elements) that draws and clears render
// into; the worker copies the buffer range in and out around each rendering pass
// (d3d11_view_buffer_target.cpp, src/vk/executor_buffer_targets.cpp).
class ViewTarget {
public:
  // Throws vk::Error; nothing is held when it does.
  ViewTarget(D3D11Device* device, const ResolvedResource& resource, const ViewRange& range, ViewUsage usage);
  ~ViewTarget();
  ViewTarget(const ViewTarget&) = delete;
  ViewTarget& operator=(const ViewTarget&) = delete;

  void getResource(ID3D11Resource** resource) const;
  // The viewed resource, without a reference (the view holds one).
  ID3D11Resource* resource() const { return m_resource; }
  // The viewed resource's implementation side, found once at creation (the draw path reads it per
  // descriptor and would otherwise pay a QueryInterface each time); the view keeps it alive.
  D3D11ResourceCommon* common() const { return m_common; }
  // The viewed resource's BindFlags: a resource without an output flag (render target, depth
  // stencil, UAV, stream output) can never be bound for output, so binding a view of it skips
  // the hazard scan of the output bindings.
  UINT resourceBindFlags() const { return m_resourceBindFlags; }
  VkImageView imageView() const { return m_imageView; }
  // The viewed image (textures) and the view's Vulkan format and aspects; the viewed buffer
  // memory as it was when the view was made (buffers).
  vk::Image* image() const { return m_image; }
  VkFormat format() const { return m_format; }
  VkImageAspectFlags aspects() const { return m_aspects; }
  const vk::BufferSlice& buffer() const { return m_buffer; }
  VkBufferView bufferView() const { return m_bufferView; }
  // The typed view of `slice`, memory a Map(WRITE_DISCARD) of the viewed dynamic buffer made
  // current later: made on first use and kept until the view goes (a dynamic buffer recycles a
  // bounded set of slices). Any thread. Throws vk::Error.
  VkBufferView bufferViewOf(const vk::BufferSlice& slice) const;
  // A new typed view of `slice` with this view's format and range, owned by the caller (a deferred
  // context's command list, for memory of its own). Throws vk::Error.
  VkBufferView createBufferView(const vk::BufferSlice& slice) const;
  const ViewRange& range() const { return m_range; }

  // Render-target views of A8_UNORM textures: the RGBA8 shadow draws render into (the worker
  // copies the texels into its alpha before each rendering pass and back after it). image(),
  // imageView() and format() stay the texture's R8 ones, which clears write directly.
  const vk::AlphaTarget* alphaTarget() const { return m_alpha.get(); }
  // Render-target views of buffers (d3d11_view_buffer_target.cpp). image() and imageView() are
  // the shadow image's; `slice` is the buffer's memory as the recording context sees it.
  bool isBufferTarget() const { return m_shadow != nullptr; }
  // Names the buffer range the worker copies into the shadow image before a rendering pass and
  // back after it.
  void describeBufferTarget(const vk::BufferSlice& slice, vk::RenderTarget* target) const;
  // ClearRenderTargetView/ClearView: clears the shadow image (rectangles clipped to the row) and
  // copies the cleared elements into the buffer.
  void recordBufferTargetClear(vk::CommandStream& stream, const vk::BufferSlice& slice, const VkClearValue& value,
                               const D3D11_RECT* rects, UINT rectCount) const;

private:
  void addResourceRef();
  void releaseResourceRef();
  // Throws vk::Error.
  void createShadowImage(D3D11Device* device, VkFormat format);

  D3D11Device* m_device;
  ID3D11Resource* m_resource;
  D3D11ResourceCommon* m_common;
  D3D11_RESOURCE_DIMENSION m_dimension;
  UINT m_resourceBindFlags;
  ViewRange m_range;
  VkImageView m_imageView = VK_NULL_HANDLE;
  vk::Image* m_image = nullptr;
  VkFormat m_format = VK_FORMAT_UNDEFINED;
  VkImageAspectFlags m_aspects = 0;
  vk::BufferSlice m_buffer;
  VkBufferView m_bufferView = VK_NULL_HANDLE;
  VkFormat m_bufferFormat = VK_FORMAT_UNDEFINED;
  VkDeviceSize m_bufferViewFirstByte = 0;  // range.firstByte, lowered to the device's texel-buffer alignment
  struct SliceView {
    VkBuffer buffer;
    VkDeviceSize offset;
    VkBufferView view;
  };
  mutable std::mutex m_sliceViewsMutex;
  mutable std::vector<SliceView> m_sliceViews;
  std::unique_ptr<vk::Image> m_shadow;  // render-target views of buffers
  std::unique_ptr<vk::AlphaTarget> m_alpha;  // render-target views of A8_UNORM textures
};

class D3D11ShaderResourceView final : public D3D11DeviceChild<ID3D11ShaderResourceView1> {
public:
  D3D11ShaderResourceView(D3D11Device* device, const ResolvedResource& resource,
                          const D3D11_SHADER_RESOURCE_VIEW_DESC1& desc, const ViewRange& range);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  void STDMETHODCALLTYPE GetResource(ID3D11Resource** resource) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_SHADER_RESOURCE_VIEW_DESC* desc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_SHADER_RESOURCE_VIEW_DESC1* desc) override;

  const ViewTarget& target() const { return m_target; }

private:
  D3D11_SHADER_RESOURCE_VIEW_DESC1 m_desc;
  ViewTarget m_target;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10ShaderResourceViewFace m_d3d10{this};
};

class D3D11RenderTargetView final : public D3D11DeviceChild<ID3D11RenderTargetView1> {
public:
  D3D11RenderTargetView(D3D11Device* device, const ResolvedResource& resource,
                        const D3D11_RENDER_TARGET_VIEW_DESC1& desc, const ViewRange& range);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  void STDMETHODCALLTYPE GetResource(ID3D11Resource** resource) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_RENDER_TARGET_VIEW_DESC* desc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_RENDER_TARGET_VIEW_DESC1* desc) override;

  const ViewTarget& target() const { return m_target; }

private:
  D3D11_RENDER_TARGET_VIEW_DESC1 m_desc;
  ViewTarget m_target;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10RenderTargetViewFace m_d3d10{this};
};

class D3D11DepthStencilView final : public D3D11DeviceChild<ID3D11DepthStencilView> {
public:
  D3D11DepthStencilView(D3D11Device* device, const ResolvedResource& resource,
                        const D3D11_DEPTH_STENCIL_VIEW_DESC& desc, const ViewRange& range);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  void STDMETHODCALLTYPE GetResource(ID3D11Resource** resource) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_DEPTH_STENCIL_VIEW_DESC* desc) override;

  const ViewTarget& target() const { return m_target; }

private:
  D3D11_DEPTH_STENCIL_VIEW_DESC m_desc;
  ViewTarget m_target;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10DepthStencilViewFace m_d3d10{this};
};

class D3D11UnorderedAccessView final : public D3D11DeviceChild<ID3D11UnorderedAccessView1> {
public:
  // Append and counter views of structured buffers get their hidden counter (zeroed) here.
  D3D11UnorderedAccessView(D3D11Device* device, const ResolvedResource& resource,
                           const D3D11_UNORDERED_ACCESS_VIEW_DESC1& desc, const ViewRange& range);
  ~D3D11UnorderedAccessView() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  void STDMETHODCALLTYPE GetResource(ID3D11Resource** resource) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_UNORDERED_ACCESS_VIEW_DESC* desc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_UNORDERED_ACCESS_VIEW_DESC1* desc) override;

  const ViewTarget& target() const { return m_target; }
  // The hidden 32-bit counter of an append/counter view (the shader's imm_atomic_alloc/consume
  // target, CopyStructureCount's source), or null.
  vk::Buffer* counter() const { return m_counter.get(); }

private:
  D3D11Device* m_owner;
  D3D11_UNORDERED_ACCESS_VIEW_DESC1 m_desc;
  ViewTarget m_target;
  std::unique_ptr<vk::Buffer> m_counter;
};

}  // namespace d3d11vk
