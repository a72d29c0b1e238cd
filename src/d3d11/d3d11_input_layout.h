// D3D11InputLayout: ID3D11InputLayout holding the resolved vertex elements, and createInputLayout,
// the body of the device's CreateInputLayout.
#pragma once

#include "d3d11/d3d11_diagnostics.h"

#include <vector>

#include "d3d10/d3d10_shader_face.h"
#include "d3d11/d3d11_device_child.h"
#include "d3d11/d3d11_input_layout_validation.h"
#include "d3d11vk/d3d11vk_shader_info.h"
#include "util/com_face.h"

namespace d3d11vk {

// What the pipeline work needs for Vulkan vertex input state: bindings (slot, per-vertex or
// per-instance, step rate) and attributes (location, format, offset). Strides come with
// IASetVertexBuffers, as in D3D11.
class D3D11InputLayout final : public D3D11DeviceChild<ID3D11InputLayout> {
public:
  D3D11InputLayout(util::ComObject<ID3D11Device5>* device, std::vector<InputLayoutElement> elements);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;

  const std::vector<InputLayoutElement>& elements() const { return m_elements; }

private:
  class Info : public util::ComFace<ID3D11VkInputLayoutInfo, D3D11InputLayout> {
  public:
    using ComFace::ComFace;
    UINT STDMETHODCALLTYPE GetElementCount() override;
    HRESULT STDMETHODCALLTYPE GetElement(UINT index, D3D11VK_INPUT_ELEMENT_INFO* info) override;
  };

  std::vector<InputLayoutElement> m_elements;
  Info m_info{this};
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10InputLayoutFace m_d3d10{this};
};

// Validates the elements against the input signature in the bytecode (a compiled shader, usually
// the vertex shader the layout is used with), answers S_FALSE to a null out-pointer, else creates
// the layout. E_INVALIDARG with one log line for any documented violation.
HRESULT createInputLayout(util::ComObject<ID3D11Device5>* device, const Diagnostics& diagnostics, const vk::DeviceProfile& profile,
                          D3D_FEATURE_LEVEL level, const D3D11_INPUT_ELEMENT_DESC* elements, UINT count,
                          const void* bytecode, SIZE_T length, ID3D11InputLayout** layout);

}  // namespace d3d11vk
