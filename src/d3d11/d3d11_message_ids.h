// Which D3D11_MESSAGE_ID, category and severity a refusal gets in the debug layer's queue: the
// documented ID where Windows' debug layer has one for that method and outcome, else one of
// d3d11vk's own (include/d3d11vk/d3d11vk_message_ids.h). The tables are in the .cpp; the
// mapping is listed in docs/debug-layer.md.
#pragma once

#include <string_view>

#include "d3d11/d3d11_diagnostics.h"

namespace d3d11vk {

// A creation method ("CreateBuffer", "CreateShaderResourceView", ...) answering `result`:
// E_INVALIDARG, E_OUTOFMEMORY, E_NOTIMPL or DXGI_ERROR_DEVICE_REMOVED. The documented
// *_INVALIDARG_RETURN / *_OUTOFMEMORY_RETURN IDs where they exist; STATE_CREATION, ERROR.
MessageKind creationRefused(std::string_view method, HRESULT result);
// A creation method given no description: *_NULLDESC where documented.
MessageKind creationWithoutDescription(std::string_view method);
// Create*Shader with bytecode that is not a valid shader of its stage ("CreateVertexShader", ...).
MessageKind shaderBytecodeRefused(std::string_view method);

// The binding kinds of the Set* calls that check hazards and ranges.
enum class BindKind { ShaderResources, ConstantBuffers, Samplers, UnorderedAccessViews };

// A view or buffer bound as an input while it is bound for output: bound as null (STATE_SETTING,
// WARNING, DEVICE_<stage>SET<kind>_HAZARD). stage is a dxbc::ShaderStage value.
MessageKind inputHazard(uint32_t stage, BindKind kind);
MessageKind vertexBufferHazard();
MessageKind indexBufferHazard();
MessageKind renderTargetHazard();
MessageKind unorderedAccessHazard();
// IASetIndexBuffer with a format other than R16_UINT/R32_UINT.
MessageKind indexFormatRefused();
// A Set* call ignored because StartSlot + count exceeds the slots (STATE_SETTING, ERROR).
MessageKind slotRangeRefused(std::string_view method);
// Any other call that d3d11vk refuses or ignores for its arguments, where no documented ID fits
// (ERROR; STATE_SETTING unless the category is given).
MessageKind callIgnored(D3D11_MESSAGE_CATEGORY category = D3D11_MESSAGE_CATEGORY_STATE_SETTING);

// Map and Unmap misuse (RESOURCE_MANIPULATION, ERROR).
enum class MapProblem { AlreadyMapped, InvalidMapType, InvalidFlags, InvalidSubresource, NotMapped, Other };
MessageKind mapRefused(D3D11_RESOURCE_DIMENSION dimension, MapProblem problem);

}  // namespace d3d11vk
