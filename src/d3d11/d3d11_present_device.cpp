// D3D11PresentDevice: recording a swapchain's present on the immediate context, and the
// reference checks behind ResizeBuffers.
#include "d3d11/d3d11_present_device.h"

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_multithread.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_texture.h"
#include "util/log.h"
#include "vk/command_stream.h"
#include "vk/commands.h"
#include "vk/image.h"
#include "vk/presenter.h"

namespace d3d11vk {

namespace {

// Our 2D texture behind `resource`, or null for anything else.
D3D11Texture2D* texture2D(ID3D11Resource* resource) {
  D3D11ResourceCommon* common = resourceCommon(resource);
  if (!common || !common->asTexture())
    return nullptr;
  D3D11_RESOURCE_DIMENSION dimension = D3D11_RESOURCE_DIMENSION_UNKNOWN;
  resource->GetType(&dimension);
  return dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D ? static_cast<D3D11Texture2D*>(common) : nullptr;
}

}  // namespace

vk::Device* STDMETHODCALLTYPE D3D11PresentDevice::GetVulkanDevice() { return &owner()->vulkanDevice(); }

vk::Adapter* STDMETHODCALLTYPE D3D11PresentDevice::GetVulkanAdapter() { return &owner()->vulkanAdapter(); }

HRESULT STDMETHODCALLTYPE D3D11PresentDevice::PresentTexture(vk::Presenter* presenter, ID3D11Texture2D* texture,
                                                             UINT syncInterval, BOOL allowTearing,
                                                             const vk::PresentLayout* layout, UINT64* submission) {
  D3D11Texture2D* ours = texture2D(texture);
  if (!presenter || !layout || !submission || !ours || ours->device() != owner()) {
    util::log::error("PresentTexture: not a texture of this device");
    return E_INVALIDARG;
  }
  const TextureStorage& storage = ours->storage();
  if (storage.desc().sampleDesc.Count != 1 || !storage.image()) {
    util::log::error("PresentTexture: the texture is multisampled or has no image");
    return E_INVALIDARG;
  }
  // The application's other threads may record on the immediate context under its
  // multithread lock (ID3D10Multithread/ID3D11Multithread): so does the present.
  D3D11DeviceContext& context = owner()->immediateContext();
  const MultithreadGuard lock(context.multithread());
  vk::CommandStream& stream = context.stream();
  auto& command = stream.record<vk::PresentCommand>();
  command.presenter = presenter;
  command.image = storage.image()->handle();
  command.extent = VkExtent2D{storage.desc().width, storage.desc().height};
  command.format = storage.image()->info().format;
  command.syncInterval = syncInterval;
  command.allowTearing = allowTearing ? VK_TRUE : VK_FALSE;
  command.layout = *layout;
  presenter->notePresentRecorded();
  *submission = stream.recordingValue();
  context.releaseRetainedBindings();  // as Flush: at most a frame
  stream.flush();
  return S_OK;
}

BOOL STDMETHODCALLTYPE D3D11PresentDevice::HasOtherReferences(ID3D11Resource* resource) {
  D3D11Texture2D* ours = texture2D(resource);
  if (!ours)
    return TRUE;
  // A view the application unbound and released may still be kept by a rebind (its reference
  // on the buffer is no one's any more).
  D3D11DeviceContext& context = owner()->immediateContext();
  {
    const MultithreadGuard lock(context.multithread());
    context.releaseRetainedBindings();
  }
  return ours->publicRefCount() > 1 || ours->privateRefCount() > 1;
}

void STDMETHODCALLTYPE D3D11PresentDevice::WaitIdle() { owner()->immediateContext().waitIdle(); }

HRESULT STDMETHODCALLTYPE D3D11PresentDevice::CreateBackBuffer(const D3D11_TEXTURE2D_DESC* desc, UINT usage,
                                                               ID3D11Texture2D** texture) {
  if (!desc || !texture)
    return E_INVALIDARG;
  return owner()->createBackBuffer(*desc, usage, texture);
}

void STDMETHODCALLTYPE D3D11PresentDevice::AddBufferReference(ID3D11Texture2D* texture) {
  if (D3D11Texture2D* ours = texture2D(texture))
    ours->addPrivateRef();
}

void STDMETHODCALLTYPE D3D11PresentDevice::ReleaseBufferReference(ID3D11Texture2D* texture) {
  if (D3D11Texture2D* ours = texture2D(texture))
    ours->releasePrivateRef();
}

}  // namespace d3d11vk
