// D3D11SamplerState: ID3D11SamplerState holding a validated D3D11_SAMPLER_DESC.
#pragma once

#include <atomic>
#include <mutex>

#include "d3d10/d3d10_state_face.h"
#include "d3d11/d3d11_state_object.h"
#include "vk/vulkan_api.h"

namespace d3d11vk {

class D3D11SamplerState final : public D3D11StateObject<D3D11SamplerState, ID3D11SamplerState, D3D11_SAMPLER_DESC> {
public:
  using D3D11StateObject::D3D11StateObject;
  ~D3D11SamplerState() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11SamplerState
  void STDMETHODCALLTYPE GetDesc(D3D11_SAMPLER_DESC* desc) override;

  // The Vulkan sampler, made on first use (thread-safe); null when Vulkan refuses it (logged).
  // Every draw that binds the sampler asks: once it exists that is one load here, inline.
  VkSampler vulkanSampler() {
    if (VkSampler sampler = m_sampler.load(std::memory_order_acquire))
      return sampler;
    return firstVulkanSampler();
  }

private:
  VkSampler firstVulkanSampler();
  VkSampler createVulkanSampler();

  std::mutex m_samplerMutex;
  std::atomic<VkSampler> m_sampler{VK_NULL_HANDLE};
  std::atomic<bool> m_samplerTried{false};  // also after a refused creation: asked once
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10SamplerStateFace m_d3d10{this};
};

}  // namespace d3d11vk
