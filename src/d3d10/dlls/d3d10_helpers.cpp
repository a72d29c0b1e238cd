// The helper entry points d3d10.dll and d3d10_1.dll both export: the version, blobs, shader
// profiles and state-block masks (implemented); layers, effects, state blocks, reflection and the HLSL compiler
// (not implemented: they fail with E_NOTIMPL and one log line each).
#include "d3d10/dlls/d3d10_entry.h"

#include <d3d10effect.h>

#include <cstddef>
#include <cstring>

#include "util/com_ptr.h"
#include "util/dll_export.h"

using d3d11vk::d3d10::notImplemented;

namespace {

// Where each state type lives in D3D10_STATE_BLOCK_MASK: a byte offset and how many entries
// (one bit each) it has.
struct MaskField {
  size_t offset;
  UINT count;
};

bool maskField(D3D10_DEVICE_STATE_TYPES type, MaskField* field) {
  constexpr UINT kSamplers = D3D10_COMMONSHADER_SAMPLER_SLOT_COUNT;
  constexpr UINT kResources = D3D10_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT;
  constexpr UINT kConstantBuffers = D3D10_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT;
  switch (type) {
#define D3D10VK_FIELD(Type, Member, Count) \
  case Type: *field = {offsetof(D3D10_STATE_BLOCK_MASK, Member), Count}; return true;
    D3D10VK_FIELD(D3D10_DST_SO_BUFFERS, SOBuffers, 1)
    D3D10VK_FIELD(D3D10_DST_OM_RENDER_TARGETS, OMRenderTargets, 1)
    D3D10VK_FIELD(D3D10_DST_OM_DEPTH_STENCIL_STATE, OMDepthStencilState, 1)
    D3D10VK_FIELD(D3D10_DST_OM_BLEND_STATE, OMBlendState, 1)
    D3D10VK_FIELD(D3D10_DST_VS, VS, 1)
    D3D10VK_FIELD(D3D10_DST_VS_SAMPLERS, VSSamplers, kSamplers)
    D3D10VK_FIELD(D3D10_DST_VS_SHADER_RESOURCES, VSShaderResources, kResources)
    D3D10VK_FIELD(D3D10_DST_VS_CONSTANT_BUFFERS, VSConstantBuffers, kConstantBuffers)
    D3D10VK_FIELD(D3D10_DST_GS, GS, 1)
    D3D10VK_FIELD(D3D10_DST_GS_SAMPLERS, GSSamplers, kSamplers)
    D3D10VK_FIELD(D3D10_DST_GS_SHADER_RESOURCES, GSShaderResources, kResources)
    D3D10VK_FIELD(D3D10_DST_GS_CONSTANT_BUFFERS, GSConstantBuffers, kConstantBuffers)
    D3D10VK_FIELD(D3D10_DST_PS, PS, 1)
    D3D10VK_FIELD(D3D10_DST_PS_SAMPLERS, PSSamplers, kSamplers)
    D3D10VK_FIELD(D3D10_DST_PS_SHADER_RESOURCES, PSShaderResources, kResources)
    D3D10VK_FIELD(D3D10_DST_PS_CONSTANT_BUFFERS, PSConstantBuffers, kConstantBuffers)
    D3D10VK_FIELD(D3D10_DST_IA_VERTEX_BUFFERS, IAVertexBuffers, D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT)
    D3D10VK_FIELD(D3D10_DST_IA_INDEX_BUFFER, IAIndexBuffer, 1)
    D3D10VK_FIELD(D3D10_DST_IA_INPUT_LAYOUT, IAInputLayout, 1)
    D3D10VK_FIELD(D3D10_DST_IA_PRIMITIVE_TOPOLOGY, IAPrimitiveTopology, 1)
    D3D10VK_FIELD(D3D10_DST_RS_VIEWPORTS, RSViewports, 1)
    D3D10VK_FIELD(D3D10_DST_RS_SCISSOR_RECTS, RSScissorRects, 1)
    D3D10VK_FIELD(D3D10_DST_RS_RASTERIZER_STATE, RSRasterizerState, 1)
    D3D10VK_FIELD(D3D10_DST_PREDICATION, Predication, 1)
#undef D3D10VK_FIELD
  }
  return false;
}

HRESULT setCapture(D3D10_STATE_BLOCK_MASK* mask, D3D10_DEVICE_STATE_TYPES type, UINT start, UINT count, bool enable) {
  MaskField field;
  if (!mask || !maskField(type, &field) || start > field.count || count > field.count - start)
    return E_INVALIDARG;
  BYTE* bytes = reinterpret_cast<BYTE*>(mask) + field.offset;
  for (UINT i = start; i < start + count; ++i) {
    if (enable)
      bytes[i / 8] |= BYTE(1u << (i % 8));
    else
      bytes[i / 8] &= BYTE(~(1u << (i % 8)));
  }
  return S_OK;
}

template <typename Op>
HRESULT combine(const D3D10_STATE_BLOCK_MASK* x, const D3D10_STATE_BLOCK_MASK* y, D3D10_STATE_BLOCK_MASK* result, Op op) {
  if (!x || !y || !result)
    return E_INVALIDARG;
  const BYTE* a = reinterpret_cast<const BYTE*>(x);
  const BYTE* b = reinterpret_cast<const BYTE*>(y);
  BYTE* out = reinterpret_cast<BYTE*>(result);
  for (size_t i = 0; i < sizeof(D3D10_STATE_BLOCK_MASK); ++i)
    out[i] = op(a[i], b[i]);
  return S_OK;
}

// Shader model 4.1 on a 10.1 device, 4.0 otherwise (the profiles D3D10 devices accept).
const char* profileFor(ID3D10Device* device, const char* v40, const char* v41) {
  if (!device)
    return nullptr;
  util::ComPtr<ID3D10Device1> device1;
  device->QueryInterface(__uuidof(ID3D10Device1), device1.putVoid());
  return device1 && device1->GetFeatureLevel() >= D3D10_FEATURE_LEVEL_10_1 ? v41 : v40;
}

}  // namespace

