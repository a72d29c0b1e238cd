// D3D11DeviceContext: Map and Unmap. Dynamic buffers are renamed on WRITE_DISCARD (never a
// wait), NO_OVERWRITE hands out the current memory; staging resources wait for the GPU's last copy
// involving them (or answer DXGI_ERROR_WAS_STILL_DRAWING under DO_NOT_WAIT); dynamic textures are
// written through the upload heap and copied in at Unmap. A deferred context maps only dynamic
// resources with WRITE_DISCARD or NO_OVERWRITE (documented); its discards take memory owned by the
// command list, so the data belongs to that list and becomes the buffer's each time the list executes.
#include <algorithm>

#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_texture_storage.h"
#include "util/log.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/result.h"
#include "vk/upload_heap.h"

namespace d3d11vk {

namespace {

// Whether `type` may map a resource of this usage and CPU access (the documented pairs).
bool mapTypeAllowed(UINT usage, UINT cpuAccess, D3D11_MAP type, bool isBuffer) {
  switch (usage) {
    case D3D11_USAGE_DYNAMIC:
      return type == D3D11_MAP_WRITE_DISCARD || (type == D3D11_MAP_WRITE_NO_OVERWRITE && isBuffer);
    case D3D11_USAGE_DEFAULT:  // only buffers created with CPU access (MapOnDefaultBuffers)
    case D3D11_USAGE_STAGING:
      switch (type) {
        case D3D11_MAP_READ: return cpuAccess & D3D11_CPU_ACCESS_READ;
        case D3D11_MAP_WRITE: return cpuAccess & D3D11_CPU_ACCESS_WRITE;
        case D3D11_MAP_READ_WRITE: return (cpuAccess & D3D11_CPU_ACCESS_READ) && (cpuAccess & D3D11_CPU_ACCESS_WRITE);
        default: return false;
      }
    default: return false;
  }
}

// The debug layer's ID for a Map/Unmap refusal depends on the resource's dimension.
MessageKind mapKind(D3D11ResourceCommon* resource, MapProblem problem) {
  if (!resource)
    return mapRefused(D3D11_RESOURCE_DIMENSION_UNKNOWN, problem);
  if (resource->asBuffer())
    return mapRefused(D3D11_RESOURCE_DIMENSION_BUFFER, problem);
  return mapRefused(resource->asTexture()->desc().dimension, problem);
}

}  // namespace

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::Map(ID3D11Resource* pResource, UINT Subresource, D3D11_MAP MapType,
                                                     UINT MapFlags, D3D11_MAPPED_SUBRESOURCE* pMappedResource) {
  D3D11VK_CONTEXT_LOCK();
  // A failed Map nulls pData and leaves the pitches as they were (as Windows does); a successful
  // one sets all three.
  if (pMappedResource)
    pMappedResource->pData = nullptr;
  D3D11ResourceCommon* resource = resourceCommon(pResource);
  if (!resource || !pMappedResource) {
    m_device->diagnostics().warn(mapRefused(D3D11_RESOURCE_DIMENSION_UNKNOWN, MapProblem::Other), "ID3D11DeviceContext::Map: ",
                                 !resource ? "not a d3d11vk resource" : "pMappedResource is null", ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (MapType < D3D11_MAP_READ || MapType > D3D11_MAP_WRITE_NO_OVERWRITE || (MapFlags & ~UINT(D3D11_MAP_FLAG_DO_NOT_WAIT))) {
    m_device->diagnostics().warn(mapKind(resource, MapType < D3D11_MAP_READ || MapType > D3D11_MAP_WRITE_NO_OVERWRITE
                                                     ? MapProblem::InvalidMapType : MapProblem::InvalidFlags),
                                 "ID3D11DeviceContext::Map: invalid map type ", int(MapType), " or flags 0x", std::hex, MapFlags,
                                 ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  for (const MappedSubresource& mapped : m_mapped)
    if (mapped.resource == resource && mapped.subresource == Subresource) {
      m_device->diagnostics().warn(mapKind(resource, MapProblem::AlreadyMapped), "ID3D11DeviceContext::Map: subresource ",
                                   Subresource, " is already mapped: E_INVALIDARG");
      return E_INVALIDARG;
    }
  if (m_device->vulkanDevice().timeline().isLost())
    return DXGI_ERROR_DEVICE_REMOVED;
  if (m_deferred && MapType != D3D11_MAP_WRITE_DISCARD && MapType != D3D11_MAP_WRITE_NO_OVERWRITE) {
    m_device->diagnostics().warn(mapKind(resource, MapProblem::InvalidMapType),
                                 "ID3D11DeviceContext::Map: a deferred context maps only with WRITE_DISCARD or WRITE_NO_OVERWRITE; got ",
                                 int(MapType), ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  keepAlive(pResource);
  if (resource->asBuffer()) {
    if (Subresource != 0) {
      m_device->diagnostics().warn(mapKind(resource, MapProblem::InvalidSubresource),
                                   "ID3D11DeviceContext::Map: buffers have one subresource; got ", Subresource, ": E_INVALIDARG");
      return E_INVALIDARG;
    }
    return mapBuffer(resource, MapType, MapFlags, pMappedResource);
  }
  return mapTexture(resource, Subresource, MapType, MapFlags, pMappedResource);
}

HRESULT D3D11DeviceContext::waitForGpu(D3D11ResourceCommon* resource, D3D11_MAP /*type*/, UINT flags) {
  const uint64_t lastUse = resource->lastGpuUse();
  if (lastUse && !m_stream->isComplete(lastUse, true)) {
    if (flags & D3D11_MAP_FLAG_DO_NOT_WAIT)
      return DXGI_ERROR_WAS_STILL_DRAWING;
    m_stream->wait(lastUse);
  }
  return m_device->vulkanDevice().timeline().isLost() ? DXGI_ERROR_DEVICE_REMOVED : S_OK;
}

HRESULT D3D11DeviceContext::mapBuffer(D3D11ResourceCommon* resource, D3D11_MAP type, UINT flags,
                                         D3D11_MAPPED_SUBRESOURCE* mapped) {
  D3D11Buffer* buffer = resource->asBuffer();
  const D3D11_BUFFER_DESC& desc = buffer->desc();
  if (!mapTypeAllowed(desc.Usage, desc.CPUAccessFlags, type, true)) {
    m_device->diagnostics().warn(mapKind(resource, MapProblem::InvalidMapType), "ID3D11DeviceContext::Map: map type ", int(type),
                                 " is not allowed on a buffer of usage ", desc.Usage, " and CPU access 0x", std::hex,
                                 desc.CPUAccessFlags, ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  void* data;
  if (m_deferred) {
    if (type == D3D11_MAP_WRITE_DISCARD) {
      HRESULT result = discardOnDeferred(buffer, &data);
      if (FAILED(result))
        return result;
    } else {
      // NO_OVERWRITE appends to memory this list's WRITE_DISCARD gave the buffer; the
      // immediate context's memory is not the list's to write.
      auto found = m_renamed.find(buffer);
      if (found == m_renamed.end()) {
        m_device->diagnostics().warn(mapKind(resource, MapProblem::Other), "ID3D11DeviceContext::Map(WRITE_NO_OVERWRITE) on a deferred context needs a WRITE_DISCARD of the buffer earlier in the same "
                        "command list: D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD");
        return D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD;
      }
      data = found->second.mapped;
    }
  } else if (type == D3D11_MAP_WRITE_DISCARD) {
    try {
      data = buffer->discard(m_stream->recordingValue()).mapped;
      noteBufferDiscarded(*buffer);
    } catch (const vk::Error& error) {
      util::log::error("Map(WRITE_DISCARD): cannot rename the buffer: ", error.what());
      return E_OUTOFMEMORY;
    }
  } else if (type == D3D11_MAP_WRITE_NO_OVERWRITE) {
    data = buffer->slice().mapped;
  } else {
    HRESULT ready = waitForGpu(resource, type, flags);
    if (ready != S_OK)
      return ready;
    data = buffer->slice().mapped;
  }
  m_mapped.push_back(MappedSubresource{resource, 0, {}, false});
  mapped->pData = data;
  mapped->RowPitch = mapped->DepthPitch = desc.ByteWidth;
  return S_OK;
}

HRESULT D3D11DeviceContext::mapTexture(D3D11ResourceCommon* resource, UINT subresource, D3D11_MAP type, UINT flags,
                                          D3D11_MAPPED_SUBRESOURCE* mapped) {
  TextureStorage* texture = resource->asTexture();
  const TextureDesc& desc = texture->desc();
  if (subresource >= texture->layout().size()) {
    m_device->diagnostics().warn(mapKind(resource, MapProblem::InvalidSubresource), "ID3D11DeviceContext::Map: subresource ",
                                 subresource, " is out of range (", texture->layout().size(), "): E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!mapTypeAllowed(desc.usage, desc.cpuAccessFlags, type, false)) {
    m_device->diagnostics().warn(mapKind(resource, MapProblem::InvalidMapType), "ID3D11DeviceContext::Map: map type ", int(type),
                                 " is not allowed on a texture of usage ", desc.usage, " and CPU access 0x", std::hex,
                                 desc.cpuAccessFlags, ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  const SubresourceLayout& sub = texture->layout()[subresource];
  MappedSubresource entry{resource, subresource, {}, false};
  void* data;
  if (vk::Buffer* staging = texture->staging()) {
    HRESULT ready = waitForGpu(resource, type, flags);
    if (ready != S_OK)
      return ready;
    data = static_cast<char*>(staging->mapped()) + sub.offset;
  } else {
    try {
      entry.staging = m_uploads->allocate(sub.size, 16, recordingValue());
    } catch (const vk::Error& error) {
      util::log::error("Map(WRITE_DISCARD): no upload memory for the texture: ", error.what());
      return E_OUTOFMEMORY;
    }
    entry.throughUpload = true;
    data = entry.staging.mapped;
  }
  m_mapped.push_back(entry);
  mapped->pData = data;
  mapped->RowPitch = UINT(sub.rowBytes);
  mapped->DepthPitch = UINT(sub.rowBytes * sub.rows);
  return S_OK;
}

void STDMETHODCALLTYPE D3D11DeviceContext::Unmap(ID3D11Resource* pResource, UINT Subresource) {
  D3D11VK_CONTEXT_LOCK();
  D3D11ResourceCommon* resource = resourceCommon(pResource);
  auto found = std::find_if(m_mapped.begin(), m_mapped.end(), [&](const MappedSubresource& mapped) {
    return mapped.resource == resource && mapped.subresource == Subresource;
  });
  if (found == m_mapped.end()) {
    m_device->diagnostics().warn(mapKind(resource, MapProblem::NotMapped), "ID3D11DeviceContext::Unmap: subresource ", Subresource,
                                 " is not mapped; call ignored");
    return;
  }
  if (found->throughUpload) {
    TextureStorage* texture = resource->asTexture();
    VkBufferImageCopy region = texture->copyRegion(texture->layout()[Subresource]);
    region.bufferOffset = found->staging.offset;
    auto& copy = m_stream->record<vk::CopyBufferToImageCommand>(sizeof(VkBufferImageCopy));
    copy.src = found->staging.buffer;
    copy.dst = texture->image()->handle();
    copy.regionCount = 1;
    *vk::tailOf<VkBufferImageCopy>(&copy) = region;
  }
  *found = m_mapped.back();
  m_mapped.pop_back();
}

}  // namespace d3d11vk
