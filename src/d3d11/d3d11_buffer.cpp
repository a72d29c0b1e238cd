// D3D11Buffer: the Vulkan buffer behind a D3D11 buffer (usage and memory from the description),
// its initial data, identity and GetDesc.
#include "d3d11/d3d11_buffer.h"

#include <cstring>

#include "d3d11/d3d11_device.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/transfer.h"

namespace d3d11vk {

namespace {

VkBufferUsageFlags bufferUsage(const vk::Device& device, const D3D11_BUFFER_DESC& desc) {
  VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (desc.BindFlags & D3D11_BIND_VERTEX_BUFFER)
    usage |= VK_BUFFER_USAGE_VERTEX_BUFFER_BIT;
  if (desc.BindFlags & D3D11_BIND_INDEX_BUFFER)
    usage |= VK_BUFFER_USAGE_INDEX_BUFFER_BIT;
  if (desc.BindFlags & D3D11_BIND_CONSTANT_BUFFER)
    usage |= VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
  // Typed views are texel buffers, raw and structured ones storage buffers.
  if (desc.BindFlags & D3D11_BIND_SHADER_RESOURCE)
    usage |= VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  if (desc.BindFlags & D3D11_BIND_UNORDERED_ACCESS)
    usage |= VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  if ((desc.BindFlags & D3D11_BIND_STREAM_OUTPUT) && device.hasExtension("VK_EXT_transform_feedback"))
    usage |= VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
  if (desc.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS)
    usage |= VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
  return usage;
}

}  // namespace

D3D11Buffer::D3D11Buffer(D3D11Device* device, const D3D11_BUFFER_DESC& desc, const D3D11_SUBRESOURCE_DATA* initialData)
    : D3D11DeviceChild(device), m_owner(device), m_desc(desc) {
  if (!(m_desc.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
    m_desc.StructureByteStride = 0;  // documented: ignored unless the buffer is structured
  vk::Device& vkDevice = device->vulkanDevice();
  VkMemoryPropertyFlags required = 0, preferred = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  const VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  if (desc.Usage == D3D11_USAGE_DYNAMIC) {
    required = host;  // written by the CPU every frame: device-local and host-visible where there is such memory
  } else if (desc.Usage == D3D11_USAGE_STAGING || desc.CPUAccessFlags) {  // staging, or DEFAULT with CPU access
    required = host;
    preferred = (desc.CPUAccessFlags & D3D11_CPU_ACCESS_READ) ? VK_MEMORY_PROPERTY_HOST_CACHED_BIT : 0;
  }
  if (desc.Usage == D3D11_USAGE_DYNAMIC) {
    m_dynamic = std::make_unique<vk::DiscardableBuffer>(vkDevice, desc.ByteWidth, bufferUsage(vkDevice, desc));
    if (initialData)
      std::memcpy(m_dynamic->current().mapped, initialData->pSysMem, desc.ByteWidth);
    else
      std::memset(m_dynamic->current().mapped, 0, desc.ByteWidth);
    return;
  }
  if (desc.MiscFlags & D3D11_RESOURCE_MISC_TILE_POOL) {
    m_tilePool = std::make_shared<vk::TilePool>(vkDevice, vk::TilePool::chooseMemoryType(vkDevice));
    m_tilePool->resize(desc.ByteWidth / vk::kTileBytes);
    return;
  }
  if (desc.MiscFlags & D3D11_RESOURCE_MISC_TILED) {
    // No memory and no zeroing: its tiles start unmapped and get memory from tile pools.
    m_buffer = std::make_unique<vk::Buffer>(vkDevice, desc.ByteWidth, bufferUsage(vkDevice, desc), vk::Buffer::Sparse{});
    m_tiled = std::make_unique<vk::TiledResource>(m_buffer->handle(), desc.ByteWidth);
    return;
  }
  m_buffer = std::make_unique<vk::Buffer>(vkDevice, desc.ByteWidth, bufferUsage(vkDevice, desc), required, preferred);
  if ((desc.BindFlags & D3D11_BIND_STREAM_OUTPUT) && vkDevice.hasExtension("VK_EXT_transform_feedback")) {
    m_streamOutCounter = std::make_unique<vk::Buffer>(
        vkDevice, 4,
        VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
            VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    const uint32_t zero = 0;
    vkDevice.transfer().writeBuffer(*m_streamOutCounter, 0, &zero, sizeof(zero));
  }
  if (initialData) {
    vkDevice.transfer().writeBuffer(*m_buffer, 0, initialData->pSysMem, desc.ByteWidth);
  } else {
    // Zeroed, as Windows hands out new resources (applications come to rely on it).
    std::vector<uint8_t> zeros(desc.ByteWidth);
    vkDevice.transfer().writeBuffer(*m_buffer, 0, zeros.data(), desc.ByteWidth);
  }
}

D3D11Buffer::~D3D11Buffer() {
  const uint64_t lastUse = m_owner->recordingValue();
  if (m_dynamic)
    m_dynamic->setLastUse(lastUse);  // the slabs defer themselves
  // A tiled buffer's mapping table holds its pools' memory; the worker may still bind it.
  if (m_buffer)
    m_owner->vulkanDevice().timeline().deferUntil(lastUse, [buffer = std::shared_ptr<vk::Buffer>(std::move(m_buffer)),
                                                            tiled = std::shared_ptr<vk::TiledResource>(std::move(m_tiled))] {});
  if (m_tilePool)
    m_owner->vulkanDevice().timeline().deferUntil(lastUse, [pool = std::move(m_tilePool)] {});
  if (m_streamOutCounter)
    m_owner->vulkanDevice().timeline().deferUntil(lastUse,
                                                  [counter = std::shared_ptr<vk::Buffer>(std::move(m_streamOutCounter))] {});
}

const vk::BufferSlice& D3D11Buffer::discard(uint64_t lastUse) {
  const vk::BufferSlice& slice = m_dynamic->discard(lastUse);
  m_generation++;
  return slice;
}

HRESULT STDMETHODCALLTYPE D3D11Buffer::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Buffer))
    return util::returnInterface<ID3D11Buffer>(this, object);
  if (riid == kResourceCommonId) {
    AddRef();
    *object = static_cast<D3D11ResourceCommon*>(this);
    return S_OK;
  }
  // The D3D10 face (src/d3d10); structured buffers have none, as on Windows (D3D10 has no such
  // buffers; Wine's test_create_buffer).
  if (!(desc().MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) && m_d3d10.query(riid, object))
    return S_OK;
  if (m_dxgiResource.query(riid, object))
    return S_OK;
  util::logUnknownInterface("D3D11Buffer", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11Buffer::GetType(D3D11_RESOURCE_DIMENSION* dimension) {
  if (dimension)
    *dimension = D3D11_RESOURCE_DIMENSION_BUFFER;
}

void STDMETHODCALLTYPE D3D11Buffer::SetEvictionPriority(UINT priority) {
  // STATUS: partial: stored and returned; Vulkan has no per-allocation residency priority here
  m_evictionPriority = priority;
}

UINT STDMETHODCALLTYPE D3D11Buffer::GetEvictionPriority() {
  return m_evictionPriority;
}

void STDMETHODCALLTYPE D3D11Buffer::GetDesc(D3D11_BUFFER_DESC* desc) {
  if (desc)
    *desc = m_desc;
}

std::vector<uint8_t> D3D11Buffer::readSubresource(UINT subresource) {
  if (subresource != 0)
    return {};
  if (m_dynamic) {
    const auto* bytes = static_cast<const uint8_t*>(m_dynamic->current().mapped);
    return std::vector<uint8_t>(bytes, bytes + m_desc.ByteWidth);
  }
  if (!m_buffer)
    return {};  // a tile pool's memory is reached only through tiled resources
  return m_owner->vulkanDevice().transfer().readBuffer(*m_buffer);
}

}  // namespace d3d11vk