D3D11VK_EXPORT UINT64 WINAPI D3D10GetVersion() { return d3d11vk::d3d10::kD3D10Version; }

D3D11VK_EXPORT HRESULT WINAPI D3D10RegisterLayers() { return notImplemented("D3D10RegisterLayers"); }

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateBlob(SIZE_T data_size, ID3D10Blob** blob) {
  return d3d11vk::d3d10::createBlob(data_size, blob);
}

D3D11VK_EXPORT const char* WINAPI D3D10GetVertexShaderProfile(ID3D10Device* device) { return profileFor(device, "vs_4_0", "vs_4_1"); }
D3D11VK_EXPORT const char* WINAPI D3D10GetGeometryShaderProfile(ID3D10Device* device) { return profileFor(device, "gs_4_0", "gs_4_1"); }
D3D11VK_EXPORT const char* WINAPI D3D10GetPixelShaderProfile(ID3D10Device* device) { return profileFor(device, "ps_4_0", "ps_4_1"); }

D3D11VK_EXPORT HRESULT WINAPI D3D10StateBlockMaskUnion(D3D10_STATE_BLOCK_MASK* mask_x, D3D10_STATE_BLOCK_MASK* mask_y,
                                        D3D10_STATE_BLOCK_MASK* result) {
  return combine(mask_x, mask_y, result, [](BYTE a, BYTE b) { return BYTE(a | b); });
}

D3D11VK_EXPORT HRESULT WINAPI D3D10StateBlockMaskIntersect(D3D10_STATE_BLOCK_MASK* mask_x, D3D10_STATE_BLOCK_MASK* mask_y,
                                            D3D10_STATE_BLOCK_MASK* result) {
  return combine(mask_x, mask_y, result, [](BYTE a, BYTE b) { return BYTE(a & b); });
}

D3D11VK_EXPORT HRESULT WINAPI D3D10StateBlockMaskDifference(D3D10_STATE_BLOCK_MASK* mask_x, D3D10_STATE_BLOCK_MASK* mask_y,
                                             D3D10_STATE_BLOCK_MASK* result) {
  return combine(mask_x, mask_y, result, [](BYTE a, BYTE b) { return BYTE(a ^ b); });
}

D3D11VK_EXPORT HRESULT WINAPI D3D10StateBlockMaskEnableAll(D3D10_STATE_BLOCK_MASK* mask) {
  if (!mask)
    return E_INVALIDARG;
  // Windows sets every byte, the bits past a state type's entries included (VS and Predication
  // read 0xff afterwards: Wine's d3d10 test_stateblock_mask, measured on Windows).
  std::memset(mask, 0xff, sizeof(*mask));
  return S_OK;
}

D3D11VK_EXPORT HRESULT WINAPI D3D10StateBlockMaskDisableAll(D3D10_STATE_BLOCK_MASK* mask) {
  if (!mask)
    return E_INVALIDARG;
  std::memset(mask, 0, sizeof(*mask));
  return S_OK;
}

D3D11VK_EXPORT HRESULT WINAPI D3D10StateBlockMaskEnableCapture(D3D10_STATE_BLOCK_MASK* mask, D3D10_DEVICE_STATE_TYPES state_type,
                                                UINT start_idx, UINT count) {
  return setCapture(mask, state_type, start_idx, count, true);
}

D3D11VK_EXPORT HRESULT WINAPI D3D10StateBlockMaskDisableCapture(D3D10_STATE_BLOCK_MASK* mask, D3D10_DEVICE_STATE_TYPES state_type,
                                                 UINT start_idx, UINT count) {
  return setCapture(mask, state_type, start_idx, count, false);
}

