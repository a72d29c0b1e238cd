// D3D11InputLayout: identity, the private info face, and CreateInputLayout's body.
#include "d3d11/d3d11_input_layout.h"
#include "d3d11/d3d11_message_ids.h"

#include <algorithm>
#include <new>

#include "dxbc/container.h"
#include "dxbc/error.h"
#include "util/log.h"

namespace d3d11vk {

D3D11InputLayout::D3D11InputLayout(util::ComObject<ID3D11Device5>* device, std::vector<InputLayoutElement> elements)
    : D3D11DeviceChild<ID3D11InputLayout>(device), m_elements(std::move(elements)) {}

HRESULT STDMETHODCALLTYPE D3D11InputLayout::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11InputLayout))
    return util::returnInterface<ID3D11InputLayout>(this, object);
  if (riid == __uuidof(ID3D11VkInputLayoutInfo))
    return util::returnInterface<ID3D11VkInputLayoutInfo>(&m_info, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11InputLayout", riid);
  return E_NOINTERFACE;
}

UINT STDMETHODCALLTYPE D3D11InputLayout::Info::GetElementCount() {
  return UINT(owner()->m_elements.size());
}

HRESULT STDMETHODCALLTYPE D3D11InputLayout::Info::GetElement(UINT index, D3D11VK_INPUT_ELEMENT_INFO* info) {
  const auto& elements = owner()->m_elements;
  if (!info || index >= elements.size())
    return E_INVALIDARG;
  const InputLayoutElement& element = elements[index];
  info->InputSlot = element.inputSlot;
  info->AlignedByteOffset = element.offset;
  info->Format = element.format;
  info->VulkanFormat = INT(element.vulkanFormat);
  info->PerInstance = element.perInstance ? TRUE : FALSE;
  info->InstanceDataStepRate = element.instanceStepRate;
  info->ShaderLocation = element.location;
  return S_OK;
}

namespace {

HRESULT reject(const Diagnostics& diagnostics, const std::string& problem) {
  diagnostics.warn(creationRefused("CreateInputLayout", E_INVALIDARG), "ID3D11Device::CreateInputLayout: ", problem, ": E_INVALIDARG");
  return E_INVALIDARG;
}

}  // namespace

HRESULT createInputLayout(util::ComObject<ID3D11Device5>* device, const Diagnostics& diagnostics, const vk::DeviceProfile& profile,
                          D3D_FEATURE_LEVEL level, const D3D11_INPUT_ELEMENT_DESC* elements, UINT count,
                          const void* bytecode, SIZE_T length, ID3D11InputLayout** layout) {
  if (layout)
    *layout = nullptr;
  if (!bytecode || length == 0)
    return reject(diagnostics, "no shader bytecode with an input signature");
  try {
    // Only the signature is needed, so the shader is neither compiled nor checked against the
    // level here: that happens when the vertex shader itself is created.
    // A signed container's checksum is verified; an unsigned one (all 16 checksum bytes zero) is
    // taken as it is: Wine's d3d10.dll writes such a bare ISGN container as an effect pass's
    // IAInputSignature (and for D3D10GetInputSignatureBlob), and Direct3D 10 programs build their
    // input layouts from it (docs/d3d10.md, "Which d3d10.dll").
    const auto* bytes = static_cast<const uint8_t*>(bytecode);
    const bool isSigned = length < 20 || std::any_of(bytes + 4, bytes + 20, [](uint8_t b) { return b != 0; });
    dxbc::Container container = dxbc::Container::parse(bytes, length, isSigned);
    const dxbc::Chunk* chunk = container.findAny({dxbc::makeFourCC("ISGN"), dxbc::makeFourCC("ISG1")});
    if (!chunk)
      return reject(diagnostics, "the bytecode has no input signature (ISGN/ISG1 chunk)");
    dxbc::Signature inputs = dxbc::Signature::parse(*chunk);
    std::vector<InputLayoutElement> resolved;
    std::string problem = resolveInputLayout(profile, level, elements, count, inputs, &resolved);
    if (!problem.empty())
      return reject(diagnostics, problem);
    if (!layout)
      return S_FALSE;  // documented: a null out-pointer validates only
    *layout = new D3D11InputLayout(device, std::move(resolved));
    return S_OK;
  } catch (const dxbc::Error& error) {
    return reject(diagnostics, std::string("malformed bytecode: ") + error.what());
  } catch (const std::bad_alloc&) {
    diagnostics.warn(creationRefused("CreateInputLayout", E_OUTOFMEMORY), "ID3D11Device::CreateInputLayout: out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
}

}  // namespace d3d11vk
