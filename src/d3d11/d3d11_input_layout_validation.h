// Input-layout validation: CreateInputLayout's element rules, checked against the vertex shader's
// input signature, resolving APPEND_ALIGNED offsets and the shader location each element feeds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dxbc/signature.h"
#include "util/windows_base.h"
#include "vk/device_profile.h"

namespace d3d11vk {

constexpr uint32_t kNoShaderLocation = 0xffffffffu;

struct InputLayoutElement {
  std::string semanticName;
  uint32_t semanticIndex = 0;
  uint32_t inputSlot = 0;
  uint32_t offset = 0;              // resolved: never D3D11_APPEND_ALIGNED_ELEMENT
  DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;
  VkFormat vulkanFormat = VK_FORMAT_UNDEFINED;
  bool perInstance = false;
  uint32_t instanceStepRate = 0;
  // The vertex shader input location (the signature register: the compiler puts input register
  // N at Location N, docs/compiler.md), or kNoShaderLocation for an element the shader ignores.
  uint32_t location = kNoShaderLocation;
};

// Why the elements cannot form an input layout for a shader with `inputs` on this device, or ""
// with *resolved holding one entry per element in the application's order.
std::string resolveInputLayout(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level,
                               const D3D11_INPUT_ELEMENT_DESC* elements, UINT count, const dxbc::Signature& inputs,
                               std::vector<InputLayoutElement>* resolved);

}  // namespace d3d11vk