D3D11VK_EXPORT BOOL WINAPI D3D10StateBlockMaskGetSetting(D3D10_STATE_BLOCK_MASK* mask, D3D10_DEVICE_STATE_TYPES state_type, UINT idx) {
  MaskField field;
  if (!mask || !maskField(state_type, &field) || idx >= field.count)
    return FALSE;
  const BYTE* bytes = reinterpret_cast<const BYTE*>(mask) + field.offset;
  // The entry's bit as it sits in its byte (entry 3 set gives 8), as Windows returns it.
  return bytes[idx / 8] & (1u << (idx % 8));
}

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateStateBlock(ID3D10Device* device, D3D10_STATE_BLOCK_MASK* mask, ID3D10StateBlock** stateblock) {
  (void)device; (void)mask;
  if (stateblock)
    *stateblock = nullptr;
  return notImplemented("D3D10CreateStateBlock");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10CompileEffectFromMemory(void* data, SIZE_T data_size, const char* filename,
                                            const D3D10_SHADER_MACRO* defines, ID3D10Include* include, UINT hlsl_flags,
                                            UINT fx_flags, ID3D10Blob** effect, ID3D10Blob** errors) {
  (void)data; (void)data_size; (void)filename; (void)defines; (void)include; (void)hlsl_flags; (void)fx_flags;
  if (effect)
    *effect = nullptr;
  if (errors)
    *errors = nullptr;
  return notImplemented("D3D10CompileEffectFromMemory");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateEffectFromMemory(void* data, SIZE_T data_size, UINT flags, ID3D10Device* device,
                                           ID3D10EffectPool* effect_pool, ID3D10Effect** effect) {
  (void)data; (void)data_size; (void)flags; (void)device; (void)effect_pool;
  if (effect)
    *effect = nullptr;
  return notImplemented("D3D10CreateEffectFromMemory");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateEffectPoolFromMemory(void* data, SIZE_T data_size, UINT fx_flags, ID3D10Device* device,
                                               ID3D10EffectPool** effect_pool) {
  (void)data; (void)data_size; (void)fx_flags; (void)device;
  if (effect_pool)
    *effect_pool = nullptr;
  return notImplemented("D3D10CreateEffectPoolFromMemory");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10DisassembleEffect(ID3D10Effect* effect, BOOL color_code, ID3D10Blob** disassembly) {
  (void)effect; (void)color_code;
  if (disassembly)
    *disassembly = nullptr;
  return notImplemented("D3D10DisassembleEffect");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10CompileShader(const char* data, SIZE_T data_size, const char* filename,
                                  const D3D10_SHADER_MACRO* defines, ID3D10Include* include, const char* entrypoint,
                                  const char* profile, UINT flags, ID3D10Blob** shader, ID3D10Blob** error_messages) {
  (void)data; (void)data_size; (void)filename; (void)defines; (void)include; (void)entrypoint; (void)profile; (void)flags;
  if (shader)
    *shader = nullptr;
  if (error_messages)
    *error_messages = nullptr;
  return notImplemented("D3D10CompileShader");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10DisassembleShader(const void* data, SIZE_T data_size, BOOL color_code, const char* comments,
                                      ID3D10Blob** disassembly) {
  (void)data; (void)data_size; (void)color_code; (void)comments;
  if (disassembly)
    *disassembly = nullptr;
  return notImplemented("D3D10DisassembleShader");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10PreprocessShader(const char* data, SIZE_T data_size, const char* filename,
                                                    const D3D10_SHADER_MACRO* defines, ID3D10Include* include,
                                                    ID3D10Blob** shader, ID3D10Blob** error_messages) {
  (void)data; (void)data_size; (void)filename; (void)defines; (void)include;
  if (shader)
    *shader = nullptr;
  if (error_messages)
    *error_messages = nullptr;
  return notImplemented("D3D10PreprocessShader");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10ReflectShader(const void* data, SIZE_T data_size, ID3D10ShaderReflection** reflector) {
  (void)data; (void)data_size;
  if (reflector)
    *reflector = nullptr;
  return notImplemented("D3D10ReflectShader");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10GetInputSignatureBlob(const void* data, SIZE_T data_size, ID3D10Blob** blob) {
  (void)data; (void)data_size;
  if (blob)
    *blob = nullptr;
  return notImplemented("D3D10GetInputSignatureBlob");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10GetOutputSignatureBlob(const void* data, SIZE_T data_size, ID3D10Blob** blob) {
  (void)data; (void)data_size;
  if (blob)
    *blob = nullptr;
  return notImplemented("D3D10GetOutputSignatureBlob");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10GetInputAndOutputSignatureBlob(const void* data, SIZE_T data_size, ID3D10Blob** blob) {
  (void)data; (void)data_size;
  if (blob)
    *blob = nullptr;
  return notImplemented("D3D10GetInputAndOutputSignatureBlob");
}

D3D11VK_EXPORT HRESULT WINAPI D3D10GetShaderDebugInfo(const void* data, SIZE_T data_size, ID3D10Blob** blob) {
  (void)data; (void)data_size;
  if (blob)
    *blob = nullptr;
  return notImplemented("D3D10GetShaderDebugInfo");
}
