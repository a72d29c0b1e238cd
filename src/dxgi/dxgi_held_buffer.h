// HeldBuffer: a swapchain's own hold on one of its buffers, a private reference taken through
// ID3D11VkPresentDevice, so the buffer's public count is the application's alone.
#pragma once

#include <utility>

#include "d3d11vk/d3d11vk_present_device.h"

namespace d3d11vk {

// Windows: a buffer's reference count is 1 after GetBuffer (Wine's test_swapchain_views), so the
// swapchain's own reference cannot be a public one. The present device must outlive the holds
// (the swapchain keeps its device referenced while it has buffers).
class HeldBuffer {
public:
  HeldBuffer() = default;
  // Takes over `created` (CreateBackBuffer's public reference) as a private one.
  HeldBuffer(ID3D11VkPresentDevice* device, ID3D11Texture2D* created) : m_device(device), m_texture(created) {
    if (m_texture) {
      m_device->AddBufferReference(m_texture);
      m_texture->Release();
    }
  }
  HeldBuffer(const HeldBuffer&) = delete;
  HeldBuffer& operator=(const HeldBuffer&) = delete;
  HeldBuffer(HeldBuffer&& other) noexcept
      : m_device(other.m_device), m_texture(std::exchange(other.m_texture, nullptr)) {}
  HeldBuffer& operator=(HeldBuffer&& other) noexcept {
    if (this != &other) {
      reset();
      m_device = other.m_device;
      m_texture = std::exchange(other.m_texture, nullptr);
    }
    return *this;
  }
  ~HeldBuffer() { reset(); }

  ID3D11Texture2D* get() const { return m_texture; }
  ID3D11Texture2D* operator->() const { return m_texture; }
  explicit operator bool() const { return m_texture != nullptr; }
  void reset() {
    if (ID3D11Texture2D* texture = std::exchange(m_texture, nullptr))
      m_device->ReleaseBufferReference(texture);
  }

private:
  ID3D11VkPresentDevice* m_device = nullptr;
  ID3D11Texture2D* m_texture = nullptr;
};

}  // namespace d3d11vk
